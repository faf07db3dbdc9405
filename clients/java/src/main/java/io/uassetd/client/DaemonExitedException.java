package io.uassetd.client;

/** The daemon exited, crashed or closed its output while a request was waiting for its reply. */
public final class DaemonExitedException extends RuntimeException {
    public DaemonExitedException(String message) {
        super(message);
    }
}
