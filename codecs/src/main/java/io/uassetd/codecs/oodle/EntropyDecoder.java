package io.uassetd.codecs.oodle;

/**
 * Decodes one entropy-coded byte block: a header giving its type and sizes, then stored bytes,
 * tANS, Huffman, run-length or a recursive block made of further blocks (concatenated or
 * interleaved as a multi-array).
 */
final class EntropyDecoder {
    private final DecodeState st;
    private final HuffmanBlock huffman;
    private final TansBlock tans;
    private final RleBlock rle;
    private final MultiArray multi;
    private int lastSize;

    EntropyDecoder(DecodeState st) {
        this.st = st;
        this.huffman = new HuffmanBlock(st);
        this.tans = new TansBlock(st);
        this.rle = new RleBlock(st);
        this.multi = new MultiArray(st, this);
    }

    /** Bytes produced by the last {@link #decode}. */
    int lastSize() {
        return lastSize;
    }

    MultiArray multiArray() {
        return multi;
    }

    /**
     * Decodes the block at {@code src[p, limit)} into {@code out[outPos...]}, producing at most
     * {@code cap} bytes; returns the compressed bytes used ({@link #lastSize()} holds the count made).
     */
    int decode(int p, int limit, byte[] out, int outPos, int cap, int depth) {
        if (depth > DecodeState.MAX_DEPTH) {
            throw st.corrupt(p, "entropy blocks nested at most " + DecodeState.MAX_DEPTH + " deep");
        }
        if (limit - p < 2) {
            throw st.corrupt(p, "an entropy block header");
        }
        int b0 = st.u8(p);
        int type = (b0 >>> 4) & 7;
        if (type == 0) {
            int n;
            int hdr;
            if (b0 >= 0x80) {
                n = ((b0 << 8) | st.u8(p + 1)) & 0xFFF;
                hdr = 2;
            } else {
                if (limit - p < 3) {
                    throw st.corrupt(p, "a 3-byte stored block header");
                }
                n = st.be24(p);
                if (n > 0x3FFFF) {
                    throw st.corrupt(p, "clear reserved bits in a stored block header");
                }
                hdr = 3;
            }
            if (n > cap) {
                throw st.corrupt(p, "a stored block of at most " + cap + " bytes");
            }
            if (limit - p - hdr < n) {
                throw st.corrupt(p, n + " stored bytes");
            }
            System.arraycopy(st.src, p + hdr, out, outPos, n);
            lastSize = n;
            return hdr + n;
        }
        if (type >= 6) {
            throw st.corrupt(p, "an entropy block type from 0 to 5");
        }
        int packed;
        int size;
        int hdr;
        if (b0 >= 0x80) {
            if (limit - p < 3) {
                throw st.corrupt(p, "a 3-byte entropy block header");
            }
            int v = st.be24(p);
            packed = v & 0x3FF;
            size = packed + ((v >>> 10) & 0x3FF) + 1;
            hdr = 3;
        } else {
            if (limit - p < 5) {
                throw st.corrupt(p, "a 5-byte entropy block header");
            }
            int v = st.u8(p + 1) << 24 | st.u8(p + 2) << 16 | st.u8(p + 3) << 8 | st.u8(p + 4);
            packed = v & 0x3FFFF;
            size = (((v >>> 18) | (b0 << 14)) & 0x3FFFF) + 1;
            if (packed >= size) {
                throw st.corrupt(p, "an entropy block smaller than its output");
            }
            hdr = 5;
        }
        if (limit - p - hdr < packed) {
            throw st.corrupt(p, packed + " bytes of entropy block data");
        }
        if (size > cap) {
            throw st.corrupt(p, "an entropy block making at most " + cap + " bytes");
        }
        int q = p + hdr;
        int end = q + packed;
        switch (type) {
            case 1 -> tans.decode(q, end, out, outPos, size);
            case 2 -> huffman.decode(q, end, out, outPos, size, false);
            case 4 -> huffman.decode(q, end, out, outPos, size, true);
            case 3 -> rle.decode(q, end, out, outPos, size, depth);
            default -> recursive(q, end, out, outPos, size, depth);
        }
        lastSize = size;
        return hdr + packed;
    }

    /** The output size announced by the block header at {@code p}, without decoding it. */
    int peekSize(int p, int limit, int cap) {
        if (limit - p < 2) {
            throw st.corrupt(p, "an entropy block header");
        }
        int b0 = st.u8(p);
        int type = (b0 >>> 4) & 7;
        int size;
        int packed;
        int hdr;
        if (type == 0) {
            if (b0 >= 0x80) {
                size = ((b0 << 8) | st.u8(p + 1)) & 0xFFF;
                hdr = 2;
            } else {
                if (limit - p < 3) {
                    throw st.corrupt(p, "a 3-byte stored block header");
                }
                size = st.be24(p);
                if (size > 0x3FFFF) {
                    throw st.corrupt(p, "clear reserved bits in a stored block header");
                }
                hdr = 3;
            }
            packed = size;
        } else if (type >= 6) {
            throw st.corrupt(p, "an entropy block type from 0 to 5");
        } else if (b0 >= 0x80) {
            if (limit - p < 3) {
                throw st.corrupt(p, "a 3-byte entropy block header");
            }
            int v = st.be24(p);
            packed = v & 0x3FF;
            size = packed + ((v >>> 10) & 0x3FF) + 1;
            hdr = 3;
        } else {
            if (limit - p < 5) {
                throw st.corrupt(p, "a 5-byte entropy block header");
            }
            int v = st.u8(p + 1) << 24 | st.u8(p + 2) << 16 | st.u8(p + 3) << 8 | st.u8(p + 4);
            packed = v & 0x3FFFF;
            size = (((v >>> 18) | (b0 << 14)) & 0x3FFFF) + 1;
            if (packed >= size) {
                throw st.corrupt(p, "an entropy block smaller than its output");
            }
            hdr = 5;
        }
        if (limit - p - hdr < packed || size > cap) {
            throw st.corrupt(p, "an entropy block that fits its data and output");
        }
        return size;
    }

    private void recursive(int p, int end, byte[] out, int outPos, int outLen, int depth) {
        if (end - p < 6) {
            throw st.corrupt(p, "a recursive block of at least 6 bytes");
        }
        int b = st.u8(p);
        int n = b & 0x7F;
        if (n < 2) {
            throw st.corrupt(p, "a recursive block with at least 2 parts");
        }
        int outEnd = outPos + outLen;
        if ((b & 0x80) == 0) {
            int q = p + 1;
            int o = outPos;
            for (int i = 0; i < n; i++) {
                q += decode(q, end, out, o, outEnd - o, depth + 1);
                o += lastSize;
            }
            if (o != outEnd || q != end) {
                throw st.corrupt(p, "recursive block parts that exactly fill the block and its output");
            }
        } else {
            int used = multi.decode(p, end, out, outPos, outLen, 1, depth + 1);
            if (multi.total() != outLen || used != end - p) {
                throw st.corrupt(p, "a multi-array block that exactly fills the block and its output");
            }
        }
    }
}
