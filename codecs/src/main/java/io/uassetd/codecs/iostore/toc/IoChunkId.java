package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.util.Locale;

/**
 * FIoChunkId, 12 bytes: a 64-bit id (the FPackageId for package chunks), a 16-bit index, a pad byte
 * and the raw EIoChunkType byte. Equality is over all 12 bytes.
 */
public record IoChunkId(long id, int index, int padding, int rawType) {
    public static final int SIZE = 12;

    public IoChunkId {
        if (index < 0 || index > 0xFFFF || padding < 0 || padding > 0xFF || rawType < 0 || rawType > 0xFF) {
            throw new IllegalArgumentException("Chunk id field out of range: index " + index + ", pad " + padding
                    + ", type " + rawType);
        }
    }

    /** A UE5 chunk id: id, index, type. */
    public static IoChunkId of(long id, int index, IoChunkType type) {
        int raw = type.raw(true);
        if (raw < 0) {
            throw new IllegalArgumentException(type + " has no UE5 type number");
        }
        return new IoChunkId(id, index, 0, raw);
    }

    /** A chunk id in the UE5 numbering ({@code ue5Layout}) or the UE4 one (TOC versions 1-3). */
    public static IoChunkId of(long id, int index, IoChunkType type, boolean ue5Layout) {
        int raw = type.raw(ue5Layout);
        if (raw < 0) {
            throw new IllegalArgumentException(type + " has no " + (ue5Layout ? "UE5" : "UE4") + " type number");
        }
        return new IoChunkId(id, index, 0, raw);
    }

    /** The chunk holding a package's header and exports (UE5 numbering). */
    public static IoChunkId packageData(long packageId) {
        return of(packageId, 0, IoChunkType.EXPORT_BUNDLE_DATA);
    }

    public static IoChunkId read(ByteReader r) {
        long id = r.raw64();
        int index = r.u16();
        int pad = r.u8();
        int type = r.u8();
        return new IoChunkId(id, index, pad, type);
    }

    public void write(ByteWriter w) {
        w.u64(id).u16(index).u8(padding).u8(rawType);
    }

    /** The 12 bytes as stored. */
    public byte[] toBytes() {
        ByteWriter w = new ByteWriter(SIZE);
        write(w);
        return w.toByteArray();
    }

    public IoChunkType type(boolean ue5Layout) {
        return IoChunkType.of(rawType, ue5Layout);
    }

    /** 24 hex digits of the stored bytes, as UnrealPak and retoc print chunk ids. */
    public String hex() {
        StringBuilder sb = new StringBuilder(24);
        for (byte b : toBytes()) {
            sb.append(String.format(Locale.ROOT, "%02x", b & 0xFF));
        }
        return sb.toString();
    }

    @Override
    public String toString() {
        return hex();
    }
}
