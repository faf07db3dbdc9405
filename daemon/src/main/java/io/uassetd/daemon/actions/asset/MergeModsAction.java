package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.codecs.diff.PackageMerge;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code merge_mods}: several mods of one package (each made from the same base) -> one package
 * holding all their changes, merged at property level in the order given
 * (docs/rebase-and-merge.md). A value two mods change differently is a conflict; the policy
 * {@code first}, {@code last} or {@code fail} decides it, and {@code fail} writes nothing.
 */
public final class MergeModsAction extends TypedAction<MergeModsAction.Request, MergeModsAction.Merged> {
    /** The request. */
    public record Request(@Field(value = "the package the mods were made from " + DiffPackagesAction.INPUT, required = true) String base_path,
                          @Field(value = "the mods' packages, in load order (later = loaded later)", required = true) List<String> mod_paths,
                          @Field(value = "the merged package to write (.uasset or .umap; its .uexp beside it)", required = true) Path output_path,
                          @Field(value = "who wins a conflict: first (the earlier mod in mod_paths), last (the later, as the engine's load order "
                                  + "would) or fail (write nothing)", dflt = "fail") String policy,
                          @Field(PackageInputs.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = PackageInputs.USMAP_HELP, cli = "--usmap") Path usmap_path,
                          @Field(PackageInputs.GAME_PAKS_HELP) Path game_paks,
                          @Field(PackageInputs.AES_HELP) String aes_key) implements PackageInputs.Request {
    }

    public MergeModsAction() {
        super("merge_mods", "Merges several mods of one package into one package holding all their changes (three-way merge by property)",
                "merge_mods", "base_path", "output_path", "mod_paths");
    }

    /** One mod's value at a conflicting place (null where it removed it). */
    public record Value(String mod, JsonNode value) {
    }

    /** A conflict: the base's value, each involved mod's, and the mod whose value was taken (null on fail). */
    public record Conflict(String path, JsonNode base, List<Value> values, String chosen) {
    }

    /** Reply data: what was written, the conflicts, and the merged package's changes from the base. */
    public record Merged(String output_path, boolean written, String policy, int mod_count, int conflict_count, List<Conflict> conflicts,
                         int change_count, List<DiffPackagesAction.Item> changes) {
    }

    @Override
    protected Done<Merged> run(Request q, ActionContext ctx) throws Exception {
        RebaseModAction.Policy p = RebaseModAction.Policy.of(q.policy(), "first", PackageMerge.Resolution.EXISTING, "last",
                PackageMerge.Resolution.INCOMING);
        String policy = p.name();
        PackageMerge.Resolution res = p.resolution();
        if (q.mod_paths() == null || q.mod_paths().isEmpty()) {
            throw ActionException.invalid("Field 'mod_paths' must name at least one mod");
        }
        RebaseModAction.checkOutput(q.output_path());
        PackageInputs.Reading in = q.reading(ctx);
        PackageInputs.Loaded base = in.load(q.base_path());
        List<JsonNode> mods = new ArrayList<>();
        for (int i = 0; i < q.mod_paths().size(); i++) {
            ctx.checkCancelled();
            ctx.progress(i, q.mod_paths().size(), q.mod_paths().get(i));
            mods.add(in.load(q.mod_paths().get(i)).tree());
        }
        PackageMerge.Result r;
        try {
            r = PackageMerge.merge(base.tree(), mods, q.mod_paths(), res);
        } catch (PackageMerge.MergeException e) {
            throw ActionException.invalid(e.getMessage());
        }
        List<Conflict> conflicts = r.conflicts().stream().map(c -> new Conflict(c.path(), c.base(),
                c.sides().stream().map(s -> new Value(s.source(), s.value())).toList(), c.chosen())).toList();
        int n = q.mod_paths().size();
        if (r.failed(res)) {
            return Done.of(conflicts.size() + " conflicts: nothing written (policy fail)",
                    new Merged(q.output_path().toString(), false, policy, n, conflicts.size(), conflicts, 0, List.of()));
        }
        JsonNode written = RebaseModAction.write(r.tree(), base, q.output_path());
        var changes = PackageDiff.diffTrees(base.tree(), written);
        return Done.of("Merged " + n + " mods: " + changes.size() + " changes, " + conflicts.size() + " conflicts",
                new Merged(q.output_path().toString(), true, policy, n, conflicts.size(), conflicts, changes.size(),
                        DiffPackagesAction.Item.of(changes)));
    }

    /** The CLI's lines: {@code ! path: base B, mod1 V1, mod2 V2 -> chosen} per conflict, the diff lines of the result, a summary. */
    @Override
    protected String human(Merged m) {
        StringBuilder sb = new StringBuilder();
        for (Conflict c : m.conflicts()) {
            sb.append("! ").append(c.path()).append(": base ").append(RebaseModAction.text(c.base()));
            for (Value v : c.values()) {
                sb.append(", ").append(v.mod()).append(' ').append(RebaseModAction.text(v.value()));
            }
            sb.append(" -> ").append(c.chosen() == null ? "(not written)" : c.chosen()).append('\n');
        }
        sb.append(DiffPackagesAction.render(m.changes()));
        sb.append(m.written() ? "Wrote " + m.output_path() + ": " + m.change_count() + " changes from the base, " + m.conflict_count()
                + " conflicts" : m.conflict_count() + " conflicts: nothing written (policy fail)").append('\n');
        return sb.toString();
    }

    /** Exit status 1 when conflicts stopped the write (policy fail). */
    @Override
    public int cliExitStatus(boolean success, Object data, int usual) {
        return success && data instanceof Merged m && !m.written() ? 1 : usual;
    }
}
