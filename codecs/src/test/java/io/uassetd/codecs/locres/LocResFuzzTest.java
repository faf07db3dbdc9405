package io.uassetd.codecs.locres;

import io.uassetd.codecs.error.FormatException;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The engine-written .locres of the UE5.8 minimal pak (en and de) mutated {@value #TRIES} times each
 * with a fixed seed (more with {@code -Duassetd.fuzz.tries=N}): truncations, bit flips, hostile
 * counts and offsets. Every read returns or throws a FormatException, never anything else.
 */
class LocResFuzzTest {
    static final int TRIES = 1000;

    @Test
    void mutatedLocResFailCleanlyOrRead() throws Exception {
        int tries = Integer.getInteger("uassetd.fuzz.tries", TRIES * io.uassetd.testkit.FuzzOutcomes.scale());
        Random r = new Random(20261128);
        StringBuilder report = new StringBuilder("LocResFuzzTest:");
        for (String culture : new String[] {"en", "de"}) {
            byte[] src = LocResFixtureTest.locres("Uncompressed", culture);
            int read = 0;
            int refused = 0;
            for (int i = 0; i < tries; i++) {
                byte[] d;
                switch (r.nextInt(3)) {
                    case 0 -> d = Arrays.copyOf(src, r.nextInt(src.length));
                    case 1 -> {
                        d = src.clone();
                        for (int k = 0, n = 1 + r.nextInt(6); k < n; k++) {
                            d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                        }
                    }
                    default -> {
                        d = src.clone();
                        int at = r.nextInt(d.length - 4);
                        int v = new int[] {-1, 0x7FFFFFFF, 0x10000000, 0}[r.nextInt(4)];
                        d[at] = (byte) v;
                        d[at + 1] = (byte) (v >> 8);
                        d[at + 2] = (byte) (v >> 16);
                        d[at + 3] = (byte) (v >> 24);
                    }
                }
                try {
                    LocResReader.read(culture + ".locres", d);
                    read++;
                } catch (FormatException e) {
                    refused++;
                } catch (RuntimeException | OutOfMemoryError e) {
                    throw new AssertionError(culture + " try " + i + " (seed 20261128): " + e, e);
                }
            }
            io.uassetd.testkit.FuzzOutcomes.record("locres (" + culture + ", all mutations)", tries, read, refused, 0);
            report.append(' ').append(culture).append(": ").append(tries).append(" (").append(read).append(" read, ")
                    .append(refused).append(" refused, 0 other)");
        }
        System.err.println(report);
    }
}
