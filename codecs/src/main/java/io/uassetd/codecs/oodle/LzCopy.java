package io.uassetd.codecs.oodle;

/** Byte copies shared by the LZ decoders (ranges are checked by the callers). */
final class LzCopy {
    private LzCopy() {
    }

    /** Copies a match of {@code len} bytes from {@code d + off} ({@code off < 0}) to {@code d}. */
    static void match(byte[] dst, int d, int off, int len) {
        int s = d + off;
        if (-off >= len) {
            if (len <= 16) {
                for (int i = 0; i < len; i++) {
                    dst[d + i] = dst[s + i];
                }
            } else {
                System.arraycopy(dst, s, dst, d, len);
            }
        } else {
            for (int i = 0; i < len; i++) {
                dst[d + i] = dst[s + i];
            }
        }
    }

    /** Literals added to the bytes {@code -off} back ("delta" literals). */
    static void delta(byte[] dst, int d, byte[] lit, int l, int len, int off) {
        for (int i = 0; i < len; i++) {
            dst[d + i] = (byte) (lit[l + i] + dst[d + i + off]);
        }
    }

    static void raw(byte[] dst, int d, byte[] lit, int l, int len) {
        if (len <= 16) {
            for (int i = 0; i < len; i++) {
                dst[d + i] = lit[l + i];
            }
        } else {
            System.arraycopy(lit, l, dst, d, len);
        }
    }
}
