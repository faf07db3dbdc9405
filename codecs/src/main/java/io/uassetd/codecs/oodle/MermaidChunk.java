package io.uassetd.codecs.oodle;

/**
 * Mermaid and Selkie LZ chunks (one format, two encoders). A chunk is two 64 KiB halves sharing
 * literal, command and 16-bit offset streams; each half has its own list of far (24/30-bit)
 * offsets measured from the half's start. Long lengths are read straight from the chunk's tail.
 */
final class MermaidChunk implements ChunkDecoder {
    private static final int HALF = 0x10000;

    private final DecodeState st;
    private final int cap;
    private final byte[] lits;
    private final byte[] cmds;
    private final byte[] hiBytes;
    private final byte[] loBytes;
    private final int[] near;
    private int[] far1 = new int[64];
    private int[] far2 = new int[64];

    /** Stream cursors carried across the two halves. */
    private int litPos;
    private int nLits;
    private int nearPos;
    private int nNear;
    private int lenPos;
    private int recent;

    MermaidChunk(DecodeState st, int maxChunk) {
        this.st = st;
        this.cap = maxChunk;
        this.lits = new byte[maxChunk];
        this.cmds = new byte[maxChunk];
        this.hiBytes = new byte[(maxChunk >> 1) + 1];
        this.loBytes = new byte[(maxChunk >> 1) + 1];
        this.near = new int[maxChunk + 1];
    }

    @Override
    public void decode(int p, int end, byte[] dst, int pos, int len, int window, int mode) {
        if (mode > 1) {
            throw st.corrupt(p, "Mermaid chunk mode 0 or 1");
        }
        if (end - p < 10) {
            throw st.corrupt(p, "a Mermaid chunk of at least 10 bytes");
        }
        if (len > cap) {
            throw st.corrupt(p, "a chunk of at most " + cap + " bytes");
        }
        int start = pos - window;
        boolean first = start == 0;
        if (first) {
            if (len < 8) {
                throw st.corrupt(p, "at least 8 bytes in the first chunk");
            }
            System.arraycopy(st.src, p, dst, pos, 8);
            p += 8;
        }
        EntropyDecoder ent = st.entropy;
        p += ent.decode(p, end, lits, 0, len, 0);
        nLits = ent.lastSize();
        p += ent.decode(p, end, cmds, 0, len, 0);
        int nCmds = ent.lastSize();
        int split = nCmds;
        if (len > HALF) {
            if (end - p < 2) {
                throw st.corrupt(p, "a command split");
            }
            split = st.le16(p);
            p += 2;
            if (split > nCmds) {
                throw st.corrupt(p - 2, "a command split inside the command stream");
            }
        }
        if (end - p < 2) {
            throw st.corrupt(p, "a near-offset count");
        }
        int count = st.le16(p);
        if (count == 0xFFFF) {
            p += 2;
            p += ent.decode(p, end, hiBytes, 0, len >> 1, 0);
            int nHi = ent.lastSize();
            int at = p;
            p += ent.decode(p, end, loBytes, 0, len >> 1, 0);
            if (ent.lastSize() != nHi) {
                throw st.corrupt(at, nHi + " low near-offset bytes");
            }
            for (int i = 0; i < nHi; i++) {
                near[i] = (loBytes[i] & 0xFF) | (hiBytes[i] & 0xFF) << 8;
            }
            nNear = nHi;
        } else {
            p += 2;
            if ((end - p) / 2 < count || count > len) {
                throw st.corrupt(p, count + " near offsets");
            }
            for (int i = 0; i < count; i++) {
                near[i] = st.le16(p + 2 * i);
            }
            p += 2 * count;
            nNear = count;
        }
        if (end - p < 3) {
            throw st.corrupt(p, "far-offset counts");
        }
        int t = st.le24(p);
        p += 3;
        int nFar1 = 0;
        int nFar2 = 0;
        if (t != 0) {
            nFar1 = t >>> 12;
            nFar2 = t & 0xFFF;
            if (nFar1 == 4095) {
                if (end - p < 2) {
                    throw st.corrupt(p, "a wide far-offset count");
                }
                nFar1 = st.le16(p);
                p += 2;
            }
            if (nFar2 == 4095) {
                if (end - p < 2) {
                    throw st.corrupt(p, "a wide far-offset count");
                }
                nFar2 = st.le16(p);
                p += 2;
            }
            if ((long) (nFar1 + nFar2) * 3 > end - p) {
                throw st.corrupt(p, (nFar1 + nFar2) + " far offsets");
            }
            if (far1.length < nFar1) {
                far1 = new int[nFar1];
            }
            if (far2.length < nFar2) {
                far2 = new int[nFar2];
            }
            p = farOffsets(p, end, far1, nFar1, start);
            p = farOffsets(p, end, far2, nFar2, (long) start + HALF);
        }
        litPos = 0;
        nearPos = 0;
        lenPos = p;
        recent = -8;
        boolean delta = mode == 0;
        int firstLen = Math.min(len, HALF);
        half(end, dst, pos, firstLen, first ? 8 : 0, window, delta, 0, split, far1, nFar1);
        if (len > HALF) {
            half(end, dst, pos + HALF, len - HALF, 0, window, delta, split, nCmds, far2, nFar2);
        }
        if (lenPos != end) {
            throw st.corrupt(lenPos, "a length stream that ends with the chunk");
        }
    }

