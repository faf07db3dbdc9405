package io.uassetd.codecs.mods;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.pak.CompanionPak;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The files that more than one archive of a mods folder provides: for each, the providers from
 * the first loaded to the one the game gets, and why ({@link MountOrder}); for DataTables and
 * StringTables, the rows each mod changes (against the base game when given) and whether the mods
 * change the same rows.
 */
public final class ModConflicts {
    /**
     * Reads a legacy package written to disk into its UAssetAPI-schema JSON tree; null when it holds no
     * DataTable or StringTable (see {@link #tableTree}, which spares the tree of other packages).
     */
    @FunctionalInterface
    public interface PackageTrees {
        JsonNode tree(Path uasset) throws Exception;
    }

    /** The package's JSON tree when one of its exports is a DataTable or StringTable (by class), else null. */
    public static JsonNode tableTree(AssetPackage p, Usmap mappings) {
        for (var e : p.exports()) {
            String c = p.className(e);
            if (c != null && (c.endsWith("DataTable") || c.equals("StringTable"))) {
                return UAssetJson.toTree(p, mappings);
            }
        }
        return null;
    }

    /** One archive providing a path, with its mount order and why it has it. */
    public record Provider(String archive, long order, String reason) {
    }

    /** Two or more mods providing one DataTable/StringTable: which rows each changes. */
    public record Rows(String table_kind, boolean against_base, Map<String, List<String>> rows_by_mod,
            Map<String, List<String>> shared_rows, String verdict, String note) {
    }

    /** A path several archives provide. */
    public record Conflict(String path, List<Provider> providers, String winner, String rule, Rows rows) {
    }

    /** The outcome. */
    public record Result(int archives, int files, List<Conflict> conflicts, List<String> unmounted, List<String> problems) {
    }

    private ModConflicts() {
    }

    /**
     * Finds the conflicts of {@code mods}; {@code base} (null: none) is the game's install, whose
     * tables the mods' tables are compared with; {@code trees} (null: rows not compared) opens
     * legacy packages; {@code scratch} a folder for packages written to be opened.
     */
    public static Result find(Install mods, Install base, PackageTrees trees, Path scratch, TaskMonitor monitor) {
        return find(mods, base, trees, null, scratch, monitor);
    }

    /**
     * As {@link #find(Install, Install, PackageTrees, Path, TaskMonitor)}, with the rows of Zen packages
     * read through {@code zen} (null: not compared).
     */
    public static Result find(Install mods, Install base, PackageTrees trees, ZenTables zen, Path scratch, TaskMonitor monitor) {
        Set<String> utocs = new HashSet<>();
        Set<String> paks = new HashSet<>();
        for (Archive a : mods.archives()) {
            String stem = stemOf(a.relative());
            (a.isPak() ? paks : utocs).add(stem);
        }
        List<String> unmounted = new ArrayList<>();
        for (Archive a : mods.archives()) {
            if (!a.isPak() && !paks.contains(stemOf(a.relative()))) {
                unmounted.add(a.relative() + ": no .pak of the same name beside it, so the engine does not mount it");
            }
        }
        Map<String, List<ArchiveFile>> byPath = new TreeMap<>();
        int files = 0;
        for (var e : mods.providers().entrySet()) {
            List<ArchiveFile> mounted = new ArrayList<>();
            for (ArchiveFile f : e.getValue()) {
                Archive a = f.archive();
                if (!a.isPak() && !paks.contains(stemOf(a.relative()))) {
                    continue;
                }
                if (a.isPak() && utocs.contains(stemOf(a.relative())) && f.path().equalsIgnoreCase(CompanionPak.ENTRY)) {
                    continue; // the bundle's own file list, not game content
                }
                mounted.add(f);
            }
            files += mounted.isEmpty() ? 0 : 1;
            Set<Archive> distinct = new HashSet<>();
            mounted.forEach(f -> distinct.add(f.archive()));
            if (distinct.size() > 1) {
                byPath.put(e.getKey(), mounted);
            }
        }
        List<Conflict> out = new ArrayList<>();
        Map<String, java.util.Optional<TableRows>> seen = new java.util.HashMap<>();
        int done = 0;
        monitor.progress(0, byPath.size(), null);
        for (List<ArchiveFile> all : byPath.values()) {
            monitor.checkCancelled();
            List<ArchiveFile> order = Install.sorted(all);
            ArchiveFile win = order.get(order.size() - 1);
            List<Provider> providers = new ArrayList<>();
            for (ArchiveFile f : order) {
                providers.add(new Provider(f.archive().relative(), MountOrder.order(f.archive().baseName()),
                        MountOrder.explain(f.archive().baseName())));
            }
            Rows rows = trees == null ? null : rows(order, base, trees, zen, scratch, seen);
            out.add(new Conflict(win.path(), providers, win.archive().relative(), rule(order), rows));
            monitor.progress(++done, byPath.size(), win.path());
        }
        List<String> problems = new ArrayList<>(mods.problems());
        if (base != null) {
            base.problems().forEach(p -> problems.add("base: " + p));
        }
        return new Result(mods.archives().size(), files, out, unmounted, problems);
    }

