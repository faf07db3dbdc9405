package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.codecs.diff.PackageMerge;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * {@code rebase_mod}: a mod's changes to the package it was made from, applied to a new version of
 * that package (a game patch), as a three-way merge at property level (docs/rebase-and-merge.md).
 * Every conflict (a value both changed, or one changed what the other removed) is listed; the
 * policy {@code mod}, {@code base} or {@code fail} decides them, and {@code fail} writes nothing.
 */
public final class RebaseModAction extends TypedAction<RebaseModAction.Request, RebaseModAction.Rebased> {
    /** The request. */
    public record Request(@Field(value = "the mod's package " + DiffPackagesAction.INPUT, required = true) String mod_path,
                          @Field(value = "the package the mod was made from", required = true) String base_path,
                          @Field(value = "the new version of that package (the patched game's)", required = true) String new_base_path,
                          @Field(value = "the rebased package to write (.uasset or .umap; its .uexp beside it)", required = true) Path output_path,
                          @Field(value = "who wins a conflict: mod, base (the new base's value) or fail (write nothing)", dflt = "fail")
                          String policy,
                          @Field(PackageInputs.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = PackageInputs.USMAP_HELP, cli = "--usmap") Path usmap_path,
                          @Field(PackageInputs.GAME_PAKS_HELP) Path game_paks,
                          @Field(PackageInputs.AES_HELP) String aes_key) implements PackageInputs.Request {
    }

    public RebaseModAction() {
        super("rebase_mod", "Applies a mod's changes to a new version of the package it was made from (three-way merge by property)",
                "rebase_mod", "mod_path", "base_path", "new_base_path", "output_path");
    }

    /** A conflict: the base's value, the mod's and the new base's (null where removed), and the side taken (null on fail). */
    public record Conflict(String path, JsonNode base, JsonNode mod, JsonNode new_base, String chosen) {
    }

    /** Reply data: what was written, the conflicts, and the result's changes from the new base (the mod's changes as applied). */
    public record Rebased(String output_path, boolean written, String policy, int conflict_count, List<Conflict> conflicts,
                          int change_count, List<DiffPackagesAction.Item> changes) {
    }

    @Override
    protected Done<Rebased> run(Request q, ActionContext ctx) throws Exception {
        Policy p = Policy.of(q.policy(), "mod", PackageMerge.Resolution.INCOMING, "base", PackageMerge.Resolution.EXISTING);
        String policy = p.name();
        PackageMerge.Resolution res = p.resolution();
        checkOutput(q.output_path());
        PackageInputs.Reading in = q.reading(ctx);
        PackageInputs.Loaded base = in.load(q.base_path());
        PackageInputs.Loaded mod = in.load(q.mod_path());
        PackageInputs.Loaded next = in.load(q.new_base_path());
        PackageMerge.Result r;
        try {
            r = PackageMerge.rebase(base.tree(), mod.tree(), next.tree(), res);
        } catch (PackageMerge.MergeException e) {
            throw ActionException.invalid(e.getMessage());
        }
        List<Conflict> conflicts = r.conflicts().stream().map(c -> new Conflict(c.path(), c.base(), value(c, "mod"), value(c, "new_base"),
                c.chosen())).toList();
        if (r.failed(res)) {
            return Done.of(conflicts.size() + " conflicts: nothing written (policy fail)",
                    new Rebased(q.output_path().toString(), false, policy, conflicts.size(), conflicts, 0, List.of()));
        }
        JsonNode written = write(r.tree(), next, q.output_path());
        var changes = PackageDiff.diffTrees(next.tree(), written);
        return Done.of("Rebased onto " + q.new_base_path() + ": " + changes.size() + " changes, " + conflicts.size() + " conflicts",
                new Rebased(q.output_path().toString(), true, policy, conflicts.size(), conflicts, changes.size(),
                        DiffPackagesAction.Item.of(changes)));
    }

