package io.uassetd.bench;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.util.Map;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenConversion;
import io.uassetd.codecs.zen.write.ZenTarget;
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
 * on a desktop; the target is at least that rate per core. Then legacy -> Zen over the same
 * packages (their legacy bytes parsed and converted each time, Zen bytes made in memory) against
 * retoc's 22,522 packages in about 2 s.
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
        Timing single = convertAll(store, ids, rounds, 1);
        int cores = Runtime.getRuntime().availableProcessors();
        Timing all = convertAll(store, ids, rounds, cores);

        // legacy -> Zen over the same packages: their legacy bytes (made once by the Zen -> legacy
        // converter) are parsed and converted each time, as a .uasset/.uexp read from disk would be
        List<Legacy> legacy = new ArrayList<>();
        for (long id : ids) {
            LegacyOutput o = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
            var b = o.asset().toBytes();
            legacy.add(new Legacy(o.relativePath(), b.header(), b.exports(), o.companions()));
        }
        toZenAll(legacy, 2, 1); // JIT warm-up
        Timing toZenSingle = toZenAll(legacy, rounds, 1);
        Timing toZenAll = toZenAll(legacy, rounds, cores);

        t0 = System.nanoTime();
        PackageStore again = PackageStore.open(paks, keys, codecs);
        again.scriptObjects();
        double secondOpenMs = (System.nanoTime() - t0) / 1e6;
        again.close();
        store.close();

        double retocRate = 22_522 / 6.0;
        double retocToZenRate = 22_522 / 2.0;
        BenchReport r = new BenchReport("zen", "Zen <-> legacy conversion over the CUE4Parse containers (" + total + " packages)",
                "case", "packages", "seconds", "packages/s", "per core", "CPU seconds", "packages per CPU second",
                "retoc desktop packages/s");
        row(r, "Zen -> legacy, 1 thread", total, single, 1, retocRate);
        row(r, "Zen -> legacy, " + cores + " threads", total, all, cores, retocRate);
        row(r, "legacy -> Zen, 1 thread", total, toZenSingle, 1, retocToZenRate);
        row(r, "legacy -> Zen, " + cores + " threads", total, toZenAll, cores, retocToZenRate);
        r.summary("cold store open (TOCs, container headers, script objects) ms", coldOpenMs);
        r.summary("second store open in the same JVM (warm JIT, OS cache) ms", secondOpenMs);
        r.summary("daemon warm request", "the daemon keeps the store in its cache: a second request opens nothing");
        r.summary("load average while measuring (the machine may be shared)",
                ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        r.summary("per-core target met (Zen -> legacy), wall clock / CPU time", (total / single.wall() >= retocRate) + " / "
                + (total / single.cpu() >= retocRate));
        r.summary("per-core target met (legacy -> Zen), wall clock / CPU time", (total / toZenSingle.wall() >= retocToZenRate)
                + " / " + (total / toZenSingle.cpu() >= retocToZenRate));
        r.publish();
    }

    private static void row(BenchReport r, String name, int total, Timing t, int threads, double retoc) {
        r.row(name, total, t.wall(), total / t.wall(), total / t.wall() / threads, t.cpu(), total / t.cpu(), retoc);
    }

    /** Wall-clock and process CPU seconds of a run (the machine may be shared: CPU time shows the cost). */
    private record Timing(double wall, double cpu) {
    }

    private static double processCpuSeconds() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof OperatingSystemMXBean m ? m.getProcessCpuTime() / 1e9 : Double.NaN;
    }

    private static Timing run(int threads, Runnable work) throws Exception {
        double cpu0 = processCpuSeconds();
        long t0 = System.nanoTime();
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(work).get();
        } finally {
            pool.shutdown();
        }
        return new Timing((System.nanoTime() - t0) / 1e9, processCpuSeconds() - cpu0);
    }

    /** A legacy package in memory: its file name, .uasset and .uexp bytes, and bulk companions. */
    private record Legacy(String file, byte[] header, byte[] exports, Map<String, byte[]> companions) {
    }

    private static Timing toZenAll(List<Legacy> packages, int rounds, int threads) throws Exception {
        AtomicLong bytes = new AtomicLong();
        int n = packages.size() * rounds;
        ZenTarget target = ZenTarget.of(EngineVersion.UE5_8);
        Runnable work = () -> IntStream.range(0, n).parallel().forEach(i -> {
            Legacy l = packages.get(i % packages.size());
            AssetPackage p = AssetPackage.read(l.header(), l.exports(), l.file(), EngineVersion.UE5_8);
            ZenConversion z = LegacyToZen.convert(p, null, target, l.companions());
            bytes.addAndGet(z.zenPackage().length);
        });
        Timing t = run(threads, work);
        if (bytes.get() == 0) {
            throw new IllegalStateException("nothing converted");
        }
        return t;
    }

    private static Timing convertAll(PackageStore store, List<Long> ids, int rounds, int threads) throws Exception {
        AtomicLong bytes = new AtomicLong();
        int n = ids.size() * rounds;
        Runnable work = () -> IntStream.range(0, n).parallel().forEach(i -> {
            LegacyOutput o = ZenToLegacy.convert(store, ids.get(i % ids.size()), EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
            var b = o.asset().toBytes();
            bytes.addAndGet(b.header().length + b.exports().length);
        });
        Timing t = run(threads, work);
        if (bytes.get() == 0) {
            throw new IllegalStateException("nothing converted");
        }
        return t;
    }
}
