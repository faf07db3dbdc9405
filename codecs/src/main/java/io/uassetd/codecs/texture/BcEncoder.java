package io.uassetd.codecs.texture;

/**
 * BC1 colour and BC4-style channel block encoders. Colour: principal axis of the block's colours,
 * endpoints at the extreme projections, then least-squares refinement of the endpoints for the chosen
 * indices (iterations by quality), every candidate scored with the decoder's own palette. Channel:
 * both the 8-value and the 6-value (+0/255) modes, endpoints refined by a local search. One instance
 * per thread.
 */
final class BcEncoder {
    private final int iterations;
    private final int channelRadius;
    private final int[] pal = new int[8];
    private final int[] idx = new int[16];
    private final int[] bestIdx = new int[16];
    private final byte[] cand = new byte[8];

    BcEncoder(EncodeOptions opt) {
        switch (opt.quality()) {
            case FAST:
                iterations = 0;
                channelRadius = 0;
                break;
            case BEST:
                iterations = 8;
                channelRadius = 4;
                break;
            default:
                iterations = 3;
                channelRadius = 1;
        }
    }

    static int to565(double r, double g, double b) {
        int ri = clamp((int) Math.round(r * 31 / 255.0), 31);
        int gi = clamp((int) Math.round(g * 63 / 255.0), 63);
        int bi = clamp((int) Math.round(b * 31 / 255.0), 31);
        return ri << 11 | gi << 5 | bi;
    }

    private static int clamp(int v, int max) {
        return v < 0 ? 0 : v > max ? max : v;
    }

