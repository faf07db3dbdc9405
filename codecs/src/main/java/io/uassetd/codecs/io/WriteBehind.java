package io.uassetd.codecs.io;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Sends a file's data to disk while it is still being written: every {@link #STEP} bytes written,
 * a background thread forces what the file holds so far ({@code fdatasync}), one force at a time.
 * A durable commit's own force then finds little left to write instead of the whole file: the
 * device writes while the writer computes. Failures of these forces are not reported; the commit's
 * force, which is what makes the file durable, reports its own.
 */
public final class WriteBehind {
    /** Bytes written between two forces. */
    public static final long STEP = 4L << 20;

    private static final ExecutorService FORCES = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "uassetd-write-behind");
        t.setDaemon(true);
        return t;
    });

    private final FileChannel channel;
    private long unforced;
    private Future<?> running;

    public WriteBehind(FileChannel channel) {
        this.channel = channel;
    }

    /** {@code n} more bytes were written to the channel (by the one thread that writes it). */
    public void wrote(long n) {
        unforced += n;
        if (unforced >= STEP && (running == null || running.isDone())) {
            unforced = 0;
            running = FORCES.submit(() -> {
                try {
                    channel.force(false);
                } catch (IOException | RuntimeException ignored) {
                    // the commit's force reports what matters; a closed channel means the write was abandoned
                }
            });
        }
    }

    /** Waits for the force under way, if any (before the channel is forced for good or closed). */
    public void await() {
        Future<?> f = running;
        if (f == null) {
            return;
        }
        boolean interrupted = false;
        while (true) {
            try {
                f.get();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            } catch (ExecutionException e) {
                break;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** Forces started so far (for tests). */
    boolean started() {
        return running != null;
    }
}
