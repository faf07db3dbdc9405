package io.uassetd.bench;

import java.util.Arrays;
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
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * uassetd next to repak ({@code ../shared/peers/repak}, or {@code -Dbench.peers.repak=PATH}) on the same
 * files: 1,500 files of 254 MB (half random, half text, seed 18), and with {@code -Dbench.peers.large=true}
 * also 6,000 files of about 1 GiB. Each operation (pack and unpack; stored, Zlib at level 1 as repak
 * compresses, Zstd at level 3, LZ4 fast; unpack of an encrypted pak) runs as repak, as a one-shot
 * {@code ./uassetd} command (JVM start included; with {@code -Dbench.peers.altJava=JAVA} again with
 * {@code UASSETD_JAVA} set to it), through the resident server (docs/server.md: the first command after
 * the server was stopped, which includes its start, and a later one) and as a request to a warm daemon,
 * in rotating order,
 * {@code -Dbench.peers.runs} times (default 5); the table gives medians and the ratios to repak. When
 * repak is absent the uassetd columns are still measured and the table says so. The load average
 * before and after is reported, since the 2-core machine may be shared. Before each timed run the
 * previous output is deleted and dirty pages are written back ({@code sync}, untimed).
 */
public final class PeersBenchmark {
    private static final String KEY = "0x" + "3F8A1C5E7B9D2F4A6C8E0B1D3F5A7C9E".repeat(2);
    private static final long SEED = 18;
    /**
     * How many times the daemon and the never-stopped server run each operation untimed before the timed runs
     * ({@code -Dbench.peers.warmups}, default 10): by the tenth request of a conversion the JIT has finished
     * compiling it (per-request C2 CPU of a daemon: docs/zen-speed.md), so "warm" is the settled speed; the
     * young server (the "server" column) and the first command show the cost before that.
     */
    static final int WARMUPS = Integer.getInteger("bench.peers.warmups", 10);

    private PeersBenchmark() {
    }

    /** One operation as the three ways run it; {@code repak} null where repak cannot do it. */
    private record Op(String name, List<String> repak, List<String> cli, String request, Path output, boolean pack) {
    }

