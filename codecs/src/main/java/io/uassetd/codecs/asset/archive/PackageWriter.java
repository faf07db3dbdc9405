package io.uassetd.codecs.asset.archive;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.Arrays;

/** The mirror of {@link PackageReader}: a growable little-endian buffer carrying the package versions. */
public final class PackageWriter {
    private byte[] buf;
    private int pos;
    private final PackageVersion version;
    private final boolean filterEditorOnly;

    public PackageWriter(PackageVersion version, boolean filterEditorOnly) {
        this(version, filterEditorOnly, 256);
    }

    public PackageWriter(PackageVersion version, boolean filterEditorOnly, int capacity) {
        this.buf = new byte[Math.max(16, capacity)];
        this.version = version;
        this.filterEditorOnly = filterEditorOnly;
    }

    public PackageVersion version() {
        return version;
    }

    public boolean filterEditorOnly() {
        return filterEditorOnly;
    }

    public int position() {
        return pos;
    }

    private void ensure(int n) {
        if (pos + n > buf.length) {
            buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
        }
    }

    public void writeU8(int v) {
        ensure(1);
        buf[pos++] = (byte) v;
    }

    public void writeU16(int v) {
        ensure(2);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
    }

    public void writeI32(int v) {
        ensure(4);
        buf[pos++] = (byte) v;
        buf[pos++] = (byte) (v >>> 8);
        buf[pos++] = (byte) (v >>> 16);
        buf[pos++] = (byte) (v >>> 24);
    }

    public void writeU32(long v) {
        writeI32((int) v);
    }

    public void writeI64(long v) {
        writeI32((int) v);
        writeI32((int) (v >>> 32));
    }

    public void writeBytes(byte[] b) {
        writeBytes(b, 0, b.length);
    }

    public void writeBytes(byte[] b, int off, int len) {
        ensure(len);
        System.arraycopy(b, off, buf, pos, len);
        pos += len;
    }

    public void writeBool32(boolean v) {
        writeI32(v ? 1 : 0);
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

    public void writeFString(FString s) {
        if (s.value() == null) {
            writeI32(0);
            return;
        }
        String v = s.value();
        int chars = v.length() + 1;
        if (s.wide()) {
            writeI32(-chars);
            ensure(chars * 2);
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                buf[pos++] = (byte) c;
                buf[pos++] = (byte) (c >>> 8);
            }
            buf[pos++] = 0;
            buf[pos++] = 0;
        } else {
            writeI32(chars);
            ensure(chars);
            for (int i = 0; i < v.length(); i++) {
                char c = v.charAt(i);
                if (c > 0xFF) {
                    throw new IllegalArgumentException("Character U+" + Integer.toHexString(c) + " cannot be stored as ANSI");
                }
                buf[pos++] = (byte) c;
            }
            buf[pos++] = 0;
        }
    }

    /** FUtf8String: int32 byte count then the UTF-8 bytes, no terminator. */
    public void writeUtf8String(String s) {
        byte[] b = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        writeI32(b.length);
        writeBytes(b);
    }

    public byte[] toByteArray() {
        return Arrays.copyOf(buf, pos);
    }
}
