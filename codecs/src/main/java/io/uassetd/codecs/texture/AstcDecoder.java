package io.uassetd.codecs.texture;

/**
 * ASTC 2D LDR block decoder (Khronos Data Format Specification, ASTC chapter) to RGBA8 using the
 * decode_unorm8 rules: block modes, integer sequence encoding with trits and quints, endpoint and weight
 * unquantization, weight-grid infill, the partition hash, dual planes and void-extent blocks. HDR endpoint
 * modes and illegal encodings give the error colour (opaque magenta), as the LDR profile requires.
 * Per-mode parameters, infill and partition tables are computed once per decoder. One instance per thread.
 */
final class AstcDecoder implements TextureDecoder.Block8 {
    /** Quantization levels by range index 0..20, with trits / quints / bits of each. */
    static final int[] LEVELS = {2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128, 160, 192, 256};
    static final int[] TRITS = {0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0};
    static final int[] QUINTS = {0, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0};
    static final int[] BITS = {1, 0, 2, 0, 1, 3, 1, 2, 4, 2, 3, 5, 3, 4, 6, 4, 5, 7, 5, 6, 8};

    /** Five trits packed 2 bits each, for each 8-bit T. */
    static final int[] TRIT_TABLE = new int[256];
    /** Three quints packed 3 bits each, for each 7-bit Q. */
    static final int[] QUINT_TABLE = new int[128];
    /** Colour value unquantized to 0..255, per range index and value. */
    static final int[][] COLOR_UNQ = new int[21][];
    /** Weight unquantized to 0..64, per weight range index (0..11) and value. */
    static final int[][] WEIGHT_UNQ = new int[12][];

    static {
        for (int t = 0; t < 256; t++) {
            int c, t3, t4;
            if ((t >> 2 & 7) == 7) {
                c = (t >> 5 & 7) << 2 | (t & 3);
                t4 = 2;
                t3 = 2;
            } else {
                c = t & 31;
                if ((t >> 5 & 3) == 3) {
                    t4 = 2;
                    t3 = t >> 7 & 1;
                } else {
                    t4 = t >> 7 & 1;
                    t3 = t >> 5 & 3;
                }
            }
            int t0, t1, t2;
            if ((c & 3) == 3) {
                t2 = 2;
                t1 = c >> 4 & 1;
                t0 = (c >> 3 & 1) << 1 | ((c >> 2 & 1) & ~(c >> 3) & 1);
            } else if ((c >> 2 & 3) == 3) {
                t2 = 2;
                t1 = 2;
                t0 = c & 3;
            } else {
                t2 = c >> 4 & 1;
                t1 = c >> 2 & 3;
                t0 = (c >> 1 & 1) << 1 | ((c & 1) & ~(c >> 1) & 1);
            }
            TRIT_TABLE[t] = t0 | t1 << 2 | t2 << 4 | t3 << 6 | t4 << 8;
        }
        for (int q = 0; q < 128; q++) {
            int q0, q1, q2;
            if ((q >> 1 & 3) == 3 && (q >> 5 & 3) == 0) {
                int b0 = q & 1;
                q2 = b0 << 2 | ((q >> 4 & 1) & ~b0 & 1) << 1 | ((q >> 3 & 1) & ~b0 & 1);
                q1 = 4;
                q0 = 4;
            } else {
                int c;
                if ((q >> 1 & 3) == 3) {
                    q2 = 4;
                    c = (q >> 3 & 3) << 3 | (~(q >> 5) & 3) << 1 | (q & 1);
                } else {
                    q2 = q >> 5 & 3;
                    c = q & 31;
                }
                if ((c & 7) == 5) {
                    q1 = 4;
                    q0 = c >> 3 & 3;
                } else {
                    q1 = c >> 3 & 3;
                    q0 = c & 7;
                }
            }
            QUINT_TABLE[q] = q0 | q1 << 3 | q2 << 6;
        }
        for (int r = 0; r < 21; r++) {
            int[] t = new int[LEVELS[r]];
            for (int v = 0; v < t.length; v++) {
                t[v] = unquantColor(r, v);
            }
            COLOR_UNQ[r] = t;
        }
        for (int r = 0; r < 12; r++) {
            int[] t = new int[LEVELS[r]];
            for (int v = 0; v < t.length; v++) {
                int u = unquantWeight(r, v);
                t[v] = u > 32 ? u + 1 : u;
            }
            WEIGHT_UNQ[r] = t;
        }
    }

