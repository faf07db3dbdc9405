package io.uassetd.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Daemon round-trip latency for {@code ping} (p50/p99 over 10,000 sequential requests, each sent
 * after the previous reply) and the time from process start to the first reply, with and without
 * the launcher's class-data-sharing archive. Targets: p50 < 0.2 ms, p99 < 2 ms, first reply < 400 ms.
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

        // Start-up: process start to first reply, launcher (CDS archive) and plain java -jar.
        firstReply(List.of(launcher.toString(), "serve")); // makes the CDS archive if missing
        double cds = median(launcher, List.of(launcher.toString(), "serve"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        double plain = median(launcher, List.of(java, "-jar", jar.toString(), "serve"));
        report.row("first reply, ./uassetd (CDS), median of 7", cds, 400.0, cds < 400);
        report.row("first reply, java -jar (no CDS), median of 7", plain, 400.0, plain < 400);
        report.summary("cores", Runtime.getRuntime().availableProcessors());
        report.publish();
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

    private static double firstReply(List<String> cmd) throws Exception {
        long t0 = System.nanoTime();
        Process p = start(cmd);
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

    private static double median(Path launcher, List<String> cmd) throws Exception {
        List<Double> t = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            t.add(firstReply(cmd));
        }
        t.sort(Double::compare);
        return t.get(t.size() / 2);
    }
}
