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
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Zen <-> legacy next to retoc, as users run both: retoc as one process per call, uassetd as a
 * one-shot command (start-up included) and as a request to a warm daemon; wall time, CPU time and
 * peak memory (of each process; for the daemon, its CPU time for the request and its resident size
 * after it), medians of alternating runs.
 *
 * <p>Data: the CUE4Parse UE5.8 Tagged Uncompressed container with its global.utoc (97 packages) and
 * a container of {@code -Dbench.zenpeers.copies=N} (default 20) renamed copies of its packages, made
 * once with uassetd itself (Zen -> legacy, legacy -> JSON, package paths renamed in the JSON, JSON ->
 * legacy, legacy -> Zen; packages whose JSON does not come back are left out and counted). The
 * legacy -> Zen rows convert retoc's own legacy output of each container (the UE5.7 layout retoc
 * writes; retoc cannot read the UE5.8 cooked legacy packages) at UE5_7, uassetd with
 * {@code --parallel}. Oodle is absent from the retoc build, so the containers are uncompressed.
 */
public final class ZenPeersBenchmark {
    private static final String CONTAINER = "CUE4ParseFixtures-Minimal-Uncompressed-Windows";

    private ZenPeersBenchmark() {
    }

    /** One operation the three ways. */
    private record Op(String data, String name, List<String> retoc, List<String> cli, String request, Path output, boolean outputIsFile) {
    }

    /**
     * A timed run: wall seconds, CPU seconds, peak resident kB (NaN when unknown); for a command through the
     * running server, peakKb is the server's peak during the command, and rssKb (its resident size after)
     * and frontKb (the front-end's peak) are set.
     */
    private record Run(double wall, double cpu, double peakKb, double rssKb, double frontKb) {
    }

