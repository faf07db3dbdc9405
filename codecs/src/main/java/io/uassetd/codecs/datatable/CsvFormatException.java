package io.uassetd.codecs.datatable;

import io.uassetd.codecs.error.TextFormatException;

/**
 * A CSV that cannot be read ({@link #syntax()}: an unterminated quote) or applied to its table (an unknown column, a
 * value that does not read as its type, a duplicate row): names the file, the line, the row and the column.
 */
public final class CsvFormatException extends TextFormatException {
    public CsvFormatException(String message, String file, String structure) {
        this(message, file, structure, false);
    }

    public CsvFormatException(String message, String file, String structure, boolean syntax) {
        super(message, file, structure, syntax);
    }
}