    private static int replicate(int v, int n, int target) {
        if (n == 0) {
            return 0;
        }
        int out = 0;
        int have = 0;
        while (have < target) {
            out = out << n | v;
            have += n;
        }
        return out >> (have - target);
    }

    private static int unquantColor(int r, int v) {
        int n = BITS[r];
        if (TRITS[r] == 0 && QUINTS[r] == 0) {
            return replicate(v, n, 8);
        }
        int d = v >> n;
        int m = v & ((1 << n) - 1);
        int a = (m & 1) != 0 ? 0x1FF : 0;
        int b0 = m >> 1 & 1, b1 = m >> 2 & 1, b2 = m >> 3 & 1, b3 = m >> 4 & 1, b4 = m >> 5 & 1;
        int bb, c;
        boolean trit = TRITS[r] != 0;
        switch (n) {
            case 1:
                bb = 0;
                c = trit ? 204 : 113;
                break;
            case 2:
                bb = trit ? b0 << 8 | b0 << 4 | b0 << 2 | b0 << 1 : b0 << 8 | b0 << 3 | b0 << 2;
                c = trit ? 93 : 54;
                break;
            case 3:
                bb = trit ? b1 << 8 | b0 << 7 | b1 << 3 | b0 << 2 | b1 << 1 | b0 : b1 << 8 | b0 << 7 | b1 << 2 | b0 << 1 | b1;
                c = trit ? 44 : 26;
                break;
            case 4:
                bb = trit ? b2 << 8 | b1 << 7 | b0 << 6 | b2 << 2 | b1 << 1 | b0 : b2 << 8 | b1 << 7 | b0 << 6 | b2 << 1 | b1;
                c = trit ? 22 : 13;
                break;
            case 5:
                bb = trit ? b3 << 8 | b2 << 7 | b1 << 6 | b0 << 5 | b3 << 1 | b2 : b3 << 8 | b2 << 7 | b1 << 6 | b0 << 5 | b3;
                c = trit ? 11 : 6;
                break;
            default: // 6 bits, trits only
                bb = b4 << 8 | b3 << 7 | b2 << 6 | b1 << 5 | b0 << 4 | b4;
                c = 5;
        }
        int unq = d * c + bb;
        unq ^= a;
        return (a & 0x80) | (unq >> 2);
    }

    private static int unquantWeight(int r, int v) {
        int n = BITS[r];
        if (TRITS[r] == 0 && QUINTS[r] == 0) {
            return replicate(v, n, 6);
        }
        if (n == 0) {
            return TRITS[r] != 0 ? new int[] {0, 32, 63}[v] : new int[] {0, 16, 32, 47, 63}[v];
        }
        int d = v >> n;
        int m = v & ((1 << n) - 1);
        int a = (m & 1) != 0 ? 0x7F : 0;
        int b0 = m >> 1 & 1, b1 = m >> 2 & 1;
        boolean trit = TRITS[r] != 0;
        int bb, c;
        switch (n) {
            case 1:
                bb = 0;
                c = trit ? 50 : 28;
                break;
            case 2:
                bb = trit ? b0 << 6 | b0 << 2 | b0 : b0 << 6 | b0 << 1;
                c = trit ? 23 : 13;
                break;
            default:
                bb = b1 << 6 | b0 << 5 | b1 << 1 | b0;
                c = 11;
        }
        int unq = d * c + bb;
        unq ^= a;
        return (a & 0x20) | (unq >> 2);
    }

    /** Bits used by {@code count} values of range index {@code r}. */
    static int iseBits(int r, int count) {
        return BITS[r] * count + (TRITS[r] != 0 ? (8 * count + 4) / 5 : 0) + (QUINTS[r] != 0 ? (7 * count + 2) / 3 : 0);
    }

