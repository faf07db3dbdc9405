package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FIoOffsetAndLength, 10 bytes: a chunk's offset and length in the container's uncompressed
 * address space, each a 40-bit big-endian number.
 */
public record OffsetAndLength(long offset, long length) {
    public static final int SIZE = 10;
    public static final long MAX = (1L << 40) - 1;

    public OffsetAndLength {
        if (offset < 0 || offset > MAX || length < 0 || length > MAX) {
            throw new IllegalArgumentException("Offset " + offset + " or length " + length + " exceeds 40 bits");
        }
    }

    public static OffsetAndLength read(ByteReader r) {
        long offset = IoBits.readUnsignedBigEndian(r, 5);
        long length = IoBits.readUnsignedBigEndian(r, 5);
        return new OffsetAndLength(offset, length);
    }

    public void write(ByteWriter w) {
        IoBits.writeUnsignedBigEndian(w, offset, 5);
        IoBits.writeUnsignedBigEndian(w, length, 5);
    }

    public long end() {
        return offset + length;
    }
}
