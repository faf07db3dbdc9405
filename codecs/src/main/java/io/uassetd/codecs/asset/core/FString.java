package io.uassetd.codecs.asset.core;

/**
 * FString as stored: an int32 length (negative for UTF-16) then the characters with a terminator.
 * Kept with its encoding so a rewrite is byte-identical: {@code value == null} is the zero-length
 * form (no terminator), {@code ""} the one-character form holding only the terminator.
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
