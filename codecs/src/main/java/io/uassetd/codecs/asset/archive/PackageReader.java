package io.uassetd.codecs.asset.archive;

import java.util.function.Supplier;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.io.ByteReader;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The archive a package is read through (FArchive with its versions): the shared checked
 * little-endian {@link ByteReader} over one file's bytes, plus the package versions the gates read,
 * the editor-only filter, and the Unreal types (FName, FPackageIndex, FGuid, FString with its exact
 * encoding). Offsets are absolute in the file; errors name the file, offset and structure.
 */
public final class PackageReader {
    private final ByteReader in;
    private final byte[] data;
    private final long base;
    private PackageVersion version;
    private boolean filterEditorOnly;
    /** Entries in the package's name map once it is known (-1 before): every FName read is checked against it. */
    private int nameCount = -1;

    public PackageReader(byte[] data, String file) {
        this(data, file, 0, "PackageFileSummary");
    }

    /**
     * A reader over bytes that sit at absolute offset {@code base} of {@code file} (e.g. one export's
     * data inside a .uexp), so positions and errors use the file's offsets.
     */
    public PackageReader(byte[] data, String file, long base, String structure) {
        this.data = data;
        this.base = base;
        this.in = ByteReader.of(file, base, data, structure);
    }

    /** A reader over other bytes with this reader's versions (for nested data). */
    public PackageReader derive(byte[] bytes, String file, long baseOffset, String structure) {
        PackageReader r = new PackageReader(bytes, file, baseOffset, structure);
        r.version = version;
        r.filterEditorOnly = filterEditorOnly;
        r.nameCount = nameCount;
        return r;
    }

    /** The underlying byte reader, for readers of structures this class has no helper for. */
    public ByteReader bytes() {
        return in;
    }

    public String file() {
        return in.source();
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
        in.structure(name);
        return this;
    }

    /** Names the structure through a supplier asked only when an error is built. */
    public PackageReader structure(Supplier<String> source) {
        in.structure(source);
        return this;
    }

    public String structure() {
        return in.structure();
    }

    public long position() {
        return in.offset();
    }

    /** Absolute offset just past the last byte. */
    public long length() {
        return base + in.size();
    }

    /** Absolute offset of the first byte. */
    public long base() {
        return base;
    }

    public long remaining() {
        return in.remaining();
    }

    /** Moves to an absolute offset, which must lie inside the file (the end included). */
    public void seek(long offset) {
        if (offset < base || offset > base + in.size()) {
            throw new CorruptDataException("Offset " + FormatException.hex(offset) + " lies outside the data ["
                    + FormatException.hex(base) + ", " + FormatException.hex(base + in.size()) + ")", file(), in.offset(),
                    structure());
        }
        in.position((int) (offset - base));
    }

    public void require(long n) {
        in.require(n);
    }

    public int readU8() {
        return in.u8();
    }

    public int readU16() {
        return in.u16();
    }

    public int readI32() {
        return in.i32();
    }

    public long readU32() {
        return in.u32();
    }

    public long readI64() {
        return in.i64();
    }

    public byte[] readBytes(long n) {
        in.require(n);
        return in.bytes((int) n);
    }

    /** A bool stored as uint32 0 or 1; any other value is corrupt. */
    public boolean readBool32() {
        return in.bool32();
    }

    public FGuid readGuid() {
        return new FGuid(in.i32(), in.i32(), in.i32(), in.i32());
    }

    /**
     * Checks every FName read from now on against a name map of {@code count} entries: a reference
     * outside it is corrupt data at the offset it is stored, in the structure being read.
     */
    public void setNameCount(int count) {
        this.nameCount = count;
    }

    public FName readFName() {
        in.require(8);
        long at = in.offset();
        int index = in.i32();
        int number = in.i32();
        if (nameCount >= 0 && (index < 0 || index >= nameCount)) {
            throw new CorruptDataException("Name index " + index + " outside the name map (" + nameCount + " names)",
                    in.source(), at, in.structure());
        }
        return new FName(index, number);
    }

    public PackageIndex readPackageIndex() {
        return new PackageIndex(in.i32());
    }

    /** FString with its encoding kept: int32 length (negative = UTF-16LE), characters, terminator. */
    public FString readFString() {
        return FString.read(in);
    }

    /** FUtf8String: int32 byte count then UTF-8 bytes without a terminator. Malformed UTF-8 is corrupt. */
    public String readUtf8String() {
        long at = in.offset();
        int len = in.i32();
        if (len < 0) {
            throw new CorruptDataException("Negative UTF-8 string length " + len, file(), at, structure());
        }
        byte[] b = readBytes(len);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(b)).toString();
        } catch (CharacterCodingException e) {
            throw new CorruptDataException("Malformed UTF-8 string", file(), at, structure(), e);
        }
    }

    /** The int32 at the current position without consuming it (0 when fewer than 4 bytes remain). */
    public int peekI32() {
        int p = in.position();
        if (in.remaining() < 4) {
            return 0;
        }
        return (data[p] & 0xFF) | (data[p + 1] & 0xFF) << 8 | (data[p + 2] & 0xFF) << 16 | (data[p + 3] & 0xFF) << 24;
    }

    /** The byte at an absolute offset, or -1 outside the file. */
    public int byteAt(long offset) {
        long i = offset - base;
        return i >= 0 && i < data.length ? data[(int) i] & 0xFF : -1;
    }

    /**
     * Reads an element count and refuses one that is negative or whose elements (at least
     * {@code minElementBytes} each) cannot fit in the bytes left.
     */
    public int readCount(int minElementBytes) {
        long at = in.offset();
        int n = in.i32();
        checkCount(n, minElementBytes, at);
        return n;
    }

    /** Checks a count read elsewhere (e.g. in the summary) against the bytes left from here. */
    public void checkCount(long n, int minElementBytes, long at) {
        if (n < 0) {
            throw new CorruptDataException("Negative count " + n, file(), at, structure());
        }
        if (n * (long) minElementBytes > in.remaining()) {
            throw new TruncatedDataException("Count " + n + " needs at least " + (n * (long) minElementBytes)
                    + " bytes but only " + in.remaining() + " remain", file(), at, structure());
        }
    }

    public CorruptDataException corrupt(String message) {
        return in.corrupt(message);
    }

    public CorruptDataException corrupt(String message, long at) {
        return new CorruptDataException(message, file(), at, structure());
    }
}
