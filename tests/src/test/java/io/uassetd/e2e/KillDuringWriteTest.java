package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.testkit.FileSets;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * kill -9 of the packaged daemon in the middle of every kind of multi-file write, many times at
 * random moments: {@code from_json} over an existing split package (.uasset + .uexp),
 * {@code inject_texture} over an existing texture (.uasset + .uexp + .ubulk) and
 * {@code create_mod_iostore} over an existing mod (.utoc + .ucas + companion .pak). After the next
 * start (which finishes interrupted writes from its state folder) the folder holds exactly the old
 * set or exactly the new set, and no hidden temporary, old or journal file. The daemon runs with
 * {@code UASSETD_TXN_STEP_DELAY_MS} so that the kills land between the steps of the commit; each kill
 * is timed from the moment that run's write starts (its first hidden file appears), at a random point
 * of the write's measured length, so a loaded machine's slower start-up does not move it out of the write.
 */
class KillDuringWriteTest {
    private static final String DIR = "uassetapi/TestJson";
    private static final int RUNS = 16;
    private static final long DELAY = 100;

    private static Process start(Path state, long stepDelay, String... args) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(Daemon.command(args)).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("UASSETD_STATE_DIR", state.toString());
        if (stepDelay > 0) {
            pb.environment().put("UASSETD_TXN_STEP_DELAY_MS", Long.toString(stepDelay));
        }
        return pb.start();
    }

    private static void runToEnd(Path state, String... args) throws Exception {
        Process p = start(state, 0, args);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(String.join(" ", args)).isZero();
    }


    /** One kind of write: the command that writes the old set and the one that writes the new set into {@code dir}. */
    private interface Write {
        String[] args(Path dir, boolean newSet);
    }

    /**
     * Writes the old set, then the new set over it killed at a random moment, {@code runs} times; after
     * each kill the next start must leave exactly the old or the new set. Returns a summary line.
     */
    private static String killLoop(Path tmp, Path state, String kind, Write w, int runs, long delay, String... expectNames)
            throws Exception {
        Path ref = tmp.resolve(kind + "-ref");
        runToEnd(state, w.args(ref, false));
        Map<String, String> oldSet = FileSets.digests(ref);
        runToEnd(state, w.args(ref, true));
        Map<String, String> newSet = FileSets.digests(ref);
        assertThat(oldSet.keySet()).as(kind + " old set").containsExactlyInAnyOrder(expectNames);
        assertThat(newSet.keySet()).as(kind + " new set").containsExactlyInAnyOrder(expectNames);
        assertThat(newSet).isNotEqualTo(oldSet);
        // how long the write itself takes with the step delay: from the moment its first hidden file appears in the
        // folder to the process's end. Start-up and reading the inputs come before that and vary with the machine's
        // load, so each kill is timed from the moment that run's write starts, at a random point of the measured write.
        Path timing = tmp.resolve(kind + "-timing");
        runToEnd(state, w.args(timing, false));
        Process p0 = start(state, delay, w.args(timing, true));
        long writeStart = awaitWriteStart(p0, timing);
        assertThat(writeStart).as(kind + ": the timed write was seen starting").isPositive();
        assertThat(p0.waitFor(300, TimeUnit.SECONDS)).isTrue();
        long write = Math.max(1, (System.nanoTime() - writeStart) / 1_000_000);
        Random random = new Random(20261128L + kind.hashCode());
        int olds = 0;
        int news = 0;
        int midWrite = 0;
        List<String> seen = new ArrayList<>();
        for (int run = 0; run < runs; run++) {
            Path dir = tmp.resolve(kind + "-run" + run);
            runToEnd(state, w.args(dir, false));
            long killAt = (long) (random.nextDouble() * write);
            Process p = start(state, delay, w.args(dir, true));
            long started = awaitWriteStart(p, dir);
            if (started < 0 || p.waitFor(killAt, TimeUnit.MILLISECONDS)) {
                seen.add(run + ": finished before the kill at " + killAt + " ms into the write");
            } else {
                p.destroyForcibly(); // SIGKILL
                p.waitFor(30, TimeUnit.SECONDS);
            }
            Map<String, String> before = FileSets.digests(dir);
            if (before.keySet().stream().anyMatch(n -> n.startsWith("."))) {
                midWrite++;
                seen.add(run + ": killed " + killAt + " ms into the write, left " + before.keySet());
            }
            // the next start finishes what the killed process left (its state folder names this folder)
            runToEnd(state, "capabilities");
            Map<String, String> after = FileSets.digests(dir);
            if (after.equals(oldSet)) {
                olds++;
            } else if (after.equals(newSet)) {
                news++;
            } else {
                fail(kind + " run " + run + " (kill " + killAt + " ms into the write) left " + after.keySet() + ", neither the old nor the new set: "
                        + after + "\nold " + oldSet + "\nnew " + newSet);
            }
        }
        String summary = kind + ": " + runs + " kills (write " + write + " ms): " + olds + " old, " + news + " new, 0 mixed; "
                + midWrite + " landed mid-write";
        System.err.println("KillDuringWriteTest " + summary + "\n  " + String.join("\n  ", seen));
        assertThat(midWrite).as(kind + ": kills that landed inside the write").isGreaterThanOrEqualTo(runs / 4);
        try (Stream<Path> s = Files.list(state)) {
            assertThat(s.toList()).as("write records left in the state folder").isEmpty();
        }
        return summary;
    }

    /**
     * Waits until the write of {@code p} has begun in {@code dir} (a hidden temporary file of the write
     * is there) and returns {@link System#nanoTime()} then; -1 when the process ended first.
     */
    private static long awaitWriteStart(Process p, Path dir) throws Exception {
        while (p.isAlive()) {
            if (Files.isDirectory(dir)) {
                try (Stream<Path> s = Files.list(dir)) {
                    if (s.anyMatch(f -> f.getFileName().toString().startsWith("."))) {
                        return System.nanoTime();
                    }
                } catch (java.io.IOException raced) {
                    // the folder changed while it was listed: look again
                }
            }
            Thread.sleep(1);
        }
        return -1;
    }

    @Test
    void killedFromJsonLeavesTheOldOrTheNewPackage(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path json = tmp.resolve("json");
        runToEnd(state, "to_json", Fixtures.path(DIR + "/ABP_SMG_A.uasset").toString(), "--output-path", json.toString());
        runToEnd(state, "to_json", Fixtures.path(DIR + "/MGA_HeavyWeapon_Parent.uasset").toString(), "--output-path",
                json.toString());
        Path oldJson = json.resolve("ABP_SMG_A.json");
        Path newJson = json.resolve("MGA_HeavyWeapon_Parent.json");
        killLoop(tmp, state, "from_json", (dir, n) -> new String[] {"from_json", (n ? newJson : oldJson).toString(),
            dir.resolve("X.uasset").toString()}, RUNS, DELAY, "X.uasset", "X.uexp");
    }

    /** inject_texture writes .uasset + .uexp + .ubulk (matya's UE4.27 T_Worm_A with its streamed mips). */
    @Test
    void killedInjectTextureLeavesTheOldOrTheNewTexture(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        String texture = Fixtures.path("matya/4.27/T_Worm_A.uasset").toString();
        String oldPng = Fixtures.path("matya/raw/T_Worm_A.png").toString();
        String newPng = Fixtures.path("matya/raw/T_Worm_D.png").toString();
        killLoop(tmp, state, "inject_texture", (dir, n) -> new String[] {"inject_texture", texture, n ? newPng : oldPng,
            dir.resolve("X.uasset").toString()}, 12, 300, "X.uasset", "X.uexp", "X.ubulk");
    }

    /** create_mod_iostore writes .utoc + .ucas + companion .pak (the UE5.8 fixture's 111 Zen packages; stored vs Zlib). */
    @Test
    void killedCreateModIoStoreLeavesTheOldOrTheNewContainer(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path ext = tmp.resolve("ext");
        Path utoc;
        try (Stream<Path> s = Files.list(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Zlib"))) {
            utoc = s.filter(p -> p.toString().endsWith(".utoc")).findFirst().orElseThrow();
        }
        runToEnd(state, "extract_iostore", utoc.toString(), ext.toString());
        killLoop(tmp, state, "create_mod_iostore", (dir, n) -> n
                ? new String[] {"create_mod_iostore", dir.resolve("X_P").toString(), ext.toString(),
                    "--no-compress"}
                : new String[] {"create_mod_iostore", dir.resolve("X_P").toString(), ext.toString(),
                    "--compression", "Zlib"}, 12, 300, "X_P.utoc", "X_P.ucas", "X_P.pak");
    }
}
