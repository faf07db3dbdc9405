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
                          @Field("engine of unversioned (cooked) packages (versioned packages carry their own)") EngineVersion engine_version,
                          @Field(value = "mappings for unversioned properties (else USMAP_PATH)", cli = "--usmap") Path usmap_path,
                          @Field("the game's Paks folder: its global container resolves the script imports of a loose Zen package")
                          Path game_paks,
                          @Field("AES key of an encrypted container named by container::entry (hex or base64)") String aes_key) {
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
        String policy = q.policy() == null ? "fail" : q.policy().toLowerCase(Locale.ROOT);
        PackageMerge.Resolution res = switch (policy) {
            case "mod" -> PackageMerge.Resolution.INCOMING;
            case "base" -> PackageMerge.Resolution.EXISTING;
            case "fail" -> PackageMerge.Resolution.FAIL;
            default -> throw ActionException.invalid("Field 'policy' must be mod, base or fail, got " + q.policy());
        };
        checkOutput(q.output_path());
        PackageInputs.Loaded base = PackageInputs.load(q.base_path(), q.engine_version(), q.usmap_path(), q.aes_key(), q.game_paks(), ctx);
        PackageInputs.Loaded mod = PackageInputs.load(q.mod_path(), q.engine_version(), q.usmap_path(), q.aes_key(), q.game_paks(), ctx);
        PackageInputs.Loaded next = PackageInputs.load(q.new_base_path(), q.engine_version(), q.usmap_path(), q.aes_key(), q.game_paks(), ctx);
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
