package io.uassetd.codecs.error;

/** A well-formed input whose version or layout this code does not support (yet). */
public class UnsupportedVersionException extends FormatException {
    public UnsupportedVersionException(String message, String file, long offset, String structure) {
        super(message, file, offset, structure);
    }

    public UnsupportedVersionException(String message, String file, long offset, String structure, Throwable cause) {
        super(message, file, offset, structure, cause);
    }

    public UnsupportedVersionException(String message) {
        super(message, null, -1, null);
    }
}
