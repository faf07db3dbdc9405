package io.uassetd.codecs.texture;

import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * BC6H (unsigned, UF16) block encoder using mode 3: one subset with two 10-bit-per-channel endpoints and
 * 4-bit indices. Works in the decoder's own domain: each texel's half-float bit pattern scaled by 64/31
 * is what the decoder interpolates, so endpoints are fitted there (principal axis, extremes, then a
 * least-squares pass on the chosen indices), quantized to 10 bits with a neighbour search, and every
 * index is chosen against the exact decoded half value. Negative and NaN inputs encode as 0, values
 * above the half range as 65504. One instance per thread.
 */
final class Bc6hEncoder {
    static final boolean AVAILABLE = true;

    private final int passes;
    private final double[] u = new double[48];
    private final int[] target = new int[48];
    private final int[] q = new int[6];
    private final int[] bestQ = new int[6];
    private final int[] idx = new int[16];
    private final int[] bestIdx = new int[16];
    private final int[] pal = new int[16 * 3];

    Bc6hEncoder(EncodeOptions opt) {
        if (opt.signedBc6h()) {
            throw new UnsupportedVersionException("BC6H signed (SF16) encoding is not supported; Unreal cooks unsigned BC6H",
                    null, -1, "PF_BC6H");
        }
        passes = switch (opt.quality()) {
            case FAST -> 1;
            case BEST -> 4;
            default -> 2;
        };
    }

    private static int halfBits(float f) {
        if (!(f > 0)) {
            return 0;
        }
        int h = Half.fromFloat(f);
        return Math.min(h, 0x7BFF);
    }

    private static int unq(int x) {
        if (x == 0) {
            return 0;
        }
        if (x == 1023) {
            return 0xFFFF;
        }
        return ((x << 15) + 0x4000) >> 9;
    }

