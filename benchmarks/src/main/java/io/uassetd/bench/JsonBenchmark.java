package io.uassetd.bench;

import io.uassetd.testkit.Fixtures;
import java.io.OutputStream;
import java.lang.ref.Reference;
import java.util.Arrays;
import java.util.Comparator;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.IntStream;

/**
 * UAssetAPI-schema JSON throughput over the whole legacy fixture corpus (uassetapi with their
 * usmaps, unrealmodding, retoc's legacy halves, the CUE4Parse LegacyPak packages), repeated to at
 * least {@code -Dbench.json.mb} MB of package bytes (default 200): parse + JSON export (package
 * bytes -> model with properties -> JSON text streamed out, as {@code to_json} writes files) and JSON -> binary (JSON text -> model -> package
 * bytes), on one thread and on all cores, with the peak heap of each run (garbage included: the
 * collector runs lazily) and the heap one conversion of the largest package keeps reachable.
 * Inputs and outputs stay in memory (disk excluded). Targets: at least 100 MB/s of package bytes single-threaded for the
 * export, linear scaling with cores, heap bounded by a small multiple of the largest package.
 */
public final class JsonBenchmark {
    private JsonBenchmark() {
    }

    /** One package of the corpus, in memory, with its JSON. */
    private record Item(String name, byte[] header, byte[] uexp, EngineVersion engine, Usmap usmap, byte[] json) {
        long size() {
            return (long) header.length + (uexp == null ? 0 : uexp.length);
        }
    }

    public static void main(String[] args) throws Exception {
        int targetMb = Integer.getInteger("bench.json.mb", 200);
        List<Item> corpus = corpus();
        long corpusBytes = corpus.stream().mapToLong(Item::size).sum();
        long jsonBytes = corpus.stream().mapToLong(i -> i.json().length).sum();
        long largest = corpus.stream().mapToLong(Item::size).max().orElse(0);
        long largestJson = corpus.stream().mapToLong(i -> i.json().length).max().orElse(0);
        int rounds = (int) Math.max(1, (targetMb * 1_000_000L + corpusBytes - 1) / corpusBytes);
        int cores = Runtime.getRuntime().availableProcessors();

        // JIT warm-up, as a long-lived daemon is: each phase runs for a few seconds before it is timed.
        for (Phase phase : Phase.values()) {
            long until = System.nanoTime() + Long.getLong("bench.json.warmupMs", 4000) * 1_000_000L;
            while (System.nanoTime() < until) {
                run(corpus, 1, cores, phase);
            }
        }
        Result parse1 = timed(corpus, rounds, 1, Phase.PARSE);
        Result exp1 = timed(corpus, rounds, 1, Phase.EXPORT);
        Result expN = timed(corpus, rounds, cores, Phase.EXPORT);
        Result imp1 = timed(corpus, rounds, 1, Phase.IMPORT);
        Result impN = timed(corpus, rounds, cores, Phase.IMPORT);

        BenchReport r = new BenchReport("json", "Legacy packages <-> UAssetAPI JSON over the fixture corpus (" + corpus.size()
                + " packages, " + mb(corpusBytes) + " MB, repeated " + rounds + "x)", "case", "threads", "packages", "seconds",
                "packages/s", "package MB/s", "JSON MB/s", "peak heap MB");
        row(r, "reference: parse only (no JSON)", 1, parse1, corpus.size() * rounds, corpusBytes * rounds, 0);
        row(r, "parse + JSON export", 1, exp1, corpus.size() * rounds, corpusBytes * rounds, jsonBytes * rounds);
        row(r, "parse + JSON export", cores, expN, corpus.size() * rounds, corpusBytes * rounds, jsonBytes * rounds);
        row(r, "JSON -> binary", 1, imp1, corpus.size() * rounds, corpusBytes * rounds, jsonBytes * rounds);
        row(r, "JSON -> binary", cores, impN, corpus.size() * rounds, corpusBytes * rounds, jsonBytes * rounds);
        r.summary("corpus MB (package bytes / JSON)", mb(corpusBytes) + " / " + mb(jsonBytes));
        r.summary("largest package MB (bytes / JSON)", mb(largest) + " / " + mb(largestJson));
        r.summary("export scaling (" + cores + " threads / 1)", exp1.seconds / expN.seconds);
        r.summary("import scaling (" + cores + " threads / 1)", imp1.seconds / impN.seconds);
        r.summary("JSON share of the export time (1 thread)", 1 - parse1.seconds / exp1.seconds);
        r.summary("warm-up per phase before timing (ms)", Long.getLong("bench.json.warmupMs", 4000));
        r.summary("timed runs per row (median reported)", Math.max(1, Integer.getInteger("bench.json.repeats", 3)));
        r.summary("export target 100 MB/s single-threaded met", corpusBytes * rounds / exp1.seconds / 1e6 >= 100);
        Item big = corpus.stream().max(Comparator.comparingLong(Item::size)).orElseThrow();
        r.summary("heap baseline MB (corpus, JSON texts and mappings held by the benchmark)", mb(baseline()));
        r.summary("live heap of one export of the largest package / its size (model + JSON text)",
                liveExport(big) / (double) big.size());
        r.summary("live heap of one import of the largest package / its size (JSON tree + model + bytes)",
                liveImport(big) / (double) big.size());
        r.publish();
    }

