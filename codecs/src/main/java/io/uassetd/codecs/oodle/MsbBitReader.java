package io.uassetd.codecs.oodle;

/**
 * Reads a bit string most significant bit first, either forwards from the start of a byte range or
 * backwards from its end (bytes taken from the last one down, each still MSB first). Bits past the
 * range read as zero; {@link #overran()} tells whether any of them were consumed.
 */
final class MsbBitReader {
    private byte[] buf;
    private int lo;
    private int hi;
    private boolean backward;
    /** Unconsumed bits, left-aligned (the next bit is bit 63). */
    private long window;
    /** Number of valid bits in {@link #window}. */
    private int count;
    /** Bytes moved into the window so far. */
    private int loaded;

    MsbBitReader init(byte[] buf, int lo, int hi, boolean backward) {
        this.buf = buf;
        this.lo = lo;
        this.hi = hi;
        this.backward = backward;
        this.window = 0;
        this.count = 0;
        this.loaded = 0;
        fill();
        return this;
    }

    /** Restarts forwards at bit {@code bitPos} of the range. */
    void seekForward(int bitPos) {
        backward = false;
        window = 0;
        count = 0;
        loaded = bitPos >>> 3;
        fill();
        skip(bitPos & 7);
    }

    private void fill() {
        if (count > 56) {
            return;
        }
        if (!backward) {
            int idx = lo + loaded;
            if (idx <= hi - 8) {
                window |= Bytes.be64(buf, idx) >>> count;
                int k = (64 - count) >>> 3;
                loaded += k;
                count += k << 3;
                return;
            }
        } else {
            int idx = hi - 1 - loaded;
            if (idx - 7 >= lo) {
                window |= Bytes.le64(buf, idx - 7) >>> count;
                int k = (64 - count) >>> 3;
                loaded += k;
                count += k << 3;
                return;
            }
        }
        while (count <= 56) {
            int idx = backward ? hi - 1 - loaded : lo + loaded;
            int b = idx >= lo && idx < hi ? buf[idx] & 0xFF : 0;
            window |= (long) b << (56 - count);
            count += 8;
            loaded++;
        }
    }

    /** Reads {@code n} bits, 0 <= n <= 32. */
    int bits(int n) {
        if (n == 0) {
            return 0;
        }
        if (count < n) {
            fill();
        }
        int v = (int) (window >>> (64 - n));
        window <<= n;
        count -= n;
        return v;
    }

    int bit() {
        return bits(1);
    }

    /** The next {@code n} bits without consuming them, 1 <= n <= 32. */
    int peek(int n) {
        if (count < n) {
            fill();
        }
        return (int) (window >>> (64 - n));
    }

    void skip(int n) {
        if (n == 0) {
            return;
        }
        if (count < n) {
            fill();
        }
        window <<= n;
        count -= n;
    }

    /** Zero bits before the next one bit, looking at most 32 bits ahead (32 when they are all zero). */
    int leadingZeros() {
        if (count < 32) {
            fill();
        }
        int z = Long.numberOfLeadingZeros(window);
        return Math.min(z, 32);
    }

    /** Bits consumed since the start of the range. */
    long consumedBits() {
        return (long) loaded * 8 - count;
    }

    /** Bytes touched by the consumed bits (a partly consumed byte counts). */
    int consumedBytes() {
        return loaded - (count >>> 3);
    }

    boolean overran() {
        return consumedBits() > (long) (hi - lo) * 8;
    }
}
