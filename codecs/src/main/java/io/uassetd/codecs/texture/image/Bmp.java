package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.texture.Image;

/**
 * Windows BMP: reads OS/2 core, BITMAPINFOHEADER, V4 and V5 headers; 1, 4 and 8-bit palettes, 16-bit
 * (5-5-5 or bit fields), 24-bit and 32-bit (BI_RGB or bit fields, with alpha when a mask says so);
 * bottom-up or top-down. RLE-compressed bitmaps are refused. Writes 24-bit (opaque images) or 32-bit
 * with a V4 header and an alpha mask.
 */
public final class Bmp {
    private Bmp() {
    }

    public static Image read(byte[] d, String name) {
        if (d.length < 26 || d[0] != 'B' || d[1] != 'M') {
            throw new CorruptDataException("Not a BMP file", name, 0, "BITMAPFILEHEADER");
        }
        int dataOff = i32(d, 10);
        int hs = i32(d, 14);
        int width, height, bpp, comp = 0, colors = 0;
        int rm = 0, gm = 0, bm = 0, am = 0;
        boolean core = hs == 12;
        if (core) {
            width = u16(d, 18);
            height = (short) u16(d, 20);
            bpp = u16(d, 24);
        } else {
            if (hs < 40 || 14 + hs > d.length) {
                throw new TruncatedDataException("BMP info header of " + hs + " bytes", name, 14, "BITMAPINFOHEADER");
            }
            width = i32(d, 18);
            height = i32(d, 22);
            bpp = u16(d, 28);
            comp = i32(d, 30);
            colors = i32(d, 46);
            if (comp == 3 || comp == 6) {
                int mo = 54; // the masks follow the 40-byte header (BI_BITFIELDS) or are part of V2+ headers
                if (mo + 12 > d.length) {
                    throw new TruncatedDataException("BMP bit-field masks missing", name, mo, "BITMAPINFOHEADER");
                }
                rm = i32(d, mo);
                gm = i32(d, mo + 4);
                bm = i32(d, mo + 8);
                if (hs >= 56 || comp == 6) {
                    am = i32(d, mo + 12);
                }
            } else if (comp != 0) {
                throw new UnsupportedVersionException("BMP compression " + comp + " (RLE/JPEG/PNG) is not supported", name, 30, "BITMAPINFOHEADER");
            }
        }
        boolean topDown = height < 0;
        height = Math.abs(height);
        if (width <= 0 || height <= 0 || (long) width * height > (1L << 28)) {
            throw new CorruptDataException("BMP size " + width + "x" + height, name, 18, "BITMAPINFOHEADER");
        }
        int[] pal = null;
        if (bpp <= 8) {
            if (bpp != 1 && bpp != 4 && bpp != 8) {
                throw new UnsupportedVersionException("BMP with " + bpp + " bits per pixel", name, 28, "BITMAPINFOHEADER");
            }
            int n = colors == 0 ? 1 << bpp : Math.min(colors, 256);
            int po = 14 + hs;
            int eb = core ? 3 : 4;
            if (po + (long) n * eb > d.length) {
                throw new TruncatedDataException("BMP palette runs past the end", name, po, "BMP palette");
            }
            pal = new int[256];
            for (int i = 0; i < n; i++) {
                int o = po + i * eb;
                pal[i] = 0xFF000000 | (d[o + 2] & 0xFF) << 16 | (d[o + 1] & 0xFF) << 8 | (d[o] & 0xFF);
            }
        } else if (bpp == 16) {
            if (comp == 0) {
                rm = 0x7C00;
                gm = 0x03E0;
                bm = 0x001F;
            }
        } else if (bpp == 32) {
            if (comp == 0) {
                rm = 0x00FF0000;
                gm = 0x0000FF00;
                bm = 0x000000FF;
            }
        } else if (bpp != 24) {
            throw new UnsupportedVersionException("BMP with " + bpp + " bits per pixel", name, 28, "BITMAPINFOHEADER");
        }
        long stride = (((long) width * bpp + 31) / 32) * 4;
        if (dataOff < 0 || dataOff + stride * height > d.length) {
            throw new TruncatedDataException("BMP pixel data needs " + stride * height + " bytes at offset " + dataOff
                    + ", file has " + d.length, name, dataOff, "BMP pixels");
        }
        MemoryBudget.admit((long) width * height * 4, "BMP of " + width + "x" + height, name, 18, "BITMAPINFOHEADER");
        byte[] out = new byte[width * height * 4];
        boolean anyAlpha = false;
        for (int y = 0; y < height; y++) {
            int row = (int) (dataOff + stride * (topDown ? y : height - 1 - y));
            for (int x = 0; x < width; x++) {
                int v;
                if (bpp <= 8) {
                    int bit = x * bpp;
                    int idx = (d[row + bit / 8] & 0xFF) >> (8 - bpp - bit % 8) & ((1 << bpp) - 1);
                    v = pal[idx];
                } else if (bpp == 24) {
                    int o = row + x * 3;
                    v = 0xFF000000 | (d[o + 2] & 0xFF) << 16 | (d[o + 1] & 0xFF) << 8 | (d[o] & 0xFF);
                } else {
                    int raw = bpp == 16 ? u16(d, row + x * 2) : i32(d, row + x * 4);
                    int a = am != 0 ? field(raw, am) : 255;
                    v = a << 24 | field(raw, rm) << 16 | field(raw, gm) << 8 | field(raw, bm);
                }
                int q = (y * width + x) * 4;
                out[q] = (byte) (v >> 16);
                out[q + 1] = (byte) (v >> 8);
                out[q + 2] = (byte) v;
                out[q + 3] = (byte) (v >>> 24);
            }
        }
        return Image.rgba8(width, height, out);
    }

