package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.PixelFormat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * DirectDraw Surface files: read (legacy header with FourCC or channel masks, and the DX10 extension)
 * and write the original pixel blocks without re-encoding. Formats with a legacy FourCC / mask form
 * (DXT1, DXT3, DXT5, B8G8R8A8, G8) get the legacy header; the rest (BC4, BC5, BC6H, BC7, float and
 * 16-bit formats) a DX10 header. Arrays and cubes always use DX10 (arrays need it; cubes keep the caps).
 *
 * <p>Mip data is exchanged in Unreal's order: one {@code byte[]} per mip holding every slice (array
 * element, cube face in +X -X +Y -Y +Z -Z order, or volume depth slice) of that mip back to back;
 * {@link #write} and {@link #read} convert to and from the DDS order (per slice, all its mips).
 */
public final class Dds {
    private static final int MAGIC = 0x20534444; // "DDS "
    private static final int DDSD_CAPS = 0x1, DDSD_HEIGHT = 0x2, DDSD_WIDTH = 0x4, DDSD_PITCH = 0x8,
            DDSD_PIXELFORMAT = 0x1000, DDSD_MIPMAPCOUNT = 0x20000, DDSD_LINEARSIZE = 0x80000, DDSD_DEPTH = 0x800000;
    private static final int DDPF_ALPHAPIXELS = 0x1, DDPF_ALPHA = 0x2, DDPF_FOURCC = 0x4, DDPF_RGB = 0x40,
            DDPF_LUMINANCE = 0x20000;
    private static final int CAPS_COMPLEX = 0x8, CAPS_TEXTURE = 0x1000, CAPS_MIPMAP = 0x400000;
    private static final int CAPS2_CUBEMAP = 0x200, CAPS2_ALLFACES = 0xFC00, CAPS2_VOLUME = 0x200000;

    private Dds() {
    }

    /**
     * A DDS texture.
     *
     * @param format    the pixel format
     * @param width     top mip width
     * @param height    top mip height
     * @param depth     top mip depth (1 unless a volume texture)
     * @param slices    array elements times faces (6 per cube), 1 for a plain 2D texture
     * @param cube      whether the slices are cube faces (slices is a multiple of 6)
     * @param mips      per mip, every slice of that mip back to back (Unreal's order)
     */
    public record DdsImage(PixelFormat format, int width, int height, int depth, int slices, boolean cube, List<byte[]> mips) {
        public int mipCount() {
            return mips.size();
        }

        /** All slices of mip {@code i}. */
        public byte[] mip(int i) {
            return mips.get(i);
        }

        /** Width of mip {@code i}. */
        public int mipWidth(int i) {
            return Math.max(1, width >> i);
        }

        /** Height of mip {@code i}. */
        public int mipHeight(int i) {
            return Math.max(1, height >> i);
        }

        /** Depth of mip {@code i}. */
        public int mipDepth(int i) {
            return Math.max(1, depth >> i);
        }

        /** Bytes of one slice of mip {@code i}. */
        public long sliceSize(int i) {
            return format.mipSize(mipWidth(i), mipHeight(i), mipDepth(i));
        }
    }

    /** DXGI_FORMAT value for a pixel format, or 0 when there is none. */
    public static int dxgiFormat(PixelFormat f) {
        switch (f) {
            case PF_A32B32G32R32F:
                return 2;
            case PF_R32G32B32F:
                return 6;
            case PF_FloatRGBA:
                return 10;
            case PF_R16G16B16A16_UNORM:
            case PF_A16B16G16R16:
                return 11;
            case PF_G32R32F:
                return 16;
            case PF_A2B10G10R10:
                return 24;
            case PF_FloatRGB:
            case PF_FloatR11G11B10:
                return 26;
            case PF_R8G8B8A8:
                return 28;
            case PF_G16R16:
                return 35;
            case PF_G16R16F:
            case PF_G16R16F_FILTER:
                return 34;
            case PF_R32_FLOAT:
                return 41;
            case PF_R8G8:
                return 49;
            case PF_R16F:
            case PF_R16F_FILTER:
                return 54;
            case PF_G16:
                return 56;
            case PF_G8:
            case PF_L8:
            case PF_R8:
                return 61;
            case PF_A8:
                return 65;
            case PF_R9G9B9EXP5:
                return 67;
            case PF_DXT1:
                return 71;
            case PF_DXT3:
                return 74;
            case PF_DXT5:
                return 77;
            case PF_BC4:
                return 80;
            case PF_BC5:
                return 83;
            case PF_R5G6B5_UNORM:
                return 85;
            case PF_B5G5R5A1_UNORM:
                return 86;
            case PF_B8G8R8A8:
                return 87;
            case PF_BC6H:
                return 95;
            case PF_BC7:
                return 98;
            default:
                return 0;
        }
    }

    private static PixelFormat fromDxgi(int v, boolean[] signedOut) {
        switch (v) {
            case 2:
                return PixelFormat.PF_A32B32G32R32F;
            case 6:
                return PixelFormat.PF_R32G32B32F;
            case 10:
                return PixelFormat.PF_FloatRGBA;
            case 11:
                return PixelFormat.PF_R16G16B16A16_UNORM;
            case 16:
                return PixelFormat.PF_G32R32F;
            case 24:
                return PixelFormat.PF_A2B10G10R10;
            case 26:
                return PixelFormat.PF_FloatR11G11B10;
            case 27:
            case 28:
            case 29:
                return PixelFormat.PF_R8G8B8A8;
            case 34:
                return PixelFormat.PF_G16R16F;
            case 35:
                return PixelFormat.PF_G16R16;
            case 41:
                return PixelFormat.PF_R32_FLOAT;
            case 49:
                return PixelFormat.PF_R8G8;
            case 54:
                return PixelFormat.PF_R16F;
            case 56:
                return PixelFormat.PF_G16;
            case 61:
                return PixelFormat.PF_G8;
            case 65:
                return PixelFormat.PF_A8;
            case 67:
                return PixelFormat.PF_R9G9B9EXP5;
            case 70:
            case 71:
            case 72:
                return PixelFormat.PF_DXT1;
            case 73:
            case 74:
            case 75:
                return PixelFormat.PF_DXT3;
            case 76:
            case 77:
            case 78:
                return PixelFormat.PF_DXT5;
            case 79:
            case 80:
                return PixelFormat.PF_BC4;
            case 82:
            case 83:
                return PixelFormat.PF_BC5;
            case 85:
                return PixelFormat.PF_R5G6B5_UNORM;
            case 86:
                return PixelFormat.PF_B5G5R5A1_UNORM;
            case 87:
            case 90:
            case 91:
                return PixelFormat.PF_B8G8R8A8;
            case 94:
            case 95:
                return PixelFormat.PF_BC6H;
            case 96:
                signedOut[0] = true;
                return PixelFormat.PF_BC6H;
            case 97:
            case 98:
            case 99:
                return PixelFormat.PF_BC7;
            default:
                return null;
        }
    }

    /** Reads a DDS file. */
    public static DdsImage read(byte[] d, String name) {
        if (d.length < 128 || i32(d, 0) != MAGIC) {
            throw new CorruptDataException(d.length < 128 ? "DDS file shorter than its 128-byte header" : "Not a DDS file (bad magic)",
                    name, 0, "DDS header");
        }
        if (i32(d, 4) != 124 || i32(d, 76) != 32) {
            throw new CorruptDataException("DDS header size " + i32(d, 4) + " / pixel format size " + i32(d, 76)
                    + " (expected 124 / 32)", name, 4, "DDS_HEADER");
        }
        int flags = i32(d, 8);
        int height = i32(d, 12);
        int width = i32(d, 16);
        int depth = (flags & DDSD_DEPTH) != 0 ? Math.max(1, i32(d, 24)) : 1;
        int mipCount = Math.max(1, i32(d, 28));
        int pfFlags = i32(d, 80);
        int fourCC = i32(d, 84);
        int bits = i32(d, 88);
        int rMask = i32(d, 92), gMask = i32(d, 96), bMask = i32(d, 100), aMask = i32(d, 104);
        int caps2 = i32(d, 112);
        int pos = 128;
        PixelFormat f = null;
        int slices = 1;
        boolean cube = (caps2 & CAPS2_CUBEMAP) != 0;
        if (cube) {
            slices = Integer.bitCount(caps2 & CAPS2_ALLFACES);
            if (slices == 0) {
                slices = 6;
            }
        }
        boolean[] signed = new boolean[1];
        if ((pfFlags & DDPF_FOURCC) != 0) {
            String cc = fourCCString(fourCC);
            switch (cc) {
                case "DX10": {
                    if (d.length < 148) {
                        throw new TruncatedDataException("DDS DX10 header missing", name, 128, "DDS_HEADER_DXT10");
                    }
                    int dxgi = i32(d, 128);
                    int dim = i32(d, 132);
                    int misc = i32(d, 136);
                    int arr = Math.max(1, i32(d, 140));
                    f = fromDxgi(dxgi, signed);
                    if (f == null) {
                        throw new UnsupportedVersionException("DDS DXGI format " + dxgi + " is not supported", name, 128, "DDS_HEADER_DXT10");
                    }
                    cube = (misc & 4) != 0;
                    slices = cube ? arr * 6 : arr;
                    if (dim == 4) {
                        depth = Math.max(1, i32(d, 24));
                    } else {
                        depth = 1;
                    }
                    pos = 148;
                    break;
                }
                case "DXT1":
                    f = PixelFormat.PF_DXT1;
                    break;
                case "DXT2":
                case "DXT3":
                    f = PixelFormat.PF_DXT3;
                    break;
                case "DXT4":
                case "DXT5":
                    f = PixelFormat.PF_DXT5;
                    break;
                case "ATI1":
                case "BC4U":
                    f = PixelFormat.PF_BC4;
                    break;
                case "ATI2":
                case "BC5U":
                    f = PixelFormat.PF_BC5;
                    break;
                default:
                    switch (fourCC) {
                        case 36:
                            f = PixelFormat.PF_R16G16B16A16_UNORM;
                            break;
                        case 111:
                            f = PixelFormat.PF_R16F;
                            break;
                        case 112:
                            f = PixelFormat.PF_G16R16F;
                            break;
                        case 113:
                            f = PixelFormat.PF_FloatRGBA;
                            break;
                        case 114:
                            f = PixelFormat.PF_R32_FLOAT;
                            break;
                        case 115:
                            f = PixelFormat.PF_G32R32F;
                            break;
                        case 116:
                            f = PixelFormat.PF_A32B32G32R32F;
                            break;
                        default:
                            throw new UnsupportedVersionException("DDS FourCC '" + cc + "' (" + fourCC + ") is not supported",
                                    name, 84, "DDS_PIXELFORMAT");
                    }
            }
        } else if ((pfFlags & DDPF_RGB) != 0 && bits == 32) {
            if (rMask == 0x00FF0000 && gMask == 0x0000FF00 && bMask == 0xFF) {
                f = PixelFormat.PF_B8G8R8A8;
            } else if (rMask == 0xFF && gMask == 0xFF00 && bMask == 0x00FF0000) {
                f = PixelFormat.PF_R8G8B8A8;
            }
        } else if ((pfFlags & DDPF_LUMINANCE) != 0 && bits == 8) {
            f = PixelFormat.PF_G8;
        } else if ((pfFlags & DDPF_LUMINANCE) != 0 && bits == 16 && rMask == 0xFFFF) {
            f = PixelFormat.PF_G16;
        } else if ((pfFlags & DDPF_ALPHA) != 0 && bits == 8) {
            f = PixelFormat.PF_A8;
        }
        if (f == null) {
            throw new UnsupportedVersionException("DDS pixel format (flags 0x" + Integer.toHexString(pfFlags) + ", " + bits
                    + " bits, masks " + Integer.toHexString(rMask) + "/" + Integer.toHexString(gMask) + "/"
                    + Integer.toHexString(bMask) + "/" + Integer.toHexString(aMask) + ") is not supported", name, 76, "DDS_PIXELFORMAT");
        }
        if (signed[0]) {
            throw new UnsupportedVersionException("DDS BC6H_SF16 (signed) is not a format Unreal cooks", name, 128, "DDS_HEADER_DXT10");
        }
        if (width <= 0 || height <= 0 || width > 65536 || height > 65536 || depth > 65536 || mipCount > 32 || slices > 65536) {
            throw new CorruptDataException("DDS size " + width + "x" + height + "x" + depth + ", " + mipCount + " mips, "
                    + slices + " slices is out of range", name, 12, "DDS_HEADER");
        }
        int maxMips = 1;
        for (int m = Math.max(width, Math.max(height, depth)); m > 1; m >>= 1) {
            maxMips++;
        }
        mipCount = Math.min(mipCount, maxMips);
        // DDS order: for each slice, its mips
        long[] sizes = new long[mipCount];
        long total = 0;
        for (int m = 0; m < mipCount; m++) {
            sizes[m] = f.mipSize(Math.max(1, width >> m), Math.max(1, height >> m), Math.max(1, depth >> m));
            total += sizes[m] * slices;
        }
        if (pos + total > d.length) {
            throw new TruncatedDataException("DDS " + f.name() + " " + width + "x" + height + " with " + mipCount + " mips and "
                    + slices + " slices needs " + total + " bytes of data, found " + (d.length - pos), name, pos, "DDS data");
        }
        MemoryBudget.admit(total, "DDS " + f.name() + " " + width + "x" + height + " with " + mipCount + " mips and " + slices + " slices",
                name, 12, "DDS_HEADER");
        List<byte[]> mips = new ArrayList<>(mipCount);
        for (int m = 0; m < mipCount; m++) {
            mips.add(new byte[(int) (sizes[m] * slices)]);
        }
        int p = pos;
        for (int s = 0; s < slices; s++) {
            for (int m = 0; m < mipCount; m++) {
                System.arraycopy(d, p, mips.get(m), (int) (sizes[m] * s), (int) sizes[m]);
                p += (int) sizes[m];
            }
        }
        return new DdsImage(f, width, height, depth, slices, cube, Collections.unmodifiableList(mips));
    }

    /** The bytes of a DDS file for {@code image} (blocks copied as they are). */
    public static byte[] write(DdsImage image) {
        PixelFormat f = image.format();
        int dxgi = dxgiFormat(f);
        int slices = image.slices();
        boolean cube = image.cube();
        if (cube && slices % 6 != 0) {
            throw new IllegalArgumentException("cube with " + slices + " faces");
        }
        boolean legacy = slices == 1 || (cube && slices == 6);
        int legacyCC = 0;
        int legacyMode = 0; // 1 = fourcc, 2 = BGRA masks, 3 = luminance
        switch (f) {
            case PF_DXT1:
                legacyCC = fourCC("DXT1");
                legacyMode = 1;
                break;
            case PF_DXT3:
                legacyCC = fourCC("DXT3");
                legacyMode = 1;
                break;
            case PF_DXT5:
                legacyCC = fourCC("DXT5");
                legacyMode = 1;
                break;
            case PF_B8G8R8A8:
                legacyMode = 2;
                break;
            case PF_G8:
            case PF_L8:
                legacyMode = 3;
                break;
            default:
                break;
        }
        legacy &= legacyMode != 0;
        if (!legacy && dxgi == 0) {
            throw new UnsupportedVersionException("DDS cannot hold pixel format " + f.name(), null, -1, f.name());
        }
        long dataSize = 0;
        for (int m = 0; m < image.mipCount(); m++) {
            long want = image.sliceSize(m) * slices;
            if (image.mip(m).length != want) {
                throw new IllegalArgumentException("mip " + m + " of " + f.name() + " has " + image.mip(m).length
                        + " bytes, " + want + " expected");
            }
            dataSize += want;
        }
        int header = legacy ? 128 : 148;
        long total = header + dataSize;
        if (total > Integer.MAX_VALUE - 16) {
            throw new UnsupportedVersionException("DDS of " + total + " bytes is too large to build in memory");
        }
        byte[] out = new byte[(int) total];
        put32(out, 0, MAGIC);
        put32(out, 4, 124);
        boolean block = f.isBlockCompressed();
        int flags = DDSD_CAPS | DDSD_HEIGHT | DDSD_WIDTH | DDSD_PIXELFORMAT | (block ? DDSD_LINEARSIZE : DDSD_PITCH);
        if (image.mipCount() > 1) {
            flags |= DDSD_MIPMAPCOUNT;
        }
        if (image.depth() > 1) {
            flags |= DDSD_DEPTH;
        }
        put32(out, 8, flags);
        put32(out, 12, image.height());
        put32(out, 16, image.width());
        long pitch = block ? image.sliceSize(0) / Math.max(1, image.depth())
                : (long) image.width() * f.bytesPerBlock();
        put32(out, 20, (int) pitch);
        put32(out, 24, image.depth() > 1 ? image.depth() : 0);
        put32(out, 28, image.mipCount());
        put32(out, 76, 32);
        if (legacy && legacyMode == 1) {
            put32(out, 80, DDPF_FOURCC);
            put32(out, 84, legacyCC);
        } else if (legacy && legacyMode == 2) {
            put32(out, 80, DDPF_RGB | DDPF_ALPHAPIXELS);
            put32(out, 88, 32);
            put32(out, 92, 0x00FF0000);
            put32(out, 96, 0x0000FF00);
            put32(out, 100, 0x000000FF);
            put32(out, 104, 0xFF000000);
        } else if (legacy) {
            put32(out, 80, DDPF_LUMINANCE);
            put32(out, 88, 8);
            put32(out, 92, 0xFF);
        } else {
            put32(out, 80, DDPF_FOURCC);
            put32(out, 84, fourCC("DX10"));
        }
        int caps = CAPS_TEXTURE;
        if (image.mipCount() > 1) {
            caps |= CAPS_COMPLEX | CAPS_MIPMAP;
        }
        int caps2 = 0;
        if (cube) {
            caps |= CAPS_COMPLEX;
            caps2 |= CAPS2_CUBEMAP | CAPS2_ALLFACES;
        }
        if (image.depth() > 1) {
            caps |= CAPS_COMPLEX;
            caps2 |= CAPS2_VOLUME;
        }
        put32(out, 108, caps);
        put32(out, 112, caps2);
        if (!legacy) {
            put32(out, 128, dxgi);
            put32(out, 132, image.depth() > 1 ? 4 : 3);
            put32(out, 136, cube ? 4 : 0);
            put32(out, 140, cube ? slices / 6 : slices);
            put32(out, 144, 0);
        }
        int p = header;
        for (int s = 0; s < slices; s++) {
            for (int m = 0; m < image.mipCount(); m++) {
                int sz = (int) image.sliceSize(m);
                System.arraycopy(image.mip(m), s * sz, out, p, sz);
                p += sz;
            }
        }
        return out;
    }

    static int fourCC(String s) {
        return s.charAt(0) | s.charAt(1) << 8 | s.charAt(2) << 16 | s.charAt(3) << 24;
    }

    private static String fourCCString(int v) {
        StringBuilder sb = new StringBuilder(4);
        for (int i = 0; i < 4; i++) {
            char c = (char) (v >> (8 * i) & 0xFF);
            sb.append(c >= 32 && c < 127 ? c : '?');
        }
        return sb.toString();
    }

    static int i32(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | (b[o + 3] & 0xFF) << 24;
    }

    static void put32(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >> 8);
        b[o + 2] = (byte) (v >> 16);
        b[o + 3] = (byte) (v >> 24);
    }
}
