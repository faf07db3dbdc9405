package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledOnOs;
import org.junit.jupiter.api.condition.OS;

/**
 * The checkout's launcher ({@code ./uassetd}) sizes the heap from the memory budget: 3/4 of
 * {@code --memory-mb N} (both spellings), else of {@code UASSETD_MEMORY_MB}, else of a quarter of
 * the smaller of physical memory and the cgroup limit; the daemon admits one decode against half
 * the heap. Read back from the {@code version} reply of the launched JVM.
 */
@EnabledOnOs({OS.LINUX})
class LauncherMemoryTest {
    private static JsonNode version(Map<String, String> env, String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Fixtures.repoRoot().resolve("uassetd").toString(), "version", "--json"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("UASSETD_JAR", Daemon.jar().toString());
        pb.environment().remove("UASSETD_MEMORY_MB");
        pb.environment().remove("UASSETD_JAVA_OPTS");
        // the launcher's own JVM is measured, not a resident server's (docs/server.md), unless the test names a runtime folder
        pb.environment().put("UASSETD_NO_SERVER", env.containsKey("UASSETD_RUNTIME_DIR") ? "0" : "1");
        pb.environment().putAll(env);
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(out).isZero();
        return Json.mapper().readTree(out).get("data");
    }

    /** The heap the JVM reports is the -Xmx asked for, less at most a few percent (the collector's reserve). */
    private static void heap(JsonNode v, long expectMb) {
        long heap = v.get("heap_max_mb").longValue();
        assertThat(heap).as("heap of " + v).isBetween(expectMb * 95 / 100, expectMb);
        assertThat(v.get("decode_budget_mb").longValue()).isEqualTo(heap / 2);
    }

    @Test
    void theHeapIsThreeQuartersOfTheBudget() throws Exception {
        heap(version(Map.of(), "--memory-mb", "256"), 192);
        heap(version(Map.of(), "--memory-mb=320"), 240);
        heap(version(Map.of("UASSETD_MEMORY_MB", "512")), 384);
        // the option wins over the variable
        heap(version(Map.of("UASSETD_MEMORY_MB", "512"), "--memory-mb", "256"), 192);
    }

