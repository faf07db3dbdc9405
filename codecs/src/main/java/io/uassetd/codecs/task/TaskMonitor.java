package io.uassetd.codecs.task;

import io.uassetd.codecs.error.CancelledException;

/**
 * Handed to long-running work (extracting a container, converting a folder) so it can stop when
 * its caller cancels and report how far it got. Implementations must be thread-safe: parallel work
 * calls them from many threads.
 */
public interface TaskMonitor {
    /** A monitor that is never cancelled and ignores progress. */
    TaskMonitor NONE = new TaskMonitor() {
        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void progress(long done, long total, String item) {
        }
    };

    boolean isCancelled();

    /** Reports that {@code done} of {@code total} items are finished; {@code item} names the last one. */
    void progress(long done, long total, String item);

    /** Throws {@link CancelledException} when the work was cancelled. */
    default void checkCancelled() {
        if (isCancelled()) {
            throw new CancelledException("Request cancelled");
        }
    }
}
