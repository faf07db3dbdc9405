package io.uassetd.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Daemon round-trip latency for {@code ping} (p50/p99 over 10,000 sequential requests, each sent
 * after the previous reply) and the time from process start to the first reply: with the
 * launcher's class-data-sharing archive, the same with the JSON warm-up thread, plain
 * {@code java -jar} without the archive, and {@code java -version} (the JVM's own start) as the
 * floor, interleaved run by run so that a machine loaded by other work slows them alike (compare
 * the ratios). Then where the launcher's start-up time goes: the daemon's start-up trace
 * ({@code -Duassetd.startupTrace}) per phase, medians. Targets: p50 < 0.2 ms, p99 < 2 ms, first
 * reply < 200 ms with the archive on an idle machine.
 */
public final class DaemonLatencyBenchmark {
    private static final byte[] PING = "{\"action\":\"ping\"}\n".getBytes(StandardCharsets.US_ASCII);

    private DaemonLatencyBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        Path launcher = root.resolve("uassetd");
        Path jar = root.resolve("daemon/target/uassetd.jar");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException(jar + " is missing: build with ./mvnw -DskipTests package");
        }
        int requests = Integer.getInteger("bench.pings", 10_000);
        BenchReport report = new BenchReport("daemon", "ping round trip and start-up time of the packaged daemon",
                "measure", "value_ms", "target_ms", "met");

        // Round trips on one warm daemon.
        Process p = start(List.of(launcher.toString(), "serve"));
        double[] lat;
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            roundTrips(in, out, 5_000); // warm-up
            lat = roundTrips(in, out, requests);
        }
        p.waitFor(30, TimeUnit.SECONDS);
        Arrays.sort(lat);
        double p50 = lat[lat.length / 2];
        double p99 = lat[(int) Math.min(lat.length - 1, Math.ceil(lat.length * 0.99) - 1)];
        double max = lat[lat.length - 1];
        report.row("ping p50 (" + requests + " sequential)", p50, 0.2, p50 < 0.2);
        report.row("ping p99", p99, 2.0, p99 < 2.0);
        report.row("ping max", max, "-", "-");

        // Start-up: process start to first reply, interleaved so that load from elsewhere hits every variant alike.
        firstReply(List.of(launcher.toString(), "serve"), null); // makes the CDS archive if missing
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        int runs = Integer.getInteger("bench.startups", 9);
        List<Double> cds = new ArrayList<>();
        List<Double> withWarmup = new ArrayList<>();
        List<Double> plain = new ArrayList<>();
        List<Double> jvm = new ArrayList<>();
        Map<String, List<Double>> phases = new LinkedHashMap<>();
        for (int i = 0; i < runs; i++) {
            cds.add(firstReply(List.of(launcher.toString(), "serve"), null));
            withWarmup.add(firstReply(List.of(launcher.toString(), "serve"), "-Duassetd.jsonWarmup=true"));
            plain.add(firstReply(List.of(java, "-jar", jar.toString(), "serve"), null));
            jvm.add(javaVersion(java));
            traced(launcher, phases);
        }
        double c = median(cds);
        double j = median(jvm);
        report.row("first reply, ./uassetd (CDS), median of " + runs, c, 200.0, c < 200);
        report.row("first reply, ./uassetd (CDS) with the JSON warm-up thread", median(withWarmup), "-", "-");
        report.row("first reply, java -jar (no CDS)", median(plain), "-", "-");
        report.row("java -version (the JVM's own start, the floor)", j, "-", "-");
        for (var e : phases.entrySet()) {
            report.row("  ./uassetd trace: " + e.getKey() + " (ms after launch)", median(e.getValue()), "-", "-");
        }
        report.summary("cores", Runtime.getRuntime().availableProcessors());
        report.summary("load_average", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
        report.summary("cds_over_jvm_floor", c / j);
        report.summary("cds_vs_plain_jar", c / median(plain));
        report.publish();
    }

    /** One launcher start with the start-up trace on; adds each phase's time since launch. */
    private static void traced(Path launcher, Map<String, List<Double>> phases) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(launcher.toString(), "serve");
        pb.environment().put("UASSETD_JAVA_OPTS", "-Duassetd.startupTrace=true -Duassetd.t0=" + System.currentTimeMillis());
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(PING);
            in.flush();
            out.readLine();
        }
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        p.waitFor(30, TimeUnit.SECONDS);
        for (String line : err.split("\n")) {
            if (line.startsWith("uassetd startup: ")) {
                String rest = line.substring("uassetd startup: ".length());
                int sp = rest.lastIndexOf(' ');
                phases.computeIfAbsent(rest.substring(0, sp), k -> new ArrayList<>()).add(Double.parseDouble(rest.substring(sp + 1)));
            }
        }
    }

    private static double javaVersion(String java) throws Exception {
        long t0 = System.nanoTime();
        Process p = new ProcessBuilder(java, "-Xshare:auto", "-version").redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        p.waitFor(30, TimeUnit.SECONDS);
        return (System.nanoTime() - t0) / 1e6;
    }

    private static Process start(List<String> cmd) throws IOException {
        return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD).start();
    }

    private static double[] roundTrips(OutputStream in, BufferedReader out, int n) throws IOException {
        double[] lat = new double[n];
        for (int i = 0; i < n; i++) {
            long t0 = System.nanoTime();
            in.write(PING);
            in.flush();
            String line = out.readLine();
            long t1 = System.nanoTime();
            if (line == null || !line.startsWith("{\"success\":true")) {
                throw new IllegalStateException("unexpected reply: " + line);
            }
            lat[i] = (t1 - t0) / 1e6;
        }
        return lat;
    }

    private static double firstReply(List<String> cmd, String javaOpts) throws Exception {
        long t0 = System.nanoTime();
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        if (javaOpts != null) {
            pb.environment().put("UASSETD_JAVA_OPTS", javaOpts);
        }
        Process p = pb.start();
        try (OutputStream in = p.getOutputStream();
             BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            in.write(PING);
            in.flush();
            String line = out.readLine();
            double ms = (System.nanoTime() - t0) / 1e6;
            if (line == null) {
                throw new IllegalStateException("no reply from " + cmd);
            }
            p.getOutputStream().close(); // end of input: the daemon exits (the same stream as the resource)
            p.waitFor(30, TimeUnit.SECONDS);
            return ms;
        }
    }

    private static double median(List<Double> values) {
        List<Double> t = new ArrayList<>(values);
        t.sort(Double::compare);
        return t.get(t.size() / 2);
    }
}
