package io.uassetd.daemon;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.assertj.core.api.Assertions.assertThat;
import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import com.tngtech.archunit.library.dependencies.SlicesRuleDefinition;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the main code as a build check (docs/architecture.md). The package rules are
 * parsed from the {@code May depend on:} paragraph of each package's package-info.java, so the
 * documentation and the check are one table: a package's classes may use its own package, the
 * packages listed there (an entry {@code X.*} is X and every package under it) and anything outside
 * {@code io.uassetd}. On top of that, the module rules and the absence of any package cycle (every
 * package is its own slice; there is no exception).
 *
 * <p>Reads the compiled main classes of protocol, codecs, native and daemon from their
 * {@code target/classes} (a reactor build compiles them before the daemon's tests run) and the
 * package-info sources beside them.
 */
class ArchitectureTest {
    private static final List<String> MODULES = List.of("protocol", "codecs", "native", "daemon");
    private static final String BASE = "io.uassetd.";
    private static final Pattern CLAUSE = Pattern.compile("May depend on:(.*?)\\.(?=\\s|$)", Pattern.DOTALL);
    private static final Pattern ENTRY = Pattern.compile("(protocol|client|codecs|nativelib|daemon)(\\.[a-z0-9_]+)*(\\.\\*)?");
    private static final Pattern OURS = Pattern.compile("^(protocol|client|codecs|nativelib|daemon)\\b.*");

    private static Path root;
    private static JavaClasses classes;
    /** Package (full name) -> the entries of its May depend on clause (relative to io.uassetd). */
    private static Map<String, List<String>> rules;
    private static Set<String> packages;
    /** Package -> its package-info source. */
    private static Map<String, String> sources;

    @BeforeAll
    static void load() throws IOException {
        root = Path.of(System.getProperty("uassetd.repoRoot", "..")).toAbsolutePath().normalize();
        List<Path> dirs = new ArrayList<>();
        for (String m : MODULES) {
            Path d = root.resolve(m).resolve("target/classes");
            assertThat(d).as("compiled classes of module %s (build with -am)", m).isDirectory();
            dirs.add(d);
        }
        classes = new ClassFileImporter().importPaths(dirs);
        packages = classes.stream().map(JavaClass::getPackageName).filter(p -> p.startsWith(BASE))
                .collect(Collectors.toCollection(TreeSet::new));
        rules = new TreeMap<>();
        sources = new TreeMap<>();
        for (String m : MODULES) {
            Path src = root.resolve(m).resolve("src/main/java");
            try (Stream<Path> s = Files.walk(src)) {
                for (Path p : s.filter(f -> f.getFileName().toString().equals("package-info.java")).toList()) {
                    String pkg = src.relativize(p.getParent()).toString().replace('\\', '.').replace('/', '.');
                    String text = Files.readString(p);
                    sources.put(pkg, text);
                    rules.put(pkg, parse(pkg, text));
                }
            }
        }
    }

    /** The entries of the clause; text that names none of our packages (e.g. "Jackson") is a note. */
    static List<String> parse(String pkg, String source) {
        String text = source.replaceAll("(?m)^\\s*\\*", " ");
        Matcher m = CLAUSE.matcher(text);
        if (!m.find()) {
            return null;
        }
        String list = m.group(1).replaceAll("\\([^)]*\\)", " ");
        List<String> out = new ArrayList<>();
        for (String raw : list.split(",")) {
            String e = raw.trim();
            if (ENTRY.matcher(e).matches()) {
                out.add(e);
            } else if (OURS.matcher(e).matches()) {
                throw new AssertionError(pkg + ": '" + e + "' in its May depend on clause is not a package name"
                        + " (write codecs.x or codecs.x.* for x and its subpackages)");
            }
        }
        return out;
    }

    @Test
    void everyPackageStatesWhatItMayDependOn() {
        List<String> missing = new ArrayList<>();
        for (String p : packages) {
            if (!rules.containsKey(p)) {
                missing.add(p + ": no package-info.java");
            } else if (rules.get(p) == null) {
                missing.add(p + ": package-info.java has no 'May depend on:' clause");
            }
        }
        assertThat(missing).isEmpty();
    }

    @Test
    void everyRuleNamesAPackageThatExists() {
        List<String> unknown = new ArrayList<>();
        rules.forEach((pkg, entries) -> {
            if (entries == null) {
                return;
            }
            for (String e : entries) {
                String full = BASE + e.replace(".*", "");
                boolean exists = e.endsWith(".*")
                        ? packages.stream().anyMatch(p -> p.equals(full) || p.startsWith(full + "."))
                        : packages.contains(full);
                if (!exists && !e.startsWith("client")) {
                    unknown.add(pkg + " -> " + e);
                }
            }
        });
        assertThat(unknown).as("May depend on entries naming no package with classes").isEmpty();
    }

    @Test
    void everyPackageDependsOnlyOnWhatItsPackageInfoAllows() {
        List<String> violations = new ArrayList<>();
        for (String p : packages) {
            List<String> entries = rules.get(p);
            if (entries == null) {
                continue;
            }
            List<String> allowed = new ArrayList<>();
            allowed.add(p);
            for (String e : entries) {
                allowed.add(BASE + (e.endsWith(".*") ? e.substring(0, e.length() - 2) + ".." : e));
            }
            DescribedPredicate<JavaClass> forbidden = JavaClass.Predicates.resideInAPackage("io.uassetd..")
                    .and(DescribedPredicate.not(JavaClass.Predicates.resideInAnyPackage(allowed.toArray(String[]::new))));
            ArchRule rule = noClasses().that().resideInAPackage(p).should().dependOnClassesThat(forbidden.as(
                    "are in io.uassetd outside " + p + "'s May depend on list " + entries)).allowEmptyShould(true);
            EvaluationResult r = rule.evaluate(classes);
            violations.addAll(r.getFailureReport().getDetails());
        }
        assertThat(violations).as("dependencies that contradict a package-info's May depend on clause").isEmpty();
    }

    @Test
    void modulesDependDownwardOnly() {
        List<ArchRule> rulesOfModules = List.of(
                noClasses().that().resideInAPackage("io.uassetd.codecs..").should().dependOnClassesThat()
                        .resideInAnyPackage("io.uassetd.protocol..", "io.uassetd.daemon..", "io.uassetd.nativelib..",
                                "io.uassetd.client.."),
                noClasses().that().resideInAPackage("io.uassetd.protocol..").should().dependOnClassesThat()
                        .resideInAnyPackage("io.uassetd.codecs..", "io.uassetd.daemon..", "io.uassetd.nativelib..",
                                "io.uassetd.client.."),
                noClasses().that().resideInAPackage("io.uassetd.nativelib..").should().dependOnClassesThat()
                        .resideInAnyPackage("io.uassetd.protocol..", "io.uassetd.daemon..", "io.uassetd.client.."));
        List<String> violations = new ArrayList<>();
        for (ArchRule r : rulesOfModules) {
            violations.addAll(r.evaluate(classes).getFailureReport().getDetails());
        }
        assertThat(violations).isEmpty();
    }

    @Test
    void noPackageCycles() {
        SliceAssignment byPackage = new SliceAssignment() {
            @Override
            public SliceIdentifier getIdentifierOf(JavaClass c) {
                String p = c.getPackageName();
                return p.startsWith(BASE) ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
            }

            @Override
            public String getDescription() {
                return "packages of io.uassetd, each its own slice";
            }
        };
        EvaluationResult r = SlicesRuleDefinition.slices().assignedFrom(byPackage).should().beFreeOfCycles().evaluate(classes);
        assertThat(r.getFailureReport().getDetails()).isEmpty();
    }
}