    /** Encodes the RGB of 16 RGBA pixels (ints 0..255) as a BC1 colour block at out[o..o+8]. */
    void color(int[] px, byte[] out, int o, boolean punchAlpha) {
        boolean anyTransparent = false;
        if (punchAlpha) {
            for (int i = 0; i < 16; i++) {
                if (px[i * 4 + 3] < 128) {
                    anyTransparent = true;
                    break;
                }
            }
        }
        // principal axis
        double mr = 0, mg = 0, mb = 0;
        int n = 0;
        for (int i = 0; i < 16; i++) {
            if (anyTransparent && px[i * 4 + 3] < 128) {
                continue;
            }
            mr += px[i * 4];
            mg += px[i * 4 + 1];
            mb += px[i * 4 + 2];
            n++;
        }
        if (n == 0) {
            // fully transparent: 3-colour mode, all indices 3
            write(out, o, 0, 0, 0xFFFFFFFF);
            return;
        }
        mr /= n;
        mg /= n;
        mb /= n;
        double crr = 0, cgg = 0, cbb = 0, crg = 0, crb = 0, cgb = 0;
        for (int i = 0; i < 16; i++) {
            if (anyTransparent && px[i * 4 + 3] < 128) {
                continue;
            }
            double r = px[i * 4] - mr, g = px[i * 4 + 1] - mg, b = px[i * 4 + 2] - mb;
            crr += r * r;
            cgg += g * g;
            cbb += b * b;
            crg += r * g;
            crb += r * b;
            cgb += g * b;
        }
        double ar = 0.9, ag = 1.0, ab = 0.7;
        for (int it = 0; it < 8; it++) {
            double nr = crr * ar + crg * ag + crb * ab;
            double ng = crg * ar + cgg * ag + cgb * ab;
            double nb = crb * ar + cgb * ag + cbb * ab;
            double len = Math.max(Math.abs(nr), Math.max(Math.abs(ng), Math.abs(nb)));
            if (len < 1e-9) {
                break;
            }
            ar = nr / len;
            ag = ng / len;
            ab = nb / len;
        }
        double minP = Double.MAX_VALUE, maxP = -Double.MAX_VALUE;
        int minI = 0, maxI = 0;
        for (int i = 0; i < 16; i++) {
            if (anyTransparent && px[i * 4 + 3] < 128) {
                continue;
            }
            double p = (px[i * 4] - mr) * ar + (px[i * 4 + 1] - mg) * ag + (px[i * 4 + 2] - mb) * ab;
            if (p < minP) {
                minP = p;
                minI = i;
            }
            if (p > maxP) {
                maxP = p;
                maxI = i;
            }
        }
        int c0 = to565(px[maxI * 4], px[maxI * 4 + 1], px[maxI * 4 + 2]);
        int c1 = to565(px[minI * 4], px[minI * 4 + 1], px[minI * 4 + 2]);
        long bestErr = Long.MAX_VALUE;
        int best0 = 0, best1 = 0, bestBits = 0;
        for (int it = 0; it <= iterations; it++) {
            int e0 = c0, e1 = c1;
            if (anyTransparent) {
                if (e0 > e1) {
                    int t = e0;
                    e0 = e1;
                    e1 = t;
                }
            } else if (e0 < e1) {
                int t = e0;
                e0 = e1;
                e1 = t;
            }
            long err = evalColor(px, e0, e1, anyTransparent);
            int bits = 0;
            for (int i = 15; i >= 0; i--) {
                bits = bits << 2 | idx[i];
            }
            if (err < bestErr) {
                bestErr = err;
                best0 = e0;
                best1 = e1;
                bestBits = bits;
                System.arraycopy(idx, 0, bestIdx, 0, 16);
            }
            if (err == 0 || it == iterations) {
                break;
            }
            // least squares: x_i ~ w_i * A + (1 - w_i) * B, A = colour of index 0, B = colour of index 1
            double aa = 0, ab2 = 0, bb = 0;
            double[] ax = new double[3], bx = new double[3];
            boolean three = e0 <= e1;
            for (int i = 0; i < 16; i++) {
                if (anyTransparent && px[i * 4 + 3] < 128) {
                    continue;
                }
                int k = idx[i];
                double wgt = three ? (k == 0 ? 1 : k == 1 ? 0 : 0.5) : (k == 0 ? 1 : k == 1 ? 0 : k == 2 ? 2 / 3.0 : 1 / 3.0);
                double v = 1 - wgt;
                aa += wgt * wgt;
                ab2 += wgt * v;
                bb += v * v;
                for (int c = 0; c < 3; c++) {
                    ax[c] += wgt * px[i * 4 + c];
                    bx[c] += v * px[i * 4 + c];
                }
            }
            double det = aa * bb - ab2 * ab2;
            if (Math.abs(det) < 1e-9) {
                break;
            }
            double[] ea = new double[3], eb = new double[3];
            for (int c = 0; c < 3; c++) {
                ea[c] = (bb * ax[c] - ab2 * bx[c]) / det;
                eb[c] = (aa * bx[c] - ab2 * ax[c]) / det;
            }
            int n0 = to565(ea[0], ea[1], ea[2]);
            int n1 = to565(eb[0], eb[1], eb[2]);
            if (n0 == e0 && n1 == e1) {
                break;
            }
            c0 = n0;
            c1 = n1;
        }
        write(out, o, best0, best1, bestBits);
    }

    private static void write(byte[] out, int o, int c0, int c1, int bits) {
        out[o] = (byte) c0;
        out[o + 1] = (byte) (c0 >> 8);
        out[o + 2] = (byte) c1;
        out[o + 3] = (byte) (c1 >> 8);
        out[o + 4] = (byte) bits;
        out[o + 5] = (byte) (bits >> 8);
        out[o + 6] = (byte) (bits >> 16);
        out[o + 7] = (byte) (bits >> 24);
    }

