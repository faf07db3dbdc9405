package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.iostore.internal.LeReader;
import io.uassetd.codecs.iostore.internal.LeWriter;

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

    public static OffsetAndLength read(LeReader r) {
        long offset = r.readUnsignedBigEndian(5);
        long length = r.readUnsignedBigEndian(5);
        return new OffsetAndLength(offset, length);
    }

    public void write(LeWriter w) {
        w.unsignedBigEndian(offset, 5).unsignedBigEndian(length, 5);
    }

    public long end() {
        return offset + length;
    }
}
