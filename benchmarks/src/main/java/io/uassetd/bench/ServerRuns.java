package io.uassetd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The one-shot columns of the peers benchmarks through the resident server (docs/server.md): the
 * launcher with a private runtime folder, so that the benchmark can stop the server before a
 * "first command" run (which then includes the server's start) and find its pid for the CPU and
 * memory it used. The in-process one-shot column sets {@code UASSETD_NO_SERVER=1}.
 *
 * <p>Memory of a command through the running server ({@link #command}): the server's peak resident
 * size during that command alone (its high-water mark {@code VmHWM} reset before the command by
 * writing 5 to {@code /proc/PID/clear_refs}, read after it), its resident size after the command,
 * and the front-end's own peak (from {@code /usr/bin/time}, the launcher script it replaces
 * included).
 */
final class ServerRuns {
    /** A timed process: wall seconds, CPU seconds (user + system), peak resident kB (NaN when unknown). */
    record Run(double wall, double cpu, double peakKb) {
    }

    /**
     * A command through the running server: wall seconds; CPU seconds of the server during it plus
     * the front-end's; the server's peak resident kB during the command and its resident kB after;
     * the front-end's peak resident kB.
     */
    record ServerRun(double wall, double cpu, double serverPeakKb, double serverRssKb, double frontPeakKb) {
    }

    /** The environment of an in-process one-shot command (as before the server existed). */
    static final Map<String, String> IN_PROCESS = Map.of("UASSETD_NO_SERVER", "1");

    private final Path runtime;
    private final boolean available;

    ServerRuns(Path root, Path work) throws IOException {
        this(root, work, "rt");
    }

    /** A server of its own, in the runtime folder {@code work/name} (two instances are two servers). */
    ServerRuns(Path root, Path work, String name) throws IOException {
        this.runtime = work.resolve(name);
        this.available = Files.isExecutable(root.resolve("daemon/target/uassetd-front"));
        stop();
    }

    /** Whether the native front-end is built (else the server columns are left empty). */
    boolean available() {
        return available;
    }

    /** The environment of a command through the server. */
    Map<String, String> env() {
        return Map.of("UASSETD_RUNTIME_DIR", runtime.toString(), "UASSETD_SERVER_IDLE_SECONDS", "3600");
    }

    /** Runs {@code cmd} through the running server (started untimed first when none runs) and measures it. */
    ServerRun command(List<String> cmd) throws Exception {
        long pid = pid();
        if (pid < 0) {
            throw new IllegalStateException("no server running in " + runtime);
        }
        resetPeak(pid);
        double c0 = cpuSeconds(pid);
        Run front = timed(cmd, env());
        return new ServerRun(front.wall(), cpuSeconds(pid) - c0 + front.cpu(), statusKb(pid, "VmHWM"), statusKb(pid, "VmRSS"),
                front.peakKb());
    }

    /** The running server's pid, or -1. */
    long pid() throws IOException {
        List<Long> p = pids();
        return p.isEmpty() ? -1 : p.get(0);
    }

    private List<Long> pids() throws IOException {
        List<Long> out = new ArrayList<>();
        if (!Files.isDirectory(runtime)) {
            return out;
        }
        try (Stream<Path> s = Files.list(runtime)) {
            for (Path f : s.filter(f -> f.toString().endsWith(".pid")).toList()) {
                try {
                    out.add(Long.parseLong(Files.readString(f).trim()));
                } catch (IOException | NumberFormatException e) {
                    // removed meanwhile
                }
            }
        }
        return out;
    }

    private static final Path TIME = Stream.of("/usr/bin/time", "/bin/time").map(Path::of).filter(Files::isExecutable)
            .findFirst().orElse(null);

    /** Runs {@code cmd} with {@code env} added, under /usr/bin/time when present for its CPU time and peak memory. */
    static Run timed(List<String> cmd, Map<String, String> env) throws Exception {
        List<String> full = new ArrayList<>();
        Path stats = null;
        if (TIME != null) {
            stats = Files.createTempFile("uassetd-time", ".txt");
            full.addAll(List.of(TIME.toString(), "-f", "%U %S %M", "-o", stats.toString()));
        }
        full.addAll(cmd);
        long t0 = System.nanoTime();
        PeersBenchmark.run(full, env);
        double wall = (System.nanoTime() - t0) / 1e9;
        if (stats == null) {
            return new Run(wall, Double.NaN, Double.NaN);
        }
        String[] f = Files.readString(stats).trim().split("\\s+");
        Files.delete(stats);
        int n = f.length;
        return new Run(wall, Double.parseDouble(f[n - 3]) + Double.parseDouble(f[n - 2]), Double.parseDouble(f[n - 1]));
    }

    /** User + system CPU seconds of a running process (Linux /proc), NaN when unknown. */
    static double cpuSeconds(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0; // USER_HZ
        } catch (IOException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** A kB figure of /proc/PID/status ({@code VmRSS}, {@code VmHWM}), NaN when unknown. */
    static double statusKb(long pid, String key) {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                if (line.startsWith(key + ":")) {
                    return Double.parseDouble(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux
        }
        return Double.NaN;
    }

    /** Resets the process's peak resident size to its current one (Linux 4.0+: "5" to clear_refs); ignored elsewhere. */
    static void resetPeak(long pid) {
        try {
            Files.writeString(Path.of("/proc/" + pid + "/clear_refs"), "5");
        } catch (IOException | RuntimeException e) {
            // not Linux: the peak then covers the server's whole life
        }
    }

    /** Stops the servers of the benchmark's folder (SIGTERM) and waits for them to exit. */
    void stop() throws IOException {
        for (long pid : pids()) {
            ProcessHandle.of(pid).ifPresent(h -> {
                h.destroy();
                try {
                    h.onExit().get(60, TimeUnit.SECONDS);
                } catch (Exception e) {
                    h.destroyForcibly();
                }
            });
        }
    }
}
