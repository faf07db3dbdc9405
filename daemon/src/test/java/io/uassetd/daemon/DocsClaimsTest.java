package io.uassetd.daemon;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.pak.PakVersion;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The README and docs/*.md name code only as it is: every backticked name that looks like code is
 * checked against the code. Error codes (ALL_CAPS names in an error context) against {@link ErrorCode};
 * other ALL_CAPS names against the sources (or the short list of names that belong to Unreal or a
 * library); {@code *Test} names against the test sources; {@code io.uassetd...} names against the
 * source folders; repository paths against the files; the action tables of docs/actions.md against
 * the action registry (both ways); stated pak version ranges against {@link PakVersion}; the claim that
 * every package has a package-info against the packages.
 */
class DocsClaimsTest {
    private static final Pattern TICK = Pattern.compile("`([^`\\n]+)`");
    private static final Pattern CAPS = Pattern.compile("[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z]{4,}[0-9]*");
    private static final Pattern TEST_NAME = Pattern.compile("([A-Z][A-Za-z0-9]*Tests?)(?:#\\w+)?");
    private static final List<String> MODULES = List.of("protocol", "codecs", "native", "daemon", "clients/java", "tests", "benchmarks");
    /** Names in the docs that belong to Unreal, a library or the OS, not to this project's code. */
    private static final Set<String> EXTERNAL = Set.of("Z_DEFAULT_COMPRESSION", "LZ4HC_CLEVEL_DEFAULT", "JAVA_HOME", "PATH",
            "UTF8", "UTF16", "ASCII", "JSON", "README", "NONE", "TODO");

    static Path root;
    static String sources;
    static Set<String> testClasses;
    static List<Doc> docs;

    record Doc(Path path, String text) {
    }

    /** A backticked name with where it stands. */
    record Claim(Doc doc, int line, String name, String before, String after) {
        @Override
        public String toString() {
            return root.relativize(doc.path) + ":" + line + ": `" + name + "`";
        }
    }

    @BeforeAll
    static void load() throws IOException {
        root = Fixtures.repoRoot();
        docs = new ArrayList<>();
        docs.add(new Doc(root.resolve("README.md"), Files.readString(root.resolve("README.md"), StandardCharsets.UTF_8)));
        try (Stream<Path> s = Files.list(root.resolve("docs"))) {
            for (Path p : s.filter(p -> p.toString().endsWith(".md")).sorted().toList()) {
                docs.add(new Doc(p, Files.readString(p, StandardCharsets.UTF_8)));
            }
        }
        StringBuilder all = new StringBuilder();
        testClasses = new TreeSet<>();
        List<Path> roots = new ArrayList<>();
        for (String m : MODULES) {
            roots.add(root.resolve(m).resolve("src"));
        }
        roots.add(root.resolve("dist").resolve("src"));
        for (Path r : roots) {
            if (!Files.isDirectory(r)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(r)) {
                for (Path p : s.filter(Files::isRegularFile).toList()) {
                    String n = p.getFileName().toString();
                    if (n.endsWith(".java") || n.endsWith(".properties") || n.endsWith(".json")) {
                        all.append(Files.readString(p, StandardCharsets.UTF_8)).append('\n');
                    }
                    if (n.endsWith("Test.java") || n.endsWith("Tests.java")) {
                        testClasses.add(n.substring(0, n.length() - 5));
                    }
                }
            }
        }
        for (String f : List.of("uassetd", "uassetd.cmd", "bench", ".ci/run", "scripts/fixtures", "clients/ci.sh", "pom.xml")) {
            Path p = root.resolve(f);
            if (Files.isRegularFile(p)) {
                all.append(Files.readString(p, StandardCharsets.UTF_8)).append('\n');
            }
        }
        sources = all.toString();
    }

