package io.uassetd.codecs.texture;

import java.util.Arrays;

/**
 * BC7 block encoder searching several modes and partitions. For each candidate it fits every subset's
 * endpoints along the principal axis of its colours, quantizes them (trying every P-bit choice), picks each
 * texel's index with the decoder's own palette, refines the endpoints by least squares on those indices,
 * and keeps the candidate with the smallest squared RGBA error. Opaque blocks try modes 6, 1, 3, 0 and 2
 * (two- and three-subset partitions ranked by how well one line fits each subset); blocks with alpha try
 * modes 6, 5 (colour and alpha on separate index sets) and 7. {@link EncodeOptions.Quality} sets how many
 * partitions are tried and the refinement passes. One instance per thread.
 */
final class Bc7Encoder {
    static final boolean AVAILABLE = true;

    private final int topPartitions;
    private final int top3Partitions;
    private final int refine;

    // candidate state
    private final int[] px = new int[64];
    private final int[] subsetOf = new int[16];
    private final int[] qe = new int[3 * 2 * 4];   // quantized endpoints (without p-bit) [subset][end][ch]
    private final int[] pb = new int[6];          // p-bits per endpoint (subset*2+end)
    private final int[] idx = new int[16];
    private final int[] idx2 = new int[16];
    private final int[] bestBits = new int[4];
    private long bestErr;
    // scratch for one subset fit
    private final int[] tq = new int[8];
    private final int[] tp = new int[2];
    private final int[] tIdx = new int[16];
    private final int[] pal = new int[16 * 4];
    private final double[] fe = new double[8];
    private final long[] partErr = new long[64];
    private final int[] order = new int[64];
    private final byte[] cand = new byte[16];
    private final Bc7Decoder check = new Bc7Decoder();

    Bc7Encoder(EncodeOptions opt) {
        switch (opt.quality()) {
            case FAST:
                topPartitions = 1;
                top3Partitions = 0;
                refine = 1;
                break;
            case BEST:
                topPartitions = 64;
                top3Partitions = 16;
                refine = 3;
                break;
            default:
                topPartitions = 8;
                top3Partitions = 4;
                refine = 1;
        }
    }

    /** Encodes 16 RGBA pixels (ints 0..255, row-major) to a BC7 block at out[o..o+16]. */
    void encode(int[] in, byte[] out, int o) {
        System.arraycopy(in, 0, px, 0, 64);
        boolean opaque = true;
        for (int i = 0; i < 16; i++) {
            if (px[i * 4 + 3] != 255) {
                opaque = false;
                break;
            }
        }
        bestErr = Long.MAX_VALUE;
        tryMode(6, 0, 0, out, o);
        if (bestErr == 0) {
            return;
        }
        if (opaque) {
            rankPartitions(Bptc.P2, 2, 64, 3);
            for (int k = 0; k < topPartitions && bestErr > 0; k++) {
                tryMode(1, order[k], 0, out, o);
                tryMode(3, order[k], 0, out, o);
            }
            if (top3Partitions > 0 && bestErr > 0) {
                rankPartitions(Bptc.P3, 3, 16, 3);
                for (int k = 0; k < top3Partitions && bestErr > 0; k++) {
                    tryMode(0, order[k], 0, out, o);
                }
                rankPartitions(Bptc.P3, 3, 64, 3);
                for (int k = 0; k < top3Partitions && bestErr > 0; k++) {
                    tryMode(2, order[k], 0, out, o);
                }
            }
        } else {
            for (int rot = 0; rot < (topPartitions >= 6 ? 4 : 1) && bestErr > 0; rot++) {
                tryMode(5, 0, rot, out, o);
            }
            rankPartitions(Bptc.P2, 2, 64, 4);
            for (int k = 0; k < topPartitions && bestErr > 0; k++) {
                tryMode(7, order[k], 0, out, o);
            }
        }
    }

    private final double[] acc = new double[3 * 15];
    private final double[] cov = new double[16];
    private final double[] vec = new double[4];
    private final double[] nvec = new double[4];

