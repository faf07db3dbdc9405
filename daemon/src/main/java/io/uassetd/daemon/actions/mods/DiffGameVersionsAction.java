package io.uassetd.daemon.actions.mods;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.diff.Change;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.mods.Archive;
import io.uassetd.codecs.mods.ArchiveFile;
import io.uassetd.codecs.mods.GameDiff;
import io.uassetd.codecs.mods.Install;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code diff_game_versions}: two installs (folders of paks and IoStore containers) -> the mounted
 * paths added, removed and changed, decided from the hashes the archives hold (pak entry SHA-1,
 * IoStore chunk hashes) and from the bytes otherwise; optionally {@code diff_packages} on the
 * changed legacy packages (docs/game-diff-and-conflicts.md).
 */
public final class DiffGameVersionsAction extends TypedAction<DiffGameVersionsAction.Request, DiffGameVersionsAction.Reply> {
    /** The request. */
    public record Request(
            @Field(value = "the older install: a folder of paks and IoStore containers (searched recursively)", required = true) Path old_path,
            @Field(value = "the newer install: a folder of paks and IoStore containers (searched recursively)", required = true) Path new_path,
            @Field(value = "AES-256 key of encrypted archives (hex or base64)", cli = "--aes") String aes_key,
            @Field("more AES keys: each archive takes the first key that opens it") List<String> aes_keys,
            @Field(value = "encryption scheme of the paks: standard, rivals, or a game profile's name for its scheme", dflt = "standard")
            String encryption_scheme,
            @Field("compare only paths matching these globs (*, ?, **) or substrings") List<String> filter,
            @Field(value = "also compare the changed legacy packages property by property (diff_packages)", dflt = "false")
            boolean diff_packages,
            @Field(value = "decide every path both hold from its bytes, not from the hashes the archives hold", dflt = "false")
            boolean compare_bytes,
            @Field("engine of unversioned packages (with diff_packages)") EngineVersion engine_version,
            @Field(value = "mappings for unversioned properties (with diff_packages)", cli = "--usmap") Path usmap_path) {
    }

    /** One change inside a changed package (as diff_packages gives it). */
    public record PackageChange(String path, String kind, JsonNode old, @JsonProperty("new") JsonNode new_) {
    }

    /**
     * A changed path: how the change was found ({@code size}, {@code hash}, {@code bytes}), the sizes, the
     * archives the game reads it from, and with diff_packages the package's changes (or why it was not compared).
     */
    public record Changed(String path, String decided_by, long old_size, long new_size, String old_archive, String new_archive,
                          Integer change_count, List<PackageChange> changes, String package_diff_note) {
    }

    /** Reply data. */
    public record Reply(String old_path, String new_path, int old_archives, int new_archives, int old_files, int new_files,
                        boolean equal, int added_count, int removed_count, int changed_count, int unchanged_count,
                        Map<String, Integer> decided_by, List<String> added, List<String> removed, List<Changed> changed,
                        List<String> problems) {
    }

    public DiffGameVersionsAction() {
        super("diff_game_versions",
                "Two installs (folders of paks and IoStore containers): paths added, removed and changed, from the archives' own hashes",
                "diff_game_versions", "old_path", "new_path");
    }

    @Override
    protected Done<Reply> run(Request q, ActionContext ctx) throws Exception {
        Path oldDir = Installs.folder(q.old_path(), "old_path");
        Path newDir = Installs.folder(q.new_path(), "new_path");
        List<AesKey> keys = Installs.keys(q.aes_key(), q.aes_keys());
        var scheme = Installs.scheme(q.encryption_scheme());
        PathFilter filter = PathFilter.of(q.filter() == null ? List.of() : q.filter());
        int archives = Archive.find(oldDir).size() + Archive.find(newDir).size();
        AtomicLong opened = new AtomicLong();
        ctx.progress(0, archives, null);
        Runnable tick = () -> ctx.progress(opened.incrementAndGet(), archives, "index");
        var codecs = ctx.services().codecs();
        try (Install older = Install.open(oldDir, keys, scheme, codecs, filter.isEmpty() ? null : filter, ctx, tick);
             Install newer = Install.open(newDir, keys, scheme, codecs, filter.isEmpty() ? null : filter, ctx, tick)) {
            GameDiff.Result r = GameDiff.diff(older, newer, ctx, q.compare_bytes());
            List<Changed> changed = new ArrayList<>();
            PackageOpener opener = q.diff_packages() ? Installs.opener(q.engine_version(), q.usmap_path(), ctx) : null;
            Path scratch = q.diff_packages() ? Installs.scratch() : null;
            try {
                Map<String, String> comparedAt = new LinkedHashMap<>();
                for (GameDiff.Changed c : r.changed()) {
                    Changed out = new Changed(c.path(), c.decided().label(), c.oldSize(), c.newSize(), c.oldArchive(), c.newArchive(),
                            null, null, null);
                    String pkg = opener == null ? null : packageOf(c.path(), older, newer);
                    if (pkg != null) {
                        String key = pkg.toLowerCase(Locale.ROOT);
                        if (comparedAt.containsKey(key)) {
                            out = note(out, "compared as part of " + comparedAt.get(key));
                        } else {
                            ctx.checkCancelled();
                            comparedAt.put(key, c.path());
                            out = packageDiff(out, older.resolve(key), newer.resolve(key), opener, scratch, ctx);
                        }
                    }
                    changed.add(out);
                }
            } finally {
                Installs.delete(scratch);
            }
            Map<String, Integer> decided = new LinkedHashMap<>();
            r.decided().forEach((k, v) -> decided.put(k.label(), v));
            boolean equal = r.added().isEmpty() && r.removed().isEmpty() && changed.isEmpty();
            Reply reply = new Reply(oldDir.toString(), newDir.toString(), r.oldArchives(), r.newArchives(), r.oldFiles(), r.newFiles(),
                    equal, r.added().size(), r.removed().size(), changed.size(), r.unchanged(), decided, r.added(), r.removed(), changed,
                    r.problems());
            String msg = equal ? "Installs are equal (" + r.unchanged() + " files)"
                    : r.added().size() + " added, " + r.removed().size() + " removed, " + changed.size() + " changed, "
                            + r.unchanged() + " unchanged";
            return Done.of(msg, reply);
        }
    }

