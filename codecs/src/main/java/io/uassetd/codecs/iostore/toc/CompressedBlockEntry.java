package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FIoStoreTocCompressedBlockEntry, 12 bytes: where one compression block sits in the .ucas
 * address space (40-bit offset across partitions), its stored and uncompressed sizes (24 bits each)
 * and its compression method (an index into the TOC's method names, 0 = none). All little-endian.
 */
public record CompressedBlockEntry(long offset, int compressedSize, int uncompressedSize, int methodIndex) {
    public static final int SIZE = 12;
    public static final int MAX_SIZE = (1 << 24) - 1;

    public CompressedBlockEntry {
        if (offset < 0 || offset > OffsetAndLength.MAX) {
            throw new IllegalArgumentException("Block offset " + offset + " exceeds 40 bits");
        }
        if (compressedSize < 0 || compressedSize > MAX_SIZE || uncompressedSize < 0 || uncompressedSize > MAX_SIZE) {
            throw new IllegalArgumentException("Block sizes exceed 24 bits: " + compressedSize + ", " + uncompressedSize);
        }
        if (methodIndex < 0 || methodIndex > 0xFF) {
            throw new IllegalArgumentException("Method index " + methodIndex);
        }
    }

    public static CompressedBlockEntry read(ByteReader r) {
        long offset = IoBits.readUnsigned(r, 5);
        int compressed = (int) IoBits.readUnsigned(r, 3);
        int uncompressed = (int) IoBits.readUnsigned(r, 3);
        int method = r.u8();
        return new CompressedBlockEntry(offset, compressed, uncompressed, method);
    }

    public void write(ByteWriter w) {
        IoBits.writeUnsigned(w, offset, 5);
        IoBits.writeUnsigned(w, compressedSize, 3);
        IoBits.writeUnsigned(w, uncompressedSize, 3).u8(methodIndex);
    }

    /** Bytes the block occupies on disk: the stored size, rounded up to the AES block when encrypted. */
    public int storedSize(boolean encrypted) {
        return encrypted ? (compressedSize + 15) & ~15 : compressedSize;
    }
}
