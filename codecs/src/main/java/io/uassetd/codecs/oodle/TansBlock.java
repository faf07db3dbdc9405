package io.uassetd.codecs.oodle;

import java.util.Arrays;

/**
 * tANS-coded byte blocks (entropy type 1): a table of symbol weights summing to 2^L (L = 8..11),
 * then five interleaved decoder states fed from a forward and a backward bit stream; the final
 * five states are the last five output bytes.
 */
final class TansBlock {
    private static final int PAD = 16;

    private final DecodeState st;
    private final MsbBitReader br = new MsbBitReader();
    private final int[] vals = new int[520];
    private final int[] starts = new int[140];
    private final int[] counts = new int[140];
    private final int[] weightSyms = new int[256];
    private final int[] weights = new int[256];
    /** Entry = base << 12 | bits << 8 | symbol. */
    private final int[] table = new int[1 << 11];
    private byte[] padded = new byte[256];
    private final boolean[] seen = new boolean[256];
    private final int[] cursor = new int[4];

    TansBlock(DecodeState st) {
        this.st = st;
    }

    void decode(int p, int end, byte[] out, int outPos, int outLen) {
        if (end - p < 8 || outLen < 5) {
            throw st.corrupt(p, "a tANS block of at least 8 bytes making at least 5");
        }
        br.init(st.src, p, end, false);
        if (br.bit() != 0) {
            throw st.corrupt(p, "a clear reserved bit in a tANS block");
        }
        int logL = br.bits(2) + 8;
        int nSyms = readWeights(p, end, logL);
        if (br.overran()) {
            throw st.corrupt(p, "a tANS table inside its block");
        }
        int q = p + br.consumedBytes();
        if (q >= end) {
            throw st.corrupt(q, "tANS data after the table");
        }
        buildTable(logL, nSyms);
        run(q, end, logL, out, outPos, outLen);
    }

    /** Fills weightSyms/weights sorted by symbol; returns how many. */
    private int readWeights(int at, int end, int logL) {
        int total = 1 << logL;
        if (br.bit() == 1) {
            int q = br.bits(3);
            int n = br.bits(8) + 1;
            if (n < 2) {
                throw st.corrupt(at, "at least two tANS symbols");
            }
            int gaps = CodeLengths.readTruncated(br, n);
            long bitPos = br.consumedBits();
            bitPos = CodeLengths.readUnary(st, st.src, at, end, bitPos, vals, n + gaps);
            br.seekForward((int) bitPos);
            int ranges = CodeLengths.readRanges(st, br, at, n, gaps, vals, n, starts, counts);
            int avg = 6;
            int sum = 0;
            int k = 0;
            for (int r = 0; r < ranges; r++) {
                int sym = starts[r];
                for (int c = 0; c < counts[r]; c++) {
                    int nb = q + vals[k];
                    if (nb > 15) {
                        throw st.corrupt(at, "tANS weight widths of at most 15 bits");
                    }
                    int v = br.bits(nb) + (1 << nb) - (1 << q);
                    int quarter = avg >> 2;
                    int limit = 2 * quarter;
                    if (v <= limit) {
                        v = quarter + (-(v & 1) ^ (v >>> 1));
                    }
                    if (limit > v) {
                        limit = v;
                    }
                    v += 1;
                    avg += limit - quarter;
                    weightSyms[k] = sym + c;
                    weights[k] = v;
                    sum += v;
                    k++;
                }
            }
            if (sum != total) {
                throw st.corrupt(at, "tANS weights summing to " + total);
            }
            return k;
        }
        boolean[] seen = this.seen;
        Arrays.fill(seen, false);
        int count = br.bits(3) + 1;
        int maxDeltaBits = br.bits(4);
        if (maxDeltaBits == 0 || maxDeltaBits > logL) {
            throw st.corrupt(at, "a tANS weight delta width between 1 and " + logL);
        }
        int weight = 0;
        int sum = 0;
        for (int i = 0; i < count; i++) {
            int sym = br.bits(8);
            if (seen[sym]) {
                throw st.corrupt(at, "distinct tANS symbols");
            }
            weight += br.bits(maxDeltaBits);
            if (weight == 0) {
                throw st.corrupt(at, "positive tANS weights");
            }
            seen[sym] = true;
            weightSyms[i] = sym;
            weights[i] = weight;
            sum += weight;
        }
        int sym = br.bits(8);
        if (seen[sym]) {
            throw st.corrupt(at, "distinct tANS symbols");
        }
        int rest = total - sum;
        if (rest < weight || rest <= 1) {
            throw st.corrupt(at, "tANS weights leaving room for the last symbol");
        }
        weightSyms[count] = sym;
        weights[count] = rest;
        int n = count + 1;
        for (int i = 1; i < n; i++) {
            int s = weightSyms[i];
            int w = weights[i];
            int j = i;
            while (j > 0 && weightSyms[j - 1] > s) {
                weightSyms[j] = weightSyms[j - 1];
                weights[j] = weights[j - 1];
                j--;
            }
            weightSyms[j] = s;
            weights[j] = w;
        }
        return n;
    }