    static int bits(long lo, long hi, int pos, int n) {
        if (n == 0 || pos >= 128) {
            return 0;
        }
        long v;
        if (pos >= 64) {
            v = hi >>> (pos - 64);
        } else if (pos == 0) {
            v = lo;
        } else {
            v = lo >>> pos | hi << (64 - pos);
        }
        return (int) v & ((1 << n) - 1);
    }

    /** Decodes {@code count} values of range {@code r} starting at bit {@code pos} into out. */
    static void decodeIse(long lo, long hi, int pos, int r, int count, int[] out) {
        int n = BITS[r];
        if (TRITS[r] != 0) {
            for (int i = 0; i < count; i += 5) {
                int m0 = bits(lo, hi, pos, n);
                pos += n;
                int t = bits(lo, hi, pos, 2);
                pos += 2;
                int m1 = bits(lo, hi, pos, n);
                pos += n;
                t |= bits(lo, hi, pos, 2) << 2;
                pos += 2;
                int m2 = bits(lo, hi, pos, n);
                pos += n;
                t |= bits(lo, hi, pos, 1) << 4;
                pos += 1;
                int m3 = bits(lo, hi, pos, n);
                pos += n;
                t |= bits(lo, hi, pos, 2) << 5;
                pos += 2;
                int m4 = bits(lo, hi, pos, n);
                pos += n;
                t |= bits(lo, hi, pos, 1) << 7;
                pos += 1;
                int tr = TRIT_TABLE[t];
                int left = count - i;
                out[i] = (tr & 3) << n | m0;
                if (left > 1) {
                    out[i + 1] = (tr >> 2 & 3) << n | m1;
                }
                if (left > 2) {
                    out[i + 2] = (tr >> 4 & 3) << n | m2;
                }
                if (left > 3) {
                    out[i + 3] = (tr >> 6 & 3) << n | m3;
                }
                if (left > 4) {
                    out[i + 4] = (tr >> 8 & 3) << n | m4;
                }
            }
        } else if (QUINTS[r] != 0) {
            for (int i = 0; i < count; i += 3) {
                int m0 = bits(lo, hi, pos, n);
                pos += n;
                int q = bits(lo, hi, pos, 3);
                pos += 3;
                int m1 = bits(lo, hi, pos, n);
                pos += n;
                q |= bits(lo, hi, pos, 2) << 3;
                pos += 2;
                int m2 = bits(lo, hi, pos, n);
                pos += n;
                q |= bits(lo, hi, pos, 2) << 5;
                pos += 2;
                int qu = QUINT_TABLE[q];
                if (i < count) {
                    out[i] = (qu & 7) << n | m0;
                }
                if (i + 1 < count) {
                    out[i + 1] = (qu >> 3 & 7) << n | m1;
                }
                if (i + 2 < count) {
                    out[i + 2] = (qu >> 6 & 7) << n | m2;
                }
            }
        } else {
            for (int i = 0; i < count; i++, pos += n) {
                out[i] = bits(lo, hi, pos, n);
            }
        }
    }

    // ---- per-decoder state ----
    private final int bw;
    private final int bh;
    private final int texels;
    /** Per block mode: gridW | gridH << 4 | dual << 8 | weightRange << 9 | weightBits << 13; 0 = illegal. */
    private final int[] modeInfo = new int[2048];
    private final int[][] infill = new int[256][];
    private final byte[][] partitions = new byte[4 * 1024][];
    private final int[] weights = new int[64];
    private final int[] texW0 = new int[144];
    private final int[] texW1 = new int[144];
    private final int[] colors = new int[18];
    private final int[] ep = new int[4 * 8];
    private final int[] cems = new int[4];

    AstcDecoder(int bw, int bh) {
        this.bw = bw;
        this.bh = bh;
        this.texels = bw * bh;
        for (int m = 0; m < 2048; m++) {
            modeInfo[m] = decodeMode(m);
        }
    }

