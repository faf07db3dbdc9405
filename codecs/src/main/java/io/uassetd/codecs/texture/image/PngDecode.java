package io.uassetd.codecs.texture.image;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.texture.Image;

/** Unfilters PNG scanlines and expands them to RGBA8 / RGBA16. */
final class PngDecode {
    private final String name;
    private final int width;
    private final int height;
    private final int depth;
    private final int ctype;
    private final int channels;
    private final byte[] palette;
    private final byte[] trns;
    private final byte[] out8;
    private final short[] out16;

    PngDecode(String name, int width, int height, int depth, int ctype, byte[] palette, byte[] trns) {
        this.name = name;
        this.width = width;
        this.height = height;
        this.depth = depth;
        this.ctype = ctype;
        this.channels = Png.channels(ctype);
        this.palette = palette;
        this.trns = trns;
        if (depth == 16) {
            out16 = new short[width * height * 4];
            out8 = null;
        } else {
            out8 = new byte[width * height * 4];
            out16 = null;
        }
    }

    private int rowBytes(int w) {
        return (int) (((long) w * channels * depth + 7) / 8);
    }

    private int bpp() {
        return Math.max(1, channels * depth / 8);
    }

    Image plain(byte[] raw, int len) {
        int rb = rowBytes(width);
        long need = (long) (rb + 1) * height;
        if (len < need) {
            throw new TruncatedDataException("PNG image data has " + len + " bytes, " + need + " expected", name, -1, "PNG IDAT");
        }
        byte[] prev = new byte[rb];
        byte[] cur = new byte[rb];
        for (int y = 0; y < height; y++) {
            unfilter(raw, y * (rb + 1), cur, prev, rb);
            emit(cur, y, 0, 1, width);
            byte[] t = prev;
            prev = cur;
            cur = t;
        }
        return result();
    }

    private static final int[] X0 = {0, 4, 0, 2, 0, 1, 0};
    private static final int[] Y0 = {0, 0, 4, 0, 2, 0, 1};
    private static final int[] DX = {8, 8, 4, 4, 2, 2, 1};
    private static final int[] DY = {8, 8, 8, 4, 4, 2, 2};

    Image adam7(byte[] raw, int len) {
        int pos = 0;
        for (int p = 0; p < 7; p++) {
            int pw = (width - X0[p] + DX[p] - 1) / DX[p];
            int ph = (height - Y0[p] + DY[p] - 1) / DY[p];
            if (pw <= 0 || ph <= 0) {
                continue;
            }
            int rb = rowBytes(pw);
            if ((long) pos + (long) (rb + 1) * ph > len) {
                throw new TruncatedDataException("PNG interlaced data ends in pass " + (p + 1), name, -1, "PNG IDAT");
            }
            byte[] prev = new byte[rb];
            byte[] cur = new byte[rb];
            for (int y = 0; y < ph; y++) {
                unfilter(raw, pos, cur, prev, rb);
                pos += rb + 1;
                emit(cur, Y0[p] + y * DY[p], X0[p], DX[p], pw);
                byte[] t = prev;
                prev = cur;
                cur = t;
            }
        }
        return result();
    }

    private Image result() {
        return out16 != null ? Image.rgba16(width, height, out16) : Image.rgba8(width, height, out8);
    }

    private void unfilter(byte[] raw, int o, byte[] cur, byte[] prev, int rb) {
        int f = raw[o] & 0xFF;
        int bpp = bpp();
        o++;
        switch (f) {
            case 0:
                System.arraycopy(raw, o, cur, 0, rb);
                break;
            case 1:
                for (int i = 0; i < rb; i++) {
                    cur[i] = (byte) (raw[o + i] + (i >= bpp ? cur[i - bpp] : 0));
                }
                break;
            case 2:
                for (int i = 0; i < rb; i++) {
                    cur[i] = (byte) (raw[o + i] + prev[i]);
                }
                break;
            case 3:
                for (int i = 0; i < rb; i++) {
                    int a = i >= bpp ? cur[i - bpp] & 0xFF : 0;
                    cur[i] = (byte) (raw[o + i] + ((a + (prev[i] & 0xFF)) >> 1));
                }
                break;
            case 4:
                for (int i = 0; i < rb; i++) {
                    int a = i >= bpp ? cur[i - bpp] & 0xFF : 0;
                    int c = i >= bpp ? prev[i - bpp] & 0xFF : 0;
                    cur[i] = (byte) (raw[o + i] + paeth(a, prev[i] & 0xFF, c));
                }
                break;
            default:
                throw new CorruptDataException("PNG filter type " + f + " is not 0..4", name, -1, "PNG scanline");
        }
    }

    static int paeth(int a, int b, int c) {
        int p = a + b - c;
        int pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        if (pa <= pb && pa <= pc) {
            return a;
        }
        return pb <= pc ? b : c;
    }

