package io.uassetd.codecs.error;

/**
 * A text document a user writes (a CSV, ...) that cannot be read ({@link #syntax()}) or does not fit what it is
 * applied to; names the file and where in it (line, row, column).
 */
public class TextFormatException extends FormatException {
    private final boolean syntax;

    public TextFormatException(String message, String file, String structure, boolean syntax) {
        super(message, file, -1, structure);
        this.syntax = syntax;
    }

    /** True when the text is not in the format at all; false when it is, but does not fit. */
    public boolean syntax() {
        return syntax;
    }
}