    private int farOffsets(int p, int end, int[] out, int n, long limit) {
        boolean wide = limit >= 0xC00000 - 1;
        for (int i = 0; i < n; i++) {
            if (end - p < 3) {
                throw st.corrupt(p, "a 3-byte far offset");
            }
            int off = st.le24(p);
            p += 3;
            if (wide && off >= 0xC00000) {
                if (p >= end) {
                    throw st.corrupt(p, "a far offset's fourth byte");
                }
                off += st.u8(p++) << 22;
            }
            if (off > limit) {
                throw st.corrupt(p, "far offsets inside the output so far");
            }
            out[i] = off;
        }
        return p;
    }

    private int length(int end) {
        int q = lenPos;
        if (q >= end) {
            throw st.corrupt(q, "a length in the length stream");
        }
        int v = st.u8(q);
        if (v > 251) {
            if (end - q < 3) {
                throw st.corrupt(q, "a 3-byte length in the length stream");
            }
            v += 4 * st.le16(q + 1);
            q += 2;
        }
        lenPos = q + 1;
        return v;
    }

    private void half(int end, byte[] dst, int base, int len, int skip, int window, boolean delta, int cmdFrom,
            int cmdTo, int[] far, int nFar) {
        final byte[] lit = lits;
        final byte[] cmd = cmds;
        int d = base + skip;
        final int dEnd = base + len;
        int fi = 0;
        int rec = recent;
        int li = litPos;
        int ni = nearPos;
        final int nl = nLits;
        for (int ci = cmdFrom; ci < cmdTo; ci++) {
            int c = cmd[ci] & 0xFF;
            if (c >= 24) {
                int litLen = c & 7;
                if (litLen != 0) {
                    if (litLen > nl - li || litLen > dEnd - d) {
                        throw st.corrupt(lenPos, "literal runs inside the literals and the chunk");
                    }
                    if (delta) {
                        if (rec >= 0 || d + rec < window) {
                            throw st.corrupt(lenPos, "a delta-literal offset inside the output");
                        }
                        LzCopy.delta(dst, d, lit, li, litLen, rec, dEnd);
                    } else {
                        LzCopy.raw(dst, d, lit, li, litLen, dEnd);
                    }
                    d += litLen;
                    li += litLen;
                }
                if ((c & 0x80) == 0) {
                    if (ni >= nNear) {
                        throw st.corrupt(lenPos, "a near offset in the offset stream");
                    }
                    rec = -near[ni++];
                }
                int ml = (c >>> 3) & 0xF;
                if (ml != 0) {
                    checkMatch(lenPos, d, rec, ml, dEnd, window);
                    LzCopy.match(dst, d, rec, ml, dEnd);
                    d += ml;
                }
            } else if (c > 2) {
                int ml = c + 5;
                if (fi >= nFar) {
                    throw st.corrupt(lenPos, "a far offset in the far-offset list");
                }
                rec = base - far[fi++] - d;
                checkMatch(lenPos, d, rec, ml, dEnd, window);
                LzCopy.match(dst, d, rec, ml, dEnd);
                d += ml;
            } else if (c == 0) {
                int n = length(end) + 64;
                if (n > dEnd - d || n > nl - li) {
                    throw st.corrupt(lenPos, "literal runs inside the literals and the chunk");
                }
                if (delta) {
                    if (rec >= 0 || d + rec < window) {
                        throw st.corrupt(lenPos, "a delta-literal offset inside the output");
                    }
                    LzCopy.delta(dst, d, lit, li, n, rec, dEnd);
                } else {
                    LzCopy.raw(dst, d, lit, li, n, dEnd);
                }
                d += n;
                li += n;
            } else {
                int ml;
                if (c == 1) {
                    ml = length(end) + 91;
                    if (ni >= nNear) {
                        throw st.corrupt(lenPos, "a near offset in the offset stream");
                    }
                    rec = -near[ni++];
                } else {
                    ml = length(end) + 29;
                    if (fi >= nFar) {
                        throw st.corrupt(lenPos, "a far offset in the far-offset list");
                    }
                    rec = base - far[fi++] - d;
                }
                checkMatch(lenPos, d, rec, ml, dEnd, window);
                LzCopy.match(dst, d, rec, ml, dEnd);
                d += ml;
            }
        }
        int rest = dEnd - d;
        if (rest > nl - li) {
            throw st.corrupt(lenPos, "enough literals to finish the chunk");
        }
        if (rest > 0) {
            if (delta) {
                if (rec >= 0 || d + rec < window) {
                    throw st.corrupt(lenPos, "a delta-literal offset inside the output");
                }
                LzCopy.delta(dst, d, lit, li, rest, rec, dEnd);
            } else {
                LzCopy.raw(dst, d, lit, li, rest, dEnd);
            }
        }
        li += rest;
        recent = rec;
        litPos = li;
        nearPos = ni;
    }

    /** A match of {@code ml} bytes at {@code d} from {@code rec} back must fit in the chunk and the output so far. */
    private void checkMatch(int lenPos, int d, int rec, int ml, int dEnd, int window) {
        if (ml > dEnd - d) {
            throw st.corrupt(lenPos, "matches inside the chunk");
        }
        if (rec >= 0 || d + rec < window) {
            throw st.corrupt(lenPos, "match offsets inside the output so far");
        }
    }
}
