package io.uassetd.codecs.texture;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * BC6H block decoder (ARB_texture_compression_bptc, BPTC_FLOAT), unsigned (UF16) or signed (SF16), to
 * float RGBA with alpha 1. The bit layout of each mode is built from the specification's format strings
 * (Table.F), which list where each bit of each endpoint component lives. One instance per thread.
 */
final class Bc6hDecoder implements TextureDecoder.BlockF {
    /** Per mode number (0..31): transformed, partition bits, endpoint bits, delta bits R/G/B; null = reserved. */
    static final int[][] MODE = new int[32][];
    /** Per mode number: for each header bit after the mode bits, field (endpoint*3+channel) << 8 | bit; -1 = skip. */
    static final int[][] LAYOUT = new int[32][];
    /** Bits taken by the mode number (2 or 5). */
    static final int[] MODE_BITS = new int[32];

    static {
        define(0, 1, 5, 10, 5, 5, 5, "m[1:0],g2[4],b2[4],b3[4],r0[9:0],g0[9:0],b0[9:0],r1[4:0],g3[4],g2[3:0],"
                + "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]");
        define(1, 1, 5, 7, 6, 6, 6, "m[1:0],g2[5],g3[4],g3[5],r0[6:0],b3[0],b3[1],b2[4],g0[6:0],b2[5],b3[2],"
                + "g2[4],b0[6:0],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]");
        define(2, 1, 5, 11, 5, 4, 4, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[4:0],r0[10],g2[3:0],g1[3:0],g0[10],"
                + "b3[0],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]");
        define(6, 1, 5, 11, 4, 5, 4, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],g3[4],g2[3:0],g1[4:0],"
                + "g0[10],g3[3:0],b1[3:0],b0[10],b3[1],b2[3:0],r2[3:0],b3[0],b3[2],r3[3:0],g2[4],b3[3]");
        define(10, 1, 5, 11, 4, 4, 5, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10],b2[4],g2[3:0],g1[3:0],"
                + "g0[10],b3[0],g3[3:0],b1[4:0],b0[10],b2[3:0],r2[3:0],b3[1],b3[2],r3[3:0],b3[4],b3[3]");
        define(14, 1, 5, 9, 5, 5, 5, "m[4:0],r0[8:0],b2[4],g0[8:0],g2[4],b0[8:0],b3[4],r1[4:0],g3[4],g2[3:0],"
                + "g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]");
        define(18, 1, 5, 8, 6, 5, 5, "m[4:0],r0[7:0],g3[4],b2[4],g0[7:0],b3[2],g2[4],b0[7:0],b3[3],b3[4],"
                + "r1[5:0],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[5:0],r3[5:0]");
        define(22, 1, 5, 8, 5, 6, 5, "m[4:0],r0[7:0],b3[0],b2[4],g0[7:0],g2[5],g2[4],b0[7:0],g3[5],b3[4],"
                + "r1[4:0],g3[4],g2[3:0],g1[5:0],g3[3:0],b1[4:0],b3[1],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]");
        define(26, 1, 5, 8, 5, 5, 6, "m[4:0],r0[7:0],b3[1],b2[4],g0[7:0],b2[5],g2[4],b0[7:0],b3[5],b3[4],"
                + "r1[4:0],g3[4],g2[3:0],g1[4:0],b3[0],g3[3:0],b1[5:0],b2[3:0],r2[4:0],b3[2],r3[4:0],b3[3]");
        define(30, 0, 5, 6, 6, 6, 6, "m[4:0],r0[5:0],g3[4],b3[0],b3[1],b2[4],g0[5:0],g2[5],b2[5],b3[2],"
                + "g2[4],b0[5:0],g3[5],b3[3],b3[5],b3[4],r1[5:0],g2[3:0],g1[5:0],g3[3:0],b1[5:0],b2[3:0],r2[5:0],r3[5:0]");
        define(3, 0, 0, 10, 10, 10, 10, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[9:0],g1[9:0],b1[9:0]");
        define(7, 1, 0, 11, 9, 9, 9, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[8:0],r0[10],g1[8:0],g0[10],b1[8:0],b0[10]");
        define(11, 1, 0, 12, 8, 8, 8, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[7:0],r0[10:11],g1[7:0],g0[10:11],b1[7:0],b0[10:11]");
        define(15, 1, 0, 16, 4, 4, 4, "m[4:0],r0[9:0],g0[9:0],b0[9:0],r1[3:0],r0[10:15],g1[3:0],g0[10:15],b1[3:0],b0[10:15]");
    }

    private static void define(int mn, int tr, int pb, int epb, int dr, int dg, int db, String format) {
        MODE[mn] = new int[] {tr, pb, epb, dr, dg, db};
        List<Integer> acts = new ArrayList<>();
        int modeBits = 0;
        for (String part : format.split(",")) {
            part = part.trim();
            char f = part.charAt(0);
            int br = part.indexOf('[');
            String range = part.substring(br + 1, part.length() - 1);
            int hi, lo;
            int colon = range.indexOf(':');
            if (colon < 0) {
                hi = lo = Integer.parseInt(range);
            } else {
                hi = Integer.parseInt(range.substring(0, colon));
                lo = Integer.parseInt(range.substring(colon + 1));
            }
            // the first bit read goes to position lo ... towards hi (reversed when hi < lo)
            int n = Math.abs(hi - lo) + 1;
            int step = hi >= lo ? 1 : -1;
            for (int k = 0, bit = lo; k < n; k++, bit += step) {
                if (f == 'm') {
                    modeBits++;
                    continue;
                }
                int e = br > 1 ? part.charAt(1) - '0' : 0;
                int c = f == 'r' ? 0 : f == 'g' ? 1 : 2;
                acts.add((e * 3 + c) << 8 | bit);
            }
        }
        int[] a = new int[acts.size()];
        for (int i = 0; i < a.length; i++) {
            a[i] = acts.get(i);
        }
        LAYOUT[mn] = a;
        MODE_BITS[mn] = modeBits;
    }

    private final boolean signed;
    private final Bptc.Bits bits = new Bptc.Bits();
    private final int[] e = new int[12];
    private final int[] idx = new int[16];

    Bc6hDecoder(boolean signed) {
        this.signed = signed;
    }

    @Override
    public void decode(byte[] src, int so, float[] out, int o, int stride) {
        Bptc.Bits b = bits;
        b.load(src, so);
        int low2 = (int) (b.lo & 3);
        int mn = low2 < 2 ? low2 : (int) (b.lo & 31);
        int[] mode = MODE[mn];
        if (mode == null) {
            for (int y = 0; y < 4; y++) {
                for (int x = 0; x < 4; x++) {
                    int p = o + y * stride + x * 4;
                    out[p] = out[p + 1] = out[p + 2] = 0f;
                    out[p + 3] = 1f;
                }
            }
            return;
        }
        Arrays.fill(e, 0);
        int[] layout = LAYOUT[mn];
        long lo = b.lo, hi = b.hi;
        int bp = MODE_BITS[mn];
        for (int k = 0; k < layout.length; k++, bp++) {
            int a = layout[k];
            int bit = (int) ((bp < 64 ? lo >>> bp : hi >>> (bp - 64)) & 1);
            e[a >> 8] |= bit << (a & 0xFF);
        }
        b.pos = bp;
        boolean tr = mode[0] != 0;
        boolean two = mode[1] != 0;
        int partition = b.read(mode[1]);
        int epb = mode[2];
        int ne = two ? 4 : 2;
        // sign extension and transform
        for (int c = 0; c < 3; c++) {
            if (signed) {
                e[c] = sext(e[c], epb);
            }
            int db = tr ? mode[3 + c] : epb;
            for (int k = 1; k < ne; k++) {
                int v = e[k * 3 + c];
                if (signed || tr) {
                    v = sext(v, db);
                }
                if (tr) {
                    v = (e[c] + v) & ((1 << epb) - 1);
                    if (signed) {
                        v = sext(v, epb);
                    }
                }
                e[k * 3 + c] = v;
            }
        }
        for (int k = 0; k < ne * 3; k++) {
            e[k] = unquantize(e[k], epb);
        }
        int ib = two ? 3 : 4;
        int a1 = two ? Bptc.A2[partition] : -1;
        for (int t = 0; t < 16; t++) {
            idx[t] = b.read(t == 0 || t == a1 ? ib - 1 : ib);
        }
        int[] w = Bptc.weights(ib);
        for (int t = 0; t < 16; t++) {
            int s = two ? Bptc.subset(Bptc.P2, partition, t) : 0;
            int wt = w[idx[t]];
            int p = o + (t >> 2) * stride + (t & 3) * 4;
            for (int c = 0; c < 3; c++) {
                int v0 = e[s * 6 + c], v1 = e[s * 6 + 3 + c];
                int v = (v0 * (64 - wt) + v1 * wt + 32) >> 6;
                out[p + c] = Half.toFloat(finish(v));
            }
            out[p + 3] = 1f;
        }
    }

    private static int sext(int v, int bits) {
        return v << (32 - bits) >> (32 - bits);
    }

    private int unquantize(int x, int epb) {
        if (!signed) {
            if (epb >= 15) {
                return x;
            }
            if (x == 0) {
                return 0;
            }
            if (x == (1 << epb) - 1) {
                return 0xFFFF;
            }
            return ((x << 15) + 0x4000) >> (epb - 1);
        }
        if (epb >= 16) {
            return x;
        }
        boolean neg = x < 0;
        if (neg) {
            x = -x;
        }
        int u;
        if (x == 0) {
            u = 0;
        } else if (x >= (1 << (epb - 1)) - 1) {
            u = 0x7FFF;
        } else {
            u = ((x << 15) + 0x4000) >> (epb - 1);
        }
        return neg ? -u : u;
    }

    private int finish(int v) {
        if (!signed) {
            return (v * 31) >> 6;
        }
        return v < 0 ? (((-v) * 31) >> 5) | 0x8000 : (v * 31) >> 5;
    }
}
