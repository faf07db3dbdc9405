package io.uassetd.codecs.iostore.internal;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * A checked little-endian reader over a byte array that knows its source name and the absolute
 * offset of its first byte. Every read checks the bytes left first; unsigned values come back
 * widened. A stand-in for the shared {@code codecs.io} reader until that lands on this branch; it
 * keeps the same conventions so the swap is mechanical.
 */
public final class LeReader {
    private final ByteBuffer buf;
    private final String source;
    private final long base;
    private String structure;

    public LeReader(byte[] data, String source, long baseOffset) {
        this(data, 0, data.length, source, baseOffset);
    }

    /** Reads {@code data[off, off+len)}; the byte at {@code off} sits at absolute offset {@code baseOffset}. */
    public LeReader(byte[] data, int off, int len, String source, long baseOffset) {
        this.buf = ByteBuffer.wrap(data, off, len).slice().order(ByteOrder.LITTLE_ENDIAN);
        this.source = source;
        this.base = baseOffset;
    }

    public String source() {
        return source;
    }

    /** Names the structure now being read, for error messages. Returns this. */
    public LeReader structure(String name) {
        this.structure = name;
        return this;
    }

    public String structure() {
        return structure;
    }

    /** Absolute offset of the next byte. */
    public long offset() {
        return base + buf.position();
    }

    public int position() {
        return buf.position();
    }

    public void position(int p) {
        if (p < 0 || p > buf.limit()) {
            throw corrupt("Seek to " + p + " outside 0.." + buf.limit());
        }
        buf.position(p);
    }

    public int remaining() {
        return buf.remaining();
    }

    public int length() {
        return buf.limit();
    }

    /** Throws a TruncatedDataException unless {@code n} more bytes are there. */
    public void require(long n) {
        if (n < 0 || n > buf.remaining()) {
            throw new TruncatedDataException("Needs " + n + " bytes at offset " + hex(offset()) + " but only "
                    + buf.remaining() + " remain", source, offset(), structure);
        }
    }

    /**
     * Checks that {@code count} elements of {@code elementSize} bytes fit in the bytes left before
     * anything is allocated for them; returns the count as an int.
     */
    public int count(long count, int elementSize, String what) {
        if (count < 0) {
            throw corrupt("Negative " + what + " count " + count);
        }
        long bytes = count * (long) elementSize;
        if (count > Integer.MAX_VALUE || bytes > buf.remaining()) {
            throw new TruncatedDataException(what + " count " + count + " x " + elementSize + " bytes at offset "
                    + hex(offset()) + " exceeds the " + buf.remaining() + " bytes left", source, offset(), structure);
        }
        return (int) count;
    }

    public int readU8() {
        require(1);
        return buf.get() & 0xFF;
    }

    public int readU16() {
        require(2);
        return buf.getShort() & 0xFFFF;
    }

    public int readI32() {
        require(4);
        return buf.getInt();
    }

    public long readU32() {
        require(4);
        return buf.getInt() & 0xFFFFFFFFL;
    }

    public long readI64() {
        require(8);
        return buf.getLong();
    }

    /** An unsigned little-endian integer of {@code n} (1..8) bytes. */
    public long readUnsigned(int n) {
        require(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (buf.get() & 0xFFL) << (8 * i);
        }
        return v;
    }

    /** An unsigned big-endian integer of {@code n} (1..8) bytes. */
    public long readUnsignedBigEndian(int n) {
        require(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (buf.get() & 0xFFL);
        }
        return v;
    }

    public byte[] readBytes(int n) {
        require(n);
        byte[] b = new byte[n];
        buf.get(b);
        return b;
    }

    public void readBytes(byte[] dst, int off, int n) {
        require(n);
        buf.get(dst, off, n);
    }

    public void skip(int n) {
        require(n);
        buf.position(buf.position() + n);
    }

    /** ASCII/Latin-1 text of {@code n} bytes (lossless for any byte). */
    public String readLatin1(int n) {
        return new String(readBytes(n), StandardCharsets.ISO_8859_1);
    }

    public CorruptDataException corrupt(String message) {
        return new CorruptDataException(message, source, offset(), structure);
    }

    public CorruptDataException corruptAt(String message, long absoluteOffset) {
        return new CorruptDataException(message, source, absoluteOffset, structure);
    }

    public static String hex(long v) {
        return "0x" + Long.toHexString(v).toUpperCase(java.util.Locale.ROOT);
    }
}
