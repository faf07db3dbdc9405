package io.uassetd.daemon.action;

/** What a handler returns: the reply's message and data (an immutable record, list, map or tree). */
public record ActionResult(String message, Object data) {
    public static ActionResult of(String message, Object data) {
        return new ActionResult(message, data);
    }
}
