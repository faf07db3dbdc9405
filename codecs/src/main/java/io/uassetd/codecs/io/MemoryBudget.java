package io.uassetd.codecs.io;

import io.uassetd.codecs.error.OverBudgetException;

/**
 * The most memory one decode may take: input that declares more (an image's dimensions, a
 * decompressed size) is refused with an {@link OverBudgetException} naming the size before any of
 * it is allocated. The daemon sets the limit from {@code --memory-mb} (docs/limits.md); by default
 * it is half the JVM's maximum heap.
 */
public final class MemoryBudget {
    private static volatile long limit = Runtime.getRuntime().maxMemory() / 2;

    private MemoryBudget() {
    }

    /** The bytes one decode may take. */
    public static long limit() {
        return limit;
    }

    /** Sets the bytes one decode may take (the daemon, from its memory budget). */
    public static void limit(long bytes) {
        if (bytes <= 0) {
            throw new IllegalArgumentException("Memory budget must be positive, got " + bytes);
        }
        limit = bytes;
    }

    /**
     * Refuses {@code bytes} over the budget: {@code what} says what asks for them (e.g. "PNG of
     * 16384x16384 RGBA"), the rest locates it.
     */
    public static void admit(long bytes, String what, String file, long offset, String structure) {
        long l = limit;
        if (bytes < 0 || bytes > l) {
            throw new OverBudgetException(what + " needs " + mib(bytes) + " to decode, over the memory budget of " + mib(l)
                    + " (raise --memory-mb to allow it)", file, offset, structure, bytes);
        }
    }

    private static String mib(long bytes) {
        return bytes < 0 ? "more than 8 EiB" : (bytes + (1 << 20) - 1) / (1 << 20) + " MiB";
    }
}
