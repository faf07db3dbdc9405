package io.uassetd.codecs.oodle;

/**
 * Leviathan LZ chunks: like Kraken but with seven recent offsets, long match lengths taken from the
 * back of the length stream, optionally eight command streams chosen by output position, and six
 * literal models (mode): delta, raw, delta with a separate first-literal stream, delta split by
 * position modulo 4 or 16, and raw split by the high nibble of the previous byte.
 */
final class LeviathanChunk implements ChunkDecoder {
    private static final int RECENT = 7;

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
    /** Literal sub-streams: cursor and end in {@link #lits}. */
    private final int[] litCur = new int[16];
    private final int[] litEnd = new int[16];
    /** Command sub-streams: cursor and end in {@link #cmds}. */
    private final int[] cmdCur = new int[8];
    private final int[] cmdEnd = new int[8];
    private final int[] rec = new int[RECENT + 1];
    /** End of the chunk being written (bound for word-sized literal copies). */
    private int limit;

    LeviathanChunk(DecodeState st, int maxChunk) {
        this.st = st;
        this.coder = new OffsetLengthCoder(st);
        this.cap = maxChunk;
        this.lits = new byte[maxChunk];
        this.cmds = new byte[maxChunk];
        this.offBuckets = new byte[maxChunk / 3 + 1];
        this.lowParts = new byte[maxChunk / 3 + 1];
        this.lenBuckets = new byte[maxChunk / 5 + 1];
    }

    @Override
    public void decode(int p, int end, byte[] dst, int pos, int len, int window, int mode) {
        int raw = KrakenChunk.start(st, "Leviathan", mode, 5, p, end, dst, pos, len, window, cap);
        p += raw;
        int d = pos + raw;
        EntropyDecoder ent = st.entropy;
        int offLimit = len / 3;
        int scale = 0;
        if ((st.u8(p) & 0x80) != 0) {
            scale = st.u8(p) - 127;
            p++;
        }
        p += ent.decode(p, end, offBuckets, 0, offLimit, 0);
        int nOffs = ent.lastSize();
        if (scale > 1) {
            int at = p;
            p += ent.decode(p, end, lowParts, 0, offLimit, 0);
            if (ent.lastSize() != nOffs) {
                throw st.corrupt(at, nOffs + " low offset parts");
            }
        }
        p += ent.decode(p, end, lenBuckets, 0, len / 5, 0);
        int nLens = ent.lastSize();
        int streams;
        if (mode <= 1) {
            p += ent.decode(p, end, lits, 0, len, 0);
            litCur[0] = 0;
            litEnd[0] = ent.lastSize();
            streams = 1;
        } else {
            streams = mode == 2 ? 2 : mode == 3 ? 4 : 16;
            MultiArray multi = ent.multiArray();
            p += multi.decode(p, end, lits, 0, len, streams, 0);
            for (int i = 0; i < streams; i++) {
                litCur[i] = multi.offset(i);
                litEnd[i] = multi.offset(i) + multi.length(i);
            }
        }
        if (p >= end) {
            throw st.corrupt(p, "a Leviathan command stream");
        }
        boolean multiCmd;
        int nCmds;
        if ((st.u8(p) & 0x80) == 0) {
            p += ent.decode(p, end, cmds, 0, len, 0);
            nCmds = ent.lastSize();
            multiCmd = false;
        } else {
            if (st.u8(p) != 0x83) {
                throw st.corrupt(p, "the multi-command marker 0x83");
            }
            p++;
            MultiArray multi = ent.multiArray();
            p += multi.decode(p, end, cmds, 0, len, 8, 0);
            nCmds = multi.total();
            for (int i = 0; i < 8; i++) {
                cmdCur[i] = multi.offset(i);
                cmdEnd[i] = multi.offset(i) + multi.length(i);
            }
            multiCmd = true;
        }
        if (offs.length < nOffs) {
            offs = new int[Math.max(nOffs, offs.length * 2)];
        }
        if (lens.length < nLens) {
            lens = new int[Math.max(nLens, lens.length * 2)];
        }
        coder.unpack(p, end, offBuckets, nOffs, lowParts, scale, lenBuckets, nLens, offs, lens);
        run(p, dst, pos, d, pos + len, window, mode, multiCmd, nCmds, nOffs, nLens);
    }

    private int nextLit(int s, int at) {
        int c = litCur[s];
        if (c >= litEnd[s]) {
            throw st.corrupt(at, "a literal in literal stream " + s);
        }
        litCur[s] = c + 1;
        return lits[c];
    }

