package io.uassetd.codecs.error;

/** An operation needs a native library (such as Oodle for compression) that is not loaded. */
public class NativeUnavailableException extends RuntimeException {
    public NativeUnavailableException(String message) {
        super(message);
    }

    public NativeUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
