package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.ActionContext;

/** {@code ping}: answers at once; for liveness checks and latency measurement. */
public final class PingAction extends TypedAction<PingAction.Request, PingAction.Pong> {
    /** No fields. */
    public record Request() {
    }

    /** Reply data: {@code pong: true}. */
    public record Pong(boolean pong) {
    }

    private static final Pong DATA = new Pong(true);

    public PingAction() {
        super("ping", "Answers at once with pong", "ping");
    }

    @Override
    protected Done<Pong> run(Request r, ActionContext ctx) {
        return Done.of("pong", DATA);
    }
}
