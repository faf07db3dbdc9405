package io.uassetd.bench;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * Zen -> legacy conversion throughput over the CUE4Parse UE5.8 containers (97 packages of many
 * kinds), repeated to at least 20,000 packages, on one core and on all cores; and the cost of a cold
 * start (opening the package store and script objects) against a warm one. Legacy output is
 * serialized to bytes in memory (disk writes excluded). retoc reports 22,522 packages in about 6 s
 * on a desktop; the target is at least that rate per core.
 */
public final class ZenBenchmark {
    private ZenBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path paks = BenchFixtures.folder("cue4parse/UE5_8/IoStore/Tagged");
        int target = Integer.getInteger("bench.zen.packages", 20_000);
        ContainerKeys keys = ContainerKeys.of(AesKey.parse(BenchFixtures.CUE4PARSE_KEY));
        Codecs codecs = Codecs.standard();

        long t0 = System.nanoTime();
        PackageStore store = PackageStore.open(paks, keys, codecs);
        store.scriptObjects();
        double coldOpenMs = (System.nanoTime() - t0) / 1e6;
        List<Long> ids = new ArrayList<>(store.packageIds());
        int rounds = (target + ids.size() - 1) / ids.size();
        int total = rounds * ids.size();

        convertAll(store, ids, 2, 1); // JIT warm-up
        double single = convertAll(store, ids, rounds, 1);
        int cores = Runtime.getRuntime().availableProcessors();
        double all = convertAll(store, ids, rounds, cores);

        t0 = System.nanoTime();
        PackageStore again = PackageStore.open(paks, keys, codecs);
        again.scriptObjects();
        double secondOpenMs = (System.nanoTime() - t0) / 1e6;
        again.close();
        store.close();

        double retocRate = 22_522 / 6.0;
        BenchReport r = new BenchReport("zen", "Zen -> legacy conversion over the CUE4Parse containers (" + total + " packages)",
                "case", "packages", "seconds", "packages/s", "per core", "retoc desktop packages/s");
        r.row("1 thread", total, single, total / single, total / single, retocRate);
        r.row(cores + " threads", total, all, total / all, total / all / cores, retocRate);
        r.summary("cold store open (TOCs, container headers, script objects) ms", coldOpenMs);
        r.summary("second store open in the same JVM (warm JIT, OS cache) ms", secondOpenMs);
        r.summary("daemon warm request", "the daemon keeps the store in its cache: a second request opens nothing");
        r.summary("per-core target met", total / single >= retocRate);
        r.publish();
    }

    private static double convertAll(PackageStore store, List<Long> ids, int rounds, int threads) throws Exception {
        AtomicLong bytes = new AtomicLong();
        int n = ids.size() * rounds;
        long t0 = System.nanoTime();
        Runnable work = () -> IntStream.range(0, n).parallel().forEach(i -> {
            LegacyOutput o = ZenToLegacy.convert(store, ids.get(i % ids.size()), EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
            var b = o.asset().toBytes();
            bytes.addAndGet(b.header().length + b.exports().length);
        });
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(work).get();
        } finally {
            pool.shutdown();
        }
        if (bytes.get() == 0) {
            throw new IllegalStateException("nothing converted");
        }
        return (System.nanoTime() - t0) / 1e9;
    }
}
