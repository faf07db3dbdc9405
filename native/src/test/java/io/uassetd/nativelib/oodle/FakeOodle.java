package io.uassetd.nativelib.oodle;

import com.sun.jna.Library;
import com.sun.jna.Native;
import com.sun.jna.Pointer;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Builds {@code src/test/c/fakeoodle.c} with the C compiler ({@code $CC}, else {@code cc}) into
 * {@code native/target/<folder>/} under this platform's standard Oodle name, once per JVM (and not
 * again while the output is newer than the source). Without a compiler the calling test is
 * skipped, unless {@code UASSETD_REQUIRE_NATIVE_TESTS=1}, in which case it fails.
 */
final class FakeOodle {
    /** The standard file name the fake is built under on this platform. */
    static final String NAME = OodleNames.forCurrentPlatform().get(0);

    private static final Map<String, Path> BUILT = new HashMap<>();

    private FakeOodle() {
    }

    /** The complete fake, {@code target/fake-oodle/<standard name>}. */
    static Path library() {
        return build("fake-oodle", NAME);
    }

    /** A build of the fake without {@code OodleLZ_Decompress}: loads, but is no Oodle library. */
    static Path withoutDecompress() {
        return build("fake-oodle-no-decompress", NAME, "-DFAKEOODLE_NO_DECOMPRESS");
    }

    /** A build of the fake without {@code OodleCore_Plugins_SetPrintf}, which is optional. */
    static Path withoutPrintf() {
        return build("fake-oodle-no-printf", NAME, "-DFAKEOODLE_NO_PRINTF");
    }

    /** The complete fake again, under a name of its own in a folder of its own. */
    static Path copyNamed(String folder, String name) {
        return build(folder, name);
    }

    static synchronized Path build(String folder, String name, String... defines) {
        String key = folder + "/" + name;
        Path done = BUILT.get(key);
        if (done != null) {
            return done;
        }
        Path source = Fixtures.repoRoot().resolve("native/src/test/c/fakeoodle.c");
        Path out = Fixtures.repoRoot().resolve("native/target").resolve(folder).resolve(name);
        try {
            if (!Files.exists(out) || Files.getLastModifiedTime(out).compareTo(Files.getLastModifiedTime(source)) < 0) {
                compile(source, out, defines);
            }
        } catch (IOException e) {
            throw new AssertionError("Cannot build " + out + ": " + e, e);
        }
        BUILT.put(key, out);
        return out;
    }

    private static void compile(Path source, Path out, String... defines) throws IOException {
        Files.createDirectories(out.getParent());
        String cc = System.getenv("CC") == null || System.getenv("CC").isBlank() ? "cc" : System.getenv("CC").trim();
        List<String> cmd = new ArrayList<>(List.of(cc, "-shared", "-fPIC", "-O1", "-o", out.toString()));
        cmd.addAll(List.of(defines));
        cmd.add(source.toString());
        Process p;
        try {
            p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        } catch (IOException e) {
            String msg = "No C compiler ('" + cc + "' cannot be run: " + e.getMessage()
                    + "): the fake Oodle library cannot be built, so this native test is skipped";
            if ("1".equals(System.getenv("UASSETD_REQUIRE_NATIVE_TESTS"))) {
                Assertions.fail(msg + " (UASSETD_REQUIRE_NATIVE_TESTS=1)");
            }
            Assumptions.abort(msg);
            throw e;
        }
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        try {
            if (!p.waitFor(60, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("C compiler timed out: " + cmd);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("Interrupted while compiling " + source, e);
        }
        if (p.exitValue() != 0) {
            throw new AssertionError("C compiler failed (" + p.exitValue() + "): " + cmd + "\n" + output);
        }
    }

    /** The fake's test-only probes, and its SetPrintf to put a known value in before a load. */
    interface Probe extends Library {
        Pointer fakeoodle_last_printf();

        int fakeoodle_printf_calls();

        Pointer OodleCore_Plugins_SetPrintf(Pointer fp);
    }

    static Probe probe(Path library) {
        return Native.load(library.toAbsolutePath().toString(), Probe.class);
    }
}
