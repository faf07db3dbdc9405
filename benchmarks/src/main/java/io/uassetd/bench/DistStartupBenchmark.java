package io.uassetd.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The self-contained distribution ({@code ./mvnw -Pdist package}): archive and unpacked size, and
 * process start to first reply of its {@code bin/uassetd} (bundled runtime + CDS archive) against
 * {@code java -jar uassetd.jar} with the system Java, in the same run. The archive is unpacked to a
 * temporary folder first, so the first run there remakes the CDS archive for that folder (reported once).
 */
public final class DistStartupBenchmark {
    private static final byte[] PING = "{\"action\":\"ping\"}\n".getBytes(StandardCharsets.US_ASCII);
    private static final int RUNS = Integer.getInteger("bench.dist.runs", 9);

    private DistStartupBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        Path jar = root.resolve("daemon/target/uassetd.jar");
        Path archive;
        try (Stream<Path> s = Files.list(root.resolve("dist"))) {
            archive = s.filter(p -> p.getFileName().toString().matches("uassetd-.*-linux-x64\\.tar\\.gz")).findFirst()
                    .orElseThrow(() -> new IllegalStateException("no dist/uassetd-*-linux-x64.tar.gz: build with ./mvnw -Pdist -DskipTests package"));
        }
        Path tmp = Files.createTempDirectory("uassetd-dist-bench");
        try {
            Process tar = new ProcessBuilder("tar", "-xzf", archive.toString(), "-C", tmp.toString()).inheritIO().start();
            if (tar.waitFor() != 0) {
                throw new IllegalStateException("tar failed");
            }
            Path home;
            try (Stream<Path> s = Files.list(tmp)) {
                home = s.findFirst().orElseThrow();
            }
            String launcher = home.resolve("bin/uassetd").toString();
            BenchReport report = new BenchReport("dist", "the self-contained distribution: size and start-up to first reply",
                    "measure", "value", "unit");
            report.row("archive " + archive.getFileName(), Files.size(archive) / 1048576.0, "MiB");
            report.row("unpacked", size(home) / 1048576.0, "MiB");
            double first = firstReply(List.of(launcher, "serve"), Map.of());
            double dist = median(List.of(launcher, "serve"), Map.of());
            double distNoCds = median(List.of(launcher, "serve"), Map.of("UASSETD_NO_CDS", "1"));
            String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
            double plain = median(List.of(java, "-jar", jar.toString(), "serve"), Map.of());
            report.row("first reply, bin/uassetd, first run after unpacking (remakes the CDS archive)", first, "ms");
            report.row("first reply, bin/uassetd (bundled runtime + CDS), median of " + RUNS, dist, "ms");
            report.row("first reply, bin/uassetd with UASSETD_NO_CDS=1, median of " + RUNS, distNoCds, "ms");
            report.row("first reply, java -jar uassetd.jar (system Java " + System.getProperty("java.version") + "), median of " + RUNS, plain, "ms");
            report.row("ratio java -jar / bin/uassetd", plain / dist, "x");
            report.summary("cores", Runtime.getRuntime().availableProcessors());
            report.publish();
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static long size(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).mapToLong(p -> p.toFile().length()).sum();
        }
    }

    private static double firstReply(List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(PING);
            in.flush();
            String line = out.readLine();
            double ms = (System.nanoTime() - t0) / 1e6;
            if (line == null || !line.contains("\"pong\":true")) {
                throw new IllegalStateException("no reply from " + cmd + ": " + line);
            }
            p.getOutputStream().close(); // end of input: the daemon exits (the same stream as the resource)
            p.waitFor(60, TimeUnit.SECONDS);
            return ms;
        }
    }

    private static double median(List<String> cmd, Map<String, String> env) throws Exception {
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            t.add(firstReply(cmd, env));
        }
        t.sort(Double::compare);
        return t.get(t.size() / 2);
    }
}
