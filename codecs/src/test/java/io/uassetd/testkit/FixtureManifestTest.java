package io.uassetd.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The test code names only fixture files that the project's manifest ({@code scripts/fixtures.tsv},
 * which {@code scripts/fixtures fetch} assembles the folder from) lists. Every string literal in the
 * test and benchmark sources that starts with a top folder of the fixtures ({@code cue4parse/},
 * {@code uassetapi/}, ...) must be a listed file or a folder holding one (a {@code #entry} suffix,
 * a file inside a pak, is cut first). Needs no fixtures: it reads the manifest and the sources.
 */
class FixtureManifestTest {
    private static final Pattern PLUS = Pattern.compile("\\s*\\+");
    private static final Pattern LITERAL = Pattern.compile("\"((?:[^\"\\\\\\n]|\\\\.)*)\"");

    static List<String> manifest() throws IOException {
        Path tsv = Fixtures.repoRoot().resolve("scripts").resolve("fixtures.tsv");
        List<String> paths = new ArrayList<>();
        boolean header = true;
        for (String line : Files.readAllLines(tsv, StandardCharsets.UTF_8)) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            paths.add(line.substring(0, line.indexOf('\t')));
        }
        return paths;
    }

    static List<Path> sources() throws IOException {
        Path root = Fixtures.repoRoot();
        List<Path> out = new ArrayList<>();
        for (String module : List.of("protocol", "codecs", "native", "daemon", "clients/java", "tests", "benchmarks")) {
            for (String dir : List.of("src/test/java", "src/main/java")) {
                Path d = root.resolve(module).resolve(dir);
                if (module.equals("benchmarks") || dir.equals("src/test/java")) {
                    if (Files.isDirectory(d)) {
                        try (Stream<Path> s = Files.walk(d)) {
                            s.filter(p -> p.toString().endsWith(".java"))
                                    .filter(p -> !p.getFileName().toString().equals("FixtureManifestTest.java"))
                                    .forEach(out::add);
                        }
                    }
                }
            }
        }
        return out;
    }

    /** The manifest's files, the folders holding them and their top folders. */
    record Listed(Set<String> files, Set<String> folders, Set<String> tops) {
        static Listed of(List<String> paths) {
            Set<String> folders = new TreeSet<>();
            Set<String> tops = new TreeSet<>();
            for (String f : paths) {
                tops.add(f.substring(0, f.indexOf('/') + 1));
                for (int i = f.indexOf('/'); i > 0; i = f.indexOf('/', i + 1)) {
                    folders.add(f.substring(0, i));
                }
            }
            return new Listed(new TreeSet<>(paths), folders, tops);
        }

        /** The fixture paths a source text names, each with whether the manifest has it. */
        List<String[]> named(String text) {
            List<String[]> out = new ArrayList<>();
            Matcher m = LITERAL.matcher(text);
            while (m.find()) {
                String lit = m.group(1);
                if (tops.stream().noneMatch(lit::startsWith)) {
                    continue;
                }
                String p = lit;
                for (String cut : new String[] {"#", ",", " | "}) {
                    p = p.contains(cut) ? p.substring(0, p.indexOf(cut)) : p;
                }
                // a literal joined to more ("retoc/UE5.5/SM_Cube" + ".uasset") is the start of a listed path
                // (or one ending in '-', '_' or '.' that is kept for joining later)
                boolean joined = PLUS.matcher(text).region(m.end(), text.length()).lookingAt()
                        || p.endsWith("-") || p.endsWith("_") || p.endsWith(".");
                String stem = p;
                while (p.endsWith("/")) {
                    p = p.substring(0, p.length() - 1);
                }
                // a package named without its extension ("retoc/UE5.5/SM_Cube") names its files
                String dotted = p + ".";
                boolean known = files.contains(p) || folders.contains(p)
                        || files.stream().anyMatch(f -> f.startsWith(dotted) && f.indexOf('/', dotted.length()) < 0)
                        || joined && files.stream().anyMatch(f -> f.startsWith(stem));
                out.add(new String[] {lit, known ? "listed" : "unknown"});
            }
            return out;
        }
    }

    @Test
    void everyFixturePathInTheTestCodeIsInTheManifest() throws IOException {
        Listed listed = Listed.of(manifest());
        assertThat(listed.tops()).as("top folders of the manifest").contains("cue4parse/", "uassetapi/", "repak/", "retoc/", "matya/");
        List<Path> sources = sources();
        assertThat(sources).as("test sources scanned").hasSizeGreaterThan(100);
        int named = 0;
        List<String> unknown = new ArrayList<>();
        for (Path src : sources) {
            for (String[] n : listed.named(Files.readString(src, StandardCharsets.UTF_8))) {
                named++;
                if (n[1].equals("unknown")) {
                    unknown.add(Fixtures.repoRoot().relativize(src) + ": \"" + n[0] + "\"");
                }
            }
        }
        assertThat(named).as("fixture paths named by the tests").isGreaterThan(100);
        assertThat(unknown).as("fixture paths the manifest (scripts/fixtures.tsv) lacks").isEmpty();
    }

    @Test
    void aPathOutsideTheManifestIsReported() throws IOException {
        Listed listed = Listed.of(manifest());
        String source = "open(\"uassetapi/TestJson/NotThere.uasset\"); open(\"repak/packs/pack_v11.pak\");\n"
                + "dir(\"cue4parse/UE5_8/IoStore/Tagged/\"); pak(\"cue4parse/UE5_8/NoSuchFolder#Entry\"); \"not/a/fixture\";\n"
                + "open(\"retoc/UE5.5/SM_Cube\" + \".uasset\"); open(\"retoc/UE5.5/SM_Cube\"); open(\"retoc/UE5.5/SM_Cub\" + x); open(\"retoc/UE5.5/SM_Cub\");\n"
                + "String dir = \"cue4parse/UE5_8/Mappings/CUE4ParseFixtures-\"; \"cue4parse/UE5_8/Mappings/Nope-\";\n"
                + "csv(\"uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap, 31948\"); open(\"retoc/UE5.5/No\" + x)";
        assertThat(listed.named(source)).extracting(n -> n[0] + " " + n[1]).containsExactly(
                "uassetapi/TestJson/NotThere.uasset unknown",
                "repak/packs/pack_v11.pak listed",
                "cue4parse/UE5_8/IoStore/Tagged/ listed",
                "cue4parse/UE5_8/NoSuchFolder#Entry unknown",
                "retoc/UE5.5/SM_Cube listed",
                "retoc/UE5.5/SM_Cube listed",
                "retoc/UE5.5/SM_Cub listed",
                "retoc/UE5.5/SM_Cub unknown",
                "cue4parse/UE5_8/Mappings/CUE4ParseFixtures- listed",
                "cue4parse/UE5_8/Mappings/Nope- unknown",
                "uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap, 31948 listed",
                "retoc/UE5.5/No unknown");
    }
}
