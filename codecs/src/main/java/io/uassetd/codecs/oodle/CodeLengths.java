package io.uassetd.codecs.oodle;

/**
 * Reads the symbol alphabets of the entropy coders: Huffman code lengths (the older gamma-coded
 * and sparse forms, and the newer form with unary-coded length deltas and symbol ranges) and the
 * shared helpers the tANS table reader uses (truncated binary counts, unary runs, ranges).
 */
final class CodeLengths {
    static final int MAX_LEN = 11;

    private CodeLengths() {
    }

    /** Symbols and lengths in the order they were read. */
    static final class Alphabet {
        final int[] symbols = new int[256 + 8];
        final int[] lengths = new int[256 + 8];
        final int[] rangeStarts = new int[132];
        final int[] rangeCounts = new int[132];
        int count;

        void add(int sym, int len) {
            symbols[count] = sym;
            lengths[count] = len;
            count++;
        }
    }

    /**
     * Reads a Huffman alphabet. {@code regionStart} is where the reader's range starts in
     * {@code buf}, needed by the byte-aligned unary runs of the newer form.
     */
    static void readHuffman(DecodeState st, MsbBitReader br, byte[] buf, int regionStart, int regionEnd,
            Alphabet out, int[] tmp) {
        out.count = 0;
        if (br.bit() == 0) {
            readOld(st, br, regionStart, out);
        } else if (br.bit() == 0) {
            readNew(st, br, buf, regionStart, regionEnd, out, tmp);
        } else {
            throw st.corrupt(regionStart, "a Huffman table format bit of 0");
        }
        if (br.overran()) {
            throw st.corrupt(regionStart, "a Huffman table inside its block");
        }
    }

    private static void readOld(DecodeState st, MsbBitReader br, int at, Alphabet out) {
        if (br.bit() == 0) {
            int n = br.bits(8);
            if (n == 0) {
                throw st.corrupt(at, "at least one symbol in a sparse Huffman table");
            }
            if (n == 1) {
                out.add(br.bits(8), 0);
                return;
            }
            int lenBits = br.bits(3);
            if (lenBits > 4) {
                throw st.corrupt(at, "a code-length width of at most 4 bits");
            }
            for (int i = 0; i < n; i++) {
                int sym = br.bits(8);
                int len = br.bits(lenBits) + 1;
                if (len > MAX_LEN) {
                    throw st.corrupt(at, "Huffman code lengths of at most 11");
                }
                out.add(sym, len);
            }
            return;
        }
        int extra = br.bits(2);
        int maxZeros = 20 >>> extra;
        int sym = 0;
        int avg = 32;
        boolean startWithSymbols = br.bit() == 1;
        while (true) {
            if (!startWithSymbols) {
                int z = br.leadingZeros();
                if (z > 7) {
                    throw st.corrupt(at, "a gamma-coded run of unused symbols");
                }
                sym += br.bits(2 * z + 2) - 1;
                if (sym >= 256) {
                    break;
                }
            }
            startWithSymbols = false;
            int z = br.leadingZeros();
            if (z > 7) {
                throw st.corrupt(at, "a gamma-coded run of used symbols");
            }
            int run = br.bits(2 * z + 2) - 1;
            if (sym + run > 256) {
                throw st.corrupt(at, "Huffman symbols below 256");
            }
            for (int k = 0; k < run; k++) {
                int lz = br.leadingZeros();
                if (lz > maxZeros) {
                    throw st.corrupt(at, "a bounded code-length delta");
                }
                int v = br.bits(lz + extra + 1) + ((lz - 1) << extra);
                int len = (-(v & 1) ^ (v >>> 1)) + ((avg + 2) >> 2);
                if (len < 1 || len > MAX_LEN) {
                    throw st.corrupt(at, "Huffman code lengths between 1 and 11");
                }
                avg = len + ((3 * avg + 2) >> 2);
                out.add(sym++, len);
            }
            if (sym == 256) {
                break;
            }
            if (br.overran()) {
                throw st.corrupt(at, "a Huffman table inside its block");
            }
        }
        if (sym != 256 || out.count < 2) {
            throw st.corrupt(at, "a complete Huffman alphabet of at least two symbols");
        }
    }