    void encode(float[] px, byte[] out, int o) {
        for (int t = 0; t < 16; t++) {
            for (int c = 0; c < 3; c++) {
                int h = halfBits(px[t * 4 + c]);
                target[t * 3 + c] = h;
                u[t * 3 + c] = h * 64.0 / 31.0;
            }
        }
        double[] mean = new double[3];
        for (int t = 0; t < 16; t++) {
            for (int c = 0; c < 3; c++) {
                mean[c] += u[t * 3 + c] / 16;
            }
        }
        double[] cov = new double[9];
        for (int t = 0; t < 16; t++) {
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 3; b++) {
                    cov[a * 3 + b] += (u[t * 3 + a] - mean[a]) * (u[t * 3 + b] - mean[b]);
                }
            }
        }
        double[] axis = {1, 1, 1};
        for (int it = 0; it < 8; it++) {
            double[] n = new double[3];
            double len = 0;
            for (int a = 0; a < 3; a++) {
                for (int b = 0; b < 3; b++) {
                    n[a] += cov[a * 3 + b] * axis[b];
                }
                len += n[a] * n[a];
            }
            len = Math.sqrt(len);
            if (len < 1e-9) {
                break;
            }
            for (int a = 0; a < 3; a++) {
                axis[a] = n[a] / len;
            }
        }
        double lo = Double.MAX_VALUE, hi = -Double.MAX_VALUE;
        for (int t = 0; t < 16; t++) {
            double p = 0;
            for (int c = 0; c < 3; c++) {
                p += (u[t * 3 + c] - mean[c]) * axis[c];
            }
            lo = Math.min(lo, p);
            hi = Math.max(hi, p);
        }
        double[] e = new double[6];
        for (int c = 0; c < 3; c++) {
            e[c] = mean[c] + axis[c] * lo;
            e[3 + c] = mean[c] + axis[c] * hi;
        }
        long bestErr = Long.MAX_VALUE;
        for (int pass = 0; pass < passes; pass++) {
            for (int k = 0; k < 6; k++) {
                q[k] = quantize(e[k], k % 3);
            }
            long err = assign();
            if (err < bestErr) {
                bestErr = err;
                System.arraycopy(q, 0, bestQ, 0, 6);
                System.arraycopy(idx, 0, bestIdx, 0, 16);
            }
            if (err == 0) {
                break;
            }
            // least squares on these indices
            double aa = 0, ab = 0, bb = 0;
            double[] ax = new double[3], bx = new double[3];
            for (int t = 0; t < 16; t++) {
                double f = Bptc.W4[idx[t]] / 64.0, g = 1 - f;
                aa += g * g;
                ab += g * f;
                bb += f * f;
                for (int c = 0; c < 3; c++) {
                    ax[c] += g * u[t * 3 + c];
                    bx[c] += f * u[t * 3 + c];
                }
            }
            double det = aa * bb - ab * ab;
            if (Math.abs(det) < 1e-9) {
                break;
            }
            for (int c = 0; c < 3; c++) {
                e[c] = (bb * ax[c] - ab * bx[c]) / det;
                e[3 + c] = (aa * bx[c] - ab * ax[c]) / det;
            }
        }
        // anchor fix-up: texel 0's index must have its top bit clear
        if (bestIdx[0] >= 8) {
            for (int c = 0; c < 3; c++) {
                int t = bestQ[c];
                bestQ[c] = bestQ[3 + c];
                bestQ[3 + c] = t;
            }
            for (int t = 0; t < 16; t++) {
                bestIdx[t] = 15 - bestIdx[t];
            }
        }
        long lo64 = 0, hi64 = 0;
        int pos = 0;
        long[] acc = {0, 0};
        pos = put(acc, pos, 3, 5);
        for (int k = 0; k < 6; k++) {
            pos = put(acc, pos, bestQ[k], 10);
        }
        for (int t = 0; t < 16; t++) {
            pos = put(acc, pos, bestIdx[t], t == 0 ? 3 : 4);
        }
        lo64 = acc[0];
        hi64 = acc[1];
        for (int i = 0; i < 8; i++) {
            out[o + i] = (byte) (lo64 >>> (8 * i));
            out[o + 8 + i] = (byte) (hi64 >>> (8 * i));
        }
    }

    private static int put(long[] acc, int pos, int v, int n) {
        for (int i = 0; i < n; i++, pos++) {
            long bit = (v >> i) & 1L;
            if (pos < 64) {
                acc[0] |= bit << pos;
            } else {
                acc[1] |= bit << (pos - 64);
            }
        }
        return pos;
    }

    /** The 10-bit endpoint whose unquantized value is nearest to {@code v} (decoder domain). */
    private static int quantize(double v, int channel) {
        int g = (int) Math.round(v * 1023.0 / 65535.0);
        int best = 0;
        double bestD = Double.MAX_VALUE;
        for (int x = g - 2; x <= g + 2; x++) {
            if (x < 0 || x > 1023) {
                continue;
            }
            double d = Math.abs(unq(x) - v);
            if (d < bestD) {
                bestD = d;
                best = x;
            }
        }
        return best;
    }

    /** Builds the 16-entry palette (decoded half bits) for q and picks every texel's best index. */
    private long assign() {
        for (int k = 0; k < 16; k++) {
            int w = Bptc.W4[k];
            for (int c = 0; c < 3; c++) {
                int v = (unq(q[c]) * (64 - w) + unq(q[3 + c]) * w + 32) >> 6;
                pal[k * 3 + c] = (v * 31) >> 6;
            }
        }
        long total = 0;
        for (int t = 0; t < 16; t++) {
            long best = Long.MAX_VALUE;
            int bi = 0;
            for (int k = 0; k < 16; k++) {
                long e = 0;
                for (int c = 0; c < 3; c++) {
                    long d = pal[k * 3 + c] - target[t * 3 + c];
                    e += d * d;
                }
                if (e < best) {
                    best = e;
                    bi = k;
                }
            }
            idx[t] = bi;
            total += best;
        }
        return total;
    }
}