    /** Orders the first {@code n} partitions of {@code table} by the error of a one-line fit per subset. */
    private void rankPartitions(int[] table, int subsets, int n, int channels) {
        for (int p = 0; p < n; p++) {
            Arrays.fill(acc, 0, subsets * 15, 0);
            int part = table[p];
            for (int t = 0; t < 16; t++) {
                int b = (part >>> (2 * t) & 3) * 15;
                int r = px[t * 4], g = px[t * 4 + 1], bl = px[t * 4 + 2], a = px[t * 4 + 3];
                acc[b] += 1;
                acc[b + 1] += r;
                acc[b + 2] += g;
                acc[b + 3] += bl;
                acc[b + 4] += a;
                acc[b + 5] += r * r;
                acc[b + 6] += r * g;
                acc[b + 7] += r * bl;
                acc[b + 8] += r * a;
                acc[b + 9] += g * g;
                acc[b + 10] += g * bl;
                acc[b + 11] += g * a;
                acc[b + 12] += bl * bl;
                acc[b + 13] += bl * a;
                acc[b + 14] += a * a;
            }
            double err = 0;
            for (int sub = 0; sub < subsets; sub++) {
                err += lineError(sub * 15, channels);
            }
            partErr[p] = (long) err;
            order[p] = p;
        }
        // insertion sort by error (n <= 64)
        for (int i = 1; i < n; i++) {
            int v = order[i];
            int j = i - 1;
            while (j >= 0 && partErr[order[j]] > partErr[v]) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = v;
        }
    }

    /** Sum of squared distances of a subset's colours from their best line, from accumulated moments. */
    private double lineError(int b, int ch) {
        double n = acc[b];
        if (n <= 1) {
            return 0;
        }
        double[] m = {acc[b + 1] / n, acc[b + 2] / n, acc[b + 3] / n, acc[b + 4] / n};
        int[] q = {5, 6, 7, 8, 6, 9, 10, 11, 7, 10, 12, 13, 8, 11, 13, 14};
        double total = 0;
        for (int i = 0; i < ch; i++) {
            for (int j = 0; j < ch; j++) {
                cov[i * 4 + j] = acc[b + q[i * 4 + j]] - n * m[i] * m[j];
            }
            total += cov[i * 5];
        }
        for (int i = 0; i < ch; i++) {
            vec[i] = 1;
        }
        double lambda = 0;
        for (int it = 0; it < 6; it++) {
            double len = 0;
            for (int i = 0; i < ch; i++) {
                double v = 0;
                for (int j = 0; j < ch; j++) {
                    v += cov[i * 4 + j] * vec[j];
                }
                nvec[i] = v;
                len += v * v;
            }
            len = Math.sqrt(len);
            if (len < 1e-12) {
                return Math.max(0, total);
            }
            for (int i = 0; i < ch; i++) {
                vec[i] = nvec[i] / len;
            }
            lambda = len;
        }
        return Math.max(0, total - lambda);
    }

    // ---- one mode / partition candidate ----

    private void tryMode(int mode, int partition, int rotation, byte[] out, int o) {
        int ns = Bc7Decoder.NS[mode];
        int[] table = ns == 2 ? Bptc.P2 : ns == 3 ? Bptc.P3 : null;
        for (int t = 0; t < 16; t++) {
            subsetOf[t] = table == null ? 0 : Bptc.subset(table, partition, t);
        }
        // rotation: swap alpha with a colour channel before fitting (mode 4/5 only)
        if (rotation != 0) {
            for (int t = 0; t < 16; t++) {
                int c = rotation - 1;
                int tmp = px[t * 4 + 3];
                px[t * 4 + 3] = px[t * 4 + c];
                px[t * 4 + c] = tmp;
            }
        }
        long err = 0;
        boolean separateAlpha = mode == 4 || mode == 5;
        for (int s = 0; s < ns; s++) {
            err += fitSubset(mode, s, separateAlpha ? 3 : 4, false);
            if (separateAlpha) {
                err += fitSubset(mode, s, 1, true);
            }
        }
        if (rotation != 0) {
            for (int t = 0; t < 16; t++) {
                int c = rotation - 1;
                int tmp = px[t * 4 + 3];
                px[t * 4 + 3] = px[t * 4 + c];
                px[t * 4 + c] = tmp;
            }
        }
        if (err < bestErr) {
            pack(mode, partition, rotation, cand);
            // measure exactly with the decoder (covers anchor swaps and rotation)
            long exact = exactError(cand);
            if (exact < bestErr) {
                bestErr = exact;
                System.arraycopy(cand, 0, out, o, 16);
            }
        }
    }

