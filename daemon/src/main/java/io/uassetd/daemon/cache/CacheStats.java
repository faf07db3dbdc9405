package io.uassetd.daemon.cache;

import java.util.List;

/** A snapshot of the cache for {@code cache_stats}. */
public record CacheStats(long capacity_bytes, long bytes, int entries, long hits, long misses, long evictions,
                         int loading, List<Item> items) {
    /** One cached resource. */
    public record Item(String kind, String identity, long bytes, int leases) {
    }
}
