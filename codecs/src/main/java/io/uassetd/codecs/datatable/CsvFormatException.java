package io.uassetd.codecs.datatable;

import io.uassetd.codecs.error.FormatException;

/** A CSV that cannot be read or applied to its table: names the file, the line and the row/column. */
public final class CsvFormatException extends FormatException {
    public CsvFormatException(String message, String file, String structure) {
        super(message, file, -1, structure);
    }
}
