package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;

/**
 * {@code shutdown}: the server stops reading, lets in-flight requests finish and reply, answers
 * this request last and exits with status 0.
 */
public final class ShutdownAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("shutdown",
            "Finishes in-flight requests, replies, and exits with status 0");

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        ctx.control().shutdown();
        return ActionResult.of("Shutting down", null);
    }
}
