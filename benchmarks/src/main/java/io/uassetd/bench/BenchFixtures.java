package io.uassetd.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** The shared fixture folder for benchmarks: {@code UASSETD_FIXTURES} (relative to the repository root), else {@code ../shared/fixtures}. */
final class BenchFixtures {
    /** The CUE4Parse fixtures' AES key (the 32 ASCII bytes "CUE4ParseFixtureAESKey0123456789") as hex. */
    static final String CUE4PARSE_KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    private BenchFixtures() {
    }

    /** A folder inside the fixtures; fails clearly when absent. */
    static Path folder(String relative) {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        String env = System.getenv("UASSETD_FIXTURES");
        Path fixtures = env == null || env.isBlank() ? root.resolve("../shared/fixtures") : root.resolve(env);
        Path p = fixtures.resolve(relative).normalize();
        if (!Files.isDirectory(p)) {
            throw new IllegalStateException("Fixtures not found at " + p + " (set UASSETD_FIXTURES)");
        }
        return p;
    }

    /** Deletes {@code p} and everything below it; nothing when it does not exist. */
    static void deleteTree(Path p) throws IOException {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            for (Path q : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(q);
            }
        }
    }
}