    private void buildTable(int logL, int n) {
        int size = 1 << logL;
        int singles = 0;
        for (int i = 0; i < n; i++) {
            if (weights[i] == 1) {
                singles++;
            }
        }
        int spread = size - singles;
        int[] cursor = this.cursor;
        int acc = 0;
        for (int j = 0; j < 4; j++) {
            cursor[j] = acc;
            acc += (spread >> 2) + ((spread & 3) > j ? 1 : 0);
        }
        int single = spread;
        int sum = 0;
        for (int i = 0; i < n; i++) {
            int w = weights[i];
            int sym = weightSyms[i];
            if (w == 1) {
                table[single++] = entry(1, logL, sym);
                continue;
            }
            int k = 0;
            for (int j = 0; j < 4; j++) {
                int y = (w + ((sum - j - 1) & 3)) >> 2;
                for (int c = 0; c < y; c++) {
                    table[cursor[j]++] = entry(w + k, logL, sym);
                    k++;
                }
            }
            sum += w;
        }
    }

    private static int entry(int x, int logL, int sym) {
        int nb = logL - (31 - Integer.numberOfLeadingZeros(x));
        int base = (x << nb) - (1 << logL);
        return base << 12 | nb << 8 | sym;
    }

    private void run(int q, int end, int logL, byte[] out, int outPos, int outLen) {
        int len = end - q;
        if (padded.length < len + 2 * PAD) {
            padded = new byte[len + 2 * PAD + 64];
        }
        byte[] buf = padded;
        Arrays.fill(buf, 0, PAD, (byte) 0);
        System.arraycopy(st.src, q, buf, PAD, len);
        Arrays.fill(buf, PAD + len, PAD + len + PAD, (byte) 0);
        final int[] t = table;
        final int mask = (1 << logL) - 1;
        final int fwdLimit = PAD + len + 8;
        int pf = PAD;
        int pb = PAD + len;
        long bf = 0;
        long bb = 0;
        int cf = 0;
        int cb = 0;
        bf |= Bytes.le64(buf, pf) << cf;
        pf += (63 - cf) >>> 3;
        cf |= 56;
        bb |= Bytes.be64(buf, pb - 8) << cb;
        pb -= (63 - cb) >>> 3;
        cb |= 56;
        int s0 = (int) bf & mask;
        bf >>>= logL;
        cf -= logL;
        int s1 = (int) bb & mask;
        bb >>>= logL;
        cb -= logL;
        int s2 = (int) bf & mask;
        bf >>>= logL;
        cf -= logL;
        int s3 = (int) bb & mask;
        bb >>>= logL;
        cb -= logL;
        int s4 = (int) bf & mask;
        bf >>>= logL;
        cf -= logL;
        int o = outPos;
        final int outEnd = outPos + outLen - 5;
        int x;
        int nb;
        loop:
        while (true) {
            if (pf > fwdLimit || pb < 8) {
                throw st.corrupt(q, "tANS streams that stay inside their block");
            }
            bf |= Bytes.le64(buf, pf) << cf;
            pf += (63 - cf) >>> 3;
            cf |= 56;
            for (int r = 0; r < 5; r++) {
                if (o >= outEnd) {
                    break loop;
                }
                int s = r == 0 ? s0 : r == 1 ? s1 : r == 2 ? s2 : r == 3 ? s3 : s4;
                x = t[s];
                out[o++] = (byte) x;
                nb = (x >>> 8) & 0xF;
                s = (x >>> 12) + ((int) bf & ((1 << nb) - 1));
                bf >>>= nb;
                cf -= nb;
                switch (r) {
                    case 0 -> s0 = s;
                    case 1 -> s1 = s;
                    case 2 -> s2 = s;
                    case 3 -> s3 = s;
                    default -> s4 = s;
                }
            }
            bb |= Bytes.be64(buf, pb - 8) << cb;
            pb -= (63 - cb) >>> 3;
            cb |= 56;
            for (int r = 0; r < 5; r++) {
                if (o >= outEnd) {
                    break loop;
                }
                int s = r == 0 ? s0 : r == 1 ? s1 : r == 2 ? s2 : r == 3 ? s3 : s4;
                x = t[s];
                out[o++] = (byte) x;
                nb = (x >>> 8) & 0xF;
                s = (x >>> 12) + ((int) bb & ((1 << nb) - 1));
                bb >>>= nb;
                cb -= nb;
                switch (r) {
                    case 0 -> s0 = s;
                    case 1 -> s1 = s;
                    case 2 -> s2 = s;
                    case 3 -> s3 = s;
                    default -> s4 = s;
                }
            }
        }
        int endF = pf - (cf >>> 3);
        int endB = pb + (cb >>> 3);
        if (endF != endB) {
            throw st.corrupt(q, "tANS streams that exactly fill their block");
        }
        if (((s0 | s1 | s2 | s3 | s4) & ~0xFF) != 0) {
            throw st.corrupt(q, "final tANS states that are byte values");
        }
        out[outEnd] = (byte) s0;
        out[outEnd + 1] = (byte) s1;
        out[outEnd + 2] = (byte) s2;
        out[outEnd + 3] = (byte) s3;
        out[outEnd + 4] = (byte) s4;
    }
}
