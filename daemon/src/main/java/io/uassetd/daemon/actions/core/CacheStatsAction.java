package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;

/** {@code cache_stats}: what the daemon keeps warm (entries, bytes, hits, misses, evictions). */
public final class CacheStatsAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("cache_stats",
            "Hits, misses, evictions and retained bytes of the resource cache; clear: true empties it",
            FieldSpec.optional("clear", FieldType.BOOLEAN, false, "drop every cached entry after taking the snapshot"));

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        var stats = ctx.services().cache().stats();
        if (args.bool("clear")) {
            ctx.services().cache().clear();
        }
        return ActionResult.of("Cache statistics", stats);
    }
}
