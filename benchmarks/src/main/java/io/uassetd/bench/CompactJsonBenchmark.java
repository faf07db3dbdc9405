package io.uassetd.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.ToLongFunction;
import java.util.stream.IntStream;

/**
 * compact_json and fix_serialize_size over the 97 CUE4Parse UE5.8 packages (Tagged cook, converted
 * to legacy in memory once), repeated to at least 5,000 packages ({@code -Dbench.compact.packages=N}),
 * on one thread and on all cores, next to reading the same packages alone (AssetPackage.read). The
 * compact JSON is serialized to bytes in memory; nothing touches the disk.
 */
public final class CompactJsonBenchmark {
    private CompactJsonBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path paks = BenchFixtures.folder("cue4parse/UE5_8/IoStore/Tagged");
        List<AssetPackage.Bytes> packages = new ArrayList<>();
        List<String> names = new ArrayList<>();
        ContainerKeys keys = ContainerKeys.of(AesKey.parse(BenchFixtures.CUE4PARSE_KEY));
        try (PackageStore store = PackageStore.open(paks, keys, Codecs.standard())) {
            for (long id : store.packageIds()) {
                var out = ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER);
                packages.add(out.asset().toBytes());
                names.add(out.packageName() + ".uasset");
            }
        }
        long packageBytes = packages.stream().mapToLong(b -> b.header().length + b.exports().length).sum();
        int target = Integer.getInteger("bench.compact.packages", 5_000);
        int rounds = (target + packages.size() - 1) / packages.size();
        int total = rounds * packages.size();
        ObjectMapper mapper = new ObjectMapper();
        int cores = Runtime.getRuntime().availableProcessors();

        ToLongFunction<Integer> read = i -> open(packages, names, i).exports().stream().mapToLong(e -> e.rawSize()).sum();
        ToLongFunction<Integer> json = i -> {
            try {
                return mapper.writeValueAsBytes(CompactJson.write(open(packages, names, i), null)).length;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        };
        ToLongFunction<Integer> fix = i -> {
            AssetPackage.Bytes b = packages.get(i);
            return SerialLayout.repair(b.header(), b.exports(), names.get(i), EngineVersion.UE5_8,
                    PropertyParser.propertiesProbe(null)).pkg().toBytes().exports().length;
        };

        BenchReport r = new BenchReport("compact", "compact_json and fix_serialize_size over the CUE4Parse UE5.8 packages ("
                + total + " packages, " + packageBytes / 1024 + " KiB per round)", "case", "threads", "packages", "seconds",
                "packages/s", "MB/s of packages", "MB of output");
        for (var c : List.of(new Case("read only (AssetPackage.read)", read), new Case("compact_json (read, parse, JSON bytes)", json),
                new Case("fix_serialize_size (repair, probe, write bytes)", fix))) {
            run(c.work(), packages.size(), 2); // JIT warm-up
            for (int threads : cores > 1 ? new int[] {1, cores} : new int[] {1}) {
                long[] out = new long[1];
                double s = time(() -> out[0] = run(c.work(), packages.size(), rounds, threads));
                r.row(c.name(), threads, total, s, total / s, packageBytes * rounds / s / 1e6, out[0] / 1e6);
            }
        }
        r.summary("packages per round", packages.size());
        r.publish();
    }

    private record Case(String name, ToLongFunction<Integer> work) {
    }

    private static AssetPackage open(List<AssetPackage.Bytes> packages, List<String> names, int i) {
        AssetPackage.Bytes b = packages.get(i);
        return AssetPackage.read(b.header(), b.exports(), names.get(i), EngineVersion.UE5_8);
    }

    private static long run(ToLongFunction<Integer> work, int n, int rounds) {
        long sum = 0;
        for (int i = 0; i < n * rounds; i++) {
            sum += work.applyAsLong(i % n);
        }
        return sum;
    }

    private static long run(ToLongFunction<Integer> work, int n, int rounds, int threads) {
        AtomicLong sum = new AtomicLong();
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(() -> IntStream.range(0, n * rounds).parallel().forEach(i -> sum.addAndGet(work.applyAsLong(i % n)))).get();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        } finally {
            pool.shutdown();
        }
        return sum.get();
    }

    private static double time(Runnable r) {
        long t0 = System.nanoTime();
        r.run();
        return (System.nanoTime() - t0) / 1e9;
    }
}
