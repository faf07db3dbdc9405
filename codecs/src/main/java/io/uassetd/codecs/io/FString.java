package io.uassetd.codecs.io;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;

/**
 * FString as stored: an int32 length (negative for UTF-16) then the characters with a terminator.
 * Kept with its encoding so a rewrite is byte-identical: {@code value == null} is the zero-length
 * form (no terminator), {@code ""} the one-character form holding only the terminator.
 * This is the one FString codec: packages, pak and IoStore indexes, LocRes and usmap all read and
 * write through {@link #read} and {@link #write} (directly or via {@link ByteReader#fstring()}).
 * ANSI text is read as Latin-1, which loses nothing and writes back byte for byte.
 *
 * @param value the text, or null for the zero-length form
 * @param wide true when stored as UTF-16LE
 */
public record FString(String value, boolean wide) {
    public static final FString EMPTY = new FString(null, false);

    /** The encoding Unreal picks: ANSI when the text is pure ASCII, else UTF-16; "" becomes length 0. */
    public static FString of(String text) {
        if (text == null || text.isEmpty()) {
            return EMPTY;
        }
        return new FString(text, !isAnsi(text));
    }

    /** FCString::IsPureAnsi: every character is 7-bit. */
    public static boolean isAnsi(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (text.charAt(i) > 0x7F) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads one FString at the reader's position: length 0 is the zero-length form; otherwise the
     * characters must fit in the bytes left and end with a NUL. Errors name the string's offset.
     */
    public static FString read(ByteReader r) {
        long at = r.offset();
        int len = r.i32();
        if (len == 0) {
            return EMPTY;
        }
        if (len == Integer.MIN_VALUE) {
            throw new CorruptDataException("Implausible string length " + len, r.source(), at, r.structure());
        }
        boolean wide = len < 0;
        int chars = Math.abs(len);
        long bytes = (long) chars * (wide ? 2 : 1);
        if (bytes > r.remaining()) {
            throw new TruncatedDataException("String of " + chars + " characters runs past the end: needs " + bytes
                    + " bytes, " + r.remaining() + " left", r.source(), at, r.structure());
        }
        char[] c = new char[chars - 1];
        for (int i = 0; i < c.length; i++) {
            c[i] = (char) (wide ? r.u16() : r.u8());
        }
        if ((wide ? r.u16() : r.u8()) != 0) {
            throw new CorruptDataException("String of " + chars + (wide ? " UTF-16" : "") + " characters lacks its NUL terminator",
                    r.source(), at, r.structure());
        }
        return new FString(new String(c), wide);
    }

    /** Writes this string in the encoding it carries (ANSI as Latin-1, wide as UTF-16LE). */
    public void write(ByteWriter w) {
        if (value == null) {
            w.u32(0);
            return;
        }
        int chars = value.length() + 1;
        if (wide) {
            w.u32(-chars & 0xFFFFFFFFL);
            w.utf16le(value, true);
        } else {
            w.u32(chars);
            w.latin1(value, true);
        }
    }

    /** The text, "" for the zero-length form. */
    public String text() {
        return value == null ? "" : value;
    }

    /** Bytes this string takes on disk. */
    public int serializedSize() {
        if (value == null) {
            return 4;
        }
        return 4 + (value.length() + 1) * (wide ? 2 : 1);
    }

    @Override
    public String toString() {
        return text();
    }
}