    /**
     * The package a changed file belongs to (itself for a .uasset/.umap; the .uasset or .umap of the same
     * name for its .uexp, .ubulk...), when both installs hold it; null otherwise.
     */
    private static String packageOf(String path, Install older, Install newer) {
        String l = path.toLowerCase(Locale.ROOT);
        if (l.endsWith(".uasset") || l.endsWith(".umap")) {
            return path;
        }
        int dot = path.lastIndexOf('.');
        if (dot < 0 || path.indexOf('/', dot) >= 0) {
            return null;
        }
        for (String ext : List.of(".uasset", ".umap")) {
            String p = path.substring(0, dot) + ext;
            String k = p.toLowerCase(Locale.ROOT);
            if (older.resolve(k) != null && newer.resolve(k) != null) {
                return newer.resolve(k).path();
            }
        }
        return null;
    }

    private static Changed note(Changed c, String note) {
        return new Changed(c.path(), c.decided_by(), c.old_size(), c.new_size(), c.old_archive(), c.new_archive(), null, null, note);
    }

    private static Changed packageDiff(Changed c, ArchiveFile a, ArchiveFile b, PackageOpener opener, Path scratch, ActionContext ctx) {
        if (!a.archive().isPak() || !b.archive().isPak()) {
            return note(c, "Zen package in an IoStore container: diff_packages compares legacy packages (extract_iostore_legacy converts it)");
        }
        try {
            Path da = Files.createTempDirectory(scratch, "old");
            Path db = Files.createTempDirectory(scratch, "new");
            JsonNode ta = Installs.tree(opener, a.archive().writePackage(a, da), ctx);
            JsonNode tb = Installs.tree(opener, b.archive().writePackage(b, db), ctx);
            List<PackageChange> changes = new ArrayList<>();
            for (Change ch : PackageDiff.diffTrees(ta, tb)) {
                changes.add(new PackageChange(ch.path(), ch.kind().label(), ch.oldValue(), ch.newValue()));
            }
            return new Changed(c.path(), c.decided_by(), c.old_size(), c.new_size(), c.old_archive(), c.new_archive(), changes.size(),
                    changes, null);
        } catch (Exception e) {
            return note(c, "not compared: " + e.getMessage());
        }
    }

    @Override
    protected String human(Reply r) {
        StringBuilder sb = new StringBuilder();
        sb.append("old: ").append(r.old_path()).append(" (").append(r.old_archives()).append(" archives, ").append(r.old_files())
                .append(" files)\n");
        sb.append("new: ").append(r.new_path()).append(" (").append(r.new_archives()).append(" archives, ").append(r.new_files())
                .append(" files)\n");
        r.added().forEach(p -> sb.append("+ ").append(p).append('\n'));
        r.removed().forEach(p -> sb.append("- ").append(p).append('\n'));
        for (Changed c : r.changed()) {
            sb.append("~ ").append(c.path()).append(" (").append(c.decided_by());
            if (c.old_size() != c.new_size()) {
                sb.append(", ").append(c.old_size()).append(" -> ").append(c.new_size()).append(" bytes");
            }
            sb.append(")\n");
            if (c.changes() != null) {
                for (PackageChange pc : c.changes()) {
                    sb.append("    ").append(new Change(pc.path(), Change.Kind.valueOf(pc.kind().toUpperCase(Locale.ROOT)), pc.old(),
                            pc.new_()).render()).append('\n');
                }
            } else if (c.package_diff_note() != null) {
                sb.append("    (").append(c.package_diff_note()).append(")\n");
            }
        }
        r.problems().forEach(p -> sb.append("! ").append(p).append('\n'));
        sb.append(r.added_count()).append(" added, ").append(r.removed_count()).append(" removed, ").append(r.changed_count())
                .append(" changed, ").append(r.unchanged_count()).append(" unchanged (decided by");
        r.decided_by().forEach((k, v) -> sb.append(' ').append(k).append(' ').append(v));
        sb.append(")\n");
        return sb.toString();
    }

    /** As diff does: 0 equal, 1 different, 2 trouble. */
    @Override
    public int cliExitStatus(boolean success, Object data, int usual) {
        if (!success) {
            return 2;
        }
        return data instanceof Reply r && !r.equal() ? 1 : 0;
    }
}