    private int decodeMode(int m) {
        int rho, w, h;
        int p = m >> 9 & 1, dp = m >> 10 & 1;
        int a = m >> 5 & 3, b = m >> 7 & 3;
        if ((m & 3) != 0) {
            rho = (m >> 4 & 1) | (m & 3) << 1;
            switch (m >> 2 & 3) {
                case 0:
                    w = b + 4;
                    h = a + 2;
                    break;
                case 1:
                    w = b + 8;
                    h = a + 2;
                    break;
                case 2:
                    w = a + 2;
                    h = b + 8;
                    break;
                default:
                    if ((m >> 8 & 1) == 0) {
                        w = a + 2;
                        h = (m >> 7 & 1) + 6;
                    } else {
                        w = (m >> 7 & 1) + 2;
                        h = a + 2;
                    }
            }
        } else {
            if ((m >> 2 & 3) == 0) {
                return 0;
            }
            rho = (m >> 4 & 1) | (m >> 2 & 3) << 1;
            switch (b) {
                case 0:
                    w = 12;
                    h = a + 2;
                    break;
                case 1:
                    w = a + 2;
                    h = 12;
                    break;
                case 2:
                    w = a + 6;
                    h = (m >> 9 & 3) + 6;
                    p = 0;
                    dp = 0;
                    break;
                default:
                    if ((m >> 6 & 1) != 0) {
                        return 0;
                    }
                    if ((m >> 5 & 1) == 0) {
                        w = 6;
                        h = 10;
                    } else {
                        w = 10;
                        h = 6;
                    }
            }
        }
        int range = rho - 2 + 6 * p;
        int count = w * h * (dp + 1);
        if (w > bw || h > bh || count > 64) {
            return 0;
        }
        int wb = iseBits(range, count);
        if (wb < 24 || wb > 96) {
            return 0;
        }
        return w | h << 4 | dp << 8 | range << 9 | wb << 13;
    }

