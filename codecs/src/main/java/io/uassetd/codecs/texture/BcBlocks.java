package io.uassetd.codecs.texture;

/**
 * BC1 to BC5 block decoders (Microsoft "Texture Block Compression in Direct3D 11"). Each writes a 4x4
 * block of RGBA8 into {@code out} at {@code o}, rows {@code stride} bytes apart. Integer math, no allocation.
 */
final class BcBlocks {
    private BcBlocks() {
    }

    static int u16(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8;
    }

    static int i32(byte[] b, int o) {
        return (b[o] & 0xFF) | (b[o + 1] & 0xFF) << 8 | (b[o + 2] & 0xFF) << 16 | (b[o + 3] & 0xFF) << 24;
    }

    static long u48(byte[] b, int o) {
        return (long) u16(b, o) | ((long) i32(b, o + 2) & 0xFFFFFFFFL) << 16;
    }

    /** The 4-entry palette of a BC1 colour block as packed 0xAABBGGRR ints. */
    static void bc1Palette(byte[] src, int so, boolean alwaysFour, int[] pal) {
        int c0 = u16(src, so);
        int c1 = u16(src, so + 2);
        int r0 = c0 >> 11 & 31, g0 = c0 >> 5 & 63, b0 = c0 & 31;
        int r1 = c1 >> 11 & 31, g1 = c1 >> 5 & 63, b1 = c1 & 31;
        r0 = r0 << 3 | r0 >> 2;
        g0 = g0 << 2 | g0 >> 4;
        b0 = b0 << 3 | b0 >> 2;
        r1 = r1 << 3 | r1 >> 2;
        g1 = g1 << 2 | g1 >> 4;
        b1 = b1 << 3 | b1 >> 2;
        pal[0] = 0xFF000000 | b0 << 16 | g0 << 8 | r0;
        pal[1] = 0xFF000000 | b1 << 16 | g1 << 8 | r1;
        if (c0 > c1 || alwaysFour) {
            pal[2] = 0xFF000000 | (2 * b0 + b1) / 3 << 16 | (2 * g0 + g1) / 3 << 8 | (2 * r0 + r1) / 3;
            pal[3] = 0xFF000000 | (b0 + 2 * b1) / 3 << 16 | (g0 + 2 * g1) / 3 << 8 | (r0 + 2 * r1) / 3;
        } else {
            pal[2] = 0xFF000000 | (b0 + b1) / 2 << 16 | (g0 + g1) / 2 << 8 | (r0 + r1) / 2;
            pal[3] = 0;
        }
    }

    /** BC1 colour block; {@code alwaysFour} for the colour half of BC2/BC3 (no punch-through mode). */
    static void bc1(byte[] src, int so, byte[] out, int o, int stride, boolean alwaysFour, int[] pal) {
        bc1Palette(src, so, alwaysFour, pal);
        int idx = i32(src, so + 4);
        for (int y = 0; y < 4; y++) {
            int p = o + y * stride;
            for (int x = 0; x < 4; x++, p += 4, idx >>>= 2) {
                int c = pal[idx & 3];
                out[p] = (byte) c;
                out[p + 1] = (byte) (c >> 8);
                out[p + 2] = (byte) (c >> 16);
                out[p + 3] = (byte) (c >>> 24);
            }
        }
    }

    /** BC2: 64 bits of explicit 4-bit alpha, then a 4-colour BC1 block. */
    static void bc2(byte[] src, int so, byte[] out, int o, int stride, int[] pal) {
        bc1(src, so + 8, out, o, stride, true, pal);
        for (int y = 0; y < 4; y++) {
            int a = u16(src, so + 2 * y);
            int p = o + y * stride + 3;
            for (int x = 0; x < 4; x++, p += 4, a >>= 4) {
                out[p] = (byte) ((a & 15) * 17);
            }
        }
    }

    /** The 8-entry palette of a BC3 alpha / BC4 unsigned channel block. */
    static void alphaPalette(int a0, int a1, int[] pal) {
        pal[0] = a0;
        pal[1] = a1;
        if (a0 > a1) {
            for (int i = 1; i < 7; i++) {
                pal[i + 1] = ((7 - i) * a0 + i * a1 + 3) / 7;
            }
        } else {
            for (int i = 1; i < 5; i++) {
                pal[i + 1] = ((5 - i) * a0 + i * a1 + 2) / 5;
            }
            pal[6] = 0;
            pal[7] = 255;
        }
    }

    /** One BC4-style channel (8 bytes) written to channel {@code ch} (0..3) of a 4x4 block. */
    static void channel(byte[] src, int so, byte[] out, int o, int stride, int ch, int[] pal) {
        alphaPalette(src[so] & 0xFF, src[so + 1] & 0xFF, pal);
        long idx = u48(src, so + 2);
        for (int y = 0; y < 4; y++) {
            int p = o + y * stride + ch;
            for (int x = 0; x < 4; x++, p += 4, idx >>>= 3) {
                out[p] = (byte) pal[(int) idx & 7];
            }
        }
    }

    /** BC3: a BC4-style alpha block, then a 4-colour BC1 block. */
    static void bc3(byte[] src, int so, byte[] out, int o, int stride, int[] pal) {
        bc1(src, so + 8, out, o, stride, true, pal);
        channel(src, so, out, o, stride, 3, pal);
    }

    /** BC4 unsigned: the channel as grey (R = G = B), opaque. */
    static void bc4(byte[] src, int so, byte[] out, int o, int stride, int[] pal) {
        alphaPalette(src[so] & 0xFF, src[so + 1] & 0xFF, pal);
        long idx = u48(src, so + 2);
        for (int y = 0; y < 4; y++) {
            int p = o + y * stride;
            for (int x = 0; x < 4; x++, p += 4, idx >>>= 3) {
                byte v = (byte) pal[(int) idx & 7];
                out[p] = v;
                out[p + 1] = v;
                out[p + 2] = v;
                out[p + 3] = (byte) 255;
            }
        }
    }

    /** BC5 unsigned: red and green; blue 0 or, with {@code reconstructZ}, the normal's Z; opaque. */
    static void bc5(byte[] src, int so, byte[] out, int o, int stride, boolean reconstructZ, int[] pal) {
        channel(src, so, out, o, stride, 0, pal);
        channel(src, so + 8, out, o, stride, 1, pal);
        for (int y = 0; y < 4; y++) {
            int p = o + y * stride;
            for (int x = 0; x < 4; x++, p += 4) {
                out[p + 2] = reconstructZ ? Z_TABLE[(out[p] & 0xFF) << 8 | (out[p + 1] & 0xFF)] : 0;
                out[p + 3] = (byte) 255;
            }
        }
    }

    /** Z of a unit normal from its 8-bit X and Y (both mapped from [0, 255] to [-1, 1]), as 0..255. */
    static final byte[] Z_TABLE = new byte[65536];

    static {
        for (int x = 0; x < 256; x++) {
            double nx = x / 127.5 - 1;
            for (int y = 0; y < 256; y++) {
                double ny = y / 127.5 - 1;
                double z = Math.sqrt(Math.max(0, 1 - nx * nx - ny * ny));
                Z_TABLE[x << 8 | y] = (byte) Math.round((z + 1) * 127.5);
            }
        }
    }
}
