package io.uassetd.codecs.texture;

/**
 * ETC1, ETC2 RGB (individual, differential, T, H and planar modes), ETC2 RGBA (EAC alpha + ETC2 RGB) and
 * EAC R11 / RG11 (unsigned) block decoders, from the Khronos Data Format Specification. Blocks are
 * big-endian 64-bit words; texel indices run down columns first. Integer math, no allocation.
 */
final class EtcBlocks {
    private EtcBlocks() {
    }

    private static final int[][] ETC_MOD = {
        {2, 8, -2, -8}, {5, 17, -5, -17}, {9, 29, -9, -29}, {13, 42, -13, -42},
        {18, 60, -18, -60}, {24, 80, -24, -80}, {33, 106, -33, -106}, {47, 183, -47, -183}};
    private static final int[] DIST = {3, 6, 11, 16, 23, 32, 41, 64};
    static final int[][] EAC_MOD = {
        {-3, -6, -9, -15, 2, 5, 8, 14}, {-3, -7, -10, -13, 2, 6, 9, 12}, {-2, -5, -8, -13, 1, 4, 7, 12},
        {-2, -4, -6, -13, 1, 3, 5, 12}, {-3, -6, -8, -12, 2, 5, 7, 11}, {-3, -7, -9, -11, 2, 6, 8, 10},
        {-4, -7, -8, -11, 3, 6, 7, 10}, {-3, -5, -8, -11, 2, 4, 7, 10}, {-2, -6, -8, -10, 1, 5, 7, 9},
        {-2, -5, -8, -10, 1, 4, 7, 9}, {-2, -4, -8, -10, 1, 3, 7, 9}, {-2, -5, -7, -10, 1, 4, 6, 9},
        {-3, -4, -7, -10, 2, 3, 6, 9}, {-1, -2, -3, -10, 0, 1, 2, 9}, {-4, -6, -8, -9, 3, 5, 7, 8},
        {-3, -5, -7, -9, 2, 4, 6, 8}};

    static long be64(byte[] b, int o) {
        return (b[o] & 0xFFL) << 56 | (b[o + 1] & 0xFFL) << 48 | (b[o + 2] & 0xFFL) << 40 | (b[o + 3] & 0xFFL) << 32
                | (b[o + 4] & 0xFFL) << 24 | (b[o + 5] & 0xFFL) << 16 | (b[o + 6] & 0xFFL) << 8 | (b[o + 7] & 0xFFL);
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : v > 255 ? 255 : v;
    }

    private static int ext4(int c) {
        return c << 4 | c;
    }

    private static int ext5(int c) {
        return c << 3 | c >> 2;
    }

    private static void put(byte[] out, int o, int stride, int x, int y, int r, int g, int b) {
        int p = o + y * stride + x * 4;
        out[p] = (byte) r;
        out[p + 1] = (byte) g;
        out[p + 2] = (byte) b;
        out[p + 3] = (byte) 255;
    }

