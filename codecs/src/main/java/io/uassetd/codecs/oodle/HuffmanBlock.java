package io.uassetd.codecs.oodle;

import java.util.Arrays;

/**
 * Huffman-coded byte blocks (entropy types 2 and 4): an alphabet, then three interleaved bit
 * streams (two read forwards from the start and the middle, one read backwards from the end),
 * either once for the whole block or once for each half.
 */
final class HuffmanBlock {
    private static final int PAD = 16;
    private static final int TABLE_BITS = 11;
    private static final int TABLE_SIZE = 1 << TABLE_BITS;

    private final DecodeState st;
    private final MsbBitReader header = new MsbBitReader();
    private final CodeLengths.Alphabet alphabet = new CodeLengths.Alphabet();
    private final int[] tmp = new int[520];
    /** Entry = length << 8 | symbol, indexed by the next 11 stream bits (first bit lowest). */
    private final int[] table = new int[TABLE_SIZE];
    private final int[] firstCode = new int[CodeLengths.MAX_LEN + 2];
    private final int[] perLength = new int[CodeLengths.MAX_LEN + 2];
    private byte[] padded = new byte[256];

    HuffmanBlock(DecodeState st) {
        this.st = st;
    }

    void decode(int p, int end, byte[] out, int outPos, int outLen, boolean halves) {
        byte[] src = st.src;
        header.init(src, p, end, false);
        CodeLengths.readHuffman(st, header, src, p, end, alphabet, tmp);
        int q = p + header.consumedBytes();
        if (alphabet.count == 1) {
            Arrays.fill(out, outPos, outPos + outLen, (byte) alphabet.symbols[0]);
            return;
        }
        buildTable(p);
        if (!halves) {
            if (end - q < 3) {
                throw st.corrupt(q, "a 2-byte Huffman stream split and data");
            }
            int mid = st.le16(q);
            q += 2;
            if (mid > end - q) {
                throw st.corrupt(q - 2, "a Huffman stream split inside the block");
            }
            streams(q, q + mid, end, out, outPos, outLen);
        } else {
            if (end - q < 6) {
                throw st.corrupt(q, "Huffman half-block splits");
            }
            int half = (outLen + 1) >>> 1;
            int split = st.le24(q);
            q += 3;
            if (split > end - q) {
                throw st.corrupt(q - 3, "a Huffman half-block split inside the block");
            }
            int second = q + split;
            int leftMid = st.le16(q);
            q += 2;
            if (second - q < leftMid + 2 || end - second < 3) {
                throw st.corrupt(q - 2, "a first-half Huffman stream split inside its half");
            }
            int rightMid = st.le16(second);
            if (end - (second + 2) < rightMid + 2) {
                throw st.corrupt(second, "a second-half Huffman stream split inside its half");
            }
            streams(q, q + leftMid, second, out, outPos, half);
            streams(second + 2, second + 2 + rightMid, end, out, outPos + half, outLen - half);
        }
    }

    private void buildTable(int at) {
        int n = alphabet.count;
        int[] lens = alphabet.lengths;
        int[] syms = alphabet.symbols;
        Arrays.fill(perLength, 0);
        for (int i = 0; i < n; i++) {
            perLength[lens[i]]++;
        }
        int code = 0;
        int slots = 0;
        for (int len = 1; len <= CodeLengths.MAX_LEN; len++) {
            firstCode[len] = code;
            code = (code + perLength[len]) << 1;
            slots += perLength[len] << (TABLE_BITS - len);
        }
        if (slots != TABLE_SIZE) {
            throw st.corrupt(at, "Huffman code lengths forming a complete prefix code");
        }
        for (int i = 0; i < n; i++) {
            int len = lens[i];
            int c = firstCode[len]++;
            int rev = Integer.reverse(c) >>> (32 - len);
            int entry = len << 8 | syms[i];
            for (int j = rev; j < TABLE_SIZE; j += 1 << len) {
                table[j] = entry;
            }
        }
    }

    /**
     * Decodes {@code outLen} symbols from the streams in {@code src[a, m)} (forwards),
     * {@code src[m, e)} (forwards from m and backwards from e).
     */
    private void streams(int a, int m, int e, byte[] out, int outPos, int outLen) {
        int len = e - a;
        if (padded.length < len + 2 * PAD) {
            padded = new byte[len + 2 * PAD + 64];
        }
        byte[] buf = padded;
        Arrays.fill(buf, 0, PAD, (byte) 0);
        System.arraycopy(st.src, a, buf, PAD, len);
        Arrays.fill(buf, PAD + len, PAD + len + PAD, (byte) 0);
        final int[] t = table;
        final int fwdLimit = PAD + len + 8;
        int pa = PAD;
        int pm = PAD + (m - a);
        int pb = PAD + len;
        long ba = 0;
        long bm = 0;
        long bb = 0;
        int ca = 0;
        int cm = 0;
        int cb = 0;
        int o = outPos;
        final int outEnd = outPos + outLen;
        final int fastEnd = outEnd - 15;
        while (o <= fastEnd) {
            if (pa > fwdLimit || pm > fwdLimit || pb < 8) {
                throw st.corrupt(a, "Huffman streams that stay inside their block");
            }
            ba |= Bytes.le64(buf, pa) << ca;
            pa += (63 - ca) >>> 3;
            ca |= 56;
            bm |= Bytes.le64(buf, pm) << cm;
            pm += (63 - cm) >>> 3;
            cm |= 56;
            bb |= Bytes.be64(buf, pb - 8) << cb;
            pb -= (63 - cb) >>> 3;
            cb |= 56;
            for (int k = 0; k < 5; k++) {
                int x = t[(int) ba & 0x7FF];
                int n = x >>> 8;
                ba >>>= n;
                ca -= n;
                out[o] = (byte) x;
                x = t[(int) bb & 0x7FF];
                n = x >>> 8;
                bb >>>= n;
                cb -= n;
                out[o + 1] = (byte) x;
                x = t[(int) bm & 0x7FF];
                n = x >>> 8;
                bm >>>= n;
                cm -= n;
                out[o + 2] = (byte) x;
                o += 3;
            }
        }
        int which = 0;
        while (o < outEnd) {
            if (pa > fwdLimit || pm > fwdLimit || pb < 8) {
                throw st.corrupt(a, "Huffman streams that stay inside their block");
            }
            int x;
            int n;
            if (which == 0) {
                ba |= Bytes.le64(buf, pa) << ca;
                pa += (63 - ca) >>> 3;
                ca |= 56;
                x = t[(int) ba & 0x7FF];
                n = x >>> 8;
                ba >>>= n;
                ca -= n;
                which = 1;
            } else if (which == 1) {
                bb |= Bytes.be64(buf, pb - 8) << cb;
                pb -= (63 - cb) >>> 3;
                cb |= 56;
                x = t[(int) bb & 0x7FF];
                n = x >>> 8;
                bb >>>= n;
                cb -= n;
                which = 2;
            } else {
                bm |= Bytes.le64(buf, pm) << cm;
                pm += (63 - cm) >>> 3;
                cm |= 56;
                x = t[(int) bm & 0x7FF];
                n = x >>> 8;
                bm >>>= n;
                cm -= n;
                which = 0;
            }
            out[o++] = (byte) x;
        }
        int endA = pa - (ca >>> 3);
        int endM = pm - (cm >>> 3);
        int endB = pb + (cb >>> 3);
        if (endA != PAD + (m - a) || endM != endB) {
            throw st.corrupt(a, "Huffman streams that exactly fill their block");
        }
    }
}
