package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.cache.CacheStats;
import io.uassetd.daemon.action.ActionContext;

/** {@code cache_stats}: what the daemon keeps warm (entries, bytes, hits, misses, evictions). */
public final class CacheStatsAction extends TypedAction<CacheStatsAction.Request, CacheStats> {
    /** The request. */
    public record Request(@Field("drop every cached entry after taking the snapshot") boolean clear) {
    }

    public CacheStatsAction() {
        super("cache_stats", "Hits, misses, evictions and retained bytes of the resource cache; clear: true empties it");
    }

    @Override
    protected Done<CacheStats> run(Request r, ActionContext ctx) {
        CacheStats stats = ctx.services().cache().stats();
        if (r.clear()) {
            ctx.services().cache().clear();
        }
        return Done.of("Cache statistics", stats);
    }
}
