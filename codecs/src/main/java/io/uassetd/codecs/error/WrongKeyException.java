package io.uassetd.codecs.error;

/** Encrypted data that the given AES key (or no key) cannot decrypt. */
public class WrongKeyException extends FormatException {
    public WrongKeyException(String message, String file, long offset, String structure) {
        super(message, file, offset, structure);
    }

    public WrongKeyException(String message, String file, long offset, String structure, Throwable cause) {
        super(message, file, offset, structure, cause);
    }

    public WrongKeyException(String message) {
        super(message, null, -1, null);
    }
}
