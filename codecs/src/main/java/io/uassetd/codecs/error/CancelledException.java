package io.uassetd.codecs.error;

/** Long work was cancelled by its caller. */
public class CancelledException extends RuntimeException {
    public CancelledException(String message) {
        super(message);
    }
}