    private final byte[] dec = new byte[64];

    private long exactError(byte[] block) {
        check.decode(block, 0, dec, 0, 16);
        long e = 0;
        for (int i = 0; i < 64; i++) {
            int d = (dec[i] & 0xFF) - px[i];
            e += d * d;
        }
        return e;
    }

    private static int expand(int v, int bits) {
        int x = v << (8 - bits);
        return x | x >> bits;
    }

    /** Quantizes an 8-bit target to cb bits with p-bit p (-1 = none); returns the cb-bit value. */
    private static int quant(double v, int cb, int p) {
        int n = p < 0 ? cb : cb + 1;
        int max = (1 << n) - 1;
        int best = 0, bestD = Integer.MAX_VALUE;
        int guess = (int) Math.round(v * max / 255.0);
        for (int g = guess - 2; g <= guess + 2; g++) {
            int q = p < 0 ? g : g >> 1;
            if (p >= 0 && (g & 1) != p) {
                continue;
            }
            if (q < 0 || q > (1 << cb) - 1) {
                continue;
            }
            int e = expand(p < 0 ? q : q << 1 | p, n);
            int d = (int) Math.abs(e - v);
            if (d < bestD) {
                bestD = d;
                best = q;
            }
        }
        return best;
    }

    /**
     * Fits subset {@code s} of the current candidate: channels 0..ch-1 (colour or RGBA), or the alpha
     * channel alone when {@code alphaOnly}. Writes quantized endpoints, p-bits and indices; returns the
     * squared error of the fitted channels.
     */
    private long fitSubset(int mode, int s, int ch, boolean alphaOnly) {
        int c0 = alphaOnly ? 3 : 0;
        int c1 = alphaOnly ? 4 : ch;
        int bits = alphaOnly ? Bc7Decoder.AB[mode] : Bc7Decoder.CB[mode];
        int abits = Bc7Decoder.AB[mode];
        boolean epb = Bc7Decoder.EPB[mode] != 0, spb = Bc7Decoder.SPB[mode] != 0;
        int ib;
        if (mode == 4 || mode == 5) {
            ib = alphaOnly ? Bc7Decoder.IB2[mode] : Bc7Decoder.IB[mode];
        } else {
            ib = Bc7Decoder.IB[mode];
        }
        int[] w = Bptc.weights(ib);
        int nIdx = 1 << ib;
        // principal axis and extremes
        double[] mean = new double[4];
        int n = 0;
        for (int t = 0; t < 16; t++) {
            if (subsetOf[t] != s) {
                continue;
            }
            for (int c = c0; c < c1; c++) {
                mean[c] += px[t * 4 + c];
            }
            n++;
        }
        if (n == 0) {
            return 0;
        }
        for (int c = c0; c < c1; c++) {
            mean[c] /= n;
        }
        double[] axis = new double[4];
        if (c1 - c0 == 1) {
            axis[c0] = 1;
        } else {
            double[] cov = new double[16];
            for (int t = 0; t < 16; t++) {
                if (subsetOf[t] != s) {
                    continue;
                }
                for (int a = c0; a < c1; a++) {
                    double da = px[t * 4 + a] - mean[a];
                    for (int b = c0; b < c1; b++) {
                        cov[a * 4 + b] += da * (px[t * 4 + b] - mean[b]);
                    }
                }
            }
            for (int a = c0; a < c1; a++) {
                axis[a] = 1;
            }
            for (int it = 0; it < 8; it++) {
                double[] nv = new double[4];
                for (int a = c0; a < c1; a++) {
                    for (int b = c0; b < c1; b++) {
                        nv[a] += cov[a * 4 + b] * axis[b];
                    }
                }
                double len = 0;
                for (int a = c0; a < c1; a++) {
                    len += nv[a] * nv[a];
                }
                len = Math.sqrt(len);
                if (len < 1e-9) {
                    break;
                }
                for (int a = c0; a < c1; a++) {
                    axis[a] = nv[a] / len;
                }
            }
        }
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (int t = 0; t < 16; t++) {
            if (subsetOf[t] != s) {
                continue;
            }
            double p = 0;
            for (int c = c0; c < c1; c++) {
                p += (px[t * 4 + c] - mean[c]) * axis[c];
            }
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        for (int c = c0; c < c1; c++) {
            fe[c] = clamp255(mean[c] + axis[c] * lo);
            fe[4 + c] = clamp255(mean[c] + axis[c] * hi);
        }
        long bestE = Long.MAX_VALUE;
        for (int pass = 0; pass <= refine; pass++) {
            int pCombos = epb ? 4 : spb ? 2 : 1;
            long passBest = Long.MAX_VALUE;
            for (int pc = 0; pc < pCombos; pc++) {
                int p0 = epb ? pc & 1 : spb ? pc : -1;
                int p1 = epb ? pc >> 1 : spb ? pc : -1;
                for (int c = c0; c < c1; c++) {
                    int cb = c == 3 && !alphaOnly && abits > 0 ? abits : bits;
                    tq[c] = quant(fe[c], cb, p0);
                    tq[4 + c] = quant(fe[4 + c], cb, p1);
                }
                tp[0] = p0;
                tp[1] = p1;
                long e = assign(s, c0, c1, bits, abits, alphaOnly, p0, p1, w, nIdx);
                if (e < passBest) {
                    passBest = e;
                }
                if (e < bestE) {
                    bestE = e;
                    for (int c = c0; c < c1; c++) {
                        qe[(s * 2) * 4 + c] = tq[c];
                        qe[(s * 2 + 1) * 4 + c] = tq[4 + c];
                    }
                    if (!alphaOnly) {
                        pb[s * 2] = Math.max(0, p0);
                        pb[s * 2 + 1] = Math.max(0, p1);
                    }
                    int[] dst = alphaOnly ? idx2 : idx;
                    for (int t = 0; t < 16; t++) {
                        if (subsetOf[t] == s) {
                            dst[t] = tIdx[t];
                        }
                    }
                }
            }
            if (pass == refine || bestE == 0) {
                break;
            }
            // least squares on the best indices so far
            int[] src = alphaOnly ? idx2 : idx;
            double aa = 0, ab = 0, bb = 0;
            double[] ax = new double[4], bx = new double[4];
            for (int t = 0; t < 16; t++) {
                if (subsetOf[t] != s) {
                    continue;
                }
                double f = w[src[t]] / 64.0, g = 1 - f;
                aa += g * g;
                ab += g * f;
                bb += f * f;
                for (int c = c0; c < c1; c++) {
                    ax[c] += g * px[t * 4 + c];
                    bx[c] += f * px[t * 4 + c];
                }
            }
            double det = aa * bb - ab * ab;
            if (Math.abs(det) < 1e-9) {
                break;
            }
            for (int c = c0; c < c1; c++) {
                fe[c] = clamp255((bb * ax[c] - ab * bx[c]) / det);
                fe[4 + c] = clamp255((aa * bx[c] - ab * ax[c]) / det);
            }
        }
        return bestE;
    }

    private static double clamp255(double v) {
        return v < 0 ? 0 : v > 255 ? 255 : v;
    }

    /** Builds the palette for the trial endpoints in tq/p0/p1 and assigns each texel its best index. */
    private long assign(int s, int c0, int c1, int bits, int abits, boolean alphaOnly, int p0, int p1, int[] w, int nIdx) {
        int[] e0 = new int[4], e1 = new int[4];
        for (int c = c0; c < c1; c++) {
            int cb = c == 3 && !alphaOnly && abits > 0 ? abits : bits;
            int n0 = p0 < 0 ? cb : cb + 1;
            e0[c] = expand(p0 < 0 ? tq[c] : tq[c] << 1 | p0, n0);
            e1[c] = expand(p1 < 0 ? tq[4 + c] : tq[4 + c] << 1 | p1, n0);
        }
        for (int k = 0; k < nIdx; k++) {
            for (int c = c0; c < c1; c++) {
                pal[k * 4 + c] = (e0[c] * (64 - w[k]) + e1[c] * w[k] + 32) >> 6;
            }
        }
        long total = 0;
        for (int t = 0; t < 16; t++) {
            if (subsetOf[t] != s) {
                continue;
            }
            int best = 0, bestE = Integer.MAX_VALUE;
            for (int k = 0; k < nIdx; k++) {
                int e = 0;
                for (int c = c0; c < c1; c++) {
                    int d = pal[k * 4 + c] - px[t * 4 + c];
                    e += d * d;
                }
                if (e < bestE) {
                    bestE = e;
                    best = k;
                }
            }
            tIdx[t] = best;
            total += bestE;
        }
        return total;
    }

    // ---- bit packing ----

    private long lo;
    private long hi;
    private int pos;

    private void put(int v, int n) {
        for (int i = 0; i < n; i++, pos++) {
            long bit = (v >> i) & 1L;
            if (pos < 64) {
                lo |= bit << pos;
            } else {
                hi |= bit << (pos - 64);
            }
        }
    }

    private void pack(int mode, int partition, int rotation, byte[] block) {
        int ns = Bc7Decoder.NS[mode];
        int cb = Bc7Decoder.CB[mode], ab = Bc7Decoder.AB[mode];
        int ib = Bc7Decoder.IB[mode], ib2 = Bc7Decoder.IB2[mode];
        int a1 = ns == 2 ? Bptc.A2[partition] : ns == 3 ? Bptc.A3A[partition] : -1;
        int a2 = ns == 3 ? Bptc.A3B[partition] : -1;
        // anchor fix-up: the anchor texel of each subset must have its index MSB clear
        for (int s = 0; s < ns; s++) {
            int anchor = s == 0 ? 0 : s == 1 ? a1 : a2;
            if ((idx[anchor] >> (ib - 1) & 1) != 0) {
                swapEndpoints(s, mode == 4 || mode == 5 ? 3 : 4);
                int max = (1 << ib) - 1;
                for (int t = 0; t < 16; t++) {
                    if (subsetOf[t] == s) {
                        idx[t] = max - idx[t];
                    }
                }
            }
        }
        if (ib2 > 0 && (idx2[0] >> (ib2 - 1) & 1) != 0) {
            int tmp = qe[3];
            qe[3] = qe[4 + 3];
            qe[4 + 3] = tmp;
            int max = (1 << ib2) - 1;
            for (int t = 0; t < 16; t++) {
                idx2[t] = max - idx2[t];
            }
        }
        lo = 0;
        hi = 0;
        pos = 0;
        put(1 << mode, mode + 1);
        put(partition, Bc7Decoder.PB[mode]);
        put(rotation, Bc7Decoder.RB[mode]);
        put(0, Bc7Decoder.ISB[mode]);
        for (int c = 0; c < 3; c++) {
            for (int e = 0; e < ns * 2; e++) {
                put(qe[e * 4 + c], cb);
            }
        }
        if (ab > 0) {
            for (int e = 0; e < ns * 2; e++) {
                put(qe[e * 4 + 3], ab);
            }
        }
        if (Bc7Decoder.EPB[mode] != 0) {
            for (int e = 0; e < ns * 2; e++) {
                put(pb[e], 1);
            }
        } else if (Bc7Decoder.SPB[mode] != 0) {
            for (int s = 0; s < ns; s++) {
                put(pb[s * 2], 1);
            }
        }
        for (int t = 0; t < 16; t++) {
            boolean anchor = t == 0 || t == a1 || t == a2;
            put(idx[t], anchor ? ib - 1 : ib);
        }
        if (ib2 > 0) {
            for (int t = 0; t < 16; t++) {
                put(idx2[t], t == 0 ? ib2 - 1 : ib2);
            }
        }
        for (int i = 0; i < 8; i++) {
            block[i] = (byte) (lo >>> (8 * i));
            block[8 + i] = (byte) (hi >>> (8 * i));
        }
    }

    private void swapEndpoints(int s, int channels) {
        for (int c = 0; c < channels; c++) {
            int a = (s * 2) * 4 + c, b = (s * 2 + 1) * 4 + c;
            int tmp = qe[a];
            qe[a] = qe[b];
            qe[b] = tmp;
        }
        int tmp = pb[s * 2];
        pb[s * 2] = pb[s * 2 + 1];
        pb[s * 2 + 1] = tmp;
    }
}