    private static String stemOf(String relative) {
        int dot = relative.lastIndexOf('.');
        return (dot < 0 ? relative : relative.substring(0, dot)).toLowerCase(Locale.ROOT);
    }

    /** Why the last provider wins. */
    static String rule(List<ArchiveFile> order) {
        ArchiveFile win = order.get(order.size() - 1);
        ArchiveFile next = order.get(order.size() - 2);
        long w = MountOrder.order(win.archive().baseName());
        long n = MountOrder.order(next.archive().baseName());
        if (w > n) {
            return "highest mount order: " + win.archive().relative() + " has order " + w + " ("
                    + MountOrder.explain(win.archive().baseName()) + "), " + next.archive().relative() + " has " + n;
        }
        boolean zen = order.stream().noneMatch(f -> f.archive().isPak());
        return zen
                ? "tied at order " + w + "; a Zen package comes from the container mounted last, and paks mount in descending"
                        + " path order, so the path that sorts first wins: " + win.archive().relative()
                : "tied at order " + w + "; a file in paks comes from the pak mounted first, and paks mount in descending"
                        + " path order, so the path that sorts last wins: " + win.archive().relative();
    }

    private static Rows rows(List<ArchiveFile> order, Install base, PackageTrees trees, ZenTables zenTables, Path scratch,
            Map<String, java.util.Optional<TableRows>> seen) {
        String path = order.get(0).path();
        String lower = path.toLowerCase(Locale.ROOT);
        if (!lower.endsWith(".uasset")) {
            return null;
        }
        Map<String, TableRows> tables = new LinkedHashMap<>();
        List<String> zen = new ArrayList<>();
        boolean anyZen = order.stream().anyMatch(f -> !f.archive().isPak());
        if (!anyZen && base != null) {
            ArchiveFile inBase = base.resolve(lower);
            anyZen = inBase != null && !inBase.archive().isPak();
        }
        // the Zen store is opened only for a conflict that involves a container
        String zenProblem = !anyZen ? null : zenTables == null ? "rows of Zen packages (IoStore) are not compared" : zenTables.problem();
        for (ArchiveFile f : order) {
            if (!f.archive().isPak() && zenProblem != null) {
                zen.add(f.archive().relative());
                continue;
            }
            TableRows t;
            try {
                t = table(f.archive(), f, trees, zenTables, scratch, seen);
            } catch (RuntimeException e) {
                return new Rows(null, false, Map.of(), Map.of(), "not compared",
                        "cannot read " + path + " of " + f.archive().relative() + ": " + e.getMessage());
            }
            if (t == null) {
                return null; // not a table
            }
            tables.put(f.archive().relative(), t);
        }
        String zenNote = zen.isEmpty() ? null : zenProblem + ": " + String.join(", ", zen);
        if (tables.size() < 2 && zen.isEmpty()) {
            return null;
        }
        String note = zenNote;
        String kind = tables.isEmpty() ? null : tables.values().iterator().next().kind().label();
        if (tables.isEmpty()) {
            return new Rows(null, false, Map.of(), Map.of(), "not compared", note);
        }
        TableRows baseTable = null;
        if (base != null) {
            ArchiveFile b = base.resolve(lower);
            if (b != null && (b.archive().isPak() || zenProblem == null)) {
                try {
                    baseTable = table(b.archive(), b, trees, zenTables, scratch, seen);
                } catch (RuntimeException e) {
                    note = (note == null ? "" : note + "; ") + "cannot read the base's " + path + ": " + e.getMessage();
                }
            }
        }
        Map<String, List<String>> byMod = new LinkedHashMap<>();
        Map<String, List<String>> shared = new TreeMap<>();
        String verdict;
        if (baseTable != null) {
            Map<String, Set<String>> who = new TreeMap<>();
            for (var e : tables.entrySet()) {
                Set<String> changed = e.getValue().changedFrom(baseTable);
                byMod.put(e.getKey(), List.copyOf(changed));
                changed.forEach(r -> who.computeIfAbsent(r, k -> new TreeSet<>(Comparator.naturalOrder())).add(e.getKey()));
            }
            who.forEach((r, mods) -> {
                if (mods.size() > 1) {
                    shared.put(r, List.copyOf(mods));
                }
            });
            verdict = byMod.values().stream().allMatch(List::isEmpty) ? "no rows changed"
                    : shared.isEmpty() ? "different rows" : "same rows";
        } else {
            // without the base: the rows in which each mod's table differs from the others'
            List<String> names = new ArrayList<>(tables.keySet());
            Set<String> any = new TreeSet<>();
            for (String m : names) {
                Set<String> differs = new TreeSet<>();
                for (String o : names) {
                    if (!o.equals(m)) {
                        differs.addAll(tables.get(m).changedFrom(tables.get(o)));
                    }
                }
                byMod.put(m, List.copyOf(differs));
                any.addAll(differs);
            }
            verdict = any.isEmpty() ? "identical tables" : "tables differ (give the base game to tell which mod changed which rows)";
        }
        return new Rows(kind, baseTable != null, byMod, shared, verdict, note);
    }

