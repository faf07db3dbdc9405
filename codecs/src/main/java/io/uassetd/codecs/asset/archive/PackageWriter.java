package io.uassetd.codecs.asset.archive;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.io.ByteWriter;
import java.nio.charset.StandardCharsets;

/**
 * The mirror of {@link PackageReader}: the shared {@link ByteWriter} plus the package versions and
 * the Unreal types, writing each FString in the encoding it carries.
 */
public final class PackageWriter {
    private final ByteWriter out;
    private final PackageVersion version;
    private final boolean filterEditorOnly;

    public PackageWriter(PackageVersion version, boolean filterEditorOnly) {
        this(version, filterEditorOnly, 256);
    }

    /** A writer whose buffer starts at {@code capacity} bytes (it grows as needed). */
    public PackageWriter(PackageVersion version, boolean filterEditorOnly, int capacity) {
        this.out = new ByteWriter(capacity);
        this.version = version;
        this.filterEditorOnly = filterEditorOnly;
    }

    /** The underlying byte writer. */
    public ByteWriter bytes() {
        return out;
    }

    public PackageVersion version() {
        return version;
    }

    public boolean filterEditorOnly() {
        return filterEditorOnly;
    }

    public int position() {
        return out.size();
    }

    public void writeU8(int v) {
        out.u8(v);
    }

    public void writeU16(int v) {
        out.u16(v);
    }

    public void writeI32(int v) {
        out.u32(v & 0xFFFFFFFFL);
    }

    public void writeU32(long v) {
        out.u32(v & 0xFFFFFFFFL);
    }

    public void writeI64(long v) {
        writeI32((int) v);
        writeI32((int) (v >>> 32));
    }

    public void writeBytes(byte[] b) {
        out.bytes(b);
    }

    public void writeBool32(boolean v) {
        out.bool32(v);
    }

    public void writeGuid(FGuid g) {
        writeI32(g.a());
        writeI32(g.b());
        writeI32(g.c());
        writeI32(g.d());
    }

    public void writeFName(FName n) {
        writeI32(n.index());
        writeI32(n.number());
    }

    public void writePackageIndex(PackageIndex i) {
        writeI32(i.value());
    }

    /** Writes the string in the encoding it carries (ANSI as Latin-1, wide as UTF-16LE). */
    public void writeFString(FString s) {
        s.write(out);
    }

    /** FUtf8String: int32 byte count then the UTF-8 bytes, no terminator. */
    public void writeUtf8String(String s) {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        writeI32(b.length);
        out.bytes(b);
    }

    public byte[] toByteArray() {
        return out.toByteArray();
    }
}
