package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * FString as Unreal serializes it: an int32 length counting the terminator, positive for 8-bit
 * text, negative for UTF-16LE, 0 for an empty string with no terminator. The encoding is kept so
 * that a string writes back byte for byte; 8-bit text is read as Latin-1, which loses nothing.
 */
public record FString(String value, boolean utf16, boolean emptyForm) {
    /** Longest string accepted, in characters: more than any path, less than anything absurd. */
    public static final int MAX_CHARS = 1 << 16;

    public FString {
        Objects.requireNonNull(value, "value");
    }

    /** The form Unreal picks: 8-bit when every char fits in 7 bits, else UTF-16; "" as length 0. */
    public static FString of(String s) {
        if (s.isEmpty()) {
            return new FString("", false, true);
        }
        boolean ascii = s.chars().allMatch(c -> c < 0x80);
        return new FString(s, !ascii, false);
    }

    public static FString read(ByteReader r) {
        long at = r.offset();
        int len = r.i32();
        if (len == 0) {
            return new FString("", false, true);
        }
        if (len == Integer.MIN_VALUE || Math.abs(len) > MAX_CHARS) {
            throw IoBits.corruptAt(r, "String length " + len + " is implausible", at);
        }
        if (len > 0) {
            byte[] b = r.bytes(IoBits.count(r, len, 1, "string byte"));
            if (b[len - 1] != 0) {
                throw IoBits.corruptAt(r, "String of " + len + " bytes is not NUL-terminated", at);
            }
            return new FString(new String(b, 0, len - 1, StandardCharsets.ISO_8859_1), false, false);
        }
        int chars = -len;
        byte[] b = r.bytes(IoBits.count(r, chars, 2, "UTF-16 string char"));
        if (b[2 * chars - 1] != 0 || b[2 * chars - 2] != 0) {
            throw IoBits.corruptAt(r, "UTF-16 string of " + chars + " chars is not NUL-terminated", at);
        }
        return new FString(new String(b, 0, 2 * (chars - 1), StandardCharsets.UTF_16LE), true, false);
    }

    public void write(ByteWriter w) {
        if (emptyForm && value.isEmpty()) {
            w.u32(0);
        } else if (utf16) {
            byte[] b = value.getBytes(StandardCharsets.UTF_16LE);
            IoBits.i32(w, -(b.length / 2 + 1)).bytes(b).u16(0);
        } else {
            byte[] b = value.getBytes(StandardCharsets.ISO_8859_1);
            w.u32(b.length + 1L).bytes(b).u8(0);
        }
    }

    @Override
    public String toString() {
        return value;
    }
}
