package io.uassetd.bench;

import io.uassetd.codecs.hash.Blake3;
import java.util.Arrays;
import java.util.Random;
import org.bouncycastle.crypto.digests.Blake3Digest;

/**
 * The hand-written one-shot BLAKE3 ({@code codecs/hash/Blake3}) against Bouncy Castle's
 * {@code Blake3Digest}, in the same run, on 64 KiB blocks and on 1 MiB buffers of random bytes
 * ({@code -Dbench.blake3.mb} MiB hashed per figure, default 256), and the incremental hasher fed
 * 1 MiB in 64 KiB pieces as chunk verification streams it, and in 1 KiB pieces: one chunk at a
 * time, the path every input took before whole chunks were hashed side by side (inputs of more than 8 KiB;
 * vectorized by C2 on JDK 25, so run it with that Java to see the gain). Each figure is
 * the best of five runs after a warm-up; all must give the same hashes, or the benchmark fails.
 */
public final class Blake3Benchmark {
    private Blake3Benchmark() {
    }

    interface Hasher {
        byte[] hash(byte[] data);
    }

    public static void main(String[] args) throws Exception {
        int mb = Integer.getInteger("bench.blake3.mb", 256);
        BenchReport report = new BenchReport("blake3", "BLAKE3 one-shot: hand-written vs Bouncy Castle (" + mb + " MiB per figure)",
                "buffer", "implementation", "MB/s", "ratio vs Bouncy Castle");
        Hasher own = Blake3::hash;
        Hasher bc = data -> {
            Blake3Digest d = new Blake3Digest(256);
            d.update(data, 0, data.length);
            byte[] out = new byte[32];
            d.doFinal(out, 0);
            return out;
        };
        // verifyChunk's streaming use: 64 KiB pieces through the incremental hasher
        Hasher ownStreamed = data -> {
            Blake3.Hasher h = Blake3.hasher();
            for (int at = 0; at < data.length; at += 64 << 10) {
                h.update(data, at, Math.min(64 << 10, data.length - at));
            }
            return h.digest();
        };
        // one chunk at a time: 1 KiB pieces never hold the several whole chunks the side-by-side path takes
        Hasher ownOneByOne = data -> {
            Blake3.Hasher h = Blake3.hasher();
            for (int at = 0; at < data.length; at += 1 << 10) {
                h.update(data, at, Math.min(1 << 10, data.length - at));
            }
            return h.digest();
        };
        for (int size : new int[] {64 << 10, 1 << 20}) {
            byte[] data = new byte[size];
            new Random(size).nextBytes(data);
            if (!Arrays.equals(own.hash(data), bc.hash(data)) || !Arrays.equals(ownStreamed.hash(data), bc.hash(data))
                    || !Arrays.equals(ownOneByOne.hash(data), bc.hash(data))) {
                throw new IllegalStateException("BLAKE3 implementations disagree on " + size + " bytes");
            }
            int reps = (int) Math.max(1, ((long) mb << 20) / size);
            best(own, data, reps);
            best(bc, data, reps);
            double ownMbs = best(own, data, reps);
            double bcMbs = best(bc, data, reps);
            double streamedMbs = size > 64 << 10 ? best(ownStreamed, data, reps) : 0;
            best(ownOneByOne, data, reps);
            double oneByOneMbs = best(ownOneByOne, data, reps);
            String label = size == 1 << 20 ? "1 MiB" : (size >> 10) + " KiB";
            report.row(label, "hand-written", round(ownMbs), round(ownMbs / bcMbs));
            report.row(label, "hand-written, one chunk at a time (1 KiB pieces)", round(oneByOneMbs), round(oneByOneMbs / bcMbs));
            report.row(label, "Bouncy Castle", round(bcMbs), 1.0);
            if (streamedMbs > 0) {
                report.row(label, "hand-written, 64 KiB pieces", round(streamedMbs), round(streamedMbs / bcMbs));
            }
        }
        System.out.println(report.table());
        report.publish();
    }

    /** Best throughput in MB/s (10^6 bytes per second) over five runs of {@code reps} hashes. */
    private static double best(Hasher h, byte[] data, int reps) {
        double best = 0;
        long sink = 0;
        for (int run = 0; run < 5; run++) {
            long t0 = System.nanoTime();
            for (int i = 0; i < reps; i++) {
                sink += h.hash(data)[0];
            }
            double s = (System.nanoTime() - t0) / 1e9;
            best = Math.max(best, (double) data.length * reps / 1e6 / s);
        }
        if (sink == Long.MIN_VALUE) {
            throw new IllegalStateException("unreachable");
        }
        return best;
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }
}
