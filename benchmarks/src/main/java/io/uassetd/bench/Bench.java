package io.uassetd.bench;

import java.util.List;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Runs benchmarks by name: {@code ./bench [name...]} (all when none is named). Each benchmark is a
 * class with {@code public static void main(String[])} that prints a table and writes
 * {@code bench-results/<name>.json} through {@link BenchReport}.
 */
public final class Bench {
    /** Name -> main class. Register new benchmarks here. */
    static final Map<String, String> BENCHMARKS = new LinkedHashMap<>();

    static {
        BENCHMARKS.put("daemon", "io.uassetd.bench.DaemonLatencyBenchmark");
        BENCHMARKS.put("oodle", "io.uassetd.bench.OodleDecodeBenchmark");
        BENCHMARKS.put("iostore", "io.uassetd.bench.IoStoreBenchmark");
        BENCHMARKS.put("pak", "io.uassetd.bench.PakBenchmark");
        BENCHMARKS.put("zen", "io.uassetd.bench.ZenBenchmark");
        BENCHMARKS.put("bundle", "io.uassetd.bench.BundleBenchmark");
        BENCHMARKS.put("json", "io.uassetd.bench.JsonBenchmark");
        BENCHMARKS.put("compact", "io.uassetd.bench.CompactJsonBenchmark");
        BENCHMARKS.put("dist", "io.uassetd.bench.DistStartupBenchmark");
        BENCHMARKS.put("texture", "io.uassetd.bench.TextureBenchmark");
        // pak extraction with and without SHA-1 verification
        BENCHMARKS.put("pakverify", "io.uassetd.bench.PakVerifyBenchmark");
        BENCHMARKS.put("texture-batch", "io.uassetd.bench.TextureBatchBenchmark");
        BENCHMARKS.put("peers", "io.uassetd.bench.PeersBenchmark");
        // the retoc rows alone (./bench peers runs them after the repak rows)
        BENCHMARKS.put("peers-zen", "io.uassetd.bench.ZenPeersBenchmark");
        BENCHMARKS.put("engines", "io.uassetd.bench.EngineDetectionBenchmark");
        BENCHMARKS.put("blake3", "io.uassetd.bench.Blake3Benchmark");
        // a new user's first ./uassetd help after the README's build (the start-up archive made by the build)
        BENCHMARKS.put("firstrun", "io.uassetd.bench.FirstRunBenchmark");
        // diff_game_versions over the fixture archives, mod_conflicts over 200 generated mods
        BENCHMARKS.put("gamediff", "io.uassetd.bench.GameDiffBenchmark");
    }

    private Bench() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length == 1 && (args[0].equals("--list") || args[0].equals("-h") || args[0].equals("--help"))) {
            System.out.println("benchmarks: " + String.join(", ", BENCHMARKS.keySet()));
            return;
        }
        Iterable<String> names = args.length == 0 ? BENCHMARKS.keySet() : List.of(args);
        for (String n : names) {
            String cls = BENCHMARKS.get(n);
            if (cls == null) {
                System.err.println("Unknown benchmark '" + n + "'; known: " + String.join(", ", BENCHMARKS.keySet()));
                System.exit(2);
            }
            Class.forName(cls).getMethod("main", String[].class).invoke(null, (Object) new String[0]);
        }
    }
}
