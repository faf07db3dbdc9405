package io.uassetd.codecs.iostore.internal;

import java.util.Arrays;

/**
 * A growable little-endian writer, the mirror of {@link LeReader}. A stand-in for the shared
 * {@code codecs.io} writer until that lands on this branch.
 */
public final class LeWriter {
    private byte[] buf;
    private int pos;

    public LeWriter() {
        this(256);
    }

    public LeWriter(int initialCapacity) {
        buf = new byte[Math.max(16, initialCapacity)];
    }

    public int position() {
        return pos;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            long want = Math.max((long) buf.length * 2, (long) pos + n);
            if (want > Integer.MAX_VALUE - 16) {
                throw new IllegalStateException("Output exceeds 2 GiB");
            }
            buf = Arrays.copyOf(buf, (int) want);
        }
    }

    public LeWriter u8(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
        return this;
    }

    public LeWriter u16(int v) {
        return unsigned(v, 2);
    }

    public LeWriter i32(int v) {
        return unsigned(v & 0xFFFFFFFFL, 4);
    }

    public LeWriter u32(long v) {
        return unsigned(v, 4);
    }

    public LeWriter i64(long v) {
        return unsigned(v, 8);
    }

    /** The low {@code n} bytes of {@code v}, little-endian. */
    public LeWriter unsigned(long v, int n) {
        ensure(n);
        for (int i = 0; i < n; i++) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    /** The low {@code n} bytes of {@code v}, big-endian. */
    public LeWriter unsignedBigEndian(long v, int n) {
        ensure(n);
        for (int i = n - 1; i >= 0; i--) {
            buf[pos++] = (byte) (v >>> (8 * i));
        }
        return this;
    }

    public LeWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    public LeWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
        return this;
    }

    public LeWriter zeros(int n) {
        ensure(n);
        Arrays.fill(buf, pos, pos + n, (byte) 0);
        pos += n;
        return this;
    }

    /** Overwrites 4 bytes at an earlier position. */
    public void patchU32(int at, long v) {
        for (int i = 0; i < 4; i++) {
            buf[at + i] = (byte) (v >>> (8 * i));
        }
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }
}