    private static void readNew(DecodeState st, MsbBitReader br, byte[] buf, int lo, int hi, Alphabet out,
            int[] vals) {
        int extra = br.bits(2);
        int n = br.bits(8) + 1;
        int gaps = readTruncated(br, n);
        long bitPos = br.consumedBits();
        bitPos = readUnary(st, buf, lo, hi, bitPos, vals, n + gaps);
        long need = bitPos + (long) extra * n;
        if (need > (long) (hi - lo) * 8) {
            throw st.corrupt(lo, "code-length low bits inside the block");
        }
        if (extra > 0) {
            for (int i = 0; i < n; i++) {
                int v = 0;
                for (int b = 0; b < extra; b++) {
                    long p = bitPos++;
                    v = v << 1 | (buf[lo + (int) (p >>> 3)] >>> (7 - (int) (p & 7))) & 1;
                }
                vals[i] = vals[i] << extra | v;
            }
        }
        br.seekForward((int) bitPos);
        int running = 0x1e;
        for (int i = 0; i < n; i++) {
            int v = vals[i];
            v = -(v & 1) ^ (v >>> 1);
            int len = v + (running >> 2) + 1;
            if (len < 1 || len > MAX_LEN) {
                throw st.corrupt(lo, "Huffman code lengths between 1 and 11");
            }
            running += v;
            vals[i] = len;
        }
        int[] starts = out.rangeStarts;
        int[] counts = out.rangeCounts;
        int ranges = readRanges(st, br, lo, n, gaps, vals, n, starts, counts);
        int k = 0;
        for (int r = 0; r < ranges; r++) {
            int s = starts[r];
            for (int c = 0; c < counts[r]; c++) {
                out.add(s + c, vals[k++]);
            }
        }
    }

    /** A value below min(257 - n, n) * 2 in truncated binary; 0 when all 256 symbols are used. */
    static int readTruncated(MsbBitReader br, int n) {
        if (n == 256) {
            return 0;
        }
        int x = Math.min(257 - n, n) * 2;
        int y = 32 - Integer.numberOfLeadingZeros(x - 1);
        int v = br.peek(y);
        int z = (1 << y) - x;
        if ((v >>> 1) >= z) {
            br.skip(y);
            return v - z;
        }
        br.skip(y - 1);
        return v >>> 1;
    }

    /**
     * Reads {@code count} unary values (zero bits ended by a one bit) starting at bit
     * {@code bitPos} of {@code buf[lo, hi)}; returns the bit position after the last one.
     */
    static long readUnary(DecodeState st, byte[] buf, int lo, int hi, long bitPos, int[] out, int count) {
        long limit = (long) (hi - lo) * 8;
        for (int i = 0; i < count; i++) {
            int zeros = 0;
            while (true) {
                if (bitPos >= limit) {
                    throw st.corrupt(lo, "unary-coded values inside the block");
                }
                int byteIdx = (int) (bitPos >>> 3);
                int sh = (int) (bitPos & 7);
                int rest = (buf[lo + byteIdx] << sh) & 0xFF;
                if (rest == 0) {
                    zeros += 8 - sh;
                    bitPos += 8 - sh;
                } else {
                    int z = Integer.numberOfLeadingZeros(rest) - 24;
                    zeros += z;
                    bitPos += z + 1;
                    break;
                }
                if (zeros > 255) {
                    throw st.corrupt(lo, "unary-coded values below 256");
                }
            }
            if (zeros > 255) {
                throw st.corrupt(lo, "unary-coded values below 256");
            }
            out[i] = zeros;
        }
        return bitPos;
    }

    /**
     * Reads the symbol ranges of a table using {@code n} symbols described by {@code gaps} range
     * widths (their bit counts at {@code widths[wOff...]}); returns the number of ranges.
     */
    static int readRanges(DecodeState st, MsbBitReader br, int at, int n, int gaps, int[] widths, int wOff,
            int[] starts, int[] counts) {
        int pairs = gaps >> 1;
        int sym = 0;
        int k = wOff;
        if ((gaps & 1) != 0) {
            int v = widths[k++];
            if (v >= 8) {
                throw st.corrupt(at, "a symbol range start width below 8");
            }
            sym = br.bits(v + 1) + (1 << (v + 1)) - 1;
        }
        int used = 0;
        for (int i = 0; i < pairs; i++) {
            int v = widths[k];
            if (v >= 9) {
                throw st.corrupt(at, "a symbol range length width below 9");
            }
            int num = br.bits(v) + (1 << v);
            v = widths[k + 1];
            if (v >= 8) {
                throw st.corrupt(at, "a symbol range gap width below 8");
            }
            int gap = br.bits(v + 1) + (1 << (v + 1)) - 1;
            starts[i] = sym;
            counts[i] = num;
            used += num;
            sym += num + gap;
            k += 2;
        }
        if (sym >= 256 || used >= n || sym + n - used > 256) {
            throw st.corrupt(at, "symbol ranges inside the 256-symbol alphabet");
        }
        starts[pairs] = sym;
        counts[pairs] = n - used;
        return pairs + 1;
    }
}
