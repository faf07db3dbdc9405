package io.uassetd.codecs.asset.core;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.Locale;

/** FGuid, 16 bytes: four little-endian uint32 A, B, C, D. */
public record FGuid(int a, int b, int c, int d) {
    public static final FGuid ZERO = new FGuid(0, 0, 0, 0);

    /** Reads the four uint32 words at the reader's position. */
    public static FGuid read(ByteReader r) {
        return new FGuid(r.i32(), r.i32(), r.i32(), r.i32());
    }

    public void write(ByteWriter w) {
        w.u32(a & 0xFFFFFFFFL);
        w.u32(b & 0xFFFFFFFFL);
        w.u32(c & 0xFFFFFFFFL);
        w.u32(d & 0xFFFFFFFFL);
    }

    public boolean isZero() {
        return (a | b | c | d) == 0;
    }

    /** Unreal's default text form: 32 upper-case hex digits, A to D. */
    @Override
    public String toString() {
        return String.format(Locale.ROOT, "%08X%08X%08X%08X", a, b, c, d);
    }

    /** Parses the 32-hex-digit form (dashes and braces ignored). */
    public static FGuid parse(String text) {
        String h = text.replaceAll("[{}\\-]", "");
        if (h.length() != 32) {
            throw new IllegalArgumentException("Not a GUID: " + text);
        }
        return new FGuid(Integer.parseUnsignedInt(h.substring(0, 8), 16), Integer.parseUnsignedInt(h.substring(8, 16), 16),
                Integer.parseUnsignedInt(h.substring(16, 24), 16), Integer.parseUnsignedInt(h.substring(24, 32), 16));
    }
}
