package io.uassetd.testkit;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Deterministic mutations of a file's bytes for the bad-input fuzz tests: bit flips, truncation,
 * inserted and deleted bytes, byte runs overwritten, and corrupted 32/64-bit values (counts, sizes,
 * offsets, name indexes) at known structure positions given by the caller ({@code hotSpots}), or
 * anywhere in the first bytes when none are known. Each mutation says what it did, so a failure
 * names the exact input to reproduce it.
 */
public final class Mutator {
    /** A mutated input and how it was made. */
    public record Mutation(byte[] data, String description) {
    }

    private final Random rnd;
    private final int[] hotSpots;

    /**
     * @param seed     fixed, so every run makes the same inputs
     * @param hotSpots byte offsets of structure fields worth corrupting (counts, offsets, sizes, indexes)
     */
    public Mutator(long seed, int[] hotSpots) {
        this.rnd = new Random(seed);
        this.hotSpots = hotSpots == null ? new int[0] : hotSpots.clone();
    }

    /** Values that break counts, sizes, offsets and indexes. */
    static long[] interesting(int length, long original) {
        return new long[] {0, 1, -1, 0x7F, 0xFF, 0x7FFF, 0xFFFF, 0x7FFFFFFFL, 0x80000000L, 0xFFFFFFFFL, length, length + 1L,
            length - 1L, original + 1, original - 1, original * 16 + 3, original ^ 0x40000000L, 1L << 40, Long.MAX_VALUE, Long.MIN_VALUE};
    }

    /** The next mutation of {@code src}. */
    public Mutation next(byte[] src) {
        int n = src.length;
        int kind = rnd.nextInt(hotSpots.length > 0 ? 8 : 7);
        if (n == 0) {
            byte[] b = new byte[1 + rnd.nextInt(8)];
            rnd.nextBytes(b);
            return new Mutation(b, "random " + b.length + " bytes");
        }
        switch (kind) {
            case 0 -> {
                byte[] b = src.clone();
                int flips = 1 + rnd.nextInt(4);
                StringBuilder d = new StringBuilder("bit flips at");
                for (int i = 0; i < flips; i++) {
                    int at = rnd.nextInt(n);
                    int bit = rnd.nextInt(8);
                    b[at] ^= (byte) (1 << bit);
                    d.append(' ').append(at).append('.').append(bit);
                }
                return new Mutation(b, d.toString());
            }
            case 1 -> {
                int len = rnd.nextInt(n);
                return new Mutation(Arrays.copyOf(src, len), "truncated to " + len);
            }
            case 2 -> {
                int at = rnd.nextInt(n + 1);
                int count = 1 + rnd.nextInt(16);
                byte[] ins = new byte[count];
                rnd.nextBytes(ins);
                byte[] b = new byte[n + count];
                System.arraycopy(src, 0, b, 0, at);
                System.arraycopy(ins, 0, b, at, count);
                System.arraycopy(src, at, b, at + count, n - at);
                return new Mutation(b, count + " bytes inserted at " + at);
            }
            case 3 -> {
                int at = rnd.nextInt(n);
                int count = 1 + rnd.nextInt(Math.min(64, n - at));
                byte[] b = new byte[n - count];
                System.arraycopy(src, 0, b, 0, at);
                System.arraycopy(src, at + count, b, at, n - at - count);
                return new Mutation(b, count + " bytes deleted at " + at);
            }
            case 4 -> {
                byte[] b = src.clone();
                int at = rnd.nextInt(n);
                int count = 1 + rnd.nextInt(Math.min(32, n - at));
                byte v = rnd.nextBoolean() ? (byte) 0xFF : 0;
                Arrays.fill(b, at, at + count, v);
                return new Mutation(b, count + " bytes at " + at + " set to " + (v & 0xFF));
            }
            case 5, 6 -> {
                // a 32-bit value at a 4-aligned offset in the first 4 KiB (where headers and tables live)
                int limit = Math.max(1, Math.min(n - 3, 4096) / 4);
                int at = Math.min(rnd.nextInt(limit) * 4, Math.max(0, n - 4));
                return value(src, at, 4, "");
            }
            default -> {
                int at = hotSpots[rnd.nextInt(hotSpots.length)];
                int width = rnd.nextInt(4) == 0 ? 8 : 4;
                if (at + width > n) {
                    width = 4;
                }
                if (at < 0 || at + 4 > n) {
                    return new Mutation(Arrays.copyOf(src, Math.max(0, Math.min(n - 1, at))), "truncated at hot spot " + at);
                }
                return value(src, at, width, "hot spot ");
            }
        }
    }

    private Mutation value(byte[] src, int at, int width, String what) {
        byte[] b = src.clone();
        long original = 0;
        for (int i = 0; i < width && at + i < b.length; i++) {
            original |= (b[at + i] & 0xFFL) << (8 * i);
        }
        long[] values = interesting(src.length, original);
        long v = values[rnd.nextInt(values.length)];
        for (int i = 0; i < width && at + i < b.length; i++) {
            b[at + i] = (byte) (v >>> (8 * i));
        }
        return new Mutation(b, what + (width * 8) + "-bit value at " + at + " set to " + v);
    }

    /** Every {@code step}-th offset in [from, to), for hot spots over a table. */
    public static int[] range(int from, int to, int step) {
        List<Integer> out = new ArrayList<>();
        for (int i = Math.max(0, from); i < to; i += step) {
            out.add(i);
        }
        return out.stream().mapToInt(Integer::intValue).toArray();
    }

    /** Concatenates hot-spot lists. */
    public static int[] concat(int[]... lists) {
        return Arrays.stream(lists).flatMapToInt(Arrays::stream).toArray();
    }
}
