package io.uassetd.testkit;

import io.uassetd.codecs.error.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * Tallies what the fuzz tests' inputs did: read fine, rejected with a FormatException that names
 * the file (the only acceptable failure), or anything else (a bug, listed with the input's
 * description and the top of the stack).
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
        for (int i = 0; i < Math.min(4, st.length); i++) {
            sb.append("\n    at ").append(st[i]);
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
}
