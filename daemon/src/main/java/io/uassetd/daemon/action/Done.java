package io.uassetd.daemon.action;

/** What a {@link TypedAction} returns: the reply's message and its typed data. */
public record Done<R>(String message, R data) {
    public static <R> Done<R> of(String message, R data) {
        return new Done<>(message, data);
    }
}