    private int[] infill(int gw, int gh) {
        int key = gw << 4 | gh;
        int[] t = infill[key];
        if (t != null) {
            return t;
        }
        t = new int[texels * 2];
        int ds = (1024 + bw / 2) / (bw - 1);
        int dt = (1024 + bh / 2) / (bh - 1);
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int gs = (ds * x * (gw - 1) + 32) >> 6;
                int gt = (dt * y * (gh - 1) + 32) >> 6;
                int js = gs >> 4, fs = gs & 15, jt = gt >> 4, ft = gt & 15;
                int w11 = (fs * ft + 8) >> 4;
                int w10 = ft - w11, w01 = fs - w11, w00 = 16 - fs - ft + w11;
                int v0 = js + jt * gw;
                int i = y * bw + x;
                // index of p00 and the four weights packed 5 bits each
                t[2 * i] = v0;
                t[2 * i + 1] = w00 | w01 << 5 | w10 << 10 | w11 << 15;
            }
        }
        infill[key] = t;
        return t;
    }

    private byte[] partitionTable(int count, int seed) {
        int key = (count - 1) << 10 | seed;
        byte[] t = partitions[key];
        if (t != null) {
            return t;
        }
        t = new byte[texels];
        boolean small = texels < 31;
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                t[y * bw + x] = (byte) selectPartition(seed, x, y, count, small);
            }
        }
        partitions[key] = t;
        return t;
    }

    private static int hash52(int p) {
        p ^= p >>> 15;
        p -= p << 17;
        p += p << 7;
        p += p << 4;
        p ^= p >>> 5;
        p += p << 16;
        p ^= p >>> 7;
        p ^= p >>> 3;
        p ^= p << 6;
        p ^= p >>> 17;
        return p;
    }

    static int selectPartition(int seed, int x, int y, int count, boolean small) {
        if (small) {
            x <<= 1;
            y <<= 1;
        }
        seed += (count - 1) * 1024;
        int rnum = hash52(seed);
        int s1 = rnum & 15, s2 = rnum >>> 4 & 15, s3 = rnum >>> 8 & 15, s4 = rnum >>> 12 & 15;
        int s5 = rnum >>> 16 & 15, s6 = rnum >>> 20 & 15, s7 = rnum >>> 24 & 15, s8 = rnum >>> 28 & 15;
        s1 *= s1;
        s2 *= s2;
        s3 *= s3;
        s4 *= s4;
        s5 *= s5;
        s6 *= s6;
        s7 *= s7;
        s8 *= s8;
        int sh1, sh2;
        if ((seed & 1) != 0) {
            sh1 = (seed & 2) != 0 ? 4 : 5;
            sh2 = count == 3 ? 6 : 5;
        } else {
            sh1 = count == 3 ? 6 : 5;
            sh2 = (seed & 2) != 0 ? 4 : 5;
        }
        s1 >>= sh1;
        s2 >>= sh2;
        s3 >>= sh1;
        s4 >>= sh2;
        s5 >>= sh1;
        s6 >>= sh2;
        s7 >>= sh1;
        s8 >>= sh2;
        // z is 0 for 2D blocks, so seeds 9..12 do not contribute
        int a = (s1 * x + s2 * y + (rnum >>> 14)) & 0x3F;
        int b = (s3 * x + s4 * y + (rnum >>> 10)) & 0x3F;
        int c = (s5 * x + s6 * y + (rnum >>> 6)) & 0x3F;
        int d = (s7 * x + s8 * y + (rnum >>> 2)) & 0x3F;
        if (count < 4) {
            d = 0;
        }
        if (count < 3) {
            c = 0;
        }
        if (a >= b && a >= c && a >= d) {
            return 0;
        } else if (b >= c && b >= d) {
            return 1;
        } else if (c >= d) {
            return 2;
        }
        return 3;
    }

    private void error(byte[] out, int o, int stride) {
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int p = o + y * stride + x * 4;
                out[p] = (byte) 255;
                out[p + 1] = 0;
                out[p + 2] = (byte) 255;
                out[p + 3] = (byte) 255;
            }
        }
    }

    @Override
    public void decode(byte[] src, int so, byte[] out, int o, int stride) {
        long lo = Bptc.Bits.le64(src, so), hi = Bptc.Bits.le64(src, so + 8);
        int mode = (int) lo & 0x7FF;
        if ((mode & 0x1FF) == 0x1FC) {
            voidExtent(lo, hi, out, o, stride);
            return;
        }
        int info = modeInfo[mode];
        if (info == 0) {
            error(out, o, stride);
            return;
        }
        int gw = info & 15, gh = info >> 4 & 15, dual = info >> 8 & 1, wRange = info >> 9 & 15, wBits = info >> 13;
        int parts = ((int) lo >> 11 & 3) + 1;
        if (dual != 0 && parts == 4) {
            error(out, o, stride);
            return;
        }
        // weights: read from the bit-reversed block
        long rlo = Long.reverse(hi), rhi = Long.reverse(lo);
        int nw = gw * gh * (dual + 1);
        decodeIse(rlo, rhi, 0, wRange, nw, weights);
        int[] wu = WEIGHT_UNQ[wRange];
        for (int i = 0; i < nw; i++) {
            weights[i] = wu[weights[i]];
        }
        // endpoint modes
        int[] cems = this.cems;
        int configBits;
        int extraCemBits = 0;
        int partitionSeed = 0;
        if (parts == 1) {
            cems[0] = (int) lo >> 13 & 15;
            configBits = 17;
        } else {
            partitionSeed = (int) lo >> 13 & 0x3FF;
            int cemField = (int) lo >> 23 & 0x3F;
            int sel = cemField & 3;
            if (sel == 0) {
                int c = cemField >> 2;
                for (int i = 0; i < parts; i++) {
                    cems[i] = c;
                }
                configBits = 29;
            } else {
                extraCemBits = 3 * parts - 4;
                int extra = bits(lo, hi, 128 - wBits - extraCemBits, extraCemBits);
                int all = cemField | extra << 6;
                int base = sel - 1;
                for (int i = 0; i < parts; i++) {
                    int cls = all >> (2 + i) & 1;
                    int m = all >> (2 + parts + 2 * i) & 3;
                    cems[i] = (base + cls) << 2 | m;
                }
                configBits = 25 + 3 * parts;
            }
        }
        int ccs = 0;
        if (dual != 0) {
            ccs = bits(lo, hi, 128 - wBits - extraCemBits - 2, 2);
            configBits += 2;
        }
        int nValues = 0;
        for (int i = 0; i < parts; i++) {
            nValues += ((cems[i] >> 2) + 1) * 2;
        }
        if (nValues > 18) {
            error(out, o, stride);
            return;
        }
        int remaining = 128 - configBits - wBits;
        int cRange = -1;
        for (int r = 20; r >= 0; r--) {
            if (iseBits(r, nValues) <= remaining) {
                cRange = r;
                break;
            }
        }
        if (cRange < 4) {
            error(out, o, stride);
            return;
        }
        int colorStart = parts == 1 ? 17 : 29;
        decodeIse(lo, hi, colorStart, cRange, nValues, colors);
        int[] cu = COLOR_UNQ[cRange];
        for (int i = 0; i < nValues; i++) {
            colors[i] = cu[colors[i]];
        }
        int vi = 0;
        for (int i = 0; i < parts; i++) {
            if (!endpoints(cems[i], colors, vi, ep, i * 8)) {
                error(out, o, stride);
                return;
            }
            vi += ((cems[i] >> 2) + 1) * 2;
        }
        // per-texel weights
        boolean direct = gw == bw && gh == bh;
        int[] inf = direct ? null : infill(gw, gh);
        int planes = dual + 1;
        for (int t = 0; t < texels; t++) {
            if (direct) {
                texW0[t] = weights[t * planes];
                texW1[t] = dual != 0 ? weights[t * 2 + 1] : 0;
            } else {
                int v0 = inf[2 * t], pw = inf[2 * t + 1];
                int w00 = pw & 31, w01 = pw >> 5 & 31, w10 = pw >> 10 & 31, w11 = pw >> 15 & 31;
                for (int pl = 0; pl < planes; pl++) {
                    int p00 = weights[v0 * planes + pl];
                    int p01 = w01 != 0 || w11 != 0 ? weights[(v0 + 1) * planes + pl] : 0;
                    int p10 = w10 != 0 || w11 != 0 ? weights[(v0 + gw) * planes + pl] : 0;
                    int p11 = w11 != 0 ? weights[(v0 + gw + 1) * planes + pl] : 0;
                    int wv = (p00 * w00 + p01 * w01 + p10 * w10 + p11 * w11 + 8) >> 4;
                    if (pl == 0) {
                        texW0[t] = wv;
                    } else {
                        texW1[t] = wv;
                    }
                }
            }
        }
        byte[] part = parts > 1 ? partitionTable(parts, partitionSeed) : null;
        for (int y = 0; y < bh; y++) {
            int p = o + y * stride;
            for (int x = 0; x < bw; x++, p += 4) {
                int t = y * bw + x;
                int e = part == null ? 0 : part[t] * 8;
                int w0 = texW0[t], w1 = texW1[t];
                for (int c = 0; c < 4; c++) {
                    int w = dual != 0 && c == ccs ? w1 : w0;
                    int c0 = ep[e + c] * 257, c1 = ep[e + 4 + c] * 257;
                    out[p + c] = (byte) (((c0 * (64 - w) + c1 * w + 32) >> 6) >> 8);
                }
            }
        }
    }

    private void voidExtent(long lo, long hi, byte[] out, int o, int stride) {
        if ((lo >> 9 & 1) != 0) {
            error(out, o, stride);
            return;
        }
        int r = (int) (hi >>> 8 & 0xFF), g = (int) (hi >>> 24 & 0xFF), b = (int) (hi >>> 40 & 0xFF), a = (int) (hi >>> 56 & 0xFF);
        for (int y = 0; y < bh; y++) {
            for (int x = 0; x < bw; x++) {
                int p = o + y * stride + x * 4;
                out[p] = (byte) r;
                out[p + 1] = (byte) g;
                out[p + 2] = (byte) b;
                out[p + 3] = (byte) a;
            }
        }
    }

    private static int clamp(int v) {
        return v < 0 ? 0 : v > 255 ? 255 : v;
    }

    /** LDR endpoint decoding of mode {@code cem} from v[i..]; false for HDR modes. */
    private static boolean endpoints(int cem, int[] v, int i, int[] ep, int o) {
        switch (cem) {
            case 0:
                set(ep, o, v[i], v[i], v[i], 255, v[i + 1], v[i + 1], v[i + 1], 255);
                return true;
            case 1: {
                int l0 = (v[i] >> 2) | (v[i + 1] & 0xC0);
                int l1 = Math.min(255, l0 + (v[i + 1] & 0x3F));
                set(ep, o, l0, l0, l0, 255, l1, l1, l1, 255);
                return true;
            }
            case 4:
                set(ep, o, v[i], v[i], v[i], v[i + 2], v[i + 1], v[i + 1], v[i + 1], v[i + 3]);
                return true;
            case 5: {
                int[] t = transfer(v[i + 1], v[i]);
                int[] u = transfer(v[i + 3], v[i + 2]);
                int l0 = t[1], a0 = u[1];
                set(ep, o, l0, l0, l0, a0, clamp(l0 + t[0]), clamp(l0 + t[0]), clamp(l0 + t[0]), clamp(a0 + u[0]));
                clampAll(ep, o);
                return true;
            }
            case 6:
                set(ep, o, v[i] * v[i + 3] >> 8, v[i + 1] * v[i + 3] >> 8, v[i + 2] * v[i + 3] >> 8, 255,
                        v[i], v[i + 1], v[i + 2], 255);
                return true;
            case 8:
            case 12: {
                boolean alpha = cem == 12;
                int a0 = alpha ? v[i + 6] : 255, a1 = alpha ? v[i + 7] : 255;
                int s0 = v[i] + v[i + 2] + v[i + 4], s1 = v[i + 1] + v[i + 3] + v[i + 5];
                if (s1 >= s0) {
                    set(ep, o, v[i], v[i + 2], v[i + 4], a0, v[i + 1], v[i + 3], v[i + 5], a1);
                } else {
                    blue(ep, o, v[i + 1], v[i + 3], v[i + 5], a1);
                    blue(ep, o + 4, v[i], v[i + 2], v[i + 4], a0);
                }
                return true;
            }
            case 9:
            case 13: {
                boolean alpha = cem == 13;
                int[] r = transfer(v[i + 1], v[i]);
                int[] g = transfer(v[i + 3], v[i + 2]);
                int[] b = transfer(v[i + 5], v[i + 4]);
                int[] a = alpha ? transfer(v[i + 7], v[i + 6]) : new int[] {0, 255};
                if (r[0] + g[0] + b[0] >= 0) {
                    set(ep, o, r[1], g[1], b[1], a[1], r[1] + r[0], g[1] + g[0], b[1] + b[0], a[1] + a[0]);
                } else {
                    blue(ep, o, r[1] + r[0], g[1] + g[0], b[1] + b[0], a[1] + a[0]);
                    blue(ep, o + 4, r[1], g[1], b[1], a[1]);
                }
                clampAll(ep, o);
                return true;
            }
            case 10:
                set(ep, o, v[i] * v[i + 3] >> 8, v[i + 1] * v[i + 3] >> 8, v[i + 2] * v[i + 3] >> 8, v[i + 4],
                        v[i], v[i + 1], v[i + 2], v[i + 5]);
                return true;
            default:
                return false;
        }
    }

    /** bit_transfer_signed(a, b): returns {a (now -32..31), b}. */
    private static int[] transfer(int a, int b) {
        b >>= 1;
        b |= a & 0x80;
        a >>= 1;
        a &= 0x3F;
        if ((a & 0x20) != 0) {
            a -= 0x40;
        }
        return new int[] {a, b};
    }

    private static void set(int[] ep, int o, int r0, int g0, int b0, int a0, int r1, int g1, int b1, int a1) {
        ep[o] = r0;
        ep[o + 1] = g0;
        ep[o + 2] = b0;
        ep[o + 3] = a0;
        ep[o + 4] = r1;
        ep[o + 5] = g1;
        ep[o + 6] = b1;
        ep[o + 7] = a1;
    }

    private static void blue(int[] ep, int o, int r, int g, int b, int a) {
        ep[o] = (r + b) >> 1;
        ep[o + 1] = (g + b) >> 1;
        ep[o + 2] = b;
        ep[o + 3] = a;
    }

    private static void clampAll(int[] ep, int o) {
        for (int k = 0; k < 8; k++) {
            ep[o + k] = clamp(ep[o + k]);
        }
    }
}
