package io.uassetd.daemon.cache;

/**
 * A hold on a cached value. While any lease is open the value stays usable even if the cache
 * evicts it; it is closed when evicted and the last lease is released. Close every lease once.
 */
public final class Lease<T extends AutoCloseable> implements AutoCloseable {
    private final ResourceCache.Entry entry;
    private final ResourceCache cache;
    private boolean released;

    Lease(ResourceCache cache, ResourceCache.Entry entry) {
        this.cache = cache;
        this.entry = entry;
    }

    @SuppressWarnings("unchecked")
    public T get() {
        if (released) {
            throw new IllegalStateException("lease already released");
        }
        return (T) entry.value;
    }

    @Override
    public void close() {
        if (!released) {
            released = true;
            cache.release(entry);
        }
    }
}
