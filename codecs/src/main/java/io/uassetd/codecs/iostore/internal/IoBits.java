package io.uassetd.codecs.iostore.internal;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;

/**
 * The few packed-integer and count helpers IoStore structures need on top of the shared
 * {@link ByteReader}/{@link ByteWriter}: 24- and 40-bit fields (little- and big-endian), int32
 * writes, and checking a count that was read as part of a header before anything is allocated.
 */
public final class IoBits {
    private IoBits() {
    }

    /** An unsigned little-endian integer of {@code n} (1..8) bytes. */
    public static long readUnsigned(ByteReader r, int n) {
        r.require(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v |= (r.u8() & 0xFFL) << (8 * i);
        }
        return v;
    }

    /** An unsigned big-endian integer of {@code n} (1..8) bytes. */
    public static long readUnsignedBigEndian(ByteReader r, int n) {
        r.require(n);
        long v = 0;
        for (int i = 0; i < n; i++) {
            v = (v << 8) | (r.u8() & 0xFFL);
        }
        return v;
    }

    public static ByteWriter writeUnsigned(ByteWriter w, long v, int n) {
        for (int i = 0; i < n; i++) {
            w.u8((int) (v >>> (8 * i)) & 0xFF);
        }
        return w;
    }

    public static ByteWriter writeUnsignedBigEndian(ByteWriter w, long v, int n) {
        for (int i = n - 1; i >= 0; i--) {
            w.u8((int) (v >>> (8 * i)) & 0xFF);
        }
        return w;
    }

    /** A signed int32. */
    public static ByteWriter i32(ByteWriter w, int v) {
        return w.u32(v & 0xFFFFFFFFL);
    }

    /**
     * Checks that {@code count} elements of {@code elementSize} bytes fit in what is left of
     * {@code r}; returns the count as an int.
     */
    public static int count(ByteReader r, long count, int elementSize, String what) {
        if (count < 0) {
            throw new CorruptDataException("Negative " + what + " count " + count, r.source(), r.offset(), r.structure());
        }
        if (count > Integer.MAX_VALUE || count * (long) elementSize > r.remaining()) {
            throw new TruncatedDataException(what + " count " + count + " x " + elementSize + " bytes at offset "
                    + FormatException.hex(r.offset()) + " exceeds the " + r.remaining() + " bytes left", r.source(),
                    r.offset(), r.structure());
        }
        return (int) count;
    }

    public static CorruptDataException corruptAt(ByteReader r, String message, long absoluteOffset) {
        return new CorruptDataException(message, r.source(), absoluteOffset, r.structure());
    }
}
