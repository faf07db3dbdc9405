package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * FBulkDataMapEntry, 32 bytes: i64 serial offset, i64 duplicate serial offset, i64 serial size, u32
 * flags (EBulkDataFlags), u32 pad (kept).
 */
public record BulkDataMapEntry(long serialOffset, long duplicateSerialOffset, long serialSize, int flags, int pad) {
    public static final int SIZE = 32;

    static BulkDataMapEntry read(ByteReader r) {
        return new BulkDataMapEntry(r.i64(), r.i64(), r.i64(), r.i32(), r.i32());
    }

    void write(ByteWriter w) {
        w.u64(serialOffset).u64(duplicateSerialOffset).u64(serialSize);
        ZenSummary.i32(w, flags);
        ZenSummary.i32(w, pad);
    }
}