    private static double mb(long bytes) {
        return Math.round(bytes / 1e4) / 100.0;
    }

    private static void row(BenchReport r, String what, int threads, Result x, long packages, long bytes, long json) {
        r.row(what, threads, packages, x.seconds, packages / x.seconds, bytes / x.seconds / 1e6, json / x.seconds / 1e6,
                mb(x.peakHeap));
    }

    private record Result(double seconds, long peakHeap) {
    }

    /** An output stream that only counts. */
    private static final class Sink extends OutputStream {
        long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            count += len;
        }
    }

    /** What a run does per package. */
    private enum Phase {
        /** Package bytes -> model with every export's properties parsed (the reference without JSON). */
        PARSE,
        /** Package bytes -> model -> JSON text, streamed to an output stream that counts. */
        EXPORT,
        /** JSON text -> model -> package bytes. */
        IMPORT
    }

    /** The median of {@code -Dbench.json.repeats} (default 3) timed runs; the peak heap is the largest of them. */
    private static Result timed(List<Item> corpus, int rounds, int threads, Phase phase) throws Exception {
        int repeats = Math.max(1, Integer.getInteger("bench.json.repeats", 3));
        List<Result> runs = new ArrayList<>();
        for (int i = 0; i < repeats; i++) {
            runs.add(run(corpus, rounds, threads, phase));
        }
        runs.sort(Comparator.comparingDouble(Result::seconds));
        long peak = runs.stream().mapToLong(Result::peakHeap).max().orElse(0);
        return new Result(runs.get(repeats / 2).seconds(), peak);
    }

    /** Runs a phase over every package {@code rounds} times on {@code threads} threads. */
    private static Result run(List<Item> corpus, int rounds, int threads, Phase phase) throws Exception {
        System.gc();
        resetPeaks();
        AtomicLong out = new AtomicLong();
        int n = corpus.size() * rounds;
        long t0 = System.nanoTime();
        Runnable work = () -> IntStream.range(0, n).parallel().forEach(i -> {
            Item it = corpus.get(i % corpus.size());
            if (phase == Phase.PARSE) {
                AssetPackage pkg = AssetPackage.read(it.header(), it.uexp(), it.name(), it.engine());
                out.addAndGet(PropertyParser.parseAll(pkg, it.usmap()).results().size() + 1);
            } else if (phase == Phase.EXPORT) {
                AssetPackage pkg = AssetPackage.read(it.header(), it.uexp(), it.name(), it.engine());
                // Streamed, as to_json writes its files (the disk left out).
                Sink sink = new Sink();
                UAssetJson.write(pkg, it.usmap(), sink);
                out.addAndGet(sink.count);
            } else {
                JsonNode tree = UAssetJson.parse(it.json(), it.name());
                AssetPackage.Bytes b = UAssetJson.toPackageBytes(tree, it.name());
                out.addAndGet(b.header().length + b.exports().length);
            }
        });
        ForkJoinPool pool = new ForkJoinPool(threads);
        try {
            pool.submit(work).get();
        } finally {
            pool.shutdown();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        if (out.get() == 0) {
            throw new IllegalStateException("nothing converted");
        }
        return new Result(seconds, peakHeap());
    }

    private static long baseline() {
        System.gc();
        return used();
    }

    private static long used() {
        Runtime rt = Runtime.getRuntime();
        return rt.totalMemory() - rt.freeMemory();
    }

    /** Heap still reachable while one export holds its model and JSON text (measured between full GCs). */
    private static long liveExport(Item it) {
        long before = baseline();
        AssetPackage pkg = AssetPackage.read(it.header(), it.uexp(), it.name(), it.engine());
        byte[] text = UAssetJson.toJson(pkg, it.usmap());
        long during = baseline();
        Reference.reachabilityFence(pkg);
        Reference.reachabilityFence(text);
        return during - before;
    }

    /** Heap still reachable while one import holds its JSON tree, package model and bytes. */
    private static long liveImport(Item it) {
        long before = baseline();
        JsonNode tree = UAssetJson.parse(it.json(), it.name());
        AssetPackage pkg = UAssetJson.fromTree(tree, it.name());
        AssetPackage.Bytes bytes = pkg.toBytes();
        long during = baseline();
        Reference.reachabilityFence(pkg);
        Reference.reachabilityFence(tree);
        Reference.reachabilityFence(bytes);
        return during - before;
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                p.resetPeakUsage();
            }
        }
    }

    private static long peakHeap() {
        long sum = 0;
        for (MemoryPoolMXBean p : ManagementFactory.getMemoryPoolMXBeans()) {
            if (p.getType() == MemoryType.HEAP) {
                sum += p.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    /** Every legacy fixture package in memory, with its engine, mappings and JSON (checked to round-trip). */
    private static List<Item> corpus() throws Exception {
        List<Item> out = new ArrayList<>();
        for (String rel : PropertyFixtures.legacyPackages().toList()) {
            Path p = Fixtures.path(rel);
            Path uexp = AssetPackage.sibling(p, ".uexp");
            EngineVersion engine = PropertyFixtures.engineFor(rel);
            AssetPackage pkg = AssetPackage.open(p, engine);
            Usmap usmap = pkg.hasUnversionedProperties() ? PropertyFixtures.usmapFor(rel) : null;
            out.add(item(rel, Files.readAllBytes(p), Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null, engine, usmap));
        }
        for (String pak : PropertyFixtures.LEGACY_PAKS) {
            Usmap usmap = pak.startsWith("Unversioned") ? PropertyFixtures.legacyPakMappings() : null;
            for (Map.Entry<String, AssetPackage> e : PropertyFixtures.legacyPak(pak).entrySet()) {
                AssetPackage.Bytes b = e.getValue().toBytes();
                out.add(item(pak + ":" + e.getKey(), b.header(), b.exports(), EngineVersion.UE5_8, usmap));
            }
        }
        return out;
    }

    private static Item item(String name, byte[] header, byte[] uexp, EngineVersion engine, Usmap usmap) {
        String file = name.substring(name.lastIndexOf('/') + 1);
        byte[] json = UAssetJson.toJson(AssetPackage.read(header, uexp, file, engine), usmap);
        AssetPackage.Bytes back = UAssetJson.toPackageBytes(UAssetJson.parse(json, file), file);
        if (!Arrays.equals(back.header(), header)) {
            throw new IllegalStateException(name + " does not survive JSON");
        }
        return new Item(file, header, uexp, engine, usmap, json);
    }
}