    /** Every backticked name outside fenced code blocks. */
    static List<Claim> claims() {
        List<Claim> out = new ArrayList<>();
        for (Doc d : docs) {
            String[] lines = d.text.split("\n", -1);
            boolean fenced = false;
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].startsWith("```")) {
                    fenced = !fenced;
                    continue;
                }
                if (fenced) {
                    continue;
                }
                Matcher m = TICK.matcher(lines[i]);
                while (m.find()) {
                    String before = lines[i].substring(Math.max(0, m.start() - 60), m.start());
                    String after = lines[i].substring(m.end(), Math.min(lines[i].length(), m.end() + 30));
                    out.add(new Claim(d, i + 1, m.group(1), before, after));
                }
            }
        }
        return out;
    }

    static boolean word(String text, String w) {
        if (words == null) {
            words = Pattern.compile("[A-Za-z0-9_]+").matcher(text).results().map(r -> r.group()).collect(Collectors.toSet());
        }
        return words.contains(w);
    }

    private static Set<String> words;

    @Test
    void errorCodesAndOtherCapitalNamesExist() {
        Set<String> codes = Arrays.stream(ErrorCode.values()).map(Enum::name).collect(Collectors.toSet());
        List<String> wrongCodes = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        int checkedCodes = 0;
        for (Claim c : claims()) {
            if (!CAPS.matcher(c.name).matches()) {
                continue;
            }
            String context = (c.before + " " + c.after).toLowerCase();
            boolean errorContext = context.contains("code") || context.contains("error") || context.contains("mapped to");
            if (errorContext && !word(sources, c.name) && !EXTERNAL.contains(c.name)) {
                wrongCodes.add(c.toString());
            } else if (codes.contains(c.name)) {
                checkedCodes++;
            } else if (!EXTERNAL.contains(c.name) && !word(sources, c.name)) {
                unknown.add(c.toString());
            }
        }
        assertThat(wrongCodes).as("error codes named in the docs that ErrorCode lacks").isEmpty();
        assertThat(unknown).as("capital names in the docs that no source names").isEmpty();
        assertThat(checkedCodes).as("error codes named").isGreaterThan(20);
    }

    @Test
    void testClassesNamedInTheDocsExist() {
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Claim c : claims()) {
            Matcher m = TEST_NAME.matcher(c.name);
            if (m.matches()) {
                named++;
                if (!testClasses.contains(m.group(1))) {
                    missing.add(c.toString());
                }
            }
        }
        assertThat(named).as("test classes named").isGreaterThan(5);
        assertThat(missing).as("test classes named in the docs that the test sources lack").isEmpty();
    }

    @Test
    void packagesAndRepositoryPathsExist() {
        List<String> missing = new ArrayList<>();
        int named = 0;
        for (Claim c : claims()) {
            String n = c.name;
            if (n.startsWith("io.uassetd")) {
                named++;
                if (!javaNameExists(n)) {
                    missing.add(c.toString());
                }
            } else if (n.contains("/") && !n.contains(" ") && !n.contains("*") && !n.contains("<") && !n.contains("...")
                    && !n.contains("target/") && !n.contains("{") && isRepoPath(n)) {
                named++;
                if (!repoPathExists(n)) {
                    missing.add(c.toString());
                }
            }
        }
        assertThat(named).as("packages and paths named").isGreaterThan(10);
        assertThat(missing).as("packages, classes and paths named in the docs that do not exist").isEmpty();
    }

    static boolean isRepoPath(String n) {
        String first = n.startsWith("./") ? n.substring(2) : n;
        first = first.contains("/") ? first.substring(0, first.indexOf('/')) : first;
        return Set.of("protocol", "codecs", "native", "daemon", "clients", "tests", "benchmarks", "dist", "scripts", "examples", "docs", ".ci")
                .contains(first);
    }

    static boolean repoPathExists(String n) {
        String p = n.startsWith("./") ? n.substring(2) : n;
        p = p.replaceAll("[#:].*$", "");
        if (Files.exists(root.resolve(p))) {
            return true;
        }
        // module-relative shorthand: codecs/hash/Blake3 = codecs/src/main/java/io/uassetd/codecs/hash/Blake3.java
        int slash = p.indexOf('/');
        String module = p.substring(0, slash);
        String rest = p.substring(slash + 1);
        for (String src : List.of("src/main/java", "src/test/java")) {
            Path base = root.resolve(module).resolve(src).resolve("io/uassetd").resolve(module);
            if (Files.exists(base.resolve(rest)) || Files.exists(base.resolve(rest + ".java"))) {
                return true;
            }
        }
        return false;
    }

    /** A package, a class, or a class's member ({@code io.uassetd.x.Y.method}, {@code io.uassetd.x.Y#method}). */
    static boolean javaNameExists(String n) {
        String s = n.replaceAll("[#(].*$", "").replace("**", "").replaceAll("[.*]+$", "");
        String[] parts = s.split("\\.");
        for (int k = parts.length; k >= 2; k--) {
            String rel = String.join("/", Arrays.copyOf(parts, k));
            for (String m : MODULES) {
                for (String src : List.of("src/main/java", "src/test/java")) {
                    Path base = root.resolve(m).resolve(src);
                    if (Files.isRegularFile(base.resolve(rel + ".java"))) {
                        return k >= parts.length - 1; // a class, or one of its members
                    }
                    if (Files.isDirectory(base.resolve(rel)) && k == parts.length) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    @Test
    void theActionTablesListExactlyTheRegisteredActions() {
        Set<String> registered = new TreeSet<>();
        for (ActionHandler h : Actions.registry().actions()) {
            registered.add(h.spec().name());
        }
        Doc actions = docs.stream().filter(d -> d.path.endsWith("actions.md")).findFirst().orElseThrow();
        Set<String> documented = new TreeSet<>();
        // docs/actions.md is generated from the declarations (ActionDocsTest): one "### `name`" heading per action
        for (String line : actions.text.split("\n")) {
            Matcher m = TICK.matcher(line);
            if (line.startsWith("### ") && m.find()) {
                documented.add(m.group(1));
            }
        }
        assertThat(documented).as("actions in docs/actions.md").containsExactlyInAnyOrderElementsOf(registered);
    }

    @Test
    void statedPakVersionRangesMatchTheCode() {
        int firstRead = Arrays.stream(PakVersion.values()).mapToInt(PakVersion::onDisk).min().orElseThrow();
        int lastRead = Arrays.stream(PakVersion.values()).mapToInt(PakVersion::onDisk).max().orElseThrow();
        int firstWrite = Arrays.stream(PakVersion.values()).filter(PakVersion::writable).mapToInt(PakVersion::onDisk).min().orElseThrow();
        int lastWrite = Arrays.stream(PakVersion.values()).filter(PakVersion::writable).mapToInt(PakVersion::onDisk).max().orElseThrow();
        Pattern read = Pattern.compile("pak version (\\d+) to (\\d+) is read");
        Pattern written = Pattern.compile("versions (\\d+) to (\\d+) are written|`pak_version` \\((\\d+) to (\\d+)|pak\\s+version (\\d+)-(\\d+)");
        List<String> stated = new ArrayList<>();
        for (Doc d : docs) {
            String text = d.text.replaceAll("\\s+", " ");
            for (Matcher m = read.matcher(text); m.find(); ) {
                stated.add("read " + m.group(1) + "-" + m.group(2));
            }
            for (Matcher m = written.matcher(text); m.find(); ) {
                int g = m.group(1) != null ? 1 : m.group(3) != null ? 3 : 5;
                stated.add("write " + m.group(g) + "-" + m.group(g + 1));
            }
        }
        assertThat(stated).as("pak version ranges stated in the docs").isNotEmpty()
                .allMatch(s -> s.equals("read " + firstRead + "-" + lastRead) || s.equals("write " + firstWrite + "-" + lastWrite));
        assertThat(stated).contains("read " + firstRead + "-" + lastRead, "write " + firstWrite + "-" + lastWrite);
    }

    @Test
    void everyPackageHasAPackageInfoAsTheDeveloperGuideSays() throws IOException {
        Doc dev = docs.stream().filter(d -> d.path.endsWith("developing.md")).findFirst().orElseThrow();
        assertThat(dev.text.replaceAll("\\s+", " ")).contains("Every package has a `package-info.java`");
        List<String> without = new ArrayList<>();
        for (String m : MODULES) {
            Path base = root.resolve(m).resolve("src/main/java");
            if (!Files.isDirectory(base)) {
                continue;
            }
            try (Stream<Path> s = Files.walk(base)) {
                for (Path dir : s.filter(Files::isDirectory).toList()) {
                    boolean hasJava;
                    try (Stream<Path> f = Files.list(dir)) {
                        hasJava = f.anyMatch(p -> p.toString().endsWith(".java"));
                    }
                    if (hasJava && !Files.exists(dir.resolve("package-info.java"))) {
                        without.add(root.relativize(dir).toString());
                    }
                }
            }
        }
        assertThat(without).as("packages without a package-info.java").isEmpty();
    }
}