    @SuppressWarnings("try") // stdin is closed before waitFor so the daemon sees end of input and exits
    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        Path launcher = root.resolve("uassetd");
        if (!Files.isRegularFile(root.resolve("daemon/target/uassetd.jar"))) {
            throw new IllegalStateException("daemon/target/uassetd.jar is missing: build with ./mvnw -DskipTests package");
        }
        Path repak = Path.of(System.getProperty("bench.peers.repak", root.resolve("../shared/peers/repak").toString())).normalize();
        boolean haveRepak = Files.isExecutable(repak);
        int runs = Integer.getInteger("bench.peers.runs", 5);
        Path work = Path.of(System.getProperty("bench.peers.dir", System.getProperty("java.io.tmpdir") + "/uassetd-peers"));
        List<long[]> sets = new ArrayList<>();
        sets.add(new long[] {1500, 254_000_000L});
        if (Boolean.getBoolean("bench.peers.large")) {
            sets.add(new long[] {6000, 1L << 30});
        }
        BenchReport report = new BenchReport("peers", "uassetd next to repak" + (haveRepak ? " (" + repak + ")" : " (repak absent: "
                + repak + " not found; uassetd columns only)") + ", medians of " + runs + " alternating runs",
                "data", "operation", "repak_s", "repak_cpu_s", "cli_s", "cli_x", "cli_alt_s", "cli_alt_x", "server_first_s", "server_first_x", "server_s",
                "server_x", "server_cpu_s", "server_peak_mib", "front_peak_mib", "server_warm_s", "server_warm_x", "server_warm_cpu_s",
                "daemon_s", "daemon_x", "daemon_cpu_s");
        ServerRuns server = new ServerRuns(root, work);
        ServerRuns warm = new ServerRuns(root, work, "rt-warm");
        // the second one-shot column: the launcher told to use another Java (e.g. a JDK 25 folder, whose AOT
        // cache then stands next to the Java 17 CDS archive); "none" (the default) leaves the column out
        String altJava = System.getProperty("bench.peers.altJava", "none");
        boolean alt = !altJava.equals("none");
        report.summary("load before", load());
        for (long[] set : sets) {
            int files = (int) set[0];
            String label = files + " files, " + (set[1] >> 20) + " MiB";
            Path data = work.resolve("data-" + files);
            makeData(data, files, set[1]);
            Path out = work.resolve("out-" + files);
            Files.createDirectories(out);
            // Unpack inputs: paks written by repak where it is present (by uassetd otherwise), and encrypted ones by uassetd.
            List<Op> ops = new ArrayList<>();
            String[][] modes = {{"stored", null, null}, {"Zlib level 1", "Zlib", "1"}, {"Zstd level 3", "Zstd", "3"},
                {"LZ4 fast", "LZ4", "0"}};
            for (String[] m : modes) {
                Path pak = out.resolve("pack-" + m[0].split(" ")[0] + ".pak");
                List<String> rp = new ArrayList<>(List.of(repak.toString(), "pack", "-q", "--version", "V11"));
                List<String> cl = new ArrayList<>(List.of(launcher.toString(), "create_pak", pak.toString(), "--input-dir", data.toString()));
                String req = "{\"action\":\"create_pak\",\"output_path\":" + q(pak) + ",\"input_dir\":" + q(data);
                if (m[1] != null) {
                    rp.addAll(List.of("--compression", m[1]));
                    cl.addAll(List.of("--compress", m[1], "--compression-level", m[2]));
                    req += ",\"compress\":\"" + m[1] + "\",\"compression_level\":" + m[2];
                } else {
                    cl.addAll(List.of("--compress", "false"));
                    req += ",\"compress\":false";
                }
                rp.addAll(List.of(data.toString(), pak.toString()));
                ops.add(new Op("pack, " + m[0], rp, cl, req + "}", pak, true));
            }
            for (String m : new String[] {"stored", "Zlib"}) {
                Path pak = out.resolve("pack-" + m + "-aes.pak");
                // the daemon's default is Zlib (UAssetTool's compress = true): the stored request says false
                String comp = m.equals("Zlib") ? ",\"compress\":\"Zlib\",\"compression_level\":1" : ",\"compress\":false";
                List<String> cl = new ArrayList<>(List.of(launcher.toString(), "create_pak", pak.toString(), "--input-dir", data.toString(),
                        "--aes-key", KEY));
                cl.addAll(m.equals("Zlib") ? List.of("--compress", "Zlib", "--compression-level", "1") : List.of("--compress", "false"));
                ops.add(new Op("pack, " + m + (m.equals("Zlib") ? " level 1" : "") + ", AES (repak cannot)", null, cl,
                        "{\"action\":\"create_pak\",\"output_path\":" + q(pak) + ",\"input_dir\":" + q(data) + ",\"aes_key\":\"" + KEY + "\""
                                + comp + "}", pak, true));
            }
            for (String[] m : modes) {
                Path pak = out.resolve("in-" + m[0].split(" ")[0] + ".pak");
                Path dir = out.resolve("unpacked");
                ops.add(new Op("unpack, " + m[0], List.of(repak.toString(), "unpack", "-q", "-f", "-o", dir.toString(), pak.toString()),
                        List.of(launcher.toString(), "extract_pak", pak.toString(), dir.toString()),
                        "{\"action\":\"extract_pak_all\",\"file_path\":" + q(pak) + ",\"output_path\":" + q(dir) + "}", dir, false));
                if (m[1] == null) {
                    // the SHA-1 check extraction does by default, left out: what it costs on stored entries
                    ops.add(new Op("unpack, " + m[0] + ", no hash check", List.of(repak.toString(), "unpack", "-q", "-f", "-o",
                            dir.toString(), pak.toString()),
                            List.of(launcher.toString(), "extract_pak", pak.toString(), dir.toString(), "--no-hash-check"),
                            "{\"action\":\"extract_pak_all\",\"file_path\":" + q(pak) + ",\"output_path\":" + q(dir)
                                    + ",\"hash_check\":false}", dir, false));
                }
            }
            for (String m : new String[] {"stored", "Zlib"}) {
                Path pak = out.resolve("in-" + m + "-aes.pak");
                Path dir = out.resolve("unpacked");
                ops.add(new Op("unpack, " + m + (m.equals("Zlib") ? " level 1" : "") + ", AES", List.of(repak.toString(), "-a", KEY,
                        "unpack", "-q", "-f", "-o", dir.toString(), pak.toString()),
                        List.of(launcher.toString(), "extract_pak", pak.toString(), dir.toString(), "--aes", KEY),
                        "{\"action\":\"extract_pak_all\",\"file_path\":" + q(pak) + ",\"output_path\":" + q(dir) + ",\"aes_key\":\"" + KEY
                                + "\"}", dir, false));
            }
            Process daemon = new ProcessBuilder(launcher.toString(), "serve").redirectError(ProcessBuilder.Redirect.DISCARD).start();
            try (OutputStream din = daemon.getOutputStream();
                 BufferedReader dout = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8))) {
                // Unpack inputs.
                for (String[] m : modes) {
                    Path pak = out.resolve("in-" + m[0].split(" ")[0] + ".pak");
                    String comp = m[1] == null ? "" : ",\"compress\":\"" + m[1] + "\",\"compression_level\":" + m[2];
                    if (haveRepak) {
                        List<String> rp = new ArrayList<>(List.of(repak.toString(), "pack", "-q", "--version", "V11"));
                        if (m[1] != null) {
                            rp.addAll(List.of("--compression", m[1]));
                        }
                        rp.addAll(List.of(data.toString(), pak.toString()));
                        run(rp);
                    } else {
                        request(din, dout, "{\"action\":\"create_pak\",\"output_path\":" + q(pak) + ",\"input_dir\":" + q(data) + comp + "}");
                    }
                }
                request(din, dout, "{\"action\":\"create_pak\",\"output_path\":" + q(out.resolve("in-stored-aes.pak")) + ",\"input_dir\":"
                        + q(data) + ",\"compress\":false,\"aes_key\":\"" + KEY + "\"}");
                request(din, dout, "{\"action\":\"create_pak\",\"output_path\":" + q(out.resolve("in-Zlib-aes.pak")) + ",\"input_dir\":"
                        + q(data) + ",\"compress\":\"Zlib\",\"compression_level\":1,\"aes_key\":\"" + KEY + "\"}");
                // Warm-up: each operation WARMUPS times in the daemon, once as a command (also makes the CDS archive).
                for (Op op : ops) {
                    for (int i = 0; i < WARMUPS; i++) {
                        clear(op);
                        request(din, dout, op.request());
                    }
                    clear(op);
                    run(op.cli(), ServerRuns.IN_PROCESS);
                    if (server.available()) {
                        clear(op);
                        run(op.cli(), server.env());
                        for (int i = 0; i < WARMUPS; i++) { // the warm server: as often as the daemon before the timed runs
                            clear(op);
                            run(op.cli(), warm.env());
                        }
                    }
                    if (alt) {
                        clear(op);
                        run(op.cli(), Map.of("UASSETD_JAVA", altJava, "UASSETD_NO_SERVER", "1"));
                    }
                }
                // ways: 0 repak, 1 one-shot in-process, 2 daemon request, 3 one-shot with the other Java,
                // 4 one-shot through a stopped server (its start included), 5 one-shot through the running server,
                // 6 one-shot through a server that is never stopped (warmed as the daemon is)
                List<Integer> waysUsed = new ArrayList<>(List.of(0, 1, 2));
                if (alt) {
                    waysUsed.add(3);
                }
                if (server.available()) {
                    waysUsed.addAll(List.of(4, 5, 6));
                }
                for (Op op : ops) {
                    int ways = waysUsed.size();
                    double[][] t = new double[7][runs];
                    // CPU seconds of repak, the server command (server + front-end) and the daemon request; the server's and front-end's peak kB
                    double[][] cpu = new double[7][runs];
                    double[] serverPeak = new double[runs];
                    double[] frontPeak = new double[runs];
                    for (double[][] m : new double[][][] {t, cpu}) {
                        for (double[] row : m) {
                            Arrays.fill(row, Double.NaN);
                        }
                    }
                    Arrays.fill(serverPeak, Double.NaN);
                    Arrays.fill(frontPeak, Double.NaN);
                    for (int r = 0; r < runs; r++) {
                        for (int k = 0; k < ways; k++) {
                            int way = waysUsed.get((r + k) % ways); // rotate which way goes first
                            clear(op);
                            if (way == 4) {
                                server.stop();
                            } else if (way == 5 && server.pid() < 0) {
                                run(op.cli(), server.env()); // untimed: a server that has run the command before
                                clear(op);
                            }
                            settle();
                            long t0 = System.nanoTime();
                            if (way == 0) {
                                if (haveRepak && op.repak() != null) {
                                    cpu[0][r] = ServerRuns.timed(op.repak(), Map.of()).cpu();
                                }
                            } else if (way == 6) {
                                cpu[6][r] = warm.command(op.cli()).cpu();
                            } else if (way == 5) {
                                ServerRuns.ServerRun s = server.command(op.cli());
                                cpu[5][r] = s.cpu();
                                serverPeak[r] = s.serverPeakKb();
                                frontPeak[r] = s.frontPeakKb();
                            } else if (way == 1) {
                                run(op.cli(), ServerRuns.IN_PROCESS);
                            } else if (way == 3) {
                                run(op.cli(), Map.of("UASSETD_JAVA", altJava, "UASSETD_NO_SERVER", "1"));
                            } else if (way == 4) {
                                run(op.cli(), server.env());
                            } else {
                                double c0 = ServerRuns.cpuSeconds(daemon.pid());
                                request(din, dout, op.request());
                                cpu[2][r] = ServerRuns.cpuSeconds(daemon.pid()) - c0;
                            }
                            t[way][r] = (System.nanoTime() - t0) / 1e9;
                        }
                    }
                    double rp = haveRepak && op.repak() != null ? median(t[0]) : Double.NaN;
                    double cli = median(t[1]);
                    double dm = median(t[2]);
                    double ca = alt ? median(t[3]) : Double.NaN;
                    double sf = median(t[4]);
                    double sl = median(t[5]);
                    double sw = median(t[6]);
                    report.row(label, op.name(), rp, median(cpu[0]), cli, cli / rp, ca, ca / rp, sf, sf / rp, sl, sl / rp, median(cpu[5]),
                            median(serverPeak) / 1024, median(frontPeak) / 1024, sw, sw / rp, median(cpu[6]), dm, dm / rp, median(cpu[2]));
                }
                for (Op op : ops) {
                    clear(op);
                }
                din.close();
                daemon.waitFor(60, TimeUnit.SECONDS);
            } finally {
                daemon.destroy();
                server.stop();
                warm.stop();
            }
        }
        report.summary("load after", load());
        report.summary("cores", Runtime.getRuntime().availableProcessors());
        report.summary("repak", haveRepak ? repak.toString() : "absent (" + repak + ")");
        report.summary("cli", "./uassetd in-process (UASSETD_NO_SERVER=1) as it chooses its Java (UASSETD_JAVA, else JAVA_HOME, else a JDK 25+ found, else PATH)");
        report.summary("server", server.available() ? "./uassetd through the native front-end and the resident server: server_first = the first command"
                + " after the server was stopped (its start included), server = a later command (the server is stopped once a round, so it"
                + " has run the command once or twice), server_warm = a command through a second server that is never stopped (run " + WARMUPS
                + " times untimed first, as the daemon; then once a round); its cpu = the server's /proc cpu around the command plus the front-end's (user +"
                + " system), server_peak = the server's peak resident size during the command alone (VmHWM reset through"
                + " /proc/PID/clear_refs before it), front_peak = the front-end's own (/usr/bin/time); repak_cpu from /usr/bin/time,"
                + " daemon_cpu from /proc around the request" : "not run: no daemon/target/uassetd-front (no C compiler)");
        report.summary("cli_alt", alt ? "./uassetd with UASSETD_JAVA=" + altJava : "not run (-Dbench.peers.altJava=none)");
        report.summary("levels", "Zlib 1 (repak's Compression::fast), Zstd 3 (zstd's default, as repak), LZ4 0 = fast block compressor (as repak)");
        report.publish();
        // Zen <-> legacy next to retoc, in the same run
        ZenPeersBenchmark.main(args);
    }

    static String q(Path p) {
        return "\"" + p.toAbsolutePath().toString().replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static String load() {
        try {
            return Files.readString(Path.of("/proc/loadavg")).trim();
        } catch (IOException e) {
            return "unknown";
        }
    }

    private static double median(double[] v) {
        double[] s = v.clone();
        Arrays.sort(s);
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }

    private static void clear(Op op) throws IOException {
        Path p = op.output();
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(p)) {
            for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
    }

    /**
     * Writes dirty pages back before a timed run (untimed), so no run pays for the write-back of
     * the one before it: without this the unpack rows (1,500 files written, deleted, written again)
     * swung by 40% between runs of the same command. Where there is no {@code sync} it does nothing.
     */
    static void settle() throws Exception {
        if (SYNC != null) {
            run(List.of(SYNC));
        }
    }

    private static final String SYNC = Stream.of("/bin/sync", "/usr/bin/sync")
            .filter(f -> Files.isExecutable(Path.of(f))).findFirst().orElse(null);

    static void run(List<String> cmd) throws Exception {
        run(cmd, Map.of());
    }

    /** Runs {@code cmd} with {@code env} added to the environment (e.g. {@code UASSETD_JAVA}, {@code UASSETD_NO_SERVER}). */
    static void run(List<String> cmd, Map<String, String> env) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(600, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new IllegalStateException("timed out: " + cmd);
        }
        if (p.exitValue() != 0) {
            throw new IllegalStateException("exit " + p.exitValue() + ": " + cmd);
        }
    }

    private static void request(OutputStream in, BufferedReader out, String json) throws IOException {
        in.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        String line = out.readLine();
        if (line == null || !line.startsWith("{\"success\":true")) {
            throw new IllegalStateException("request failed: " + json + " -> " + line);
        }
    }

    /**
     * The data set: {@code files} files of about {@code total} bytes in 30 folders, sizes spread
     * evenly around the mean, even-numbered files random bytes and odd-numbered files text; made once
     * (a marker file names the set) and reused.
     */
    static void makeData(Path dir, int files, long total) throws IOException {
        Path marker = dir.resolveSibling(dir.getFileName() + ".complete");
        String spec = files + " " + total + " " + SEED;
        if (Files.isRegularFile(marker) && Files.readString(marker).equals(spec)) {
            return;
        }
        if (Files.exists(dir)) {
            try (Stream<Path> walk = Files.walk(dir)) {
                for (Path f : walk.sorted(Comparator.reverseOrder()).toList()) {
                    Files.delete(f);
                }
            }
        }
        Random rnd = new Random(SEED);
        long mean = total / files;
        String[] words = "the of pak asset mesh texture material blueprint level actor component widget sound animation skeleton data table curve niagara system emitter package export import name index"
                .split(" ");
        long left = total;
        for (int i = 0; i < files; i++) {
            long size = i == files - 1 ? Math.max(0, left) : Math.min(left, mean / 2 + (long) (rnd.nextDouble() * mean));
            left -= size;
            Path f = dir.resolve(String.format(Locale.ROOT, "Content/Folder%02d/File%04d.%s", i % 30, i, i % 2 == 0 ? "bin" : "txt"));
            Files.createDirectories(f.getParent());
            byte[] b = new byte[(int) size];
            if (i % 2 == 0) {
                rnd.nextBytes(b);
            } else {
                int p = 0;
                int col = 0;
                while (p < b.length) {
                    String w = words[rnd.nextInt(words.length)];
                    for (int k = 0; k < w.length() && p < b.length; k++) {
                        b[p++] = (byte) w.charAt(k);
                    }
                    col += w.length() + 1;
                    if (p < b.length) {
                        b[p++] = (byte) (col > 72 ? '\n' : ' ');
                        col = col > 72 ? 0 : col;
                    }
                }
            }
            Files.write(f, b);
        }
        Files.writeString(marker, spec);
    }
}
