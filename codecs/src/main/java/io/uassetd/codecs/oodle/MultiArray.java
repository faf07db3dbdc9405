package io.uassetd.codecs.oodle;

/**
 * Multi-array blocks: several entropy-coded source arrays whose bytes are dealt out, in runs of
 * coded lengths, into a number of output arrays. Leviathan uses them for its literal and command
 * streams; a recursive block may hold one.
 */
final class MultiArray {
    private final DecodeState st;
    private final EntropyDecoder entropy;
    private final MsbBitReader fwd = new MsbBitReader();
    private final MsbBitReader bwd = new MsbBitReader();
    private final int[] arrayOff = new int[32];
    private final int[] arrayLen = new int[32];
    private int total;

    MultiArray(DecodeState st, EntropyDecoder entropy) {
        this.st = st;
        this.entropy = entropy;
    }

    int total() {
        return total;
    }

    int offset(int i) {
        return arrayOff[i];
    }

    int length(int i) {
        return arrayLen[i];
    }

    /**
     * Decodes into {@code count} consecutive arrays in {@code out[outPos, outPos + cap)}; returns
     * the compressed bytes used. Array positions are then given by {@link #offset} and {@link #length}.
     */
    int decode(int p, int end, byte[] out, int outPos, int cap, int count, int depth) {
        int start = p;
        if (end - p < 4) {
            throw st.corrupt(p, "a multi-array header");
        }
        int b = st.u8(p++);
        if ((b & 0x80) == 0) {
            throw st.corrupt(p - 1, "the multi-array flag bit");
        }
        int sources = b & 0x3F;
        int outEnd = outPos + cap;
        if (sources == 0) {
            int o = outPos;
            int[] offs = new int[count];
            int[] lens = new int[count];
            for (int i = 0; i < count; i++) {
                p += entropy.decode(p, end, out, o, outEnd - o, depth + 1);
                offs[i] = o;
                lens[i] = entropy.lastSize();
                o += lens[i];
            }
            System.arraycopy(offs, 0, arrayOff, 0, count);
            System.arraycopy(lens, 0, arrayLen, 0, count);
            total = o - outPos;
            return p - start;
        }
        byte[] pool = st.bytes(depth, 0, cap);
        int t = 0;
        int[] sOff = new int[sources];
        int[] sLen = new int[sources];
        for (int i = 0; i < sources; i++) {
            p += entropy.decode(p, end, pool, t, cap - t, depth + 1);
            sOff[i] = t;
            sLen[i] = entropy.lastSize();
            t += sLen[i];
        }
        int sum = t;
        if (end - p < 3) {
            throw st.corrupt(p, "a multi-array interval header");
        }
        int q = st.le16(p);
        p += 2;
        int nIdx = entropy.peekSize(p, end, sum);
        int nLens = nIdx - count;
        if (nLens < 1) {
            throw st.corrupt(p, "more multi-array intervals than arrays");
        }
        byte[] idx = st.bytes(depth, 1, nIdx);
        byte[] widths = st.bytes(depth, 2, nIdx);
        boolean packedNibbles = (q & 0x8000) != 0;
        if (packedNibbles) {
            p += entropy.decode(p, end, idx, 0, nIdx, depth + 1);
            if (entropy.lastSize() != nIdx) {
                throw st.corrupt(p, nIdx + " multi-array interval entries");
            }
            for (int i = 0; i < nIdx; i++) {
                int v = idx[i] & 0xFF;
                widths[i] = (byte) (v >>> 4);
                idx[i] = (byte) (v & 0xF);
            }
            nLens = nIdx;
        } else {
            p += entropy.decode(p, end, idx, 0, nIdx, depth + 1);
            if (entropy.lastSize() != nIdx) {
                throw st.corrupt(p, nIdx + " multi-array interval sources");
            }
            int at = p;
            p += entropy.decode(p, end, widths, 0, nLens, depth + 1);
            if (entropy.lastSize() != nLens) {
                throw st.corrupt(at, nLens + " multi-array interval widths");
            }
            for (int i = 0; i < nLens; i++) {
                if ((widths[i] & 0xFF) > 16) {
                    throw st.corrupt(at, "multi-array interval widths of at most 16 bits");
                }
            }
        }
        int varLen = q & 0x3FFF;
        if (end - p < varLen) {
            throw st.corrupt(p, varLen + " bytes of multi-array interval lengths");
        }
        int[] lens = st.ints(7, nLens);
        fwd.init(st.src, p, p + varLen, false);
        bwd.init(st.src, p, p + varLen, true);
        for (int i = 0; i < nLens; i++) {
            int w = widths[i] & 0xFF;
            MsbBitReader r = (i & 1) == 0 ? fwd : bwd;
            lens[i] = (1 << w) | r.bits(w);
        }
        if (idx[nIdx - 1] != 0) {
            throw st.corrupt(p, "a multi-array interval list ending with 0");
        }
        int o = outPos;
        int ii = 0;
        int li = 0;
        for (int a = 0; a < count; a++) {
            arrayOff[a] = o;
            if (ii >= nIdx) {
                throw st.corrupt(p, "an interval list for every multi-array output");
            }
            int s;
            while ((s = idx[ii++]) != 0) {
                if (s > sources || li >= nLens) {
                    throw st.corrupt(p, "multi-array intervals naming a source with data");
                }
                int len = lens[li++];
                if (len > sLen[s - 1] || len > outEnd - o) {
                    throw st.corrupt(p, "multi-array intervals within their source and output");
                }
                System.arraycopy(pool, sOff[s - 1], out, o, len);
                sOff[s - 1] += len;
                sLen[s - 1] -= len;
                o += len;
            }
            if (packedNibbles) {
                li++;
            }
            arrayLen[a] = o - arrayOff[a];
        }
        if (ii != nIdx || li != nLens) {
            throw st.corrupt(p, "multi-array intervals that are all used");
        }
        for (int i = 0; i < sources; i++) {
            if (sLen[i] != 0) {
                throw st.corrupt(p, "multi-array sources that are fully used");
            }
        }
        total = o - outPos;
        return p + varLen - start;
    }
}