    @SuppressWarnings("try")
    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        Path launcher = root.resolve("uassetd");
        Path retoc = Path.of(System.getProperty("bench.peers.retoc", root.resolve("../shared/peers/retoc").toString())).normalize();
        Path fixtures = Path.of(System.getProperty("bench.fixtures", root.resolve("../shared/fixtures").toString())).normalize();
        Path tagged = fixtures.resolve("cue4parse/UE5_8/IoStore/Tagged");
        int runs = Integer.getInteger("bench.peers.runs", 5);
        int copies = Integer.getInteger("bench.zenpeers.copies", 20);
        Path work = Path.of(System.getProperty("bench.peers.dir", System.getProperty("java.io.tmpdir") + "/uassetd-zenpeers"));
        BenchReport report = new BenchReport("peers-zen", "Zen <-> legacy: uassetd next to retoc (" + retoc + "), medians of "
                + runs + " alternating runs; cpu = user + system seconds, peak = resident MiB",
                "data", "operation", "retoc_s", "retoc_cpu_s", "retoc_peak_mib", "cli_s", "cli_x", "cli_cpu_s", "cli_peak_mib",
                "server_first_s", "server_first_x", "server_s", "server_x", "server_cpu_s", "server_peak_mib", "server_rss_mib", "front_peak_mib",
                "server_warm_s", "server_warm_x", "server_warm_cpu_s", "server_warm_peak_mib",
                "daemon_s", "daemon_x", "daemon_cpu_s", "daemon_rss_mib");
        ServerRuns server = new ServerRuns(root, work);
        ServerRuns warm = new ServerRuns(root, work, "rt-warm");
        if (!Files.isExecutable(retoc) || !Files.isDirectory(tagged)) {
            report.summary("skipped", "needs " + retoc + " and " + tagged);
            report.publish();
            return;
        }
        report.summary("load before", PeersBenchmark.load());
        Process daemon = new ProcessBuilder(launcher.toString(), "serve").redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream din = daemon.getOutputStream();
             BufferedReader dout = new BufferedReader(new InputStreamReader(daemon.getInputStream(), StandardCharsets.UTF_8))) {
            Path small = work.resolve("game-97");
            copyContainer(tagged, small);
            Path large = work.resolve("game-copies-" + copies);
            int packages = makeCopies(din, dout, tagged, work, large, copies);
            List<Op> ops = new ArrayList<>();
            for (Object[] set : new Object[][] {{small, "97 packages"}, {large, packages + " packages"}}) {
                Path game = (Path) set[0];
                String label = (String) set[1];
                Path legacyOut = work.resolve("out-legacy");
                ops.add(new Op(label, "Zen -> legacy", List.of(retoc.toString(), "to-legacy", "--no-script-objects", game.toString(),
                        legacyOut.toString()), List.of(launcher.toString(), "extract_iostore_legacy", game.toString(), legacyOut.toString()),
                        "{\"action\":\"extract_iostore_legacy\",\"game_paks\":" + PeersBenchmark.q(game) + ",\"output_path\":" + PeersBenchmark.q(legacyOut) + "}",
                        legacyOut, false));
                // retoc's legacy output: the input of the legacy -> Zen rows
                Path retocLegacy = game.resolveSibling(game.getFileName() + "-retoc-legacy");
                Path made = retocLegacy.resolveSibling(retocLegacy.getFileName() + ".complete");
                if (!Files.isRegularFile(made)) {
                    BenchFixtures.deleteTree(retocLegacy);
                    PeersBenchmark.run(List.of(retoc.toString(), "to-legacy", "--no-script-objects", game.toString(), retocLegacy.toString()));
                    Files.writeString(made, "");
                }
                Path zenDir = work.resolve("out-zen");
                Path utoc = zenDir.resolve("Out.utoc");
                ops.add(new Op(label, "legacy -> Zen", List.of(retoc.toString(), "to-zen", "--version", "UE5_7", retocLegacy.toString(),
                        utoc.toString()), List.of(launcher.toString(), "create_mod_iostore", utoc.toString(), "--input-dir",
                        retocLegacy.toString(), "--game", "none", "--engine-version", "UE5_7", "--compress=false", "--parallel"),
                        "{\"action\":\"create_mod_iostore\",\"output_path\":" + PeersBenchmark.q(utoc) + ",\"input_dir\":" + PeersBenchmark.q(retocLegacy)
                                + ",\"game\":\"none\",\"engine_version\":\"UE5_7\",\"compress\":false,\"parallel\":true}", zenDir, true));
            }
            long pid = daemon.pid();
            // warm-up: WARMUPS times in the daemon, once as a command
            for (Op op : ops) {
                for (int i = 0; i < PeersBenchmark.WARMUPS; i++) {
                    prepare(op);
                    request(din, dout, op.request());
                }
                prepare(op);
                timed(op.cli(), ServerRuns.IN_PROCESS);
                if (server.available()) {
                    prepare(op);
                    timed(op.cli(), server.env());
                    for (int i = 0; i < PeersBenchmark.WARMUPS; i++) { // the warm server: as often as the daemon before the timed runs
                        prepare(op);
                        timed(op.cli(), warm.env());
                    }
                }
            }
            // ways: 0 retoc, 1 one-shot in-process, 2 daemon request, 3 one-shot through a stopped server (its
            // start included), 4 one-shot through the running server (cpu and rss from the server's /proc entry),
            // 5 one-shot through a second server that is never stopped (warmed as the daemon is)
            int ways = server.available() ? 6 : 3;
            Run none = new Run(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
            for (Op op : ops) {
                Run[][] t = new Run[6][runs];
                for (Run[] row : t) {
                    Arrays.fill(row, none);
                }
                for (int r = 0; r < runs; r++) {
                    for (int k = 0; k < ways; k++) {
                        int way = (r + k) % ways;
                        prepare(op);
                        if (way == 3) {
                            server.stop();
                        } else if (way == 4 && server.pid() < 0) {
                            timed(op.cli(), server.env()); // untimed: a server that has run the command before
                            prepare(op);
                        }
                        PeersBenchmark.settle();
                        if (way == 0) {
                            t[0][r] = timed(op.retoc());
                        } else if (way == 1) {
                            t[1][r] = timed(op.cli(), ServerRuns.IN_PROCESS);
                        } else if (way == 3) {
                            t[3][r] = timed(op.cli(), server.env());
                        } else if (way == 4) {
                            ServerRuns.ServerRun s = server.command(op.cli());
                            t[4][r] = new Run(s.wall(), s.cpu(), s.serverPeakKb(), s.serverRssKb(), s.frontPeakKb());
                        } else if (way == 5) {
                            ServerRuns.ServerRun s = warm.command(op.cli());
                            t[5][r] = new Run(s.wall(), s.cpu(), s.serverPeakKb(), s.serverRssKb(), s.frontPeakKb());
                        } else {
                            double c0 = cpuSeconds(pid);
                            long t0 = System.nanoTime();
                            request(din, dout, op.request());
                            double wall = (System.nanoTime() - t0) / 1e9;
                            t[2][r] = new Run(wall, cpuSeconds(pid) - c0, rssKb(pid), Double.NaN, Double.NaN);
                        }
                    }
                }
                double rw = median(t[0], Run::wall);
                double cw = median(t[1], Run::wall);
                double dw = median(t[2], Run::wall);
                double sf = median(t[3], Run::wall);
                double sw = median(t[4], Run::wall);
                double ww = median(t[5], Run::wall);
                report.row(op.data(), op.name(), rw, median(t[0], Run::cpu), median(t[0], Run::peakKb) / 1024, cw, cw / rw,
                        median(t[1], Run::cpu), median(t[1], Run::peakKb) / 1024, sf, sf / rw, sw, sw / rw, median(t[4], Run::cpu),
                        median(t[4], Run::peakKb) / 1024, median(t[4], Run::rssKb) / 1024, median(t[4], Run::frontKb) / 1024,
                        ww, ww / rw, median(t[5], Run::cpu), median(t[5], Run::peakKb) / 1024, dw, dw / rw, median(t[2], Run::cpu),
                        median(t[2], Run::peakKb) / 1024);
            }
            for (Op op : ops) {
                prepare(op);
            }
            din.close();
            daemon.waitFor(60, TimeUnit.SECONDS);
        } finally {
            daemon.destroy();
            server.stop();
            warm.stop();
        }
        report.summary("load after", PeersBenchmark.load());
        report.summary("cores", Runtime.getRuntime().availableProcessors());
        report.summary("cli", "./uassetd in-process (UASSETD_NO_SERVER=1) as it chooses its Java; time and peak memory from /usr/bin/time");
        report.summary("server", server.available() ? "./uassetd through the native front-end and the resident server: server_first = the first"
                + " command after the server was stopped (its start included), server = a later command (the server is stopped once a"
                + " round, so it has run the command once or twice), server_warm = a command through a second server that is never"
                + " stopped (run " + PeersBenchmark.WARMUPS + " times untimed first, as the daemon; then once a round); its cpu = the server's /proc"
                + " cpu around the command plus the front-end's; server_peak = the server's peak resident size during the command alone"
                + " (VmHWM reset through /proc/PID/clear_refs before it), server_rss = its resident size after it, front_peak = the"
                + " front-end's own peak (/usr/bin/time)" : "not run: no daemon/target/uassetd-front (no C compiler)");
        report.summary("daemon", "one warm daemon (" + PeersBenchmark.WARMUPS + " untimed requests of each operation first); cpu from /proc/<pid>/stat around each request, rss after it");
        report.publish();
    }

    /** The global and the Uncompressed content container of {@code tagged}, copied under {@code dir} (once). */
    private static void copyContainer(Path tagged, Path dir) throws IOException {
        Files.createDirectories(dir);
        for (String f : new String[] {"global.utoc", "global.ucas"}) {
            copyOnce(tagged.resolve(f), dir.resolve(f));
        }
        for (String ext : new String[] {".utoc", ".ucas"}) {
            copyOnce(tagged.resolve("Uncompressed/" + CONTAINER + ext), dir.resolve(CONTAINER + ext));
        }
    }

    private static void copyOnce(Path from, Path to) throws IOException {
        if (!Files.isRegularFile(to) || Files.size(to) != Files.size(from)) {
            Files.copy(from, to, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /**
     * A game folder holding global.utoc and one container of {@code copies} renamed copies of the
     * fixture packages; made once (a marker names the count) and reused. Returns the package count.
     */
    private static int makeCopies(OutputStream din, BufferedReader dout, Path tagged, Path work, Path game, int copies)
            throws Exception {
        Path marker = game.resolveSibling(game.getFileName() + ".complete");
        if (Files.isRegularFile(marker)) {
            return Integer.parseInt(Files.readString(marker).trim());
        }
        Path stage = work.resolve("stage");
        BenchFixtures.deleteTree(stage);
        Path source = stage.resolve("source");
        copyContainer(tagged, source);
        Path legacy = stage.resolve("legacy");
        request(din, dout, "{\"action\":\"extract_iostore_legacy\",\"game_paks\":" + PeersBenchmark.q(source) + ",\"output_path\":" + PeersBenchmark.q(legacy) + "}");
        Path json = stage.resolve("json");
        // a package whose JSON cannot be written is left out of the copies (the reply says which)
        requestAny(din, dout, "{\"action\":\"batch_to_json\",\"file_path\":" + PeersBenchmark.q(legacy.resolve("Game")) + ",\"output_path\":" + PeersBenchmark.q(json) + "}");
        List<Path> docs;
        try (Stream<Path> s = Files.walk(json)) {
            docs = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        Path renamed = stage.resolve("renamed");
        for (int i = 1; i <= copies; i++) {
            String tag = String.format(Locale.ROOT, "Fixtures%02d", i);
            for (Path d : docs) {
                Path to = renamed.resolve(tag).resolve(json.relativize(d).toString());
                Files.createDirectories(to.getParent());
                Files.writeString(to, Files.readString(d).replace("/Game/Fixtures/", "/Game/" + tag + "/"));
            }
        }
        Path legacyCopies = stage.resolve("legacy-copies");
        request(din, dout, "{\"action\":\"batch_from_json\",\"file_path\":" + PeersBenchmark.q(renamed) + ",\"output_path\":" + PeersBenchmark.q(legacyCopies) + "}");
        BenchFixtures.deleteTree(game);
        Files.createDirectories(game);
        for (String f : new String[] {"global.utoc", "global.ucas"}) {
            Files.copy(tagged.resolve(f), game.resolve(f));
        }
        request(din, dout, "{\"action\":\"create_mod_iostore\",\"output_path\":" + PeersBenchmark.q(game.resolve("Copies_P.utoc")) + ",\"input_dir\":"
                + PeersBenchmark.q(legacyCopies) + ",\"game\":\"none\",\"engine_version\":\"UE5_8\",\"compress\":false,\"parallel\":true}");
        int packages = docs.size() * copies;
        BenchFixtures.deleteTree(stage);
        Files.writeString(marker, Integer.toString(packages));
        return packages;
    }

    private static void prepare(Op op) throws IOException {
        BenchFixtures.deleteTree(op.output());
        if (op.outputIsFile()) {
            Files.createDirectories(op.output()); // retoc to-zen wants the output folder to exist
        }
    }

    private static Run timed(List<String> cmd) throws Exception {
        return timed(cmd, java.util.Map.of());
    }

    private static Run timed(List<String> cmd, java.util.Map<String, String> env) throws Exception {
        ServerRuns.Run r = ServerRuns.timed(cmd, env);
        return new Run(r.wall(), r.cpu(), r.peakKb(), Double.NaN, Double.NaN);
    }

    private static double cpuSeconds(long pid) {
        return ServerRuns.cpuSeconds(pid);
    }

    private static double rssKb(long pid) {
        return ServerRuns.statusKb(pid, "VmRSS");
    }

    private static void request(OutputStream in, BufferedReader out, String json) throws IOException {
        String line = requestAny(in, out, json);
        if (!line.startsWith("{\"success\":true")) {
            throw new IllegalStateException("request failed: " + json + " -> " + line);
        }
    }

    private static String requestAny(OutputStream in, BufferedReader out, String json) throws IOException {
        in.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
        String line = out.readLine();
        if (line == null) {
            throw new IllegalStateException("daemon ended: " + json);
        }
        return line;
    }

    private static double median(Run[] runs, java.util.function.ToDoubleFunction<Run> f) {
        double[] s = Arrays.stream(runs).mapToDouble(f).sorted().toArray();
        return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
    }
}
