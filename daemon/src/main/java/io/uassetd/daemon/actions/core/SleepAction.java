package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;

/**
 * {@code sleep}: a diagnostic long-running request that waits {@code duration_ms} in
 * {@code steps} steps, reporting progress and honouring cancel; lets clients test their
 * timeout, progress and cancel handling without touching any file.
 */
public final class SleepAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("sleep",
            "Diagnostic: waits duration_ms in steps, reporting progress and honouring cancel",
            FieldSpec.optional("duration_ms", FieldType.INTEGER, 1000, "how long to wait (0 to 600000)"),
            FieldSpec.optional("steps", FieldType.INTEGER, 10, "progress steps (1 to 10000)"))
            .withCli("sleep", "duration_ms");

    /** Reply data. */
    public record Slept(long duration_ms, int steps) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws InterruptedException {
        long duration = args.integer("duration_ms", 0, 600_000);
        int steps = (int) args.integer("steps", 1, 10_000);
        long start = System.nanoTime();
        ctx.progress(0, steps, "step 0");
        for (int i = 1; i <= steps; i++) {
            long until = start + duration * 1_000_000L * i / steps;
            long now;
            while ((now = System.nanoTime()) < until) {
                ctx.checkCancelled();
                Thread.sleep(Math.max(1, Math.min(10, (until - now) / 1_000_000L)));
            }
            ctx.checkCancelled();
            ctx.progress(i, steps, "step " + i);
        }
        return ActionResult.of("Slept " + duration + " ms", new Slept(duration, steps));
    }
}
