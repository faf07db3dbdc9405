package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;

import java.util.EnumSet;
import java.util.Set;

/**
 * Decodes one 2D surface (one mip of one slice/face) of a texture's pixel data to an {@link Image}:
 * RGBA8 for LDR formats, RGBA16 for 16-bit unorm formats (G16, R16G16B16A16_UNORM...) and float RGBA for
 * HDR formats ({@link PixelFormat#isHdr()}). Single-channel formats (G8, BC4, R16F, EAC R11...) come out
 * as grey (R = G = B), opaque. The data must hold {@link PixelFormat#mipSize(int, int)} bytes from
 * {@code offset}; less raises {@link TruncatedDataException} naming the format and both sizes. Formats
 * with no decoder raise {@link UnsupportedVersionException} naming the format. Thread-safe.
 */
public final class TextureDecoder {
    private TextureDecoder() {
    }

    private static final Set<PixelFormat> SUPPORTED = EnumSet.of(
            PixelFormat.PF_B8G8R8A8, PixelFormat.PF_R8G8B8A8, PixelFormat.PF_G8,
            PixelFormat.PF_L8, PixelFormat.PF_R8, PixelFormat.PF_A8, PixelFormat.PF_R8G8, PixelFormat.PF_G16,
            PixelFormat.PF_G16R16, PixelFormat.PF_A16B16G16R16, PixelFormat.PF_R16G16B16A16_UNORM,
            PixelFormat.PF_A2B10G10R10, PixelFormat.PF_R5G6B5_UNORM, PixelFormat.PF_B5G5R5A1_UNORM,
            PixelFormat.PF_R16F, PixelFormat.PF_R16F_FILTER, PixelFormat.PF_G16R16F, PixelFormat.PF_G16R16F_FILTER,
            PixelFormat.PF_FloatRGBA, PixelFormat.PF_R32_FLOAT, PixelFormat.PF_G32R32F,
            PixelFormat.PF_A32B32G32R32F, PixelFormat.PF_R32G32B32F, PixelFormat.PF_FloatRGB,
            PixelFormat.PF_FloatR11G11B10, PixelFormat.PF_R9G9B9EXP5,
            PixelFormat.PF_DXT1, PixelFormat.PF_DXT3, PixelFormat.PF_DXT5, PixelFormat.PF_BC4, PixelFormat.PF_BC5);

    /** Whether {@link #decode} supports {@code format}. */
    public static boolean canDecode(PixelFormat format) {
        return SUPPORTED.contains(format) || Extra.canDecode(format);
    }

    /** Decodes with {@link DecodeOptions#DEFAULT}. */
    public static Image decode(PixelFormat format, byte[] data, int offset, int width, int height) {
        return decode(format, data, offset, width, height, DecodeOptions.DEFAULT);
    }

    /**
     * Decodes the {@code width x height} surface of {@code format} that starts at {@code data[offset]}.
     */
    public static Image decode(PixelFormat format, byte[] data, int offset, int width, int height, DecodeOptions options) {
        if (width <= 0 || height <= 0) {
            throw new IllegalArgumentException("surface size " + width + "x" + height);
        }
        if (!canDecode(format)) {
            throw new UnsupportedVersionException("No decoder for pixel format " + format.name(), null, -1, format.name());
        }
        long need = format.mipSize(width, height);
        long have = offset < 0 ? -1 : (long) data.length - offset;
        if (have < need) {
            throw new TruncatedDataException(format.name() + " surface " + width + "x" + height + " needs " + need
                    + " bytes, found " + Math.max(0, have), null, offset, format.name() + " mip");
        }
        if (format.isBlockCompressed()) {
            Image im = blocks(format, data, offset, width, height, options);
            if (format.isAstc() && format.name().endsWith("_NORM_RG")) {
                im = normalFromLuminanceAlpha(im, options.reconstructZ());
            }
            return im;
        }
        return RawPixels.decode(format, data, offset, width, height, options);
    }

    /**
     * Moves a normal map stored as luminance + alpha (X in R, G and B, Y in alpha — how UE cooks normal maps
     * to ASTC, and what the {@code PF_ASTC_*_NORM_RG} formats hold) to X in red, Y in green, and blue 0 or
     * the reconstructed Z; alpha becomes opaque. Returns a new RGBA8 image.
     */
    public static Image normalFromLuminanceAlpha(Image image, boolean reconstructZ) {
        byte[] s = image.toRgba8().bytes();
        byte[] out = new byte[s.length];
        for (int i = 0; i < s.length; i += 4) {
            int x = s[i] & 0xFF, y = s[i + 3] & 0xFF;
            out[i] = (byte) x;
            out[i + 1] = (byte) y;
            out[i + 2] = reconstructZ ? BcBlocks.Z_TABLE[x << 8 | y] : 0;
            out[i + 3] = (byte) 255;
        }
        return Image.rgba8(image.width(), image.height(), out);
    }

    /** Block decoder writing RGBA8 for one block into out[o..] with rows stride bytes apart. */
    interface Block8 {
        void decode(byte[] src, int so, byte[] out, int o, int stride);
    }

    /** Block decoder writing RGBA floats for one block into out[o..] with rows stride floats apart. */
    interface BlockF {
        void decode(byte[] src, int so, float[] out, int o, int stride);
    }

