package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.daemon.cache.CacheKey;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.cache.ResourceCache;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResourceCacheTest {
    static final class Res implements AutoCloseable {
        final String name;
        volatile boolean closed;

        Res(String name) {
            this.name = name;
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private static CacheKey key(String id) {
        return new CacheKey("test", id, "1");
    }

    @Test
    void evictsLeastRecentlyUsedByBytesAndClosesEvicted() throws Exception {
        ResourceCache cache = new ResourceCache(100, System.err);
        List<Res> made = new ArrayList<>();
        for (String n : List.of("a", "b", "c")) {
            try (Lease<Res> l = cache.acquire(key(n), () -> {
                Res r = new Res(n);
                made.add(r);
                return new ResourceCache.Loaded<>(r, 40);
            })) {
                assertThat(l.get().name).isEqualTo(n);
            }
        }
        // a (40) + b (40) + c (40) > 100: a, the least recently used, is gone and closed.
        assertThat(made.get(0).closed).isTrue();
        assertThat(made.get(1).closed).isFalse();
        var stats = cache.stats();
        assertThat(stats.bytes()).isEqualTo(80);
        assertThat(stats.entries()).isEqualTo(2);
        assertThat(stats.evictions()).isEqualTo(1);
        assertThat(stats.misses()).isEqualTo(3);
        // Touch b, add d: c is now the least recently used.
        cache.acquire(key("b"), () -> { throw new AssertionError("b is cached"); }).close();
        cache.acquire(key("d"), () -> new ResourceCache.Loaded<>(new Res("d"), 40)).close();
        assertThat(made.get(2).closed).isTrue();
        assertThat(cache.stats().hits()).isEqualTo(1);
        cache.close();
        assertThat(made.get(1).closed).isTrue();
    }

    @Test
    void valueInUseIsClosedOnlyWhenReleased() throws Exception {
        ResourceCache cache = new ResourceCache(50, System.err);
        Res big = new Res("big");
        Lease<Res> held = cache.acquire(key("big"), () -> new ResourceCache.Loaded<>(big, 60));
        // Larger than the whole cache: evicted at once, but still usable while held.
        assertThat(cache.stats().entries()).isZero();
        assertThat(big.closed).isFalse();
        assertThat(held.get()).isSameAs(big);
        held.close();
        assertThat(big.closed).isTrue();
        held.close(); // idempotent
    }

    @Test
    void changedFileIsNeverServedStale(@TempDir Path dir) throws Exception {
        ResourceCache cache = new ResourceCache(1 << 20, System.err);
        Path f = dir.resolve("x.pak");
        Files.writeString(f, "one");
        AtomicInteger loads = new AtomicInteger();
        ResourceCache.Loader<Res> loader = () -> {
            loads.incrementAndGet();
            return new ResourceCache.Loaded<>(new Res(Files.readString(f)), 10);
        };
        Res first;
        try (Lease<Res> l = cache.acquire(CacheKey.ofFile("pak", f, null), loader)) {
            first = l.get();
            assertThat(first.name).isEqualTo("one");
        }
        try (Lease<Res> l = cache.acquire(CacheKey.ofFile("pak", f, null), loader)) {
            assertThat(l.get()).isSameAs(first);
        }
        Files.writeString(f, "two!");
        Files.setLastModifiedTime(f, FileTime.from(Instant.now().plusSeconds(5)));
        try (Lease<Res> l = cache.acquire(CacheKey.ofFile("pak", f, null), loader)) {
            assertThat(l.get().name).isEqualTo("two!");
        }
        assertThat(loads).hasValue(2);
        assertThat(first.closed).isTrue();
        assertThat(cache.stats().entries()).isEqualTo(1);
        // Different AES keys are different entries, and the key itself is not kept.
        CacheKey k1 = CacheKey.ofFile("pak", f, CacheKey.secretQualifier("secret-key"));
        assertThat(k1.identity()).doesNotContain("secret-key").isNotEqualTo(CacheKey.ofFile("pak", f, null).identity());
    }

    @Test
    void concurrentRequestsShareOneLoad() throws Exception {
        ResourceCache cache = new ResourceCache(1 << 20, System.err);
        AtomicInteger loads = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        ExecutorService pool = Executors.newFixedThreadPool(16);
        List<Future<Res>> results = new ArrayList<>();
        for (int i = 0; i < 64; i++) {
            results.add(pool.submit(() -> {
                start.await();
                try (Lease<Res> l = cache.acquire(key("shared"), () -> {
                    loads.incrementAndGet();
                    Thread.sleep(100);
                    return new ResourceCache.Loaded<>(new Res("shared"), 10);
                })) {
                    return l.get();
                }
            }));
        }
        start.countDown();
        Res first = results.get(0).get(10, TimeUnit.SECONDS);
        for (Future<Res> f : results) {
            assertThat(f.get(10, TimeUnit.SECONDS)).isSameAs(first);
        }
        pool.shutdown();
        assertThat(loads).hasValue(1);
        assertThat(cache.stats().misses()).isEqualTo(1);
        assertThat(cache.stats().hits()).isEqualTo(63);
    }

    @Test
    void failedLoadReachesEveryWaiterAndIsNotCached() throws Exception {
        ResourceCache cache = new ResourceCache(1 << 20, System.err);
        assertThatThrownBy(() -> cache.acquire(key("bad"), () -> { throw new IOException("boom"); }))
                .isInstanceOf(IOException.class).hasMessage("boom");
        assertThat(cache.stats().entries()).isZero();
        try (Lease<Res> l = cache.acquire(key("bad"), () -> new ResourceCache.Loaded<>(new Res("ok"), 1))) {
            assertThat(l.get().name).isEqualTo("ok");
        }
    }
}
