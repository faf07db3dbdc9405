package io.uassetd.daemon.services;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** One collection per idle spell, never while a request runs, none before the first request. */
class IdleCollectorTest {
    private static void waitFor(AtomicInteger n, int value) throws InterruptedException {
        long until = System.nanoTime() + 10_000_000_000L;
        while (n.get() < value && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(n.get()).isEqualTo(value);
    }

    @Test
    void collectsOnceAfterEachIdleSpellAndNeverDuringARequest() throws Exception {
        AtomicInteger collections = new AtomicInteger();
        try (IdleCollector c = new IdleCollector(50_000_000L, collections::incrementAndGet)) {
            Thread.sleep(300);
            assertThat(collections.get()).as("nothing has run yet").isZero();
            c.begin();
            Thread.sleep(300);
            assertThat(collections.get()).as("a request is running").isZero();
            c.end();
            waitFor(collections, 1);
            Thread.sleep(300);
            assertThat(collections.get()).as("one collection per idle spell").isEqualTo(1);
            // two overlapping requests: nothing until both have ended
            c.begin();
            c.begin();
            c.end();
            Thread.sleep(300);
            assertThat(collections.get()).isEqualTo(1);
            assertThat(c.active()).isEqualTo(1);
            c.end();
            waitFor(collections, 2);
        }
    }
}