    private static Image blocks(PixelFormat f, byte[] data, int offset, int width, int height, DecodeOptions opt) {
        int[] pal = new int[8];
        Block8 b8;
        switch (f) {
            case PF_DXT1:
                b8 = (s, so, o, oo, st) -> BcBlocks.bc1(s, so, o, oo, st, false, pal);
                break;
            case PF_DXT3:
                b8 = (s, so, o, oo, st) -> BcBlocks.bc2(s, so, o, oo, st, pal);
                break;
            case PF_DXT5:
                b8 = (s, so, o, oo, st) -> BcBlocks.bc3(s, so, o, oo, st, pal);
                break;
            case PF_BC4:
                b8 = (s, so, o, oo, st) -> BcBlocks.bc4(s, so, o, oo, st, pal);
                break;
            case PF_BC5: {
                boolean z = opt.reconstructZ();
                b8 = (s, so, o, oo, st) -> BcBlocks.bc5(s, so, o, oo, st, z, pal);
                break;
            }
            default: {
                BlockF bf = Extra.floatBlock(f, opt);
                if (bf != null) {
                    return blocksF(f, bf, data, offset, width, height);
                }
                b8 = Extra.block8(f, opt);
            }
        }
        return blocks8(f, b8, data, offset, width, height);
    }

    static Image blocks8(PixelFormat f, Block8 dec, byte[] data, int offset, int width, int height) {
        int bw = f.blockWidth(), bh = f.blockHeight(), bb = f.bytesPerBlock();
        int bx = (width + bw - 1) / bw, by = (height + bh - 1) / bh;
        byte[] out = new byte[Math.multiplyExact(Math.multiplyExact(width, height), 4)];
        byte[] tmp = new byte[bw * bh * 4];
        int stride = width * 4;
        int so = offset;
        for (int y = 0; y < by; y++) {
            int py = y * bh;
            int rows = Math.min(bh, height - py);
            for (int x = 0; x < bx; x++, so += bb) {
                int px = x * bw;
                int cols = Math.min(bw, width - px);
                if (rows == bh && cols == bw) {
                    dec.decode(data, so, out, (py * width + px) * 4, stride);
                } else {
                    dec.decode(data, so, tmp, 0, bw * 4);
                    for (int r = 0; r < rows; r++) {
                        System.arraycopy(tmp, r * bw * 4, out, ((py + r) * width + px) * 4, cols * 4);
                    }
                }
            }
        }
        return Image.rgba8(width, height, out);
    }

    static Image blocksF(PixelFormat f, BlockF dec, byte[] data, int offset, int width, int height) {
        int bw = f.blockWidth(), bh = f.blockHeight(), bb = f.bytesPerBlock();
        int bx = (width + bw - 1) / bw, by = (height + bh - 1) / bh;
        float[] out = new float[Math.multiplyExact(Math.multiplyExact(width, height), 4)];
        float[] tmp = new float[bw * bh * 4];
        int stride = width * 4;
        int so = offset;
        for (int y = 0; y < by; y++) {
            int py = y * bh;
            int rows = Math.min(bh, height - py);
            for (int x = 0; x < bx; x++, so += bb) {
                int px = x * bw;
                int cols = Math.min(bw, width - px);
                if (rows == bh && cols == bw) {
                    dec.decode(data, so, out, (py * width + px) * 4, stride);
                } else {
                    dec.decode(data, so, tmp, 0, bw * 4);
                    for (int r = 0; r < rows; r++) {
                        System.arraycopy(tmp, r * bw * 4, out, ((py + r) * width + px) * 4, cols * 4);
                    }
                }
            }
        }
        return Image.rgbaFloat(width, height, out);
    }

    /** Decoders of the larger block formats (BC6H, BC7, ETC, EAC, ASTC). */
    static final class Extra {
        private Extra() {
        }

        static boolean canDecode(PixelFormat f) {
            switch (f) {
                case PF_BC6H:
                case PF_BC7:
                case PF_ETC1:
                case PF_ETC2_RGB:
                case PF_ETC2_RGBA:
                case PF_ETC2_R11_EAC:
                case PF_ETC2_RG11_EAC:
                    return true;
                default:
                    return f.isAstc() && !f.isHdr();
            }
        }

        static BlockF floatBlock(PixelFormat f, DecodeOptions opt) {
            if (f == PixelFormat.PF_BC6H) {
                return new Bc6hDecoder(opt.signedBc6h());
            }
            return null;
        }

        static Block8 block8(PixelFormat f, DecodeOptions opt) {
            switch (f) {
                case PF_BC7:
                    return new Bc7Decoder();
                case PF_ETC1:
                    return (s, so, o, oo, st) -> EtcBlocks.etc2Rgb(s, so, o, oo, st, false);
                case PF_ETC2_RGB:
                    return (s, so, o, oo, st) -> EtcBlocks.etc2Rgb(s, so, o, oo, st, true);
                case PF_ETC2_RGBA:
                    return EtcBlocks::etc2Rgba;
                case PF_ETC2_R11_EAC:
                    return EtcBlocks::r11;
                case PF_ETC2_RG11_EAC: {
                    boolean z = opt.reconstructZ();
                    return (s, so, o, oo, st) -> EtcBlocks.rg11(s, so, o, oo, st, z);
                }
                default:
                    if (f.isAstc() && !f.isHdr()) {
                        return new AstcDecoder(f.blockWidth(), f.blockHeight());
                    }
                    break;
            }
            throw new UnsupportedVersionException("No decoder for pixel format " + f.name(), null, -1, f.name());
        }
    }
}
