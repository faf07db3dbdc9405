package io.uassetd.codecs.oodle;

/**
 * Byte copies shared by the LZ decoders. Callers check that the logical range fits; {@code limit}
 * is the end of the chunk being written, so a copy may run whole 8-byte words past its logical end
 * as long as it stays below {@code limit} (those bytes are rewritten by later output).
 */
final class LzCopy {
    private static final long LOW7 = 0x7F7F7F7F7F7F7F7FL;
    private static final long HIGH1 = 0x8080808080808080L;

    private LzCopy() {
    }

    /**
     * Copies a match of {@code len} bytes from {@code d + off} ({@code off < 0}) to {@code d}: the one
     * match copy of Kraken, Leviathan and Mermaid (a short match far enough back is two 8-byte words).
     */
    static void match(byte[] dst, int d, int off, int len, int limit) {
        if (off <= -8 && len <= 16 && 16 <= limit - d) {
            Bytes.put64(dst, d, Bytes.le64(dst, d + off));
            Bytes.put64(dst, d + 8, Bytes.le64(dst, d + off + 8));
            return;
        }
        int s = d + off;
        if (off <= -8 && len + 16 <= limit - d) {
            Bytes.put64(dst, d, Bytes.le64(dst, s));
            Bytes.put64(dst, d + 8, Bytes.le64(dst, s + 8));
            if (len <= 16) {
                return;
            }
            if (len > 64 && -off >= len) {
                System.arraycopy(dst, s + 16, dst, d + 16, len - 16);
                return;
            }
            int e = d + len;
            d += 16;
            s += 16;
            do {
                Bytes.put64(dst, d, Bytes.le64(dst, s));
                Bytes.put64(dst, d + 8, Bytes.le64(dst, s + 8));
                d += 16;
                s += 16;
            } while (d < e);
            return;
        }
        if (-off >= len) {
            System.arraycopy(dst, s, dst, d, len);
        } else {
            for (int i = 0; i < len; i++) {
                dst[d + i] = dst[s + i];
            }
        }
    }

    /** Literals added to the bytes {@code -off} back ("delta" literals). */
    static void delta(byte[] dst, int d, byte[] lit, int l, int len, int off, int limit) {
        int e = d + len;
        if (off <= -8) {
            int wordLimit = Math.min(limit - 8, d + lit.length - l - 8);
            while (d < e && d <= wordLimit) {
                long a = Bytes.le64(lit, l);
                long b = Bytes.le64(dst, d + off);
                Bytes.put64(dst, d, ((a & LOW7) + (b & LOW7)) ^ ((a ^ b) & HIGH1));
                d += 8;
                l += 8;
            }
        }
        while (d < e) {
            dst[d] = (byte) (lit[l] + dst[d + off]);
            d++;
            l++;
        }
    }

    static void raw(byte[] dst, int d, byte[] lit, int l, int len, int limit) {
        if (len <= 16 && 16 <= limit - d && 16 <= lit.length - l) {
            Bytes.put64(dst, d, Bytes.le64(lit, l));
            Bytes.put64(dst, d + 8, Bytes.le64(lit, l + 8));
            return;
        }
        System.arraycopy(lit, l, dst, d, len);
    }
}
