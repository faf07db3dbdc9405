package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.UnsupportedVersionException;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Unreal's {@code EPixelFormat}: the name a cooked texture stores (e.g. {@code PF_DXT1}), the engine's
 * numeric value, the block footprint (width x height x depth in pixels), the bytes per block and whether
 * the format holds HDR (float) data. Uncompressed formats have 1x1x1 blocks.
 */
public enum PixelFormat {
    PF_Unknown(0, 0, 0, 0, 0, false),
    PF_A32B32G32R32F(1, 1, 1, 1, 16, true),
    PF_B8G8R8A8(2, 1, 1, 1, 4, false),
    PF_G8(3, 1, 1, 1, 1, false),
    PF_G16(4, 1, 1, 1, 2, false),
    PF_DXT1(5, 4, 4, 1, 8, false),
    PF_DXT3(6, 4, 4, 1, 16, false),
    PF_DXT5(7, 4, 4, 1, 16, false),
    PF_UYVY(8, 2, 1, 1, 4, false),
    PF_FloatRGB(9, 1, 1, 1, 4, true),
    PF_FloatRGBA(10, 1, 1, 1, 8, true),
    PF_DepthStencil(11, 1, 1, 1, 4, false),
    PF_ShadowDepth(12, 1, 1, 1, 4, false),
    PF_R32_FLOAT(13, 1, 1, 1, 4, true),
    PF_G16R16(14, 1, 1, 1, 4, false),
    PF_G16R16F(15, 1, 1, 1, 4, true),
    PF_G16R16F_FILTER(16, 1, 1, 1, 4, true),
    PF_G32R32F(17, 1, 1, 1, 8, true),
    PF_A2B10G10R10(18, 1, 1, 1, 4, false),
    PF_A16B16G16R16(19, 1, 1, 1, 8, false),
    PF_D24(20, 1, 1, 1, 4, false),
    PF_R16F(21, 1, 1, 1, 2, true),
    PF_R16F_FILTER(22, 1, 1, 1, 2, true),
    PF_BC5(23, 4, 4, 1, 16, false),
    PF_V8U8(24, 1, 1, 1, 2, false),
    PF_A1(25, 1, 1, 1, 1, false),
    PF_FloatR11G11B10(26, 1, 1, 1, 4, true),
    PF_A8(27, 1, 1, 1, 1, false),
    PF_R32_UINT(28, 1, 1, 1, 4, false),
    PF_R32_SINT(29, 1, 1, 1, 4, false),
    PF_PVRTC2(30, 8, 4, 1, 8, false),
    PF_PVRTC4(31, 4, 4, 1, 8, false),
    PF_R16_UINT(32, 1, 1, 1, 2, false),
    PF_R16_SINT(33, 1, 1, 1, 2, false),
    PF_R16G16B16A16_UINT(34, 1, 1, 1, 8, false),
    PF_R16G16B16A16_SINT(35, 1, 1, 1, 8, false),
    PF_R5G6B5_UNORM(36, 1, 1, 1, 2, false),
    PF_R8G8B8A8(37, 1, 1, 1, 4, false),
    PF_A8R8G8B8(38, 1, 1, 1, 4, false),
    PF_BC4(39, 4, 4, 1, 8, false),
    PF_R8G8(40, 1, 1, 1, 2, false),
    PF_ATC_RGB(41, 4, 4, 1, 8, false),
    PF_ATC_RGBA_E(42, 4, 4, 1, 16, false),
    PF_ATC_RGBA_I(43, 4, 4, 1, 16, false),
    PF_X24_G8(44, 1, 1, 1, 1, false),
    PF_ETC1(45, 4, 4, 1, 8, false),
    PF_ETC2_RGB(46, 4, 4, 1, 8, false),
    PF_ETC2_RGBA(47, 4, 4, 1, 16, false),
    PF_R32G32B32A32_UINT(48, 1, 1, 1, 16, false),
    PF_R16G16_UINT(49, 1, 1, 1, 4, false),
    PF_ASTC_4x4(50, 4, 4, 1, 16, false),
    PF_ASTC_6x6(51, 6, 6, 1, 16, false),
    PF_ASTC_8x8(52, 8, 8, 1, 16, false),
    PF_ASTC_10x10(53, 10, 10, 1, 16, false),
    PF_ASTC_12x12(54, 12, 12, 1, 16, false),
    PF_BC6H(55, 4, 4, 1, 16, true),
    PF_BC7(56, 4, 4, 1, 16, false),
    PF_R8_UINT(57, 1, 1, 1, 1, false),
    PF_L8(58, 1, 1, 1, 1, false),
    PF_XGXR8(59, 1, 1, 1, 4, false),
    PF_R8G8B8A8_UINT(60, 1, 1, 1, 4, false),
    PF_R8G8B8A8_SNORM(61, 1, 1, 1, 4, false),
    PF_R16G16B16A16_UNORM(62, 1, 1, 1, 8, false),
    PF_R16G16B16A16_SNORM(63, 1, 1, 1, 8, false),
    PF_PLATFORM_HDR_0(64, 0, 0, 0, 0, true),
    PF_PLATFORM_HDR_1(65, 0, 0, 0, 0, true),
    PF_PLATFORM_HDR_2(66, 0, 0, 0, 0, true),
    PF_NV12(67, 1, 1, 1, 1, false),
    PF_R32G32_UINT(68, 1, 1, 1, 8, false),
    PF_ETC2_R11_EAC(69, 4, 4, 1, 8, false),
    PF_ETC2_RG11_EAC(70, 4, 4, 1, 16, false),
    PF_R8(71, 1, 1, 1, 1, false),
    PF_B5G5R5A1_UNORM(72, 1, 1, 1, 2, false),
    PF_ASTC_4x4_HDR(73, 4, 4, 1, 16, true),
    PF_ASTC_6x6_HDR(74, 6, 6, 1, 16, true),
    PF_ASTC_8x8_HDR(75, 8, 8, 1, 16, true),
    PF_ASTC_10x10_HDR(76, 10, 10, 1, 16, true),
    PF_ASTC_12x12_HDR(77, 12, 12, 1, 16, true),
    PF_G16R16_SNORM(78, 1, 1, 1, 4, false),
    PF_R8G8_UINT(79, 1, 1, 1, 2, false),
    PF_R32G32B32_UINT(80, 1, 1, 1, 12, false),
    PF_R32G32B32_SINT(81, 1, 1, 1, 12, false),
    PF_R32G32B32F(82, 1, 1, 1, 12, true),
    PF_R8_SINT(83, 1, 1, 1, 1, false),
    PF_R64_UINT(84, 1, 1, 1, 8, false),
    PF_R9G9B9EXP5(85, 1, 1, 1, 4, true),
    PF_P010(86, 1, 1, 1, 2, false),
    PF_ASTC_4x4_NORM_RG(87, 4, 4, 1, 16, false),
    PF_ASTC_6x6_NORM_RG(88, 6, 6, 1, 16, false),
    PF_ASTC_8x8_NORM_RG(89, 8, 8, 1, 16, false),
    PF_ASTC_10x10_NORM_RG(90, 10, 10, 1, 16, false),
    PF_ASTC_12x12_NORM_RG(91, 12, 12, 1, 16, false),
    PF_R16G16_SINT(92, 1, 1, 1, 4, false);