    /** ETC1 or ETC2 RGB block (8 bytes); ETC1 streams never use the ETC2-only modes, so one decoder serves both. */
    static void etc2Rgb(byte[] src, int so, byte[] out, int o, int stride, boolean etc2) {
        long w = be64(src, so);
        int hi = (int) (w >>> 32);
        int idx = (int) w;
        boolean diff = (hi & 2) != 0;
        boolean flip = (hi & 1) != 0;
        int r1, g1, b1, r2, g2, b2;
        if (!diff) {
            r1 = ext4(hi >>> 28 & 15);
            r2 = ext4(hi >>> 24 & 15);
            g1 = ext4(hi >>> 20 & 15);
            g2 = ext4(hi >>> 16 & 15);
            b1 = ext4(hi >>> 12 & 15);
            b2 = ext4(hi >>> 8 & 15);
        } else {
            int rb = hi >>> 27 & 31, gb = hi >>> 19 & 31, bb = hi >>> 11 & 31;
            int rd = (hi >>> 24 & 7) << 29 >> 29, gd = (hi >>> 16 & 7) << 29 >> 29, bd = (hi >>> 8 & 7) << 29 >> 29;
            int r = rb + rd, g = gb + gd, b = bb + bd;
            if (etc2 && (r < 0 || r > 31)) {
                tMode(hi, idx, out, o, stride);
                return;
            }
            if (etc2 && (g < 0 || g > 31)) {
                hMode(hi, idx, out, o, stride);
                return;
            }
            if (etc2 && (b < 0 || b > 31)) {
                planar(w, out, o, stride);
                return;
            }
            r1 = ext5(rb);
            g1 = ext5(gb);
            b1 = ext5(bb);
            r2 = ext5(r & 31);
            g2 = ext5(g & 31);
            b2 = ext5(b & 31);
        }
        int[] t1 = ETC_MOD[hi >>> 5 & 7], t2 = ETC_MOD[hi >>> 2 & 7];
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                int i = x * 4 + y;
                int sel = (idx >>> (i + 15) & 2) | (idx >>> i & 1);
                boolean second = flip ? y >= 2 : x >= 2;
                int m = second ? t2[sel] : t1[sel];
                if (second) {
                    put(out, o, stride, x, y, clamp(r2 + m), clamp(g2 + m), clamp(b2 + m));
                } else {
                    put(out, o, stride, x, y, clamp(r1 + m), clamp(g1 + m), clamp(b1 + m));
                }
            }
        }
    }

    private static void paint(int idx, int[] pr, int[] pg, int[] pb, byte[] out, int o, int stride) {
        for (int x = 0; x < 4; x++) {
            for (int y = 0; y < 4; y++) {
                int i = x * 4 + y;
                int sel = (idx >>> (i + 15) & 2) | (idx >>> i & 1);
                put(out, o, stride, x, y, pr[sel], pg[sel], pb[sel]);
            }
        }
    }

    private static void tMode(int hi, int idx, byte[] out, int o, int stride) {
        int r1 = ext4((hi >>> 26 & 3) << 2 | (hi >>> 24 & 3));
        int g1 = ext4(hi >>> 20 & 15);
        int b1 = ext4(hi >>> 16 & 15);
        int r2 = ext4(hi >>> 12 & 15);
        int g2 = ext4(hi >>> 8 & 15);
        int b2 = ext4(hi >>> 4 & 15);
        int d = DIST[(hi >>> 2 & 3) << 1 | (hi & 1)];
        int[] pr = {r1, clamp(r2 + d), r2, clamp(r2 - d)};
        int[] pg = {g1, clamp(g2 + d), g2, clamp(g2 - d)};
        int[] pb = {b1, clamp(b2 + d), b2, clamp(b2 - d)};
        paint(idx, pr, pg, pb, out, o, stride);
    }

    private static void hMode(int hi, int idx, byte[] out, int o, int stride) {
        int r1 = hi >>> 27 & 15;
        int g1 = (hi >>> 24 & 7) << 1 | (hi >>> 20 & 1);
        int b1 = (hi >>> 19 & 1) << 3 | (hi >>> 15 & 7);
        int r2 = hi >>> 11 & 15;
        int g2 = hi >>> 7 & 15;
        int b2 = hi >>> 3 & 15;
        int c1 = r1 << 8 | g1 << 4 | b1, c2 = r2 << 8 | g2 << 4 | b2;
        int d = DIST[(hi >>> 2 & 1) << 2 | (hi & 1) << 1 | (c1 >= c2 ? 1 : 0)];
        r1 = ext4(r1);
        g1 = ext4(g1);
        b1 = ext4(b1);
        r2 = ext4(r2);
        g2 = ext4(g2);
        b2 = ext4(b2);
        int[] pr = {clamp(r1 + d), clamp(r1 - d), clamp(r2 + d), clamp(r2 - d)};
        int[] pg = {clamp(g1 + d), clamp(g1 - d), clamp(g2 + d), clamp(g2 - d)};
        int[] pb = {clamp(b1 + d), clamp(b1 - d), clamp(b2 + d), clamp(b2 - d)};
        paint(idx, pr, pg, pb, out, o, stride);
    }

    private static int bits(long w, int hiBit, int n) {
        return (int) (w >>> (hiBit - n + 1)) & ((1 << n) - 1);
    }

    private static void planar(long w, byte[] out, int o, int stride) {
        int ro = bits(w, 62, 6);
        int go = bits(w, 56, 1) << 6 | bits(w, 54, 6);
        int bo = bits(w, 48, 1) << 5 | bits(w, 44, 2) << 3 | bits(w, 41, 3);
        int rh = bits(w, 38, 5) << 1 | bits(w, 32, 1);
        int gh = bits(w, 31, 7);
        int bh = bits(w, 24, 6);
        int rv = bits(w, 18, 6);
        int gv = bits(w, 12, 7);
        int bv = bits(w, 5, 6);
        ro = ro << 2 | ro >> 4;
        rh = rh << 2 | rh >> 4;
        rv = rv << 2 | rv >> 4;
        bo = bo << 2 | bo >> 4;
        bh = bh << 2 | bh >> 4;
        bv = bv << 2 | bv >> 4;
        go = go << 1 | go >> 6;
        gh = gh << 1 | gh >> 6;
        gv = gv << 1 | gv >> 6;
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                put(out, o, stride, x, y,
                        clamp((x * (rh - ro) + y * (rv - ro) + 4 * ro + 2) >> 2),
                        clamp((x * (gh - go) + y * (gv - go) + 4 * go + 2) >> 2),
                        clamp((x * (bh - bo) + y * (bv - bo) + 4 * bo + 2) >> 2));
            }
        }
    }

    /** An 8-bit EAC block (the alpha of ETC2 RGBA) written to channel {@code ch}. */
    static void eac8(byte[] src, int so, byte[] out, int o, int stride, int ch) {
        long w = be64(src, so);
        int base = (int) (w >>> 56) & 0xFF;
        int mult = (int) (w >>> 52) & 15;
        int[] t = EAC_MOD[(int) (w >>> 48) & 15];
        for (int i = 0; i < 16; i++) {
            int sel = (int) (w >>> (45 - 3 * i)) & 7;
            int x = i >> 2, y = i & 3;
            out[o + y * stride + x * 4 + ch] = (byte) clamp(base + t[sel] * mult);
        }
    }

    /** An unsigned 11-bit EAC block (R11 / each half of RG11) written to channel {@code ch} as 8 bits. */
    static void eac11(byte[] src, int so, byte[] out, int o, int stride, int ch) {
        long w = be64(src, so);
        int base = (int) (w >>> 56) & 0xFF;
        int mult = (int) (w >>> 52) & 15;
        int[] t = EAC_MOD[(int) (w >>> 48) & 15];
        for (int i = 0; i < 16; i++) {
            int sel = (int) (w >>> (45 - 3 * i)) & 7;
            int v = base * 8 + 4 + (mult == 0 ? t[sel] : t[sel] * mult * 8);
            v = v < 0 ? 0 : v > 2047 ? 2047 : v;
            int x = i >> 2, y = i & 3;
            out[o + y * stride + x * 4 + ch] = (byte) ((v * 255 + 1023) / 2047);
        }
    }

    static void etc2Rgba(byte[] src, int so, byte[] out, int o, int stride) {
        etc2Rgb(src, so + 8, out, o, stride, true);
        eac8(src, so, out, o, stride, 3);
    }

    static void r11(byte[] src, int so, byte[] out, int o, int stride) {
        eac11(src, so, out, o, stride, 0);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                int p = o + y * stride + x * 4;
                out[p + 1] = out[p];
                out[p + 2] = out[p];
                out[p + 3] = (byte) 255;
            }
        }
    }

    static void rg11(byte[] src, int so, byte[] out, int o, int stride, boolean reconstructZ) {
        eac11(src, so, out, o, stride, 0);
        eac11(src, so + 8, out, o, stride, 1);
        for (int y = 0; y < 4; y++) {
            for (int x = 0; x < 4; x++) {
                int p = o + y * stride + x * 4;
                out[p + 2] = reconstructZ ? BcBlocks.Z_TABLE[(out[p] & 0xFF) << 8 | (out[p + 1] & 0xFF)] : 0;
                out[p + 3] = (byte) 255;
            }
        }
    }
}
