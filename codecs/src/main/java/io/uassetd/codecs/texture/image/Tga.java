package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.texture.Image;

/**
 * Truevision TGA: reads colour-mapped, true-colour and grey images (types 1, 2, 3 and their RLE forms
 * 9, 10, 11) at 8, 15, 16, 24 and 32 bits, either origin; writes uncompressed 32-bit BGRA (24-bit when
 * opaque), top-left origin.
 */
public final class Tga {
    private Tga() {
    }

    public static Image read(byte[] d, String name) {
        if (d.length < 18) {
            throw new TruncatedDataException("TGA file shorter than its 18-byte header", name, 0, "TGA header");
        }
        int idLen = d[0] & 0xFF;
        int cmType = d[1] & 0xFF;
        int type = d[2] & 0xFF;
        int cmFirst = u16(d, 3), cmLen = u16(d, 5), cmBits = d[7] & 0xFF;
        int width = u16(d, 12), height = u16(d, 14);
        int bpp = d[16] & 0xFF;
        int desc = d[17] & 0xFF;
        boolean rle = type >= 9;
        int base = rle ? type - 8 : type;
        if (base < 1 || base > 3 || cmType > 1) {
            throw new UnsupportedVersionException("TGA image type " + type + " is not supported", name, 2, "TGA header");
        }
        if (width == 0 || height == 0) {
            throw new CorruptDataException("TGA size " + width + "x" + height, name, 12, "TGA header");
        }
        boolean okBpp = base == 1 ? bpp == 8 || bpp == 16 : base == 3 ? bpp == 8 || bpp == 16
                : bpp == 15 || bpp == 16 || bpp == 24 || bpp == 32;
        if (!okBpp) {
            throw new UnsupportedVersionException("TGA type " + type + " with " + bpp + " bits per pixel is not supported", name, 16, "TGA header");
        }
        int pos = 18 + idLen;
        int[] cmap = null;
        if (cmType == 1) {
            int eb = (cmBits + 7) / 8;
            if (pos + (long) cmLen * eb > d.length) {
                throw new TruncatedDataException("TGA colour map runs past the end", name, pos, "TGA colour map");
            }
            cmap = new int[cmFirst + cmLen];
            for (int i = 0; i < cmLen; i++) {
                cmap[cmFirst + i] = pixel(d, pos + i * eb, cmBits, false);
            }
            pos += cmLen * eb;
        } else if (base == 1) {
            throw new CorruptDataException("Colour-mapped TGA without a colour map", name, 1, "TGA header");
        }
        int pb = (bpp + 7) / 8;
        long pixels = (long) width * height;
        // the int pixels and the RGBA bytes made from them: 8 bytes a pixel
        MemoryBudget.admit(pixels * 8, "TGA of " + width + "x" + height, name, 12, "TGA header");
        int n = (int) pixels;
        int[] px = new int[n];
        int i = 0;
        while (i < n) {
            int count = 1;
            boolean run = false;
            if (rle) {
                if (pos >= d.length) {
                    throw new TruncatedDataException("TGA RLE data ends at pixel " + i + " of " + n, name, pos, "TGA RLE packet");
                }
                int h = d[pos++] & 0xFF;
                count = (h & 0x7F) + 1;
                run = (h & 0x80) != 0;
                if (i + count > n) {
                    throw new CorruptDataException("TGA RLE packet runs past the image", name, pos - 1, "TGA RLE packet");
                }
            }
            for (int k = 0; k < count; k++) {
                if (!run || k == 0) {
                    if (pos + pb > d.length) {
                        throw new TruncatedDataException("TGA pixel data ends at pixel " + i + " of " + n, name, pos, "TGA pixels");
                    }
                }
                int v;
                if (base == 1) {
                    int idx = pb == 1 ? d[pos] & 0xFF : u16(d, pos);
                    if (idx >= cmap.length) {
                        throw new CorruptDataException("TGA colour index " + idx + " outside the colour map", name, pos, "TGA pixels");
                    }
                    v = cmap[idx];
                } else if (base == 3) {
                    int g = d[pos] & 0xFF;
                    int a = pb == 2 ? d[pos + 1] & 0xFF : 255;
                    v = a << 24 | g << 16 | g << 8 | g;
                } else {
                    v = pixel(d, pos, bpp, (desc & 15) > 0 || bpp == 32);
                }
                px[i++] = v;
                if (!run) {
                    pos += pb;
                }
            }
            if (run) {
                pos += pb;
            }
        }
        boolean topDown = (desc & 0x20) != 0;
        boolean rightToLeft = (desc & 0x10) != 0;
        byte[] out = new byte[n * 4];
        for (int y = 0; y < height; y++) {
            int sy = topDown ? y : height - 1 - y;
            for (int x = 0; x < width; x++) {
                int sx = rightToLeft ? width - 1 - x : x;
                int v = px[sy * width + sx];
                int q = (y * width + x) * 4;
                out[q] = (byte) (v >> 16);
                out[q + 1] = (byte) (v >> 8);
                out[q + 2] = (byte) v;
                out[q + 3] = (byte) (v >>> 24);
            }
        }
        return Image.rgba8(width, height, out);
    }

    /** A pixel as 0xAARRGGBB from its little-endian BGR(A) / 5-5-5(-1) form. */
    private static int pixel(byte[] d, int o, int bits, boolean alpha) {
        switch (bits) {
            case 15:
            case 16: {
                int v = u16(d, o);
                int b = v & 31, g = v >> 5 & 31, r = v >> 10 & 31;
                int a = bits == 16 && alpha ? ((v >> 15) & 1) * 255 : 255;
                return a << 24 | (r << 3 | r >> 2) << 16 | (g << 3 | g >> 2) << 8 | (b << 3 | b >> 2);
            }
            case 24:
                return 0xFF000000 | (d[o + 2] & 0xFF) << 16 | (d[o + 1] & 0xFF) << 8 | (d[o] & 0xFF);
            case 32:
                return (alpha ? (d[o + 3] & 0xFF) : 255) << 24 | (d[o + 2] & 0xFF) << 16 | (d[o + 1] & 0xFF) << 8 | (d[o] & 0xFF);
            default: {
                int g = d[o] & 0xFF;
                return 0xFF000000 | g << 16 | g << 8 | g;
            }
        }
    }

    /** Uncompressed TGA, top-left origin: 24-bit when the image is opaque, else 32-bit with 8 alpha bits. */
    public static byte[] write(Image image) {
        int w = image.width(), h = image.height();
        if (w > 65535 || h > 65535) {
            throw new UnsupportedVersionException("TGA cannot hold " + w + "x" + h + " (limit 65535)");
        }
        byte[] s = image.toRgba8().bytes();
        boolean opaque = image.isOpaque();
        int pb = opaque ? 3 : 4;
        byte[] out = new byte[18 + w * h * pb];
        out[2] = 2;
        out[12] = (byte) w;
        out[13] = (byte) (w >> 8);
        out[14] = (byte) h;
        out[15] = (byte) (h >> 8);
        out[16] = (byte) (pb * 8);
        out[17] = (byte) (0x20 | (opaque ? 0 : 8));
        int q = 18;
        for (int i = 0; i < w * h; i++) {
            out[q++] = s[4 * i + 2];
            out[q++] = s[4 * i + 1];
            out[q++] = s[4 * i];
            if (!opaque) {
                out[q++] = s[4 * i + 3];
            }
        }
        return out;
    }

    private static int u16(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8;
    }
}
