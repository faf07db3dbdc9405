package io.uassetd.testkit;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Locale;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Counts the tests skipped because the fixture folder is absent and, at the end of the test run of
 * each module, prints one line to stderr with that count and how to get the fixtures. Registered
 * through {@code META-INF/services} in the codecs test-jar, so every module whose tests use the
 * test kit reports. A skip is recognised by {@link Fixtures#ABSENT} in its reason.
 *
 * <p>Modules run in separate JVMs: each writes its count to {@code target/fixture-skips/} at the
 * repository root under the build's id ({@code uassetd.buildId}, Maven's build timestamp), and the
 * line gives this module's count and the build's total so far, so that the last line of the build
 * holds the whole build's count.
 */
public final class FixtureSkipReport implements TestExecutionListener {
    private final AtomicLong skipped = new AtomicLong();
    private TestPlan plan;

    @Override
    public void testPlanExecutionStarted(TestPlan testPlan) {
        plan = testPlan;
        skipped.set(0);
    }

    @Override
    public void executionSkipped(TestIdentifier id, String reason) {
        if (reason != null && reason.contains(Fixtures.ABSENT)) {
            skipped.addAndGet(tests(id));
        }
    }

    @Override
    public void executionFinished(TestIdentifier id, TestExecutionResult result) {
        if (result.getStatus() != TestExecutionResult.Status.ABORTED) {
            return;
        }
        Optional<Throwable> t = result.getThrowable();
        String msg = t.map(Throwable::getMessage).orElse(null);
        if (msg != null && msg.contains(Fixtures.ABSENT)) {
            skipped.addAndGet(tests(id));
        }
    }

    /** One for a test; for a container, the tests known under it (at least one). */
    private long tests(TestIdentifier id) {
        if (id.isTest() || plan == null) {
            return 1;
        }
        long n = plan.getDescendants(id).stream().filter(TestIdentifier::isTest).count();
        return Math.max(1, n);
    }

    @Override
    public void testPlanExecutionFinished(TestPlan testPlan) {
        long n = skipped.get();
        if (n == 0) {
            return;
        }
        long total = recordAndSum(n);
        String module = Paths.get("").toAbsolutePath().getFileName().toString();
        PrintStream err = System.err;
        err.println(line(module, n, total, Fixtures.location()));
        err.flush();
    }

    static String line(String module, long here, long total, Path folder) {
        String counts = total > here
                ? String.format(Locale.ROOT, "%,d tests skipped in %s (%,d so far in this build)", here, module, total)
                : String.format(Locale.ROOT, "%,d tests skipped in %s", here, module);
        return "[fixtures] " + counts + ": no fixture folder at " + folder
                + "; get it with `scripts/fixtures fetch " + folder
                + "` (or point UASSETD_FIXTURES at one), see docs/developing.md#fixtures";
    }

    /** Records this JVM's count under the build id and returns the build's total (this count when there is no id). */
    private static long recordAndSum(long n) {
        String build = System.getProperty("uassetd.buildId");
        if (build == null || build.isBlank()) {
            return n;
        }
        String tag = build.replaceAll("[^A-Za-z0-9]", "");
        Path dir = Fixtures.repoRoot().resolve("target").resolve("fixture-skips");
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(tag + "-" + UUID.randomUUID() + ".count"), Long.toString(n), StandardCharsets.UTF_8);
            long total = 0;
            try (Stream<Path> s = Files.list(dir)) {
                for (Path p : (Iterable<Path>) s::iterator) {
                    String name = p.getFileName().toString();
                    if (name.startsWith(tag + "-") && name.endsWith(".count")) {
                        total += Long.parseLong(Files.readString(p, StandardCharsets.UTF_8).trim());
                    } else if (name.endsWith(".count")) {
                        Files.deleteIfExists(p);
                    }
                }
            }
            return total;
        } catch (IOException | RuntimeException e) {
            return n;
        }
    }
}