    private static JsonNode value(PackageMerge.Conflict c, String source) {
        return c.sides().stream().filter(s -> s.source().equals(source)).findFirst().map(PackageMerge.Side::value).orElse(null);
    }

    /** A request's conflict policy (rebase_mod's and merge_mods'): its name as given (lower case) and what it resolves to. */
    record Policy(String name, PackageMerge.Resolution resolution) {
        /**
         * {@code raw} (null: fail) read as one of two named resolutions or fail; anything else is
         * INVALID_ARGUMENT listing the names in the order given.
         */
        static Policy of(String raw, String a, PackageMerge.Resolution ra, String b, PackageMerge.Resolution rb) {
            String name = raw == null ? "fail" : raw.toLowerCase(Locale.ROOT);
            PackageMerge.Resolution r = name.equals(a) ? ra : name.equals(b) ? rb : name.equals("fail") ? PackageMerge.Resolution.FAIL : null;
            if (r == null) {
                throw ActionException.invalid("Field 'policy' must be " + a + ", " + b + " or fail, got " + raw);
            }
            return new Policy(name, r);
        }
    }

    static void checkOutput(Path out) {
        String n = out.getFileName() == null ? "" : out.getFileName().toString().toLowerCase(Locale.ROOT);
        if (!n.endsWith(".uasset") && !n.endsWith(".umap")) {
            throw ActionException.invalid("Field 'output_path' must name a .uasset or .umap, got " + out);
        }
        if (Files.isDirectory(out)) {
            throw ActionException.invalid(out + " is a folder: output_path names the package to write");
        }
    }

    /**
     * Writes a merged tree as a legacy package (.uasset/.umap + .uexp, one atomic file set) after
     * checking that it reads back and writes the same bytes; returns the written package's tree.
     */
    static JsonNode write(JsonNode tree, PackageInputs.Loaded like, Path out) {
        String name = out.getFileName().toString();
        AssetPackage.Bytes b = UAssetJson.toPackageBytes(tree, name, like.usmap());
        AssetPackage back = AssetPackage.read(b.header(), b.exports(), name, like.engine());
        JsonNode readBack = UAssetJson.toTree(back, like.usmap());
        AssetPackage.Bytes again = AssetPackage.read(b.header(), b.exports(), name, like.engine()).toBytes();
        if (!Arrays.equals(again.header(), b.header()) || !Arrays.equals(again.exports(), b.exports())) {
            throw new IllegalStateException("The merged package " + name + " does not read back to the same bytes; nothing written");
        }
        Path parent = out.toAbsolutePath().getParent();
        try {
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        b.writeTo(out);
        return readBack;
    }

    /** The CLI's lines: {@code ! path: base B, mod M, new_base N -> chosen} per conflict, the diff lines of the result, a summary. */
    @Override
    protected String human(Rebased r) {
        StringBuilder sb = new StringBuilder();
        for (Conflict c : r.conflicts()) {
            sb.append("! ").append(c.path()).append(": base ").append(text(c.base())).append(", mod ").append(text(c.mod()))
                    .append(", new_base ").append(text(c.new_base())).append(" -> ").append(c.chosen() == null ? "(not written)" : c.chosen())
                    .append('\n');
        }
        sb.append(DiffPackagesAction.render(r.changes()));
        sb.append(r.written() ? "Wrote " + r.output_path() + ": " + r.change_count() + " changes from the new base, " + r.conflict_count()
                + " conflicts" : r.conflict_count() + " conflicts: nothing written (policy fail)").append('\n');
        return sb.toString();
    }

    static String text(JsonNode v) {
        String s = v == null || v.isNull() ? "(absent)" : v.toString();
        return s.length() <= 200 ? s : s.substring(0, 197) + "...";
    }

    /** Exit status 1 when conflicts stopped the write (policy fail), as for a merge tool. */
    @Override
    public int cliExitStatus(boolean success, Object data, int usual) {
        return success && data instanceof Rebased r && !r.written() ? 1 : usual;
    }
}