    private static final Map<String, PixelFormat> BY_NAME = new HashMap<>();
    private static final PixelFormat[] BY_VALUE = new PixelFormat[93];

    static {
        for (PixelFormat f : values()) {
            BY_NAME.put(f.name().toUpperCase(Locale.ROOT), f);
            BY_VALUE[f.value] = f;
        }
    }

    private final int value;
    private final int blockWidth;
    private final int blockHeight;
    private final int blockDepth;
    private final int bytesPerBlock;
    private final boolean hdr;

    PixelFormat(int value, int bw, int bh, int bd, int bytes, boolean hdr) {
        this.value = value;
        this.blockWidth = bw;
        this.blockHeight = bh;
        this.blockDepth = bd;
        this.bytesPerBlock = bytes;
        this.hdr = hdr;
    }

    /**
     * The format named {@code name} as a cooked texture stores it ({@code PF_DXT1}); the {@code PF_} prefix
     * is optional and case is ignored. Unknown names raise {@link UnsupportedVersionException}.
     */
    public static PixelFormat fromName(String name) {
        PixelFormat f = tryName(name);
        if (f == null) {
            throw new UnsupportedVersionException("Unknown pixel format '" + name + "'");
        }
        return f;
    }

    /** Like {@link #fromName} but null when the name is unknown. */
    public static PixelFormat tryName(String name) {
        if (name == null) {
            return null;
        }
        String n = name.trim().toUpperCase(Locale.ROOT);
        int colon = n.lastIndexOf("::");
        if (colon >= 0) {
            n = n.substring(colon + 2);
        }
        PixelFormat f = BY_NAME.get(n);
        return f != null ? f : BY_NAME.get("PF_" + n);
    }

    /** The format with engine value {@code value} (EPixelFormat as of UE5.x), or raises. */
    public static PixelFormat fromValue(int value) {
        if (value < 0 || value >= BY_VALUE.length || BY_VALUE[value] == null) {
            throw new UnsupportedVersionException("Unknown pixel format value " + value);
        }
        return BY_VALUE[value];
    }

    public int value() {
        return value;
    }

    public int blockWidth() {
        return blockWidth;
    }

    public int blockHeight() {
        return blockHeight;
    }

    public int blockDepth() {
        return blockDepth;
    }

    public int bytesPerBlock() {
        return bytesPerBlock;
    }

    /** Whether the format holds float (HDR) values; such textures decode to a float image. */
    public boolean isHdr() {
        return hdr;
    }

    /** Whether pixels are packed in blocks larger than one pixel (BC, ETC, ASTC, PVRTC, ATC). */
    public boolean isBlockCompressed() {
        return blockWidth > 1 || blockHeight > 1;
    }

    /** Whether this is an ASTC format (any block size, LDR, HDR or NORM_RG). */
    public boolean isAstc() {
        return name().startsWith("PF_ASTC_");
    }

    /** Bytes of one mip of {@code w x h x d} pixels: whole blocks in every dimension. */
    public long mipSize(int w, int h, int d) {
        if (bytesPerBlock == 0) {
            throw new UnsupportedVersionException("Pixel format " + name() + " has no defined block size");
        }
        long bx = (Math.max(1, w) + blockWidth - 1) / blockWidth;
        long by = (Math.max(1, h) + blockHeight - 1) / blockHeight;
        long bz = (Math.max(1, d) + blockDepth - 1) / blockDepth;
        return bx * by * bz * bytesPerBlock;
    }

    /** Bytes of one 2D mip of {@code w x h} pixels. */
    public long mipSize(int w, int h) {
        return mipSize(w, h, 1);
    }

    /** The name without the {@code PF_} prefix, as UAssetTool shows it ({@code DXT1}). */
    public String shortName() {
        return name().substring(3);
    }
}
