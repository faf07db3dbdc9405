package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.util.Arrays;
import java.util.Objects;

/**
 * FIoStoreTocEntryMeta: a chunk's hash of its uncompressed bytes and its meta flags. Before
 * {@link TocVersion#REPLACE_IO_CHUNK_HASH_WITH_IO_HASH} 33 bytes (FIoChunkHash: 32 bytes, then the
 * flags byte); from it on 24 bytes (FIoHash: 20 bytes, flags, 3 pad bytes kept here as
 * {@code padding}).
 */
public record TocEntryMeta(byte[] hash, int flags, int padding) {
    public static final int FLAG_COMPRESSED = 1;
    public static final int FLAG_MEMORY_MAPPED = 2;

    public TocEntryMeta {
        Objects.requireNonNull(hash, "hash");
        if (hash.length != 20 && hash.length != 32) {
            throw new IllegalArgumentException("Chunk hash must be 20 or 32 bytes, not " + hash.length);
        }
    }

    /** On-disk size of one meta in a version. */
    public static int size(TocVersion v) {
        return v.atLeast(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH) ? 24 : 33;
    }

    /** Hash field size in a version. */
    public static int hashSize(TocVersion v) {
        return v.atLeast(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH) ? 20 : 32;
    }

    public static TocEntryMeta read(ByteReader r, TocVersion v) {
        byte[] hash = r.bytes(hashSize(v));
        int flags = r.u8();
        int pad = v.atLeast(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH) ? (int) IoBits.readUnsigned(r, 3) : 0;
        return new TocEntryMeta(hash, flags, pad);
    }

    public void write(ByteWriter w, TocVersion v) {
        int want = hashSize(v);
        if (hash.length == want) {
            w.bytes(hash);
        } else if (hash.length > want) {
            w.bytes(hash, 0, want);
        } else {
            w.bytes(hash).zeros(want - hash.length);
        }
        w.u8(flags);
        if (v.atLeast(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH)) {
            IoBits.writeUnsigned(w, padding, 3);
        }
    }

    /** The first 20 bytes: the meaningful part of the hash in every version. */
    public byte[] hash20() {
        return Arrays.copyOf(hash, 20);
    }

    public boolean hasHash() {
        for (byte b : hash) {
            if (b != 0) {
                return true;
            }
        }
        return false;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TocEntryMeta m && Arrays.equals(hash, m.hash) && flags == m.flags && padding == m.padding;
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(hash) * 31 + flags;
    }
}
