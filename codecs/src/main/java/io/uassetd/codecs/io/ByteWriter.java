package io.uassetd.codecs.io;


import java.util.Arrays;

/** Growable little-endian writer, the mirror of {@link ByteReader}. Not thread-safe. */
public final class ByteWriter {
    private byte[] buf;
    private int size;

    public ByteWriter() {
        this(256);
    }

    public ByteWriter(int capacity) {
        buf = new byte[Math.max(16, capacity)];
    }

    private void ensure(int extra) {
        long need = (long) size + extra;
        if (need > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("Buffer would exceed 2 GiB");
        }
        if (need > buf.length) {
            buf = Arrays.copyOf(buf, (int) Math.min(Integer.MAX_VALUE - 16, Math.max(need, buf.length * 2L)));
        }
    }

    public int size() {
        return size;
    }

    public ByteWriter u8(int v) {
        ensure(1);
        buf[size++] = (byte) v;
        return this;
    }

    public ByteWriter bool8(boolean v) {
        return u8(v ? 1 : 0);
    }

    public ByteWriter bool32(boolean v) {
        return u32(v ? 1 : 0);
    }

    public ByteWriter u16(int v) {
        ensure(2);
        buf[size++] = (byte) v;
        buf[size++] = (byte) (v >>> 8);
        return this;
    }

    public ByteWriter u32(long v) {
        ensure(4);
        putU32(size, v);
        size += 4;
        return this;
    }

    public ByteWriter u64(long v) {
        ensure(8);
        putU32(size, v);
        putU32(size + 4, v >>> 32);
        size += 8;
        return this;
    }

    /**
     * The characters of {@code s} one byte each (ANSI as Latin-1), then a NUL when {@code nul}; every
     * character must be at most U+00FF. One capacity check for the whole string.
     */
    public ByteWriter latin1(String s, boolean nul) {
        int n = s.length();
        ensure(n + (nul ? 1 : 0));
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            if (ch > 0xFF) {
                throw new IllegalArgumentException("Character U+" + Integer.toHexString(ch) + " cannot be stored as ANSI");
            }
            buf[size + i] = (byte) ch;
        }
        size += n;
        if (nul) {
            buf[size++] = 0;
        }
        return this;
    }

    /** The characters of {@code s} as UTF-16LE code units, then a 2-byte NUL when {@code nul}. One capacity check. */
    public ByteWriter utf16le(String s, boolean nul) {
        int n = s.length();
        ensure(2 * n + (nul ? 2 : 0));
        for (int i = 0; i < n; i++) {
            char ch = s.charAt(i);
            buf[size++] = (byte) ch;
            buf[size++] = (byte) (ch >>> 8);
        }
        if (nul) {
            buf[size++] = 0;
            buf[size++] = 0;
        }
        return this;
    }

    public ByteWriter bytes(byte[] b) {
        return bytes(b, 0, b.length);
    }

    public ByteWriter bytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, size, len);
        size += len;
        return this;
    }

    public ByteWriter zeros(int n) {
        ensure(n);
        Arrays.fill(buf, size, size + n, (byte) 0);
        size += n;
        return this;
    }

    /** Pads with zeros to a multiple of {@code alignment}. */
    public ByteWriter padTo(int alignment) {
        int rem = size % alignment;
        return rem == 0 ? this : zeros(alignment - rem);
    }

    /** Overwrites 4 bytes at an earlier position. */
    public void putU32(int pos, long v) {
        buf[pos] = (byte) v;
        buf[pos + 1] = (byte) (v >>> 8);
        buf[pos + 2] = (byte) (v >>> 16);
        buf[pos + 3] = (byte) (v >>> 24);
    }

    /**
     * FString: ANSI with a NUL when every char is below 0x80, else UTF-16LE with a negative
     * length; an empty string is a bare 0. Encoded by {@link FString#write}.
     */
    public ByteWriter fstring(String s) {
        FString.of(s).write(this);
        return this;
    }

    /** The bytes written so far (a copy). */
    public byte[] toByteArray() {
        return Arrays.copyOf(buf, size);
    }

    /** The internal array; valid up to {@link #size()}. */
    public byte[] array() {
        return buf;
    }
}