    /** Writes {@code n} pixels of an unfiltered row to image row {@code y} at x0, x0+dx, ... */
    private void emit(byte[] row, int y, int x0, int dx, int n) {
        if (depth == 16) {
            for (int i = 0; i < n; i++) {
                int q = (y * width + x0 + i * dx) * 4;
                int s = i * channels * 2;
                int v0 = (row[s] & 0xFF) << 8 | (row[s + 1] & 0xFF);
                switch (ctype) {
                    case 0: {
                        out16[q] = out16[q + 1] = out16[q + 2] = (short) v0;
                        boolean t = trns != null && trns.length >= 2 && ((trns[0] & 0xFF) << 8 | (trns[1] & 0xFF)) == v0;
                        out16[q + 3] = t ? 0 : (short) 0xFFFF;
                        break;
                    }
                    case 4:
                        out16[q] = out16[q + 1] = out16[q + 2] = (short) v0;
                        out16[q + 3] = (short) ((row[s + 2] & 0xFF) << 8 | (row[s + 3] & 0xFF));
                        break;
                    case 2: {
                        int g = (row[s + 2] & 0xFF) << 8 | (row[s + 3] & 0xFF);
                        int b = (row[s + 4] & 0xFF) << 8 | (row[s + 5] & 0xFF);
                        out16[q] = (short) v0;
                        out16[q + 1] = (short) g;
                        out16[q + 2] = (short) b;
                        boolean t = trns != null && trns.length >= 6 && Png.be32(trns, 0) >>> 16 == v0
                                && ((trns[2] & 0xFF) << 8 | (trns[3] & 0xFF)) == g && ((trns[4] & 0xFF) << 8 | (trns[5] & 0xFF)) == b;
                        out16[q + 3] = t ? 0 : (short) 0xFFFF;
                        break;
                    }
                    default:
                        for (int c = 0; c < 4; c++) {
                            out16[q + c] = (short) ((row[s + 2 * c] & 0xFF) << 8 | (row[s + 2 * c + 1] & 0xFF));
                        }
                }
            }
            return;
        }
        if (depth == 8) {
            for (int i = 0; i < n; i++) {
                int q = (y * width + x0 + i * dx) * 4;
                int s = i * channels;
                switch (ctype) {
                    case 0: {
                        byte v = row[s];
                        out8[q] = out8[q + 1] = out8[q + 2] = v;
                        boolean t = trns != null && trns.length >= 2 && (trns[1] & 0xFF) == (v & 0xFF) && trns[0] == 0;
                        out8[q + 3] = t ? 0 : (byte) 255;
                        break;
                    }
                    case 3:
                        paletteEntry(row[s] & 0xFF, q);
                        break;
                    case 4:
                        out8[q] = out8[q + 1] = out8[q + 2] = row[s];
                        out8[q + 3] = row[s + 1];
                        break;
                    case 2: {
                        out8[q] = row[s];
                        out8[q + 1] = row[s + 1];
                        out8[q + 2] = row[s + 2];
                        boolean t = trns != null && trns.length >= 6 && trns[1] == row[s] && trns[3] == row[s + 1]
                                && trns[5] == row[s + 2] && trns[0] == 0 && trns[2] == 0 && trns[4] == 0;
                        out8[q + 3] = t ? 0 : (byte) 255;
                        break;
                    }
                    default:
                        out8[q] = row[s];
                        out8[q + 1] = row[s + 1];
                        out8[q + 2] = row[s + 2];
                        out8[q + 3] = row[s + 3];
                }
            }
            return;
        }
        // 1, 2, 4-bit grey or palette
        int mask = (1 << depth) - 1;
        int perByte = 8 / depth;
        for (int i = 0; i < n; i++) {
            int q = (y * width + x0 + i * dx) * 4;
            int v = (row[i / perByte] & 0xFF) >> (8 - depth - (i % perByte) * depth) & mask;
            if (ctype == 3) {
                paletteEntry(v, q);
            } else {
                byte g = (byte) (v * 255 / mask);
                out8[q] = out8[q + 1] = out8[q + 2] = g;
                boolean t = trns != null && trns.length >= 2 && ((trns[0] & 0xFF) << 8 | (trns[1] & 0xFF)) == v;
                out8[q + 3] = t ? 0 : (byte) 255;
            }
        }
    }

    private void paletteEntry(int i, int q) {
        if (3 * i + 2 >= palette.length) {
            throw new CorruptDataException("PNG palette index " + i + " outside the " + palette.length / 3 + "-entry palette",
                    name, -1, "PNG PLTE");
        }
        out8[q] = palette[3 * i];
        out8[q + 1] = palette[3 * i + 1];
        out8[q + 2] = palette[3 * i + 2];
        out8[q + 3] = trns != null && i < trns.length ? trns[i] : (byte) 255;
    }
}
