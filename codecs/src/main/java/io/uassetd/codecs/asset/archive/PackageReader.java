package io.uassetd.codecs.asset.archive;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The archive a package is read through: a little-endian reader over one file's bytes that knows
 * the file name, reports absolute offsets, checks every read, refuses counts that cannot fit in the
 * bytes left, and carries the package versions the gates read (like FArchive's versions).
 *
 * <p>Errors name the file, the absolute offset and the structure set with {@link #structure}.
 */
public final class PackageReader {
    private final ByteBuffer buf;
    private final String file;
    private PackageVersion version;
    private boolean filterEditorOnly;
    private String structure = "PackageFileSummary";

    public PackageReader(byte[] data, String file) {
        this.buf = ByteBuffer.wrap(data).order(ByteOrder.LITTLE_ENDIAN);
        this.file = file;
    }

    public String file() {
        return file;
    }

    public PackageVersion version() {
        return version;
    }

    public void setVersion(PackageVersion version) {
        this.version = version;
    }

    /** True when the package was saved without editor-only data (PKG_FilterEditorOnly). */
    public boolean filterEditorOnly() {
        return filterEditorOnly;
    }

    public void setFilterEditorOnly(boolean filterEditorOnly) {
        this.filterEditorOnly = filterEditorOnly;
    }

    /** Names the structure being read, for error messages. */
    public PackageReader structure(String name) {
        this.structure = name;
        return this;
    }

    public String structure() {
        return structure;
    }

    public long position() {
        return buf.position();
    }

    public long length() {
        return buf.limit();
    }

    public long remaining() {
        return buf.remaining();
    }

    /** Moves to an absolute offset, which must lie inside the file (the end included). */
    public void seek(long offset) {
        if (offset < 0 || offset > buf.limit()) {
            throw new CorruptDataException("Offset " + FormatException.hex(offset) + " lies outside the file ("
                    + String.format("%,d", buf.limit()) + " bytes)", file, buf.position(), structure);
        }
        buf.position((int) offset);
    }

    /** Fails unless {@code n} more bytes can be read. */
    public void require(long n) {
        if (n < 0 || n > buf.remaining()) {
            throw new TruncatedDataException("Need " + n + " bytes but only " + buf.remaining() + " remain", file,
                    buf.position(), structure);
        }
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
        return readI32() & 0xFFFFFFFFL;
    }

    public long readI64() {
        require(8);
        return buf.getLong();
    }

    public byte[] readBytes(long n) {
        require(n);
        byte[] out = new byte[(int) n];
        buf.get(out);
        return out;
    }

    /** A bool stored as uint32 0 or 1 (UBOOL); any other value is corrupt. */
    public boolean readBool32() {
        long at = buf.position();
        int v = readI32();
        if (v != 0 && v != 1) {
            throw new CorruptDataException("Invalid boolean " + v + " (expected 0 or 1)", file, at, structure);
        }
        return v == 1;
    }

    public FGuid readGuid() {
        require(16);
        return new FGuid(buf.getInt(), buf.getInt(), buf.getInt(), buf.getInt());
    }

    public FName readFName() {
        require(8);
        return new FName(buf.getInt(), buf.getInt());
    }

    public PackageIndex readPackageIndex() {
        return new PackageIndex(readI32());
    }

    /** FString: int32 length (negative = UTF-16), characters, terminator. */
    public FString readFString() {
        long at = buf.position();
        int len = readI32();
        if (len == 0) {
            return FString.EMPTY;
        }
        boolean wide = len < 0;
        if (len == Integer.MIN_VALUE) {
            throw new CorruptDataException("Invalid string length " + len, file, at, structure);
        }
        int chars = Math.abs(len);
        long bytes = (long) chars * (wide ? 2 : 1);
        if (bytes > buf.remaining()) {
            throw new TruncatedDataException("String of " + chars + " characters exceeds the " + buf.remaining()
                    + " bytes left", file, at, structure);
        }
        char[] out = new char[chars - 1];
        for (int i = 0; i < chars - 1; i++) {
            out[i] = wide ? buf.getChar() : (char) (buf.get() & 0xFF);
        }
        int term = wide ? buf.getChar() : buf.get();
        if (term != 0) {
            throw new CorruptDataException("String is not null-terminated", file, at, structure);
        }
        return new FString(new String(out), wide);
    }

    /** FUtf8String: int32 byte count then UTF-8 bytes without a terminator. Malformed UTF-8 is corrupt. */
    public String readUtf8String() {
        long at = buf.position();
        int len = readI32();
        if (len < 0) {
            throw new CorruptDataException("Negative UTF-8 string length " + len, file, at, structure);
        }
        byte[] b = readBytes(len);
        try {
            return java.nio.charset.StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(java.nio.charset.CodingErrorAction.REPORT)
                    .onUnmappableCharacter(java.nio.charset.CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(b)).toString();
        } catch (java.nio.charset.CharacterCodingException e) {
            throw new CorruptDataException("Malformed UTF-8 string", file, at, structure, e);
        }
    }

    /** The int32 at the current position without consuming it (0 when fewer than 4 bytes remain). */
    public int peekI32() {
        return buf.remaining() >= 4 ? buf.getInt(buf.position()) : 0;
    }

    /** The byte at an absolute offset, or -1 outside the file. */
    public int byteAt(long offset) {
        return offset >= 0 && offset < buf.limit() ? buf.get((int) offset) & 0xFF : -1;
    }

    /**
     * Reads an element count and refuses one that is negative or whose elements (at least
     * {@code minElementBytes} each) cannot fit in the bytes left.
     */
    public int readCount(int minElementBytes) {
        long at = buf.position();
        int n = readI32();
        checkCount(n, minElementBytes, at);
        return n;
    }

    /** Checks a count read elsewhere (e.g. in the summary) against the bytes left from here. */
    public void checkCount(long n, int minElementBytes, long at) {
        if (n < 0) {
            throw new CorruptDataException("Negative count " + n, file, at, structure);
        }
        if (n * (long) minElementBytes > buf.remaining()) {
            throw new TruncatedDataException("Count " + n + " needs at least " + (n * (long) minElementBytes)
                    + " bytes but only " + buf.remaining() + " remain", file, at, structure);
        }
    }

    public CorruptDataException corrupt(String message) {
        return new CorruptDataException(message, file, buf.position(), structure);
    }

    public CorruptDataException corrupt(String message, long at) {
        return new CorruptDataException(message, file, at, structure);
    }
}
