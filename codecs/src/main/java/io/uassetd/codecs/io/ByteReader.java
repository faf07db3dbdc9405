package io.uassetd.codecs.io;

import java.util.function.Supplier;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * Little-endian reader over a byte region that knows its source name and the absolute offset of
 * its first byte, so every error it raises says where. Every read is checked ({@link #require});
 * unsigned values come back widened ({@link #u32()} returns a {@code long}); counts are checked
 * against the bytes left before anything is allocated. Not thread-safe.
 */
public final class ByteReader {
    /** Longest UTF-8 pak-directory FString accepted, in characters: paths and names are far shorter. */
    public static final int MAX_STRING_CHARS = 1 << 16;

    private final ByteBuffer buf;
    private final String source;
    private final long base;
    private String structure;
    /** When set, names the structure instead of {@link #structure}, computed only when an error needs it. */
    private Supplier<String> structureSource;

    public ByteReader(String source, long baseOffset, ByteBuffer buf, String structure) {
        this.buf = buf.slice().order(ByteOrder.LITTLE_ENDIAN);
        this.source = source;
        this.base = baseOffset;
        this.structure = structure;
    }

    public static ByteReader of(String source, long baseOffset, byte[] data, String structure) {
        return new ByteReader(source, baseOffset, ByteBuffer.wrap(data), structure);
    }

    /** Names the structure being read, for error messages. Returns this. */
    public ByteReader structure(String name) {
        this.structure = name;
        this.structureSource = null;
        return this;
    }

    /**
     * Names the structure through a supplier asked only when an error is built, for readers whose
     * structure name changes often (a property path) and is rarely needed. Returns this.
     */
    public ByteReader structure(Supplier<String> source) {
        this.structureSource = source;
        return this;
    }

    public String structure() {
        Supplier<String> s = structureSource;
        return s != null ? s.get() : structure;
    }

    public String source() {
        return source;
    }

    /** Absolute offset of the next byte. */
    public long offset() {
        return base + buf.position();
    }

    /** Position relative to the start of this region. */
    public int position() {
        return buf.position();
    }

    public void position(int pos) {
        if (pos < 0 || pos > buf.limit()) {
            throw corrupt("Seek to " + pos + " outside a region of " + buf.limit() + " bytes");
        }
        buf.position(pos);
    }

    public int remaining() {
        return buf.remaining();
    }

    public int size() {
        return buf.limit();
    }

    /** Throws a TruncatedDataException unless {@code n} more bytes are available. */
    public void require(long n) {
        if (n < 0 || n > buf.remaining()) {
            throw new TruncatedDataException("Truncated: need " + n + " bytes at offset " + FormatException.hex(offset())
                    + " but only " + buf.remaining() + " remain", source, offset(), structure());
        }
    }

    public CorruptDataException corrupt(String message) {
        return new CorruptDataException(message, source, offset(), structure());
    }

    public int u8() {
        require(1);
        return buf.get() & 0xFF;
    }

    public boolean bool8() {
        int b = u8();
        if (b > 1) {
            throw new CorruptDataException("Expected a bool byte (0 or 1), found " + b, source, offset() - 1, structure());
        }
        return b == 1;
    }

    /** A 32-bit bool as Unreal serializes {@code bool} (0 or 1). */
    public boolean bool32() {
        long v = u32();
        if (v > 1) {
            throw new CorruptDataException("Expected a bool (0 or 1), found " + v, source, offset() - 4, structure());
        }
        return v == 1;
    }

    public int u16() {
        require(2);
        return buf.getShort() & 0xFFFF;
    }

    public int i32() {
        require(4);
        return buf.getInt();
    }

    public long u32() {
        return i32() & 0xFFFFFFFFL;
    }

    public long i64() {
        require(8);
        return buf.getLong();
    }

    /** A u64 that must fit a signed long (sizes and offsets): larger values are corrupt. */
    public long u64() {
        long v = i64();
        if (v < 0) {
            throw new CorruptDataException("Value " + Long.toUnsignedString(v) + " too large", source, offset() - 8, structure());
        }
        return v;
    }

    /** A u64 taken as raw 64 bits (hashes, seeds). */
    public long raw64() {
        return i64();
    }

    public byte[] bytes(int n) {
        require(n);
        byte[] out = new byte[n];
        buf.get(out);
        return out;
    }

    public void bytes(byte[] dst, int off, int len) {
        require(len);
        buf.get(dst, off, len);
    }

    public void skip(int n) {
        require(n);
        buf.position(buf.position() + n);
    }

    /** FGuid, 16 bytes, kept raw. */
    public byte[] guid() {
        return bytes(16);
    }

    /**
     * Reads an i32 element count and checks that {@code count * minElementSize} bytes can still
     * follow, before the caller allocates anything.
     */
    public int count(int minElementSize, String what) {
        long at = offset();
        int n = i32();
        if (n < 0 || (long) n * minElementSize > buf.remaining()) {
            throw new CorruptDataException("Implausible " + what + " count " + n + " (" + buf.remaining()
                    + " bytes left, each at least " + minElementSize + ")", source, at, structure());
        }
        return n;
    }

    /**
     * FString: i32 length including the terminating NUL; positive for ANSI (read as Latin-1),
     * negative for UTF-16LE. The NUL is required and removed. Decoded by {@link FString#read}.
     */
    public String fstring() {
        return FString.read(this).text();
    }

    /**
     * FString as the pak directory of version 12 writes it: positive lengths hold UTF-8 bytes,
     * the terminating NUL is optional.
     */
    public String fstringUtf8() {
        long at = offset();
        int len = i32();
        if (len == 0) {
            return "";
        }
        if (len == Integer.MIN_VALUE || Math.abs(len) > MAX_STRING_CHARS) {
            throw new CorruptDataException("Implausible string length " + len, source, at, structure());
        }
        if (len > 0) {
            require(len);
            byte[] b = new byte[len];
            buf.get(b);
            return new String(b, 0, b[len - 1] == 0 ? len - 1 : len, StandardCharsets.UTF_8);
        }
        int chars = -len;
        require(2L * chars);
        char[] c = new char[chars];
        for (int i = 0; i < chars; i++) {
            c[i] = buf.getChar();
        }
        return new String(c, 0, c[chars - 1] == 0 ? chars - 1 : chars);
    }

    /** Reads and checks a u32 magic number. */
    public void expectMagic(long expected) {
        long at = offset();
        long v = u32();
        if (v != expected) {
            throw new CorruptDataException("Bad magic " + FormatException.hex(v) + ", expected " + FormatException.hex(expected),
                    source, at, structure());
        }
    }
}
