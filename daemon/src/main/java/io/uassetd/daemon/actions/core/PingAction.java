package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.util.Map;

/** {@code ping}: answers at once; for liveness checks and latency measurement. */
public final class PingAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("ping", "Answers at once with pong").withCli("ping");
    private static final Map<String, Object> DATA = Map.of("pong", true);

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        return ActionResult.of("pong", DATA);
    }
}
