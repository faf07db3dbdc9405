package io.uassetd.codecs.error;

/** Data ends before a structure it announces. */
public class TruncatedDataException extends CorruptDataException {
    public TruncatedDataException(String message, String file, long offset, String structure) {
        super(message, file, offset, structure);
    }

    public TruncatedDataException(String message, String file, long offset, String structure, Throwable cause) {
        super(message, file, offset, structure, cause);
    }

    public TruncatedDataException(String message) {
        super(message, null, -1, null);
    }
}
