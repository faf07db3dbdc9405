package io.uassetd.codecs.oodle;

/**
 * Kraken and Leviathan keep match offsets and long lengths as one byte per value (a bucket)
 * plus extra bits read from two bit streams over the rest of the chunk, one from the front and one
 * from the back (bytes taken from the end down), both most significant bit first, alternating
 * between them. This class turns buckets and bits into final values.
 *
 * <p>Both readers are kept in local variables: a 64-bit window with the next bit at the top, the
 * number of valid bits in it, and how many bytes were moved in (bytes past the range read as 0).
 */
final class OffsetLengthCoder {
    private static final int MAX_WIDE_LENGTHS = 512;

    private final DecodeState st;
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
        final byte[] src = st.src;
        final int span = end - p;
        long fw = 0;
        int fc = 0;
        int fl = 0;
        long bw = 0;
        int bc = 0;
        int bl = 0;

        // back: gamma-coded count of wide lengths
        if (bl + 8 <= span) {
            bw |= Bytes.le64(src, end - 8 - bl) >>> bc;
            int k = (64 - bc) >>> 3;
            bl += k;
            bc += k << 3;
        } else {
            while (bc <= 56) {
                int i = end - 1 - bl;
                bw |= (long) (i >= p ? src[i] & 0xFF : 0) << (56 - bc);
                bc += 8;
                bl++;
            }
        }
        int z = Long.numberOfLeadingZeros(bw);
        if (z > 18) {
            throw st.corrupt(p, "a gamma-coded count of wide lengths");
        }
        bw <<= z;
        bc -= z;
        int nWide = (int) (bw >>> (63 - z)) - 1;
        bw <<= z + 1;
        bc -= z + 1;
        if (nWide > MAX_WIDE_LENGTHS) {
            throw st.corrupt(p, "at most 512 wide lengths");
        }

        int total = nOffs + nWide;
        for (int i = 0; i < total; i++) {
            boolean front = (i < nOffs ? i : i - nOffs) % 2 == 0;
            long w;
            int c;
            if (front) {
                if (fc <= 56) {
                    if (fl + 8 <= span) {
                        fw |= Bytes.be64(src, p + fl) >>> fc;
                        int k = (64 - fc) >>> 3;
                        fl += k;
                        fc += k << 3;
                    } else {
                        while (fc <= 56) {
                            fw |= (long) (fl < span ? src[p + fl] & 0xFF : 0) << (56 - fc);
                            fc += 8;
                            fl++;
                        }
                    }
                }
                w = fw;
                c = fc;
            } else {
                if (bc <= 56) {
                    if (bl + 8 <= span) {
                        bw |= Bytes.le64(src, end - 8 - bl) >>> bc;
                        int k = (64 - bc) >>> 3;
                        bl += k;
                        bc += k << 3;
                    } else {
                        while (bc <= 56) {
                            int j = end - 1 - bl;
                            bw |= (long) (j >= p ? src[j] & 0xFF : 0) << (56 - bc);
                            bc += 8;
                            bl++;
                        }
                    }
                }
                w = bw;
                c = bc;
            }
            // at least 57 bits are in w; every value below needs at most 31
            int used;
            if (i < nOffs) {
                int v = offBuckets[i] & 0xFF;
                if (scale == 0) {
                    int dist;
                    if (v < 0xF0) {
                        int n = (v >>> 4) + 4;
                        int x = (1 << n) | (int) (w >>> (64 - n));
                        dist = (x << 4) + (v & 0xF) - 248;
                        used = n;
                    } else {
                        int n = v - 0xF0 + 4;
                        int x = (1 << n) | (int) (w >>> (64 - n));
                        int low = (int) ((w << n) >>> 52);
                        dist = 8322816 + (x << 12) + low;
                        used = n + 12;
                    }
                    offsOut[i] = -dist;
                } else {
                    int sh = v >>> 3;
                    if (sh > 26) {
                        throw st.corrupt(p, "offset buckets below 216");
                    }
                    int extra = sh == 0 ? 0 : (int) (w >>> (64 - sh));
                    offsOut[i] = 8 - (((8 + (v & 7)) << sh) | extra);
                    used = sh;
                }
            } else {
                int lz = Long.numberOfLeadingZeros(w);
                if (lz > 12) {
                    throw st.corrupt(p, "a wide length below 2^19");
                }
                int n = lz + 7;
                wide[i - nOffs] = (int) ((w << lz) >>> (64 - n)) - 64;
                used = lz + n;
            }
            if (front) {
                fw = w << used;
                fc = c - used;
            } else {
                bw = w << used;
                bc = c - used;
            }
        }
        if (scale > 1) {
            for (int i = 0; i < nOffs; i++) {
                offsOut[i] = scale * offsOut[i] - (lowParts[i] & 0xFF);
            }
        }
        int frontBytes = fl - (fc >>> 3);
        int backBytes = bl - (bc >>> 3);
        if (p + frontBytes != end - backBytes) {
            throw st.corrupt(p, "offset and length bits that exactly fill the chunk");
        }
        int wi = 0;
        for (int i = 0; i < nLens; i++) {
            int v = lenBuckets[i] & 0xFF;
            if (v == 255) {
                if (wi >= nWide) {
                    throw st.corrupt(p, "a wide length for every length bucket 255");
                }
                v = wide[wi++] + 255;
            }
            lensOut[i] = v + 3;
        }
        if (wi != nWide) {
            throw st.corrupt(p, "every wide length to be used");
        }
    }
}
