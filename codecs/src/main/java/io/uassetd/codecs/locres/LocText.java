package io.uassetd.codecs.locres;

/**
 * A string as a .locres stores it: its text and how it was written. The engine writes an FString
 * as an int32 length (with the terminating NUL) and then either single bytes (positive length,
 * {@link Form#ANSI}) or UTF-16 code units (negative length, {@link Form#UTF16}); an empty FString
 * is a bare 0 ({@link Form#EMPTY}), while an empty namespace or key of the optimized versions is
 * written as a one-byte string holding only the NUL.
 */
public record LocText(String value, Form form) {
    /** How the string is stored. */
    public enum Form {
        /** Positive length, one byte per character (Latin-1), NUL-terminated. */
        ANSI,
        /** Negative length, UTF-16LE code units, NUL-terminated. */
        UTF16,
        /** Length 0 and no bytes (only for an empty string). */
        EMPTY
    }

    public LocText {
        if (value == null || form == null) {
            throw new IllegalArgumentException("LocText needs a value and a form");
        }
        if (form == Form.EMPTY && !value.isEmpty()) {
            throw new IllegalArgumentException("Form EMPTY for a non-empty string");
        }
        if (form == Form.ANSI && !fitsLatin1(value)) {
            throw new IllegalArgumentException("Form ANSI for a string with characters beyond U+00FF");
        }
    }

    /**
     * The form the engine writes {@code value} in: an empty string as a bare 0 ({@code keyString}
     * false: an FString) or as a lone NUL ({@code keyString} true: a namespace or key of the
     * optimized versions, written through {@code TextKeyUtil::SaveKeyString}); otherwise ANSI when
     * every character is at most U+007F ({@code FCString::IsPureAnsi}) and the archive does not
     * force Unicode, else UTF-16.
     */
    public static LocText canonical(String value, boolean keyString, boolean forceUnicode) {
        if (value.isEmpty()) {
            return new LocText(value, keyString ? (forceUnicode ? Form.UTF16 : Form.ANSI) : Form.EMPTY);
        }
        return new LocText(value, !forceUnicode && isPureAnsi(value) ? Form.ANSI : Form.UTF16);
    }

    /** True when every character is at most U+007F. */
    public static boolean isPureAnsi(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0x7F) {
                return false;
            }
        }
        return true;
    }

    private static boolean fitsLatin1(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) > 0xFF) {
                return false;
            }
        }
        return true;
    }

    /** Bytes this string takes in the file. */
    public int storedSize() {
        return switch (form) {
            case EMPTY -> 4;
            case ANSI -> 4 + value.length() + 1;
            case UTF16 -> 4 + 2 * (value.length() + 1);
        };
    }
}
