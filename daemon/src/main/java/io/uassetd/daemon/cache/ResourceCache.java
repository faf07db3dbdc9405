package io.uassetd.daemon.cache;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * An LRU cache of opened resources (containers, mappings, databases) bounded by an estimate of
 * the bytes they retain. Thread-safe; a resource is loaded once per key however many requests
 * ask for it at the same time. Values are AutoCloseable: an evicted value is closed as soon as
 * no {@link Lease} holds it. When a file changes (new size or modification time) its old entry
 * is dropped at the next request for it.
 */
public final class ResourceCache implements AutoCloseable {
    /** Opens a resource and estimates the bytes it retains. */
    @FunctionalInterface
    public interface Loader<T extends AutoCloseable> {
        Loaded<T> load() throws Exception;
    }

    /** A loaded value and its retained-size estimate. */
    public record Loaded<T extends AutoCloseable>(T value, long bytes) {
    }

    static final class Entry {
        final CacheKey key;
        final AutoCloseable value;
        final long bytes;
        int leases;
        boolean evicted;
        boolean closed;

        Entry(CacheKey key, AutoCloseable value, long bytes) {
            this.key = key;
            this.value = value;
            this.bytes = bytes;
        }
    }

    private final long capacityBytes;
    private final PrintStream log;
    private final Object lock = new Object();
    private final LinkedHashMap<CacheKey, Entry> entries = new LinkedHashMap<>(16, 0.75f, true);
    private final Map<String, CacheKey> currentByIdentity = new HashMap<>();
    private final Map<CacheKey, CompletableFuture<Entry>> loading = new HashMap<>();
    private long bytes;
    private long hits;
    private long misses;
    private long evictions;
    private boolean shut;

    public ResourceCache(long capacityBytes, PrintStream log) {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException("capacity must be >= 0");
        }
        this.capacityBytes = capacityBytes;
        this.log = log;
    }

    /**
     * Returns a lease on the value for {@code key}, loading it with {@code loader} when it is not
     * cached. Concurrent callers for the same key share one load; a failed load is not cached and
     * its exception reaches every caller that waited for it.
     */
    public <T extends AutoCloseable> Lease<T> acquire(CacheKey key, Loader<T> loader) throws Exception {
        while (true) {
            CompletableFuture<Entry> waitFor;
            CompletableFuture<Entry> mine = null;
            List<Entry> toClose = new ArrayList<>();
            synchronized (lock) {
                if (shut) {
                    throw new IllegalStateException("cache is closed");
                }
                Entry e = entries.get(key);
                if (e != null) {
                    hits++;
                    e.leases++;
                    return new Lease<>(this, e);
                }
                waitFor = loading.get(key);
                if (waitFor == null) {
                    misses++;
                    mine = new CompletableFuture<>();
                    loading.put(key, mine);
                    CacheKey previous = currentByIdentity.put(kindIdentity(key), key);
                    if (previous != null && !previous.equals(key)) {
                        Entry stale = entries.remove(previous);
                        if (stale != null) {
                            evictLocked(stale, toClose);
                        }
                    }
                } else {
                    hits++;
                }
            }
            closeAll(toClose);
            if (mine != null) {
                return loadInto(key, loader, mine);
            }
            Entry e;
            try {
                e = waitFor.get();
            } catch (ExecutionException ex) {
                Throwable c = ex.getCause();
                if (c instanceof Exception x) {
                    throw x;
                }
                throw new CompletionException(c);
            }
            synchronized (lock) {
                if (!e.closed) {
                    e.leases++;
                    return new Lease<>(this, e);
                }
            }
            // Evicted and closed before we got to it: try again.
        }
    }

    private <T extends AutoCloseable> Lease<T> loadInto(CacheKey key, Loader<T> loader, CompletableFuture<Entry> mine) throws Exception {
        Loaded<T> loaded;
        try {
            loaded = loader.load();
            if (loaded == null || loaded.value() == null) {
                throw new IllegalStateException("cache loader returned nothing for " + key);
            }
        } catch (Throwable t) {
            synchronized (lock) {
                loading.remove(key);
            }
            mine.completeExceptionally(t);
            throw t;
        }
        Entry e = new Entry(key, loaded.value(), Math.max(0, loaded.bytes()));
        List<Entry> toClose = new ArrayList<>();
        synchronized (lock) {
            loading.remove(key);
            e.leases = 1;
            if (shut) {
                e.evicted = true;
            } else {
                entries.put(key, e);
                bytes += e.bytes;
                trimLocked(toClose);
            }
        }
        mine.complete(e);
        closeAll(toClose);
        return new Lease<>(this, e);
    }

    private static String kindIdentity(CacheKey key) {
        return key.kind() + "\u0000" + key.identity();
    }

    private void trimLocked(List<Entry> toClose) {
        Iterator<Entry> it = entries.values().iterator();
        while (bytes > capacityBytes && it.hasNext()) {
            Entry victim = it.next();
            it.remove();
            evictLocked(victim, toClose);
        }
    }

    private void evictLocked(Entry e, List<Entry> toClose) {
        bytes -= e.bytes;
        evictions++;
        e.evicted = true;
        if (currentByIdentity.get(kindIdentity(e.key)) == e.key && !loading.containsKey(e.key)) {
            currentByIdentity.remove(kindIdentity(e.key));
        }
        if (e.leases == 0 && !e.closed) {
            e.closed = true;
            toClose.add(e);
        }
    }

    void release(Entry e) {
        boolean close = false;
        synchronized (lock) {
            e.leases--;
            if (e.leases == 0 && e.evicted && !e.closed) {
                e.closed = true;
                close = true;
            }
        }
        if (close) {
            closeAll(List.of(e));
        }
    }

    private void closeAll(List<Entry> list) {
        for (Entry e : list) {
            try {
                e.value.close();
            } catch (Exception ex) {
                log.println("uassetd: closing cached " + e.key.kind() + " " + e.key.identity() + " failed: " + ex);
            }
        }
    }

    /** Drops every entry (closing those not in use now, the others when released). */
    public void clear() {
        List<Entry> toClose = new ArrayList<>();
        synchronized (lock) {
            for (Entry e : new ArrayList<>(entries.values())) {
                entries.remove(e.key);
                evictLocked(e, toClose);
            }
        }
        closeAll(toClose);
    }

    public CacheStats stats() {
        synchronized (lock) {
            List<CacheStats.Item> items = new ArrayList<>();
            for (Entry e : entries.values()) {
                items.add(new CacheStats.Item(e.key.kind(), e.key.identity(), e.bytes, e.leases));
            }
            return new CacheStats(capacityBytes, bytes, entries.size(), hits, misses, evictions, loading.size(), List.copyOf(items));
        }
    }

    @Override
    public void close() {
        synchronized (lock) {
            shut = true;
        }
        clear();
    }
}
