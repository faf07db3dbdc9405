package io.uassetd.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * Locates the shared fixture folder. {@code UASSETD_FIXTURES} names it (a relative value is taken
 * from the repository root); the default is {@code ../shared/fixtures} from the repository root.
 * When the folder is absent, fixture tests are skipped, unless {@code UASSETD_REQUIRE_FIXTURES=1},
 * in which case they fail.
 */
public final class Fixtures {
    /** Every skip for want of fixtures says this (the {@link FixtureSkipReport} counts them by it). */
    public static final String ABSENT = "is absent (set UASSETD_FIXTURES";

    private Fixtures() {
    }

    /** Why a fixture test is skipped. */
    public static String absentMessage() {
        return "Fixture folder " + location() + " " + ABSENT + ", or get it with scripts/fixtures fetch)";
    }

    /** The repository root: the {@code uassetd.repoRoot} property set by the build, else found upwards. */
    public static Path repoRoot() {
        String prop = System.getProperty("uassetd.repoRoot");
        if (prop != null && !prop.isBlank()) {
            return Paths.get(prop).toAbsolutePath().normalize();
        }
        Path p = Paths.get("").toAbsolutePath();
        for (Path q = p; q != null; q = q.getParent()) {
            if (Files.exists(q.resolve("mvnw")) && Files.exists(q.resolve("pom.xml"))) {
                return q;
            }
        }
        return p;
    }

    public static boolean required() {
        return "1".equals(System.getenv("UASSETD_REQUIRE_FIXTURES"));
    }

    /** The fixture folder, whether or not it exists. */
    public static Path location() {
        String env = System.getenv("UASSETD_FIXTURES");
        Path p = env == null || env.isBlank() ? Paths.get("..", "shared", "fixtures") : Paths.get(env);
        if (!p.isAbsolute()) {
            p = repoRoot().resolve(p);
        }
        return p.toAbsolutePath().normalize();
    }

    /** The fixture folder; skips the calling test when absent (fails when fixtures are required). */
    public static Path root() {
        Path p = location();
        if (!Files.isDirectory(p)) {
            String msg = absentMessage();
            if (required()) {
                Assertions.fail(msg + "; UASSETD_REQUIRE_FIXTURES=1 makes that a failure");
            }
            Assumptions.abort(msg);
        }
        return p;
    }

    /** A file or folder inside the fixtures; a missing one fails the test when the folder itself exists. */
    public static Path path(String relative) {
        Path p = root().resolve(relative);
        if (!Files.exists(p)) {
            Assertions.fail("Fixture " + relative + " is missing from " + root());
        }
        return p;
    }

    /** True when the fixture folder is there (no skipping or failing). */
    public static boolean available() {
        return Files.isDirectory(location());
    }
}
