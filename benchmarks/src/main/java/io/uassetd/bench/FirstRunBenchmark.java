package io.uassetd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * A new user's first command: {@code ./uassetd help} right after the README's build
 * ({@code ./mvnw -q -B -DskipTests package}, which {@code ./bench} runs first and which makes the
 * start-up archive in the daemon module's package phase). Wall time of the whole launcher process
 * (script, Java choice, JVM, command), as a user sees it. In the same run, as baselines: the first
 * command of a jar whose archive the build did not make (the launcher makes it then, as it did before
 * the build made it), {@code java -jar uassetd.jar help} without an archive, and {@code java -version}
 * (the JVM's floor). Target: the first command under 2 s.
 */
public final class FirstRunBenchmark {
    private static final int RUNS = Integer.getInteger("bench.firstrun.runs", 7);

    private FirstRunBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        Path launcher = root.resolve("uassetd");
        Path jar = root.resolve("daemon/target/uassetd.jar");
        List<Path> archives = new ArrayList<>();
        try (Stream<Path> s = Files.list(jar.getParent())) {
            s.filter(p -> p.getFileName().toString().matches("uassetd(-jdk.*\\.aot|\\.jsa)"))
                    .filter(p -> p.toFile().lastModified() >= jar.toFile().lastModified())
                    .forEach(archives::add);
        }
        String load = Files.readString(Path.of("/proc/loadavg")).trim();
        BenchReport report = new BenchReport("firstrun", "a new user's first ./uassetd help after the README's build (wall time of the process)",
                "measure", "value", "unit");
        report.row("start-up archives made by the build", archives.isEmpty() ? "none" : archives.toString(), "");
        List<String> help = List.of(launcher.toString(), "help");
        double first = time(help, Map.of());
        List<Double> again = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) {
            again.add(time(help, Map.of()));
        }
        // baselines in the same run: a jar the build made no archive for (the launcher makes it), plain java -jar, the JVM floor
        Path tmp = Files.createTempDirectory("uassetd-firstrun");
        double unprepared;
        try {
            Path copy = tmp.resolve("uassetd.jar");
            Files.copy(jar, copy, StandardCopyOption.COPY_ATTRIBUTES);
            copy.toFile().setLastModified(System.currentTimeMillis());
            unprepared = time(help, Map.of("UASSETD_JAR", copy.toString()));
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<Double> plain = new ArrayList<>();
        List<Double> floor = new ArrayList<>();
        List<Double> launched = new ArrayList<>();
        for (int i = 0; i < RUNS; i++) { // interleaved, so that load on the machine slows each alike
            plain.add(time(List.of(java, "-jar", jar.toString(), "help"), Map.of()));
            floor.add(time(List.of(java, "-version"), Map.of()));
            launched.add(time(help, Map.of()));
        }
        report.row("first ./uassetd help after the build", first, "ms");
        report.row("./uassetd help, median of " + RUNS + " more", median(again), "ms");
        report.row("./uassetd help, median of " + RUNS + " interleaved with the baselines", median(launched), "ms");
        report.row("baseline: first ./uassetd help of a jar without its archive (the launcher makes it)", unprepared, "ms");
        report.row("baseline: java -jar uassetd.jar help (Java " + System.getProperty("java.version") + ", no archive), median", median(plain), "ms");
        report.row("baseline: java -version (Java " + System.getProperty("java.version") + "), median", median(floor), "ms");
        report.row("first run under 2 s", first < 2000 ? "yes" : "no", "");
        report.row("ratio first run without / with the build's archive", unprepared / first, "x");
        report.summary("load_average", load);
        report.summary("cores", Runtime.getRuntime().availableProcessors());
        report.publish();
    }

    /** Wall time of one process to exit, output discarded; fails on a non-zero exit. */
    private static double time(List<String> cmd, Map<String, String> env) throws IOException, InterruptedException {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        long t0 = System.nanoTime();
        Process p = pb.start();
        if (!p.waitFor(300, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + cmd);
        }
        double ms = (System.nanoTime() - t0) / 1e6;
        if (p.exitValue() != 0) {
            throw new IllegalStateException("exit " + p.exitValue() + ": " + String.join(" ", cmd));
        }
        return ms;
    }

    private static double median(List<Double> t) {
        List<Double> s = new ArrayList<>(t);
        s.sort(Double::compare);
        return s.get(s.size() / 2);
    }
}
