package io.uassetd.codecs.pak;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FPakCompressedBlock, 16 bytes: start and end of one compressed block, relative to the entry's
 * record (V5+) or absolute (before V5), as stored. End excludes AES padding.
 */
public record PakBlock(long start, long end) {
    public PakBlock {
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("Bad block [" + start + ", " + end + ")");
        }
    }

    public long size() {
        return end - start;
    }

    static PakBlock read(ByteReader r) {
        long at = r.offset();
        long s = r.u64();
        long e = r.u64();
        if (e < s) {
            throw new CorruptDataException("Compression block ends (" + e + ") before it starts (" + s + ")",
                    r.source(), at, "FPakCompressedBlock");
        }
        return new PakBlock(s, e);
    }

    void write(ByteWriter w) {
        w.u64(start).u64(end);
    }
}