    private void run(int at, byte[] dst, int chunk, int d, int dEnd, int window, int mode, boolean multiCmd,
            int nCmds, int nOffs, int nLens) {
        final byte[] lit = lits;
        final byte[] cmd = cmds;
        final int[] r = rec;
        limit = dEnd;
        for (int i = 0; i < RECENT; i++) {
            r[i] = -8;
        }
        int last = -8;
        if (d + last < window) {
            throw st.corrupt(at, "8 bytes of history before a Leviathan chunk");
        }
        // modes 1 (raw) and 4 (order-1 context) store literals as they are; the others add them to
        // the byte at the last match offset
        final boolean deltaLiterals = mode != 1 && mode != 4;
        int oi = 0;
        int front = 0;
        int back = nLens;
        int ci = 0;
        for (int k = 0; k < nCmds; k++) {
            int c;
            if (multiCmd) {
                int s = (d - chunk) & 7;
                int cur = cmdCur[s];
                if (cur >= cmdEnd[s]) {
                    throw st.corrupt(at, "a command in command stream " + s);
                }
                c = cmd[cur] & 0xFF;
                cmdCur[s] = cur + 1;
            } else {
                c = cmd[ci++] & 0xFF;
            }
            int litBits = (c >>> 3) & 3;
            if (litBits != 0) {
                int litLen = litBits;
                if (litBits == 3) {
                    if (front >= back) {
                        throw st.corrupt(at, "a literal length in the length stream");
                    }
                    litLen = lens[front++];
                }
                if (litLen > dEnd - d) {
                    throw st.corrupt(at, "literal runs inside the chunk");
                }
                if (deltaLiterals && (last >= 0 || d + last < window)) {
                    throw st.corrupt(at, "a delta-literal offset inside the output");
                }
                d = literals(at, dst, chunk, d, litLen, last, mode, lit);
            }
            int idx = c >>> 5;
            int off;
            if (idx == 7) {
                if (oi >= nOffs) {
                    throw st.corrupt(at, "an offset in the offset stream");
                }
                off = offs[oi++];
                for (int j = RECENT - 1; j > 0; j--) {
                    r[j] = r[j - 1];
                }
            } else {
                off = r[idx];
                for (int j = idx; j > 0; j--) {
                    r[j] = r[j - 1];
                }
            }
            r[0] = off;
            last = off;
            if (off >= 0 || off < window - d) {
                throw st.corrupt(at, "match offsets inside the output so far");
            }
            int ml = (c & 7) + 2;
            if (ml == 9) {
                if (front >= back) {
                    throw st.corrupt(at, "a match length in the length stream");
                }
                ml = lens[--back] + 6;
            }
            if (ml > dEnd - d) {
                throw st.corrupt(at, "matches inside the chunk");
            }
            LzCopy.match(dst, d, off, ml, dEnd);
            d += ml;
        }
        if (oi != nOffs || front != back) {
            throw st.corrupt(at, "offset and length streams that are fully used");
        }
        int rest = dEnd - d;
        if (rest > 0) {
            if (deltaLiterals && (last >= 0 || d + last < window)) {
                throw st.corrupt(at, "a delta-literal offset inside the output");
            }
            literals(at, dst, chunk, d, rest, last, mode, lit);
        }
    }

    /** Writes {@code n > 0} literals at {@code d} in the given mode; returns the new position. Lengths
     * taken from the length stream are at least 3, so every run the modes need is non-empty. */
    private int literals(int at, byte[] dst, int chunk, int d, int n, int last, int mode, byte[] lit) {
        switch (mode) {
            case 0 -> {
                int c = litCur[0];
                if (n > litEnd[0] - c) {
                    throw st.corrupt(at, "literal runs inside the literals");
                }
                LzCopy.delta(dst, d, lit, c, n, last, limit);
                litCur[0] = c + n;
                return d + n;
            }
            case 1 -> {
                int c = litCur[0];
                if (n > litEnd[0] - c) {
                    throw st.corrupt(at, "literal runs inside the literals");
                }
                LzCopy.raw(dst, d, lit, c, n, limit);
                litCur[0] = c + n;
                return d + n;
            }
            case 2 -> {
                dst[d] = (byte) (nextLit(1, at) + dst[d + last]);
                d++;
                int c = litCur[0];
                if (n - 1 > litEnd[0] - c) {
                    throw st.corrupt(at, "literal runs inside the literals");
                }
                LzCopy.delta(dst, d, lit, c, n - 1, last, limit);
                litCur[0] = c + n - 1;
                return d + n - 1;
            }
            case 3 -> {
                for (int i = 0; i < n; i++) {
                    dst[d] = (byte) (nextLit((d - chunk) & 3, at) + dst[d + last]);
                    d++;
                }
                return d;
            }
            case 5 -> {
                for (int i = 0; i < n; i++) {
                    dst[d] = (byte) (nextLit((d - chunk) & 15, at) + dst[d + last]);
                    d++;
                }
                return d;
            }
            default -> {
                int prev = dst[d - 1] & 0xFF;
                for (int i = 0; i < n; i++) {
                    prev = nextLit(prev >>> 4, at) & 0xFF;
                    dst[d++] = (byte) prev;
                }
                return d;
            }
        }
    }
}
