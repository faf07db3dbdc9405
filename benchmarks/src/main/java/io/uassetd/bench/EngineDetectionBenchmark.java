package io.uassetd.bench;

import java.io.UncheckedIOException;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.usmap.UsmapVersioning;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Opening every legacy fixture package (uassetapi, unrealmodding, retoc: the set EngineDetectionTest
 * covers) with {@code engine_version} auto against the engine it is found as, named, in the same run
 * and the same JVM: auto per package (each probed on its own, as single requests are), and auto with
 * one {@link PackageEngine.Batch} per pass (as one request over all the files). Each row is the median
 * of {@code -Dbench.engines.repeats} (5) timed passes of {@code -Dbench.engines.rounds} (20) rounds over
 * the set, after a warm-up pass of each; the cases take turns within each repeat; the ratio column is
 * against the named row.
 */
public final class EngineDetectionBenchmark {
    private EngineDetectionBenchmark() {
    }

    private record Pkg(Path path, UsmapVersioning usmap, EngineVersion engine) {
    }

    public static void main(String[] args) throws Exception {
        List<Pkg> set = new ArrayList<>();
        Map<Path, Usmap> usmaps = new HashMap<>();
        Path root = BenchFixtures.folder(".");
        for (String dir : List.of("uassetapi", "unrealmodding", "retoc")) {
            List<Path> files;
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                files = s.filter(Files::isRegularFile)
                        .filter(p -> p.toString().endsWith(".uasset") || p.toString().endsWith(".umap"))
                        .filter(EngineDetectionBenchmark::startsWithTag).sorted().toList();
            }
            for (Path p : files) {
                Usmap u = nearestUsmap(root, p, usmaps);
                UsmapVersioning v = u == null ? null : u.versioning();
                set.add(new Pkg(p, v, PackageEngine.open(p, null, v).choice().engine()));
            }
        }
        int rounds = Integer.getInteger("bench.engines.rounds", 20);
        int repeats = Integer.getInteger("bench.engines.repeats", 5);
        BenchReport r = new BenchReport("engines", "opening the " + set.size() + " legacy fixture packages with engine_version auto"
                + " against the engine they are found as, named (" + rounds + " rounds per pass, median of " + repeats + " passes, one thread)",
                "case", "packages", "ms per pass", "us per package", "x named");
        List<String> cases = List.of("named", "auto (one probe per package)", "auto (one batch per pass)");
        for (String c : cases) {
            pass(set, c, rounds); // warm-up
        }
        // the cases take turns within each repeat, so a change in the machine's load hits them alike
        double[][] times = new double[cases.size()][repeats];
        for (int i = 0; i < repeats; i++) {
            for (int k = 0; k < cases.size(); k++) {
                long t0 = System.nanoTime();
                pass(set, cases.get(k), rounds);
                times[k][i] = (System.nanoTime() - t0) / 1e6;
            }
        }
        double named = 0;
        for (int k = 0; k < cases.size(); k++) {
            Arrays.sort(times[k]);
            double ms = times[k][repeats / 2];
            if (k == 0) {
                named = ms;
            }
            r.row(cases.get(k), set.size() * rounds, ms, ms * 1000 / (set.size() * rounds), ms / named);
        }
        r.summary("packages", set.size());
        r.publish();
    }

    private static void pass(List<Pkg> set, String c, int rounds) {
        for (int round = 0; round < rounds; round++) {
            PackageEngine.Batch batch = c.contains("batch") ? new PackageEngine.Batch() : null;
            for (Pkg p : set) {
                PackageEngine.Opened o = c.equals("named") ? PackageEngine.open(p.path(), p.engine(), null)
                        : PackageEngine.open(p.path(), null, p.usmap(), batch);
                if (o.choice().engine() != p.engine()) {
                    throw new IllegalStateException(p.path() + ": " + c + " found " + o.choice().engine() + ", expected " + p.engine());
                }
            }
        }
    }

    private static Usmap nearestUsmap(Path root, Path file, Map<Path, Usmap> cache) throws IOException {
        for (Path dir = file.getParent(); dir != null && dir.startsWith(root); dir = dir.getParent()) {
            try (Stream<Path> s = Files.list(dir)) {
                Path found = s.filter(p -> p.toString().endsWith(".usmap")).sorted().findFirst().orElse(null);
                if (found != null) {
                    return cache.computeIfAbsent(found, p -> Usmap.load(p, Codecs.standard()));
                }
            }
        }
        return null;
    }

    private static boolean startsWithTag(Path p) {
        try (InputStream in = Files.newInputStream(p)) {
            byte[] b = in.readNBytes(4);
            return b.length == 4 && ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).getInt() == 0x9E2A83C1;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
