package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.FileSets;
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
 * kill -9 of the packaged daemon in the middle of a multi-file write ({@code from_json} over an
 * existing split package: .uasset + .uexp), many times at random moments: after the next start
 * (which finishes interrupted writes from its state folder) the folder holds exactly the old pair
 * or exactly the new pair, and no hidden temporary, old or journal file. The daemon runs with
 * {@code UASSETD_TXN_STEP_DELAY_MS} so that the kills land between the steps of the commit.
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

    @Test
    void killedFromJsonLeavesTheOldOrTheNewPackage(@TempDir Path tmp) throws Exception {
        Path state = tmp.resolve("state");
        Path json = tmp.resolve("json");
        runToEnd(state, "to_json", Fixtures.path(DIR + "/ABP_SMG_A.uasset").toString(), "--output-path", json.toString(),
                "--engine-version", "UE4_25");
        runToEnd(state, "to_json", Fixtures.path(DIR + "/MGA_HeavyWeapon_Parent.uasset").toString(), "--output-path",
                json.toString(), "--engine-version", "UE4_25");
        Path oldJson = json.resolve("ABP_SMG_A.json");
        Path newJson = json.resolve("MGA_HeavyWeapon_Parent.json");
        Path ref = tmp.resolve("ref");
        runToEnd(state, "from_json", oldJson.toString(), ref.resolve("X.uasset").toString());
        Map<String, String> oldSet = FileSets.digests(ref);
        runToEnd(state, "from_json", newJson.toString(), ref.resolve("X.uasset").toString());
        Map<String, String> newSet = FileSets.digests(ref);
        assertThat(oldSet.keySet()).containsExactly("X.uasset", "X.uexp");
        assertThat(newSet.keySet()).containsExactly("X.uasset", "X.uexp");
        assertThat(newSet).isNotEqualTo(oldSet);
        // how long a whole write takes with the step delay, start-up included: the kills spread over it
        Path timing = tmp.resolve("timing");
        runToEnd(state, "from_json", oldJson.toString(), timing.resolve("X.uasset").toString());
        long t0 = System.nanoTime();
        Process p0 = start(state, DELAY, "from_json", newJson.toString(), timing.resolve("X.uasset").toString());
        assertThat(p0.waitFor(120, TimeUnit.SECONDS)).isTrue();
        long whole = (System.nanoTime() - t0) / 1_000_000;
        Random random = new Random(20261128);
        int olds = 0;
        int news = 0;
        int midWrite = 0;
        List<String> seen = new ArrayList<>();
        for (int run = 0; run < RUNS; run++) {
            Path dir = tmp.resolve("run" + run);
            runToEnd(state, "from_json", oldJson.toString(), dir.resolve("X.uasset").toString());
            long killAt = Math.max(0, whole - 2200) + (long) (random.nextDouble() * Math.min(whole, 2200));
            Process p = start(state, DELAY, "from_json", newJson.toString(), dir.resolve("X.uasset").toString());
            if (p.waitFor(killAt, TimeUnit.MILLISECONDS)) {
                seen.add(run + ": finished before the kill at " + killAt + " ms");
            } else {
                p.destroyForcibly(); // SIGKILL
                p.waitFor(30, TimeUnit.SECONDS);
            }
            Map<String, String> before = FileSets.digests(dir);
            if (before.keySet().stream().anyMatch(n -> n.startsWith("."))) {
                midWrite++;
                seen.add(run + ": killed at " + killAt + " ms mid-write, left " + before.keySet());
            }
            // the next start finishes what the killed process left (its state folder names this folder)
            runToEnd(state, "capabilities");
            Map<String, String> after = FileSets.digests(dir);
            if (after.equals(oldSet)) {
                olds++;
            } else if (after.equals(newSet)) {
                news++;
            } else {
                fail("run " + run + " (kill at " + killAt + " ms) left " + after.keySet() + ", neither the old nor the new pair: "
                        + after + "\nold " + oldSet + "\nnew " + newSet);
            }
        }
        System.err.println("KillDuringWriteTest: " + RUNS + " kills (whole write " + whole + " ms): " + olds + " old, " + news
                + " new, 0 mixed; " + midWrite + " landed mid-write\n  " + String.join("\n  ", seen));
        assertThat(midWrite).as("kills that landed inside the write").isGreaterThanOrEqualTo(4);
        try (Stream<Path> s = Files.list(state)) {
            assertThat(s.toList()).as("write records left in the state folder").isEmpty();
        }
    }
}
