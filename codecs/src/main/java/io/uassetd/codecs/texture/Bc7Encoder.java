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
    private final int rotations;

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
                rotations = 1;
                break;
            case BEST:
                topPartitions = 64;
                top3Partitions = 16;
                refine = 3;
                rotations = 4;
                break;
            default:
                topPartitions = 2;
                top3Partitions = 1;
                refine = 1;
                rotations = 4;
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
        moments();
        if (opaque) {
            rankPartitions(Bptc.P2, 2, 64, 3);
            for (int k = 0; k < topPartitions && bestErr > 0; k++) {
                tryMode(1, order[k], 0, out, o);
                tryMode(3, order[k], 0, out, o);
            }
            if (top3Partitions > 0 && bestErr > 0) {
                // one ranking of all 64 serves both: mode 0 has only the first 16 partitions
                rankPartitions(Bptc.P3, 3, 64, 3);
                for (int k = 0, tried = 0; k < 64 && tried < top3Partitions && bestErr > 0; k++) {
                    if (order[k] < 16) {
                        tryMode(0, order[k], 0, out, o);
                        tried++;
                    }
                }
                for (int k = 0; k < top3Partitions && bestErr > 0; k++) {
                    tryMode(2, order[k], 0, out, o);
                }
            }
        } else {
            for (int rot = 0; rot < rotations && bestErr > 0; rot++) {
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
    private final double[] lm = new double[4];
    private final int[] mom = new int[16 * 15];
    /** Moment slot of the product of channels i and j (see {@link #moments}); MEAN_SLOT of channel i. */
    private static final int[] Q = {4, 5, 6, 11, 5, 7, 8, 12, 6, 8, 9, 13, 11, 12, 13, 14};
    private static final int[] MEAN_SLOT = {1, 2, 3, 10};

    /** Per-texel moments (1, r, g, b, a and the ten products) summed per subset by {@link #rankPartitions}. */
    private void moments() {
        for (int t = 0; t < 16; t++) {
            int r = px[t * 4], g = px[t * 4 + 1], bl = px[t * 4 + 2], a = px[t * 4 + 3];
            int b = t * 15;
            // RGB moments first (10), then the alpha ones (5), so colour-only ranking adds 10 values
            mom[b] = 1;
            mom[b + 1] = r;
            mom[b + 2] = g;
            mom[b + 3] = bl;
            mom[b + 4] = r * r;
            mom[b + 5] = r * g;
            mom[b + 6] = r * bl;
            mom[b + 7] = g * g;
            mom[b + 8] = g * bl;
            mom[b + 9] = bl * bl;
            mom[b + 10] = a;
            mom[b + 11] = r * a;
            mom[b + 12] = g * a;
            mom[b + 13] = bl * a;
            mom[b + 14] = a * a;
        }
    }

    private final int[] iacc = new int[3 * 15];

    /** Orders the first {@code n} partitions of {@code table} by the error of a one-line fit per subset. */
    private void rankPartitions(int[] table, int subsets, int n, int channels) {
        int[] mom = this.mom;
        int[] ia = this.iacc;
        // whole-block sums; subset 0 = whole minus the others, so only texels of subsets 1 and 2 are added
        for (int k = 0; k < 15; k++) {
            int sum = 0;
            for (int t = 0; t < 16; t++) {
                sum += mom[t * 15 + k];
            }
            ia[k] = sum;
        }
        int nk = channels == 3 ? 10 : 15;
        for (int p = 0; p < n; p++) {
            Arrays.fill(ia, 15, subsets * 15, 0);
            int part = table[p];
            for (int t = 0; t < 16; t++) {
                int sub = part >>> (2 * t) & 3;
                if (sub != 0) {
                    int b = sub * 15;
                    int m = t * 15;
                    for (int k = 0; k < nk; k++) {
                        ia[b + k] += mom[m + k];
                    }
                }
            }
            double err = 0;
            for (int sub = 0; sub < subsets; sub++) {
                for (int k = 0; k < nk; k++) {
                    int v = ia[sub * 15 + k];
                    if (sub == 0) {
                        for (int o = 1; o < subsets; o++) {
                            v -= ia[o * 15 + k];
                        }
                    }
                    acc[sub * 15 + k] = v;
                }
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
        if (ch == 3) {
            return lineError3(b, n);
        }
        double[] m = lm;
        for (int i = 0; i < ch; i++) {
            m[i] = acc[b + MEAN_SLOT[i]] / n;
        }
        double total = 0;
        int start = 0;
        for (int i = 0; i < ch; i++) {
            for (int j = 0; j < ch; j++) {
                cov[i * 4 + j] = acc[b + Q[i * 4 + j]] - n * m[i] * m[j];
            }
            total += cov[i * 5];
            if (cov[i * 5] > cov[start * 5]) {
                start = i;
            }
        }
        // power iteration from the column of the widest channel
        for (int i = 0; i < ch; i++) {
            vec[i] = cov[i * 4 + start];
        }
        double lambda = 0;
        for (int it = 0; it < 4; it++) {
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
                return Math.max(0, total - lambda) + lambda * SPREAD;
            }
            double vl = 0;
            for (int i = 0; i < ch; i++) {
                vl += vec[i] * vec[i];
            }
            lambda = len / Math.sqrt(vl);
            for (int i = 0; i < ch; i++) {
                vec[i] = nvec[i] / len;
            }
        }
        return Math.max(0, total - lambda) + lambda * SPREAD;
    }

    /** {@link #lineError} for RGB with the 3x3 covariance in locals. */
    private double lineError3(int b, double n) {
        double[] acc = this.acc;
        double mr = acc[b + 1] / n, mg = acc[b + 2] / n, mb = acc[b + 3] / n;
        double rr = acc[b + 4] - n * mr * mr, rg = acc[b + 5] - n * mr * mg, rb = acc[b + 6] - n * mr * mb;
        double gg = acc[b + 7] - n * mg * mg, gb = acc[b + 8] - n * mg * mb, bb = acc[b + 9] - n * mb * mb;
        double total = rr + gg + bb;
        // power iteration from the column of the widest channel
        double x, y, z;
        if (rr >= gg && rr >= bb) {
            x = rr;
            y = rg;
            z = rb;
        } else if (gg >= bb) {
            x = rg;
            y = gg;
            z = gb;
        } else {
            x = rb;
            y = gb;
            z = bb;
        }
        double lambda = 0;
        for (int it = 0; it < 4; it++) {
            double nx = rr * x + rg * y + rb * z;
            double ny = rg * x + gg * y + gb * z;
            double nz = rb * x + gb * y + bb * z;
            double len2 = nx * nx + ny * ny + nz * nz;
            double vl2 = x * x + y * y + z * z;
            if (len2 < 1e-24 || vl2 < 1e-24) {
                break;
            }
            lambda = Math.sqrt(len2 / vl2);
            x = nx;
            y = ny;
            z = nz;
        }
        return Math.max(0, total - lambda) + lambda * SPREAD;
    }

    /**
     * Share of a subset's spread along its line added to the line-fit error when ranking partitions: the
     * interpolation error of a few index levels grows with the spread, so among partitions whose colours all
     * lie on lines (grey or two-colour blocks, where the line error alone ties) the tighter subsets win.
     */
    private static final double SPREAD = 0.04;

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
            err += fitSubset(mode, s, separateAlpha || Bc7Decoder.AB[mode] == 0 ? 3 : 4, false);
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

    /**
     * Best cb-bit value (with p-bit p, -1 = none) for each 8-bit target: QUANT[cb * 3 + p + 1][v], searching
     * every value for the one whose expansion is closest to v.
     */
    private static final int[][] QUANT = new int[9 * 3][];

    static {
        for (int cb = 1; cb <= 8; cb++) {
            for (int p = -1; p <= 1; p++) {
                int n = p < 0 ? cb : cb + 1;
                if (n > 8) {
                    continue;
                }
                int[] t = new int[256];
                for (int v = 0; v < 256; v++) {
                    int best = 0, bestD = Integer.MAX_VALUE;
                    for (int q = 0; q < 1 << cb; q++) {
                        int d = Math.abs(expand(p < 0 ? q : q << 1 | p, n) - v);
                        if (d < bestD) {
                            bestD = d;
                            best = q;
                        }
                    }
                    t[v] = best;
                }
                QUANT[cb * 3 + p + 1] = t;
            }
        }
    }

    /** Quantizes an 8-bit target to cb bits with p-bit p (-1 = none); returns the cb-bit value. */
    private static int quant(double v, int cb, int p) {
        int iv = (int) (v + 0.5);
        return QUANT[cb * 3 + p + 1][iv < 0 ? 0 : iv > 255 ? 255 : iv];
    }

    /** Nearest index of each weight 0..64, per index bit count (2, 3, 4). */
    private static final byte[][] NEAREST = new byte[5][65];

    static {
        for (int ib = 2; ib <= 4; ib++) {
            int[] w = Bptc.weights(ib);
            for (int v = 0; v <= 64; v++) {
                int best = 0;
                for (int k = 1; k < w.length; k++) {
                    if (Math.abs(w[k] - v) < Math.abs(w[best] - v)) {
                        best = k;
                    }
                }
                NEAREST[ib][v] = (byte) best;
            }
        }
    }

    // subset scratch (no per-block allocation)
    private final int[] mem = new int[16];
    private final double[] fMean = new double[4];
    private final double[] fAxis = new double[4];
    private final double[] fCov = new double[16];
    private final double[] fNv = new double[4];
    private final double[] lsA = new double[4];
    private final double[] lsB = new double[4];
    private final int[] e0 = new int[4];
    private final int[] e1 = new int[4];

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
        int[] px = this.px;
        int n = 0;
        for (int t = 0; t < 16; t++) {
            if (subsetOf[t] == s) {
                mem[n++] = t;
            }
        }
        if (n == 0) {
            return 0;
        }
        // principal axis and extremes
        double[] mean = fMean;
        double[] axis = fAxis;
        for (int c = c0; c < c1; c++) {
            double sum = 0;
            for (int i = 0; i < n; i++) {
                sum += px[mem[i] * 4 + c];
            }
            mean[c] = sum / n;
            axis[c] = 0;
        }
        if (c1 - c0 == 1) {
            axis[c0] = 1;
        } else {
            double[] cov = fCov;
            for (int a = c0; a < c1; a++) {
                for (int b = a; b < c1; b++) {
                    double sum = 0;
                    double ma = mean[a], mb = mean[b];
                    for (int i = 0; i < n; i++) {
                        int t = mem[i] * 4;
                        sum += (px[t + a] - ma) * (px[t + b] - mb);
                    }
                    cov[a * 4 + b] = sum;
                    cov[b * 4 + a] = sum;
                }
            }
            for (int a = c0; a < c1; a++) {
                axis[a] = 1;
            }
            double[] nv = fNv;
            for (int it = 0; it < 8; it++) {
                double len = 0;
                for (int a = c0; a < c1; a++) {
                    double v = 0;
                    for (int b = c0; b < c1; b++) {
                        v += cov[a * 4 + b] * axis[b];
                    }
                    nv[a] = v;
                    len += v * v;
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
        for (int i = 0; i < n; i++) {
            int t = mem[i] * 4;
            double p = 0;
            for (int c = c0; c < c1; c++) {
                p += (px[t + c] - mean[c]) * axis[c];
            }
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        for (int c = c0; c < c1; c++) {
            fe[c] = clamp255(mean[c] + axis[c] * lo);
            fe[4 + c] = clamp255(mean[c] + axis[c] * hi);
        }
        long bestE = Long.MAX_VALUE;
        int[] dst = alphaOnly ? idx2 : idx;
        for (int pass = 0; pass <= refine; pass++) {
            int pCombos = epb ? 4 : spb ? 2 : 1;
            for (int pc = 0; pc < pCombos; pc++) {
                int p0 = epb ? pc & 1 : spb ? pc : -1;
                int p1 = epb ? pc >> 1 : spb ? pc : -1;
                for (int c = c0; c < c1; c++) {
                    int cb = c == 3 && !alphaOnly && abits > 0 ? abits : bits;
                    tq[c] = quant(fe[c], cb, p0);
                    tq[4 + c] = quant(fe[4 + c], cb, p1);
                }
                long e = assign(n, c0, c1, bits, abits, alphaOnly, p0, p1, w, ib, bestE);
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
                    for (int i = 0; i < n; i++) {
                        dst[mem[i]] = tIdx[mem[i]];
                    }
                }
            }
            if (pass == refine || bestE == 0) {
                break;
            }
            // least squares on the best indices so far
            double aa = 0, ab = 0, bb = 0;
            double[] ax = lsA, bx = lsB;
            for (int c = c0; c < c1; c++) {
                ax[c] = 0;
                bx[c] = 0;
            }
            for (int i = 0; i < n; i++) {
                int t = mem[i];
                double f = w[dst[t]] / 64.0, g = 1 - f;
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

    /**
     * Builds the palette for the trial endpoints in tq/p0/p1 and assigns each member texel its best index:
     * the index nearest the texel's projection on the endpoint line and its neighbours are measured exactly
     * against the decoder's palette. Stops early (returning a value >= {@code limit}) once the error
     * reaches {@code limit}.
     */
    private long assign(int n, int c0, int c1, int bits, int abits, boolean alphaOnly, int p0, int p1, int[] w, int ib,
            long limit) {
        int[] e0 = this.e0, e1 = this.e1, pal = this.pal, px = this.px;
        int nIdx = 1 << ib;
        int dd = 0;
        for (int c = c0; c < c1; c++) {
            int cb = c == 3 && !alphaOnly && abits > 0 ? abits : bits;
            int n0 = p0 < 0 ? cb : cb + 1;
            e0[c] = expand(p0 < 0 ? tq[c] : tq[c] << 1 | p0, n0);
            e1[c] = expand(p1 < 0 ? tq[4 + c] : tq[4 + c] << 1 | p1, n0);
            int d = e1[c] - e0[c];
            dd += d * d;
        }
        for (int k = 0; k < nIdx; k++) {
            int wk = w[k], iw = 64 - wk;
            for (int c = c0; c < c1; c++) {
                pal[k * 4 + c] = (e0[c] * iw + e1[c] * wk + 32) >> 6;
            }
        }
        byte[] near = NEAREST[ib];
        if (c0 == 0) {
            return assignColour(n, c1 == 4, dd, near, nIdx, limit);
        }
        long total = 0;
        for (int i = 0; i < n; i++) {
            int t = mem[i];
            int tp4 = t * 4;
            int guess = 0;
            if (dd > 0) {
                int dot = 0;
                for (int c = c0; c < c1; c++) {
                    dot += (px[tp4 + c] - e0[c]) * (e1[c] - e0[c]);
                }
                int f = (dot * 64 + (dd >> 1)) / dd;
                guess = near[f < 0 ? 0 : f > 64 ? 64 : f];
            }
            int kLo = Math.max(0, guess - 1), kHi = Math.min(nIdx - 1, guess + 1);
            int best = guess, bestE = Integer.MAX_VALUE;
            for (int k = kLo; k <= kHi; k++) {
                int e = 0;
                int pk = k * 4;
                for (int c = c0; c < c1; c++) {
                    int d = pal[pk + c] - px[tp4 + c];
                    e += d * d;
                }
                if (e < bestE) {
                    bestE = e;
                    best = k;
                }
            }
            tIdx[t] = best;
            total += bestE;
            if (total >= limit) {
                return total;
            }
        }
        return total;
    }

    /** {@link #assign} for RGB or RGBA with the channels written out (the common case). */
    private long assignColour(int n, boolean four, int dd, byte[] near, int nIdx, long limit) {
        int[] pal = this.pal, px = this.px, mem = this.mem, tIdx = this.tIdx;
        int r0 = e0[0], g0 = e0[1], b0 = e0[2], a0 = four ? e0[3] : 0;
        int dr = e1[0] - r0, dg = e1[1] - g0, db = e1[2] - b0, da = four ? e1[3] - a0 : 0;
        if (!four) {
            for (int k = 0; k < nIdx; k++) {
                pal[k * 4 + 3] = 0;
            }
        }
        int half = dd >> 1;
        int last = nIdx - 1;
        long total = 0;
        for (int i = 0; i < n; i++) {
            int t = mem[i];
            int tp4 = t * 4;
            int pr = px[tp4], pg = px[tp4 + 1], pbl = px[tp4 + 2], pa = four ? px[tp4 + 3] : 0;
            int guess = 0;
            if (dd > 0) {
                int dot = (pr - r0) * dr + (pg - g0) * dg + (pbl - b0) * db + (pa - a0) * da;
                int f = (dot * 64 + half) / dd;
                guess = near[f < 0 ? 0 : f > 64 ? 64 : f];
            }
            int kLo = guess > 0 ? guess - 1 : 0, kHi = guess < last ? guess + 1 : last;
            int best = guess, bestE = Integer.MAX_VALUE;
            for (int k = kLo; k <= kHi; k++) {
                int pk = k * 4;
                int x = pal[pk] - pr, y = pal[pk + 1] - pg, z = pal[pk + 2] - pbl, q = pal[pk + 3] - pa;
                int e = x * x + y * y + z * z + q * q;
                if (e < bestE) {
                    bestE = e;
                    best = k;
                }
            }
            tIdx[t] = best;
            total += bestE;
            if (total >= limit) {
                return total;
            }
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
