package io.uassetd.daemon.actions.mods;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.mods.Archive;
import io.uassetd.codecs.mods.Install;
import io.uassetd.codecs.mods.ModConflicts;
import io.uassetd.codecs.mods.ZenTables;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * {@code mod_conflicts}: a mods folder (paks and IoStore mods) -> every file more than one mod
 * provides, the mods in the order the engine loads them, the one whose file the game gets and why;
 * for DataTables and StringTables, the rows each mod changes (docs/game-diff-and-conflicts.md).
 */
public final class ModConflictsAction extends TypedAction<ModConflictsAction.Request, ModConflictsAction.Reply> {
    /** The request. */
    public record Request(
            @Field(value = "the mods folder (e.g. the game's Content/Paks/~mods), searched recursively", required = true) Path mods_path,
            @Field("the base game's Paks folder (the mods folder is left out of it): the mods' tables are compared with its tables")
            Path base_path,
            @Field(value = "AES-256 key of encrypted archives (hex or base64)", cli = "--aes") String aes_key,
            @Field("more AES keys: each archive takes the first key that opens it") List<String> aes_keys,
            @Field(value = "encryption scheme of the paks: standard, rivals, or a game profile's name for its scheme", dflt = "standard")
            String encryption_scheme,
            @Field(value = "compare the rows of DataTables and StringTables several mods provide", dflt = "true") boolean compare_rows,
            @Field("engine of unversioned packages (for the rows)") EngineVersion engine_version,
            @Field(value = "mappings for unversioned properties (for the rows)", cli = "--usmap") Path usmap_path) {
    }

    /** Reply data: the conflicts, sorted by path, each with its providers from the first loaded to the winner. */
    public record Reply(String mods_path, String base_path, int archives, int files, int conflict_count,
                        List<ModConflicts.Conflict> conflicts, List<String> unmounted, List<String> problems) {
    }

    public ModConflictsAction() {
        super("mod_conflicts",
                "A mods folder: every file several mods provide, the mod the engine loads last and why, and the table rows each changes",
                "mod_conflicts", "mods_path");
    }

    @Override
    protected Done<Reply> run(Request q, ActionContext ctx) throws Exception {
        Path mods = Installs.folder(q.mods_path(), "mods_path");
        Path base = q.base_path() == null ? null : Installs.folder(q.base_path(), "base_path");
        List<AesKey> keys = Installs.keys(q.aes_key(), q.aes_keys());
        var scheme = Installs.scheme(q.encryption_scheme());
        var codecs = ctx.services().codecs();
        int archives = Archive.find(mods).size() + (base == null ? 0 : Archive.find(base, mods).size());
        AtomicLong opened = new AtomicLong();
        ctx.progress(0, archives, null);
        Runnable tick = () -> ctx.progress(opened.incrementAndGet(), archives, "index");
        Path scratch = q.compare_rows() ? Installs.scratch() : null;
        try (Install m = Install.open(mods, keys, scheme, codecs, null, ctx, tick);
             Install b = base == null ? null : Install.open(base, mods, keys, scheme, codecs, null, ctx, tick)) {
            PackageOpener opener = q.compare_rows() ? Installs.opener(q.engine_version(), q.usmap_path(), ctx) : null;
            ModConflicts.Result r;
            try (ZenTables zen = q.compare_rows() ? ZenTables.open(m, b, keys, codecs, q.engine_version()) : null) {
                r = ModConflicts.find(m, b, opener == null ? null : file -> Installs.tableTree(opener, file, ctx), zen, scratch, ctx);
            }
            Reply reply = new Reply(mods.toString(), base == null ? null : base.toString(), r.archives(), r.files(), r.conflicts().size(),
                    r.conflicts(), r.unmounted(), r.problems());
            String msg = r.conflicts().isEmpty() ? "No conflicts: " + r.files() + " files in " + r.archives() + " archives"
                    : r.conflicts().size() + " files provided by more than one mod (" + r.files() + " files in " + r.archives()
                            + " archives)";
            return Done.of(msg, reply);
        } finally {
            Installs.delete(scratch);
        }
    }

    @Override
    protected String human(Reply r) {
        StringBuilder sb = new StringBuilder();
        for (ModConflicts.Conflict c : r.conflicts()) {
            sb.append(c.path()).append('\n');
            int i = 1;
            for (ModConflicts.Provider p : c.providers()) {
                boolean win = i == c.providers().size();
                sb.append("  ").append(i++).append(". ").append(p.archive()).append("  order ").append(p.order()).append(" (").append(p.reason()).append(')')
                        .append(win ? "  <- loaded" : "").append('\n');
            }
            sb.append("  why: ").append(c.rule()).append('\n');
            ModConflicts.Rows rows = c.rows();
            if (rows != null) {
                sb.append("  rows");
                if (rows.table_kind() != null) {
                    sb.append(" (").append(rows.table_kind()).append(rows.against_base() ? ", against the base" : ", between the mods")
                            .append(')');
                }
                sb.append(": ").append(rows.verdict()).append('\n');
                for (Map.Entry<String, List<String>> e : rows.rows_by_mod().entrySet()) {
                    sb.append("    ").append(e.getKey()).append(": ").append(e.getValue().isEmpty() ? "-" : String.join(", ", e.getValue()))
                            .append('\n');
                }
                rows.shared_rows().forEach((row, ms) -> sb.append("    same row ").append(row).append(": ").append(String.join(", ", ms))
                        .append('\n'));
                if (rows.note() != null) {
                    sb.append("    (").append(rows.note()).append(")\n");
                }
            }
        }
        r.unmounted().forEach(u -> sb.append("! ").append(u).append('\n'));
        r.problems().forEach(p -> sb.append("! ").append(p).append('\n'));
        sb.append(r.conflict_count()).append(" conflicts; ").append(r.files()).append(" files in ").append(r.archives()).append(" archives\n");
        return sb.toString();
    }
}
