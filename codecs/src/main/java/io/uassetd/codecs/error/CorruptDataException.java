package io.uassetd.codecs.error;

/** Data that does not match the format: a bad magic, an impossible size, a failed hash or a bad compressed stream. */
public class CorruptDataException extends FormatException {
    public CorruptDataException(String message, String file, long offset, String structure) {
        super(message, file, offset, structure);
    }

    public CorruptDataException(String message, String file, long offset, String structure, Throwable cause) {
        super(message, file, offset, structure, cause);
    }

    public CorruptDataException(String message) {
        super(message, null, -1, null);
    }
}
