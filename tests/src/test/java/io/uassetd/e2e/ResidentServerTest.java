package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.uassetd.testkit.Fixtures;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One-shot commands through the packaged launcher ({@code ./uassetd}), its native front-end and the
 * resident server (docs/server.md), against the same commands run in-process with
 * {@code --no-server}: byte-identical stdout and stderr and the same exit status, relative paths
 * from the caller's folder, Ctrl-C, idle stop, a new build replacing the server, the private folder
 * and a stale socket after kill -9. Each test has its own runtime folder and stops its servers.
 */
@Timeout(300)
class ResidentServerTest {
    @TempDir
    Path tmp;
    Path rt;
    final List<Path> runtimeDirs = new ArrayList<>();

    static Path launcher() {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", "..")).toAbsolutePath().normalize();
        return root.resolve("uassetd");
    }

    @BeforeEach
    void needFrontEnd() {
        Path front = launcher().resolveSibling("daemon/target/uassetd-front");
        boolean required = System.getenv("UASSETD_REQUIRE_NATIVE_TESTS") != null;
        if (required) {
            assertThat(front).as("the native front-end (built by the daemon module with cc)").isExecutable();
        }
        assumeTrue(Files.isExecutable(front), "no native front-end (no C compiler when the daemon was built)");
        rt = runtimeDir("rt");
    }

    Path runtimeDir(String name) {
        Path d = tmp.resolve(name);
        runtimeDirs.add(d);
        return d;
    }

    @AfterEach
    void stopServers() throws Exception {
        for (Path d : runtimeDirs) {
            for (long pid : serverPids(d)) {
                ProcessHandle.of(pid).ifPresent(h -> {
                    h.destroy();
                    h.onExit().orTimeout(20, TimeUnit.SECONDS).exceptionally(e -> {
                        h.destroyForcibly();
                        return h;
                    }).join();
                });
            }
        }
    }