    /**
     * The launcher picks the collector (docs/server.md "Memory"): serial on up to 4 cores ({@code nproc}), parallel above;
     * one the user names in UASSETD_JAVA_OPTS is used instead (naming two would stop the JVM); the smallest budget
     * still starts (no young generation larger than its heap allows).
     */
    @Test
    void theCollectorFollowsTheCoresUnlessTheUserNamesOne() throws Exception {
        Process n = new ProcessBuilder("nproc").redirectErrorStream(true).start();
        int cores = Integer.parseInt(new String(n.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
        String expected = cores <= 4 ? "Serial" : "Parallel";
        assertThat(version(Map.of()).get("collector").asText()).isEqualTo(expected);
        assertThat(version(Map.of("UASSETD_JAVA_OPTS", "-XX:+UseG1GC")).get("collector").asText()).isEqualTo("G1");
        JsonNode small = version(Map.of(), "--memory-mb", "64");
        assertThat(small.get("collector").asText()).isEqualTo(expected);
        heap(small, 48);
    }

    @Test
    void theDefaultBudgetIsAQuarterOfTheMachine() throws Exception {
        long total = 0;
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemTotal:")) {
                total = Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        for (Path limit : List.of(Path.of("/sys/fs/cgroup/memory.max"), Path.of("/sys/fs/cgroup/memory/memory.limit_in_bytes"))) {
            if (Files.isRegularFile(limit)) {
                String v = Files.readString(limit).trim();
                if (v.matches("[0-9]+")) {
                    total = Math.min(total, Long.parseLong(v));
                }
            }
        }
        long expectMb = (long) (total * 0.1875) >> 20;
        long heap = version(Map.of()).get("heap_max_mb").longValue();
        assertThat(heap).as("heap of a machine with " + (total >> 20) + " MiB").isBetween(expectMb * 90 / 100, expectMb * 101 / 100);
    }


    /** The arguments of the JVM the launcher starts for {@code serve} (it execs Java: same process), read from /proc. */
    private static List<String> serveArguments(Map<String, String> env, String... prefix) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(prefix));
        cmd.addAll(List.of(Fixtures.repoRoot().resolve("uassetd").toString(), "serve"));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("UASSETD_JAR", Daemon.jar().toString());
        pb.environment().remove("UASSETD_JAVA_OPTS");
        pb.environment().putAll(env);
        Process p = pb.start();
        try {
            // a reply to ping says the JVM runs (the launcher has exec'd it by then)
            p.getOutputStream().write("{\"action\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8));
            p.getOutputStream().flush();
            String reply = new java.io.BufferedReader(new java.io.InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertThat(reply).contains("\"success\":true");
            byte[] raw = Files.readAllBytes(Path.of("/proc/" + p.pid() + "/cmdline"));
            return List.of(new String(raw, StandardCharsets.UTF_8).split("\0"));
        } finally {
            p.getOutputStream().close();
            p.destroy();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        }
    }

    /**
     * The launcher limits the JIT's inlining (docs/server.md "The JIT's inlining"): hot callees of up to 60 bytecodes,
     * compiled code under 600 bytes; UASSETD_JAVA_OPTS comes after them, so a user's own value wins.
     */
    @Test
    void theJitInlinesSmallCalleesOnlyUnlessTheUserSaysOtherwise() throws Exception {
        List<String> args = serveArguments(Map.of());
        assertThat(args).contains("-XX:FreqInlineSize=60", "-XX:InlineSmallCode=600");
        List<String> own = serveArguments(Map.of("UASSETD_JAVA_OPTS", "-XX:FreqInlineSize=325"));
        assertThat(own.lastIndexOf("-XX:FreqInlineSize=325")).isGreaterThan(own.indexOf("-XX:FreqInlineSize=60"));
        assertThat(own.indexOf("-XX:FreqInlineSize=60")).isNotNegative();
    }


    /** A young generation of 4 MiB per core (8 to 64 MiB), the starting heap twice that (docs/server.md "Memory"). */
    @Test
    void theYoungGenerationIsFourMibPerCore() throws Exception {
        Process n = new ProcessBuilder("nproc").redirectErrorStream(true).start();
        int cores = Integer.parseInt(new String(n.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim());
        int young = Math.max(8, Math.min(64, cores * 4));
        assertThat(serveArguments(Map.of())).contains("-Xmn" + young + "m", "-Xms" + 2 * young + "m");
    }

    /**
     * The launcher counts the cores itself (the affinity list in /proc/self/status, no process started) as nproc
     * does; where nproc would count otherwise (OMP_NUM_THREADS, which nproc honours) it asks nproc: 5 cores there
     * give the parallel collector and a 20 MiB young generation on any machine; one core of the affinity list
     * gives the serial collector and the smallest young generation.
     */
    @Test
    void theCoresAreCountedAsNprocCountsThem() throws Exception {
        assertThat(serveArguments(Map.of("OMP_NUM_THREADS", "5"))).contains("-XX:+UseParallelGC", "-Xmn20m", "-Xms40m");
        if (Files.isExecutable(Path.of("/usr/bin/taskset"))) {
            List<String> one = serveArguments(Map.of(), "/usr/bin/taskset", "-c", "0");
            assertThat(one).contains("-XX:+UseSerialGC", "-Xmn8m", "-Xms16m");
        }
    }

    @Test
    void aServerStartedUnderOneBudgetDoesNotAnswerACommandOfAnother(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path rt = tmp.resolve("rt");
        try {
            // the first command starts the resident server with a 512 MiB budget (when the front-end is built)
            heap(version(Map.of("UASSETD_RUNTIME_DIR", rt.toString(), "UASSETD_MEMORY_MB", "512")), 384);
            // another budget, or none, is not this server's: the command runs in its own JVM
            heap(version(Map.of("UASSETD_RUNTIME_DIR", rt.toString(), "UASSETD_MEMORY_MB", "320")), 240);
            long machine = version(Map.of()).get("heap_max_mb").longValue();
            assertThat(version(Map.of("UASSETD_RUNTIME_DIR", rt.toString())).get("heap_max_mb").longValue()).isEqualTo(machine);
        } finally {
            for (long pid : ResidentServerTest.serverPids(rt)) {
                ProcessHandle.of(pid).ifPresent(h -> {
                    h.destroy();
                    h.onExit().orTimeout(20, TimeUnit.SECONDS).join();
                });
            }
        }
    }
}
