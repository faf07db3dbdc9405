package io.uassetd.testkit;

import io.uassetd.codecs.error.FormatException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Tallies what the fuzz tests' inputs did: read fine, rejected with a FormatException that names
 * the file (the only acceptable failure), or anything else (a bug, listed with the input's
 * description and the top of the stack).
 *
 * <p>The fuzz tests' budgets are fixed counts per input kind (a few seconds each in CI), multiplied
 * by {@code -Duassetd.fuzz.scale=N} for a longer run ({@code tests/scripts/fuzz.sh}). Each suite
 * appends its counts to {@code target/fuzz-report.tsv} (or {@code -Duassetd.fuzz.report=FILE}):
 * kind, inputs, accepted, refused, other (bugs).
 */
public final class FuzzOutcomes {
    /** The code under test, which may throw. */
    public interface Case {
        void run() throws Exception;
    }

    private final List<String> bugs = new ArrayList<>();
    private int accepted;
    private int rejected;

    public void check(String what, Case c) {
        try {
            c.run();
            accepted++;
        } catch (FormatException e) {
            if (e.file() == null) {
                bugs.add(what + ": " + e.getClass().getSimpleName() + " without a file: " + e.getMessage() + top(e));
            } else {
                rejected++;
            }
        } catch (Throwable t) {
            bugs.add(what + ": " + t + top(t));
        }
    }

    private static String top(Throwable t) {
        StringBuilder sb = new StringBuilder();
        StackTraceElement[] st = t.getStackTrace();
        // the first frame, then the project's own (a JDK check's frames say little)
        int shown = 0;
        for (int i = 0; i < st.length && shown < 5; i++) {
            if (i == 0 || st[i].getClassName().startsWith("io.uassetd.")) {
                sb.append("\n    at ").append(st[i]);
                shown++;
            }
        }
        return sb.toString();
    }

    /** Inputs that broke the rule (empty when all is well). */
    public List<String> bugs() {
        return List.copyOf(bugs);
    }

    public int accepted() {
        return accepted;
    }

    public int rejected() {
        return rejected;
    }

    public int total() {
        return accepted + rejected + bugs.size();
    }

    /** The multiplier of every fuzz budget: {@code -Duassetd.fuzz.scale=N} (default 1). */
    public static int scale() {
        return Math.max(1, Integer.getInteger("uassetd.fuzz.scale", 1));
    }

    /** Appends this tally under {@code kind} to the fuzz report (see the class comment). */
    public void report(String kind) {
        record(kind, total(), accepted, rejected, bugs.size());
    }

    /** Appends one line to the fuzz report: kind, inputs, accepted, refused, other. */
    public static synchronized void record(String kind, long inputs, long accepted, long refused, long other) {
        Path f = Path.of(System.getProperty("uassetd.fuzz.report", "target/fuzz-report.tsv"));
        try {
            if (f.getParent() != null) {
                Files.createDirectories(f.getParent());
            }
            Files.writeString(f, kind + "\t" + inputs + "\t" + accepted + "\t" + refused + "\t" + other + "\n", StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
