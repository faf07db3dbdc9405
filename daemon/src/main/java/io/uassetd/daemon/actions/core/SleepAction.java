package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.ActionContext;

/**
 * {@code sleep}: a diagnostic long-running request that waits {@code duration_ms} in
 * {@code steps} steps, reporting progress and honouring cancel; lets clients test their
 * timeout, progress and cancel handling without touching any file.
 */
public final class SleepAction extends TypedAction<SleepAction.Request, SleepAction.Slept> {
    /** The request. */
    public record Request(@Field(value = "how long to wait (0 to 600000)", dflt = "1000", min = 0, max = 600_000) long duration_ms,
                          @Field(value = "progress steps (1 to 10000)", dflt = "10", min = 1, max = 10_000) int steps) {
    }

    public SleepAction() {
        super("sleep", "Diagnostic: waits duration_ms in steps, reporting progress and honouring cancel", "sleep", "duration_ms");
    }

    /** Reply data. */
    public record Slept(long duration_ms, int steps) {
    }

    @Override
    protected Done<Slept> run(Request r, ActionContext ctx) throws InterruptedException {
        long duration = r.duration_ms();
        int steps = r.steps();
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
        return Done.of("Slept " + duration + " ms", new Slept(duration, steps));
    }
}