    /** The masked field scaled to 0..255. */
    private static int field(int v, int mask) {
        if (mask == 0) {
            return 0;
        }
        int shift = Integer.numberOfTrailingZeros(mask);
        int bits = Integer.bitCount(mask);
        int f = (v & mask) >>> shift;
        int max = (int) ((1L << bits) - 1);
        return bits >= 8 ? f >>> (bits - 8) : (f * 255 + max / 2) / max;
    }

    /** 24-bit BMP for opaque images, else 32-bit BGRA with a BITMAPV4HEADER carrying the alpha mask. */
    public static byte[] write(Image image) {
        int w = image.width(), h = image.height();
        byte[] s = image.toRgba8().bytes();
        boolean opaque = image.isOpaque();
        int hs = opaque ? 40 : 108;
        int bpp = opaque ? 24 : 32;
        int stride = ((w * bpp + 31) / 32) * 4;
        long size = 14L + hs + (long) stride * h;
        if (size > Integer.MAX_VALUE - 16) {
            throw new UnsupportedVersionException("BMP of " + size + " bytes is too large");
        }
        byte[] out = new byte[(int) size];
        out[0] = 'B';
        out[1] = 'M';
        put32(out, 2, (int) size);
        put32(out, 10, 14 + hs);
        put32(out, 14, hs);
        put32(out, 18, w);
        put32(out, 22, -h);
        out[26] = 1;
        out[28] = (byte) bpp;
        put32(out, 30, opaque ? 0 : 3);
        put32(out, 34, stride * h);
        put32(out, 38, 2835);
        put32(out, 42, 2835);
        if (!opaque) {
            put32(out, 54, 0x00FF0000);
            put32(out, 58, 0x0000FF00);
            put32(out, 62, 0x000000FF);
            put32(out, 66, 0xFF000000);
            put32(out, 70, 0x73524742); // 'sRGB'
        }
        int base = 14 + hs;
        for (int y = 0; y < h; y++) {
            int q = base + y * stride;
            for (int x = 0; x < w; x++) {
                int p = (y * w + x) * 4;
                out[q++] = s[p + 2];
                out[q++] = s[p + 1];
                out[q++] = s[p];
                if (!opaque) {
                    out[q++] = s[p + 3];
                }
            }
        }
        return out;
    }

    private static int u16(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8;
    }

    private static int i32(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | (b[o + 3] & 0xFF) << 24;
    }

    private static void put32(byte[] b, int o, int v) {
        b[o] = (byte) v;
        b[o + 1] = (byte) (v >> 8);
        b[o + 2] = (byte) (v >> 16);
        b[o + 3] = (byte) (v >> 24);
    }
}
