package io.uassetd.daemon.services;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Gives a long-lived process's heap back once it falls idle: one full collection when no request has run
 * for {@code afterNanos} since the last one ended, then nothing until another request has run. With the
 * launcher's {@code -XX:MaxHeapFreeRatio=30} the collection shrinks the heap (docs/server.md "Memory").
 * Used by the stdin daemon ({@code serve}) and the resident server, which otherwise keep the heap their
 * largest request grew and the garbage it promoted.
 */
public final class IdleCollector implements AutoCloseable {
    /** The resident server's and the daemon's wait after the last request. */
    public static final long AFTER_IDLE_NANOS = 1_000_000_000L;

    private final long afterNanos;
    private final Runnable collect;
    private final AtomicInteger active = new AtomicInteger();
    private final Thread watcher;
    private volatile long lastEnd = System.nanoTime();
    private volatile boolean ranSinceCollect;
    private volatile boolean closed;

    /** Collects with {@link System#gc()} one second after the last request. */
    public IdleCollector() {
        this(AFTER_IDLE_NANOS, System::gc);
    }

    /** Runs {@code collect} {@code afterNanos} after the last request ends, once per idle spell. */
    public IdleCollector(long afterNanos, Runnable collect) {
        this.afterNanos = afterNanos;
        this.collect = collect;
        this.watcher = new Thread(this::watch, "uassetd-idle-gc");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** A request starts. */
    public void begin() {
        active.incrementAndGet();
    }

    /** The request that {@link #begin()} announced has ended (call it in a finally block). */
    public void end() {
        lastEnd = System.nanoTime();
        ranSinceCollect = true;
        active.decrementAndGet();
    }

    /** Requests running now. */
    public int active() {
        return active.get();
    }

    private void watch() {
        long step = Math.max(10, Math.min(250, afterNanos / 4_000_000));
        while (!closed) {
            try {
                Thread.sleep(step);
            } catch (InterruptedException e) {
                return;
            }
            if (ranSinceCollect && active.get() == 0 && System.nanoTime() - lastEnd > afterNanos) {
                ranSinceCollect = false;
                collect.run();
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        watcher.interrupt();
    }
}
