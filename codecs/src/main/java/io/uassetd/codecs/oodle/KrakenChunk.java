package io.uassetd.codecs.oodle;

/**
 * Kraken LZ chunks: entropy-coded literal, command, offset-bucket and length-bucket streams, then
 * offset and length bits; each command byte holds a literal count (0-2, or 3 = from the length
 * stream), a match length (2-16, or from the length stream) and which of three recent offsets, or a
 * new one, to use. Mode 0 adds literals to the bytes at the last offset, mode 1 stores them raw.
 */
final class KrakenChunk implements ChunkDecoder {
    private final DecodeState st;
    private final OffsetLengthCoder coder;
    private final int cap;
    private final byte[] lits;
    private final byte[] cmds;
    private final byte[] offBuckets;
    private final byte[] lowParts;
    private final byte[] lenBuckets;
    private int[] offs = new int[256];
    private int[] lens = new int[256];

    KrakenChunk(DecodeState st, int maxChunk) {
        this.st = st;
        this.coder = new OffsetLengthCoder(st);
        this.cap = maxChunk;
        this.lits = new byte[maxChunk];
        this.cmds = new byte[maxChunk];
        this.offBuckets = new byte[maxChunk];
        this.lowParts = new byte[maxChunk];
        this.lenBuckets = new byte[(maxChunk >> 2) + 1];
    }

    @Override
    public void decode(int p, int end, byte[] dst, int pos, int len, int window, int mode) {
        int raw = start(st, "Kraken", mode, 1, p, end, dst, pos, len, window, cap);
        p += raw;
        int d = pos + raw;
        if ((st.u8(p) & 0x80) != 0) {
            throw st.corrupt(p, "a Kraken chunk without the excess-bytes flag");
        }
        EntropyDecoder ent = st.entropy;
        p += ent.decode(p, end, lits, 0, len, 0);
        int nLits = ent.lastSize();
        p += ent.decode(p, end, cmds, 0, len, 0);
        int nCmds = ent.lastSize();
        if (end - p < 3) {
            throw st.corrupt(p, "Kraken offset streams");
        }
        int scale = 0;
        int nOffs;
        if ((st.u8(p) & 0x80) != 0) {
            scale = st.u8(p) - 127;
            p++;
            p += ent.decode(p, end, offBuckets, 0, nCmds, 0);
            nOffs = ent.lastSize();
            if (scale != 1) {
                int at = p;
                p += ent.decode(p, end, lowParts, 0, nOffs, 0);
                if (ent.lastSize() != nOffs) {
                    throw st.corrupt(at, nOffs + " low offset parts");
                }
            }
        } else {
            p += ent.decode(p, end, offBuckets, 0, nCmds, 0);
            nOffs = ent.lastSize();
        }
        p += ent.decode(p, end, lenBuckets, 0, len >> 2, 0);
        int nLens = ent.lastSize();
        if (offs.length < nOffs) {
            offs = new int[Math.max(nOffs, offs.length * 2)];
        }
        if (lens.length < nLens) {
            lens = new int[Math.max(nLens, lens.length * 2)];
        }
        coder.unpack(p, end, offBuckets, nOffs, lowParts, scale, lenBuckets, nLens, offs, lens);
        run(p, dst, d, pos + len, window, mode == 0, nLits, nCmds, nOffs, nLens);
    }

    private void run(int at, byte[] dst, int d, int dEnd, int window, boolean delta, int nLits, int nCmds,
            int nOffs, int nLens) {
        final byte[] lit = lits;
        final byte[] cmd = cmds;
        final int[] offv = offs;
        final int[] lenv = lens;
        int r0 = -8;
        int r1 = -8;
        int r2 = -8;
        int li = 0;
        int oi = 0;
        int ni = 0;
        if (d - 8 < window) {
            throw st.corrupt(at, "8 bytes of history before a Kraken chunk");
        }
        for (int ci = 0; ci < nCmds; ci++) {
            int f = cmd[ci] & 0xFF;
            int litLen = f & 3;
            if (litLen == 3) {
                if (ni >= nLens) {
                    throw st.corrupt(at, "a literal length in the length stream");
                }
                litLen = lenv[ni++];
            }
            if (litLen != 0) {
                if (litLen > nLits - li || litLen > dEnd - d) {
                    throw st.corrupt(at, "literal runs inside the literals and the chunk");
                }
                if (delta) {
                    LzCopy.delta(dst, d, lit, li, litLen, r0, dEnd);
                } else {
                    LzCopy.raw(dst, d, lit, li, litLen, dEnd);
                }
                d += litLen;
                li += litLen;
            }
            int idx = f >>> 6;
            int fresh = oi < nOffs ? offv[oi] : 0;
            int off = idx == 0 ? r0 : idx == 1 ? r1 : idx == 2 ? r2 : fresh;
            if (idx == 3) {
                if (oi >= nOffs) {
                    throw st.corrupt(at, "an offset in the offset stream");
                }
                oi++;
            }
            r2 = idx >= 2 ? r1 : r2;
            r1 = idx >= 1 ? r0 : r1;
            r0 = off;
            int ml = (f >>> 2) & 0xF;
            if (ml == 15) {
                if (ni >= nLens) {
                    throw st.corrupt(at, "a match length in the length stream");
                }
                ml = 14 + lenv[ni++];
            } else {
                ml += 2;
            }
            if (Integer.compareUnsigned(-off - 1, d - window) >= 0) {
                throw st.corrupt(at, "match offsets inside the output so far");
            }
            if (ml > dEnd - d) {
                throw st.corrupt(at, "matches inside the chunk");
            }
            LzCopy.match(dst, d, off, ml, dEnd);
            d += ml;
        }
        if (oi != nOffs || ni != nLens) {
            throw st.corrupt(at, "offset and length streams that are fully used");
        }
        int rest = dEnd - d;
        if (rest != nLits - li) {
            throw st.corrupt(at, "the remaining literals to fill the chunk exactly");
        }
        if (delta) {
            LzCopy.delta(dst, d, lit, li, rest, r0, dEnd);
        } else {
            LzCopy.raw(dst, d, lit, li, rest, dEnd);
        }
    }

    /**
     * The start Kraken and Leviathan chunks share: a mode up to {@code maxMode}, at least 13 bytes, at
     * most {@code cap} bytes of output, and the first chunk's 8 raw bytes copied to the output.
     *
     * @return the raw bytes copied (8 for the first chunk, else 0)
     */
    static int start(DecodeState st, String codec, int mode, int maxMode, int p, int end, byte[] dst, int pos, int len,
            int window, int cap) {
        if (mode > maxMode) {
            throw st.corrupt(p, codec + " chunk mode 0 " + (maxMode == 1 ? "or 1" : "to " + maxMode));
        }
        if (end - p < 13) {
            throw st.corrupt(p, "a " + codec + " chunk of at least 13 bytes");
        }
        if (len > cap) {
            throw st.corrupt(p, "a chunk of at most " + cap + " bytes");
        }
        if (pos != window) {
            return 0;
        }
        if (len < 8) {
            throw st.corrupt(p, "at least 8 bytes in the first chunk");
        }
        System.arraycopy(st.src, p, dst, pos, 8);
        return 8;
    }
}
