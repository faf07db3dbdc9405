package io.uassetd.codecs.oodle;

/**
 * Kraken and Leviathan keep match offsets and long lengths as one byte per value (a bucket)
 * plus extra bits read from two bit streams over the rest of the chunk, one from the front and one
 * from the back, alternating. This class turns buckets and bits into final values.
 */
final class OffsetLengthCoder {
    private static final int MAX_WIDE_LENGTHS = 512;

    private final DecodeState st;
    private final MsbBitReader front = new MsbBitReader();
    private final MsbBitReader back = new MsbBitReader();
    private final int[] wide = new int[MAX_WIDE_LENGTHS];

    OffsetLengthCoder(DecodeState st) {
        this.st = st;
    }

    /**
     * Reads {@code src[p, end)} completely: offsets from {@code offBuckets} (with low parts
     * {@code lowParts} when {@code scale > 1}) into {@code offsOut} as negative distances, and
     * lengths from {@code lenBuckets} into {@code lensOut}.
     */
    void unpack(int p, int end, byte[] offBuckets, int nOffs, byte[] lowParts, int scale,
            byte[] lenBuckets, int nLens, int[] offsOut, int[] lensOut) {
        front.init(st.src, p, end, false);
        back.init(st.src, p, end, true);
        int z = back.leadingZeros();
        if (z > 18) {
            throw st.corrupt(p, "a gamma-coded count of wide lengths");
        }
        back.skip(z);
        int nWide = back.bits(z + 1) - 1;
        if (nWide > MAX_WIDE_LENGTHS) {
            throw st.corrupt(p, "at most 512 wide lengths");
        }
        if (scale == 0) {
            for (int i = 0; i < nOffs; i++) {
                offsOut[i] = -distance((i & 1) == 0 ? front : back, offBuckets[i] & 0xFF);
            }
        } else {
            for (int i = 0; i < nOffs; i++) {
                int c = offBuckets[i] & 0xFF;
                int sh = c >>> 3;
                if (sh > 26) {
                    throw st.corrupt(p, "offset buckets below 216");
                }
                MsbBitReader r = (i & 1) == 0 ? front : back;
                int v = ((8 + (c & 7)) << sh) | r.bits(sh);
                offsOut[i] = 8 - v;
            }
            if (scale != 1) {
                for (int i = 0; i < nOffs; i++) {
                    offsOut[i] = scale * offsOut[i] - (lowParts[i] & 0xFF);
                }
            }
        }
        for (int i = 0; i < nWide; i++) {
            MsbBitReader r = (i & 1) == 0 ? front : back;
            int lz = r.leadingZeros();
            if (lz > 12) {
                throw st.corrupt(p, "a wide length below 2^19");
            }
            r.skip(lz);
            wide[i] = r.bits(lz + 7) - 64;
        }
        if (p + front.consumedBytes() != end - back.consumedBytes()) {
            throw st.corrupt(p, "offset and length bits that exactly fill the chunk");
        }
        int w = 0;
        for (int i = 0; i < nLens; i++) {
            int v = lenBuckets[i] & 0xFF;
            if (v == 255) {
                if (w >= nWide) {
                    throw st.corrupt(p, "a wide length for every length bucket 255");
                }
                v = wide[w++] + 255;
            }
            lensOut[i] = v + 3;
        }
        if (w != nWide) {
            throw st.corrupt(p, "every wide length to be used");
        }
    }

    private static int distance(MsbBitReader r, int v) {
        if (v < 0xF0) {
            int n = (v >>> 4) + 4;
            int x = (1 << n) | r.bits(n);
            return (x << 4) + (v & 0xF) - 248;
        }
        int n = v - 0xF0 + 4;
        int x = (1 << n) | r.bits(n);
        int hi = 8322816 + (x << 12);
        return hi + r.bits(12);
    }
}
