package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.ActionContext;

/**
 * {@code shutdown}: the server stops reading, lets in-flight requests finish and reply, answers
 * this request last and exits with status 0.
 */
public final class ShutdownAction extends TypedAction<ShutdownAction.Request, Void> {
    /** No fields. */
    public record Request() {
    }

    public ShutdownAction() {
        super("shutdown", "Finishes in-flight requests, replies, and exits with status 0");
    }

    @Override
    protected Done<Void> run(Request r, ActionContext ctx) {
        ctx.control().shutdown();
        return Done.of("Shutting down", null);
    }
}