    static List<Long> serverPids(Path dir) throws IOException {
        List<Long> pids = new ArrayList<>();
        if (!Files.isDirectory(dir)) {
            return pids;
        }
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.filter(f -> f.toString().endsWith(".pid")).toList()) {
                try {
                    pids.add(Long.parseLong(Files.readString(p).trim()));
                } catch (IOException | NumberFormatException e) {
                    // removed meanwhile
                }
            }
        }
        return pids;
    }

    record Run(int status, byte[] stdout, byte[] stderr) {
        String out() {
            return new String(stdout, StandardCharsets.UTF_8);
        }

        String err() {
            return new String(stderr, StandardCharsets.UTF_8);
        }
    }

    ProcessBuilder builder(Path runtime, Path cwd, Map<String, String> env, String... args) {
        List<String> cmd = new ArrayList<>();
        cmd.add(launcher().toString());
        cmd.addAll(Arrays.asList(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(cwd.toFile()).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")));
        pb.environment().remove("UASSETD_NO_SERVER");
        pb.environment().put("UASSETD_RUNTIME_DIR", runtime.toString());
        pb.environment().putAll(env);
        return pb;
    }

    Run run(Path runtime, Path cwd, Map<String, String> env, String... args) throws Exception {
        Path out = Files.createTempFile(tmp, "out", ".txt");
        Path err = Files.createTempFile(tmp, "err", ".txt");
        Process p = builder(runtime, cwd, env, args).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertThat(p.waitFor(240, TimeUnit.SECONDS)).as("command finished: " + List.of(args)).isTrue();
        return new Run(p.exitValue(), Files.readAllBytes(out), Files.readAllBytes(err));
    }

    Run served(Path cwd, String... args) throws Exception {
        return run(rt, cwd, Map.of(), args);
    }

    Run inProcess(Path cwd, String... args) throws Exception {
        List<String> a = new ArrayList<>(Arrays.asList(args));
        a.add(0, "--no-server");
        return run(rt, cwd, Map.of(), a.toArray(String[]::new));
    }

    /** Runs {@code args} in-process and through the server; asserts the same bytes and status; returns the served run. */
    Run same(Path cwd, int status, String... args) throws Exception {
        Run want = inProcess(cwd, args);
        Run got = served(cwd, args);
        assertThat(want.status()).as("in-process status of %s: %s", List.of(args), want.err()).isEqualTo(status);
        assertThat(got.status()).as("served status of %s: %s", List.of(args), got.err()).isEqualTo(status);
        assertThat(got.out()).as("stdout of %s", List.of(args)).isEqualTo(want.out());
        assertThat(got.stdout()).isEqualTo(want.stdout());
        assertThat(got.err()).as("stderr of %s", List.of(args)).isEqualTo(want.err());
        assertThat(got.stderr()).isEqualTo(want.stderr());
        return got;
    }

    @Test
    void commandsThroughTheServerPrintAndExitExactlyAsInProcess() throws Exception {
        Path pak = Fixtures.path("repak/packs/pack_v11.pak");
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        Run first = same(cwd, 0, "list_pak", pak.toString());
        assertThat(first.out()).contains("test.png").contains("4 of 4 files");
        assertThat(serverPids(rt)).as("a server was started on first use").hasSize(1);
        same(cwd, 0, "list_pak", pak.toString(), "--json");
        same(cwd, 0, "help");
        same(cwd, 0, "help", "extract_pak_all");
        same(cwd, 2, "list_pak"); // usage: missing argument, with the command's help on stderr
        same(cwd, 2, "list_pak", pak.toString(), "--no-such-option");
        same(cwd, 2, "frobnicate");
        same(cwd, 3, "list_pak", "missing.pak"); // nothing done
        same(cwd, 3, "list_pak", pak.toString(), "--aes", "00");
        Run progress = same(cwd, 0, "sleep", "300", "--steps", "3", "--progress");
        assertThat(progress.err()).isEqualTo("[0/3] step 0\n[1/3] step 1\n[2/3] step 2\n[3/3] step 3\n");
        same(cwd, 0, "cityhash", "/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu");
    }

    @Test
    void relativePathsResolveInTheCallersFolder() throws Exception {
        Path asset = Fixtures.path("uassetapi/TestJson/Items.uasset");
        Path uexp = asset.resolveSibling("Items.uexp");
        Path pak = Fixtures.path("repak/packs/pack_v11.pak");
        Map<String, Path> dirs = new HashMap<>();
        for (String mode : List.of("in-process", "served")) {
            Path cwd = Files.createDirectories(tmp.resolve(mode).resolve("sub"));
            dirs.put(mode, cwd);
            Files.copy(pak, cwd.resolve("p.pak"));
            Files.createDirectories(cwd.resolve("in"));
            Files.copy(asset, cwd.resolve("in/Items.uasset"));
            Files.copy(uexp, cwd.resolve("in/Items.uexp"));
        }
        String[][] commands = {
            {"extract_pak_all", "p.pak", "out"},
            {"list_pak", "./p.pak", "--json"},
            {"list_pak", "../sub/p.pak"},
            {"to_json", "in/Items.uasset", "--output-path", "jsons"},
        };
        // the two runs differ only by their folders: where a command prints an absolute path, each names its own
        String a = dirs.get("in-process").toString();
        String b = dirs.get("served").toString();
        for (String[] c : commands) {
            Run want = inProcess(dirs.get("in-process"), c);
            Run got = served(dirs.get("served"), c);
            assertThat(got.status()).as(List.of(c) + ": " + got.err()).isEqualTo(want.status()).isZero();
            assertThat(timeless(got.out().replace(b, "CWD"))).as(List.of(c).toString()).isEqualTo(timeless(want.out().replace(a, "CWD")));
            assertThat(got.err().replace(b, "CWD")).isEqualTo(want.err().replace(a, "CWD"));
        }
        // the partly failing command (exit 1) names the bad file as the caller wrote it
        for (Path cwd : dirs.values()) {
            Files.writeString(cwd.resolve("jsons/Broken.json"), "{\"NameMap\": 3}");
        }
        Run want = inProcess(dirs.get("in-process"), "from_json", "jsons", "back");
        Run got = served(dirs.get("served"), "from_json", "jsons", "back");
        assertThat(want.status()).isEqualTo(1);
        assertThat(got.status()).isEqualTo(1);
        assertThat(timeless(got.out())).isEqualTo(timeless(want.out()));
        assertThat(got.err()).isEqualTo(want.err()).contains("jsons/Broken.json");
        // the files landed in the caller's folder, byte for byte the same as in-process
        for (String f : List.of("out/test.png", "out/directory/nested.txt", "jsons/Items.json", "back/Items.uasset", "back/Items.uexp")) {
            assertThat(dirs.get("served").resolve(f)).as(f).isRegularFile();
            assertThat(Files.readAllBytes(dirs.get("served").resolve(f))).as(f).isEqualTo(Files.readAllBytes(dirs.get("in-process").resolve(f)));
        }
        for (long pid : serverPids(rt)) {
            String serverCwd = Files.readSymbolicLink(Path.of("/proc/" + pid + "/cwd")).toString();
            assertThat(serverCwd).as("the server runs in its own folder, not the caller's").isEqualTo(rt.toRealPath().toString());
        }
        assertThat(rt.resolve("out")).doesNotExist();
    }

    /** {@code text} without the milliseconds a command took (the one thing two runs of it may differ in). */
    static String timeless(String text) {
        return text.replaceAll("elapsed_ms: [0-9]+", "elapsed_ms: N").replaceAll("\"elapsed_ms\":[0-9]+", "\"elapsed_ms\":N");
    }

    @Test
    void ctrlCCancelsTheCommandOnTheServer() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        served(cwd, "ping"); // the server is up
        long pid = serverPids(rt).get(0);
        Path err = tmp.resolve("sleep.err");
        Process p = builder(rt, cwd, Map.of(), "sleep", "60000", "--steps", "600", "--progress")
                .redirectOutput(tmp.resolve("sleep.out").toFile()).redirectError(err.toFile()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.readString(err).contains("[1/600]") && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(Files.readString(err)).contains("[1/600]");
        long sent = System.nanoTime();
        new ProcessBuilder("kill", "-INT", Long.toString(p.pid())).start().waitFor();
        assertThat(p.waitFor(20, TimeUnit.SECONDS)).as("the front-end ends once the server cancelled the command").isTrue();
        long tookMs = (System.nanoTime() - sent) / 1_000_000;
        assertThat(p.exitValue()).isEqualTo(130);
        assertThat(tookMs).as("cancelled, not slept out").isLessThan(20_000);
        assertThat(Files.readString(err)).doesNotContain("CANCELLED").doesNotContain("[600/600]");
        assertThat(Files.readAllBytes(tmp.resolve("sleep.out"))).isEmpty();
        // the server lives on and serves the next command
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive)).contains(true);
        assertThat(served(cwd, "ping").status()).isZero();
        assertThat(serverPids(rt)).containsExactly(pid);
    }

    @Test
    void clientsAreServedInParallel() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        served(cwd, "ping");
        Path slowErr = tmp.resolve("slow.err");
        Process slow = builder(rt, cwd, Map.of(), "sleep", "8000", "--progress").redirectOutput(tmp.resolve("slow.out").toFile())
                .redirectError(slowErr.toFile()).start();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.readString(slowErr).contains("[0/10]") && System.nanoTime() < deadline) {
            Thread.sleep(20); // until the server runs the first client's command
        }
        assertThat(Files.readString(slowErr)).contains("[0/10]");
        Run quick = served(cwd, "list_pak", Fixtures.path("repak/packs/pack_v11.pak").toString());
        assertThat(quick.status()).isZero();
        assertThat(slow.isAlive()).as("the second client was served while the first one's command ran").isTrue();
        assertThat(slow.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(slow.exitValue()).isZero();
        assertThat(serverPids(rt)).hasSize(1);
    }

    @Test
    void theServerStopsWhenIdle() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        Run r = run(rt, cwd, Map.of("UASSETD_SERVER_IDLE_SECONDS", "2"), "ping");
        assertThat(r.status()).isZero();
        List<Long> pids = serverPids(rt);
        assertThat(pids).hasSize(1);
        Optional<ProcessHandle> h = ProcessHandle.of(pids.get(0));
        assertThat(h).isPresent();
        assertThat(h.get().onExit().orTimeout(30, TimeUnit.SECONDS).join().isAlive()).isFalse();
        try (Stream<Path> s = Files.list(rt)) {
            assertThat(s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".sock") || n.endsWith(".pid")).toList())
                    .as("the idle server removed its socket and pid file").isEmpty();
        }
        // the next command starts a new one
        assertThat(run(rt, cwd, Map.of("UASSETD_SERVER_IDLE_SECONDS", "2"), "ping").status()).isZero();
        assertThat(serverPids(rt)).hasSize(1).doesNotContain(pids.get(0));
    }

    @Test
    void aNewBuildReplacesTheServerOfTheOldOne() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        Path pak = Fixtures.path("repak/packs/pack_v11.pak");
        Run a = run(rt, cwd, Map.of("UASSETD_BUILD_ID", "build-a"), "list_pak", pak.toString());
        assertThat(a.status()).isZero();
        long old = Long.parseLong(Files.readString(rt.resolve("build-a.pid")).trim());
        Run b = run(rt, cwd, Map.of("UASSETD_BUILD_ID", "build-b"), "list_pak", pak.toString());
        assertThat(b.status()).isZero();
        assertThat(b.out()).isEqualTo(a.out());
        long now = Long.parseLong(Files.readString(rt.resolve("build-b.pid")).trim());
        assertThat(now).isNotEqualTo(old);
        ProcessHandle.of(old).ifPresent(h -> assertThat(h.onExit().orTimeout(30, TimeUnit.SECONDS).join().isAlive()).isFalse());
        assertThat(rt.resolve("build-a.sock")).doesNotExist();
        assertThat(rt.resolve("build-b.sock")).exists();
    }

    @Test
    void theRuntimeFolderIsPrivateAndAnOpenOrForeignOneIsRefused() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        Path pak = Fixtures.path("repak/packs/pack_v11.pak");
        assertThat(served(cwd, "ping").status()).isZero();
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(rt))).isEqualTo("rwx------");
        try (Stream<Path> s = Files.list(rt)) {
            assertThat(s.filter(p -> p.toString().endsWith(".sock")).count()).isEqualTo(1);
        }
        Run want = inProcess(cwd, "list_pak", pak.toString());
        // a folder open to others: refused (said on stderr), the command runs in-process all the same
        Path open = runtimeDir("open");
        Files.createDirectories(open);
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        Run r = run(open, cwd, Map.of(), "list_pak", pak.toString());
        assertThat(r.status()).isZero();
        assertThat(r.out()).isEqualTo(want.out());
        assertThat(r.err()).isEqualTo("uassetd: not using the resident server: " + open + " is open to other users (mode 755; must be 700)\n");
        try (Stream<Path> s = Files.list(open)) {
            assertThat(s.toList()).as("nothing made in a refused folder").isEmpty();
        }
        // another user's folder (needs root to make): refused the same way
        if ("root".equals(System.getProperty("user.name"))) {
            Path foreign = runtimeDir("foreign");
            Files.createDirectories(foreign);
            Files.setPosixFilePermissions(foreign, PosixFilePermissions.fromString("rwx------"));
            assertThat(new ProcessBuilder("chown", "65534", foreign.toString()).start().waitFor()).isZero();
            Run f = run(foreign, cwd, Map.of(), "list_pak", pak.toString());
            assertThat(f.status()).isZero();
            assertThat(f.out()).isEqualTo(want.out());
            assertThat(f.err()).isEqualTo("uassetd: not using the resident server: " + foreign + " is owned by user 65534, not 0\n");
            try (Stream<Path> s = Files.list(foreign)) {
                assertThat(s.toList()).isEmpty();
            }
        }
    }

    @Test
    void aStaleSocketAfterKillNineIsReplaced() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        Path pak = Fixtures.path("repak/packs/pack_v11.pak");
        Run first = served(cwd, "list_pak", pak.toString());
        long pid = serverPids(rt).get(0);
        ProcessHandle h = ProcessHandle.of(pid).orElseThrow();
        assertThat(new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor()).isZero();
        h.onExit().orTimeout(30, TimeUnit.SECONDS).join();
        try (Stream<Path> s = Files.list(rt)) {
            assertThat(s.filter(p -> p.toString().endsWith(".sock")).count()).as("kill -9 left the socket file").isEqualTo(1);
        }
        Run again = served(cwd, "list_pak", pak.toString());
        assertThat(again.status()).isZero();
        assertThat(again.out()).isEqualTo(first.out());
        assertThat(again.err()).isEqualTo(first.err());
        assertThat(serverPids(rt)).hasSize(1).doesNotContain(pid);
    }

    @Test
    void noServerSwitchAndVariableRunInProcess() throws Exception {
        Path cwd = Files.createDirectories(tmp.resolve("work"));
        assertThat(run(rt, cwd, Map.of("UASSETD_NO_SERVER", "1"), "ping").status()).isZero();
        assertThat(run(rt, cwd, Map.of(), "ping", "--no-server").status()).isZero();
        assertThat(run(rt, cwd, Map.of(), "--no-server", "ping").status()).isZero();
        assertThat(rt).as("no server, no runtime folder").doesNotExist();
    }
}