    /** Best index per pixel for endpoints c0, c1 (as the decoder builds the palette); total squared error. */
    private long evalColor(int[] px, int c0, int c1, boolean alpha) {
        cand[0] = (byte) c0;
        cand[1] = (byte) (c0 >> 8);
        cand[2] = (byte) c1;
        cand[3] = (byte) (c1 >> 8);
        BcBlocks.bc1Palette(cand, 0, false, pal);
        int nPal = c0 > c1 ? 4 : 3;
        long total = 0;
        for (int i = 0; i < 16; i++) {
            if (alpha && px[i * 4 + 3] < 128) {
                idx[i] = 3;
                continue;
            }
            int r = px[i * 4], g = px[i * 4 + 1], b = px[i * 4 + 2];
            int best = 0, bestE = Integer.MAX_VALUE;
            for (int k = 0; k < nPal; k++) {
                int c = pal[k];
                int dr = (c & 0xFF) - r, dg = (c >> 8 & 0xFF) - g, db = (c >> 16 & 0xFF) - b;
                int e = dr * dr + dg * dg + db * db;
                if (e < bestE) {
                    bestE = e;
                    best = k;
                }
            }
            idx[i] = best;
            total += bestE;
        }
        return total;
    }

    /** Encodes channel {@code ch} of 16 RGBA pixels as a BC4/BC3-alpha block at out[o..o+8]. */
    void channel(int[] px, int ch, byte[] out, int o) {
        int min = 255, max = 0;
        boolean has0 = false, has255 = false;
        int innerMin = 255, innerMax = 0;
        for (int i = 0; i < 16; i++) {
            int v = px[i * 4 + ch];
            min = Math.min(min, v);
            max = Math.max(max, v);
            if (v == 0) {
                has0 = true;
            } else if (v == 255) {
                has255 = true;
            } else {
                innerMin = Math.min(innerMin, v);
                innerMax = Math.max(innerMax, v);
            }
        }
        if (min == max) {
            out[o] = (byte) min;
            out[o + 1] = (byte) min;
            for (int k = 2; k < 8; k++) {
                out[o + k] = 0;
            }
            return;
        }
        long bestErr = Long.MAX_VALUE;
        int bestA = max, bestB = min;
        int r = channelRadius;
        // 8-value mode: a0 > a1
        for (int da = -r; da <= r; da++) {
            for (int db = -r; db <= r; db++) {
                int a = clamp(max + da, 255), b = clamp(min + db, 255);
                if (a <= b) {
                    continue;
                }
                long e = evalChannel(px, ch, a, b, null);
                if (e < bestErr) {
                    bestErr = e;
                    bestA = a;
                    bestB = b;
                }
            }
        }
        // 6-value mode with explicit 0 and 255, when the block has those extremes
        if ((has0 || has255) && bestErr > 0 && innerMin <= innerMax) {
            for (int da = -r; da <= r; da++) {
                for (int db = -r; db <= r; db++) {
                    int a = clamp(innerMin + da, 255), b = clamp(innerMax + db, 255);
                    if (a > b) {
                        continue;
                    }
                    long e = evalChannel(px, ch, a, b, null);
                    if (e < bestErr) {
                        bestErr = e;
                        bestA = a;
                        bestB = b;
                    }
                }
            }
        }
        evalChannel(px, ch, bestA, bestB, idx);
        out[o] = (byte) bestA;
        out[o + 1] = (byte) bestB;
        long bits = 0;
        for (int i = 15; i >= 0; i--) {
            bits = bits << 3 | idx[i];
        }
        for (int k = 0; k < 6; k++) {
            out[o + 2 + k] = (byte) (bits >> (8 * k));
        }
    }

    private long evalChannel(int[] px, int ch, int a0, int a1, int[] indices) {
        BcBlocks.alphaPalette(a0, a1, pal);
        long total = 0;
        for (int i = 0; i < 16; i++) {
            int v = px[i * 4 + ch];
            int best = 0, bestE = Integer.MAX_VALUE;
            for (int k = 0; k < 8; k++) {
                int d = pal[k] - v;
                int e = d * d;
                if (e < bestE) {
                    bestE = e;
                    best = k;
                }
            }
            total += bestE;
            if (indices != null) {
                indices[i] = best;
            }
        }
        return total;
    }
}