    /**
     * The table of a legacy package in a pak (its .uexp beside it), or null when it is not a table;
     * packages whose files carry the same hashes as one read before are not read again.
     */
    private static TableRows table(Archive a, ArchiveFile uasset, PackageTrees trees, ZenTables zen, Path scratch,
            Map<String, java.util.Optional<TableRows>> seen) {
        String key = contentKey(a, uasset);
        if (key != null && seen.containsKey(key)) {
            return seen.get(key).orElse(null);
        }
        try {
            Path dir = Files.createTempDirectory(scratch, "table");
            JsonNode tree = trees.tree(a.isPak() ? a.writePackage(uasset, dir) : zen.write(uasset, dir));
            TableRows t = tree == null ? null : TableRows.of(tree);
            if (key != null) {
                seen.put(key, java.util.Optional.ofNullable(t));
            }
            return t;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** The package's files' names and hashes (null when one has no hash): equal keys, equal packages. */
    private static String contentKey(Archive a, ArchiveFile uasset) {
        StringBuilder sb = new StringBuilder(uasset.path().substring(uasset.path().lastIndexOf('/') + 1).toLowerCase(Locale.ROOT));
        String stem = uasset.key().substring(0, uasset.key().lastIndexOf('.'));
        for (ArchiveFile f : a.files()) {
            if (f == uasset || (f.key().startsWith(stem + ".") && f.key().indexOf('/', stem.length()) < 0)) {
                if (f.hash() == null) {
                    return null;
                }
                sb.append('|').append(f.key().substring(stem.length())).append(':').append(f.storage()).append(':')
                        .append(java.util.HexFormat.of().formatHex(f.hash()));
            }
        }
        return sb.toString();
    }
}
