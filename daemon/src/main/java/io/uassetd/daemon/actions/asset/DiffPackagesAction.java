package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.diff.Change;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code diff_packages}: the semantic difference of two packages (legacy .uasset/.umap with their
 * .uexp, or UAssetAPI-schema JSON): names, imports and exports added or removed, and every property
 * value that differs, by path (docs/mod-maintenance.md). The CLI prints one line per change and exits
 * 0 when the packages are equal, 1 when they differ, 2 on error, as {@code diff} does.
 */
public final class DiffPackagesAction implements ActionHandler {
    static final FieldSpec OLD = FieldSpec.required("old_path", FieldType.STRING,
            "the package before (.uasset/.umap with its .uexp, or UAssetAPI JSON)");
    static final FieldSpec NEW = FieldSpec.required("new_path", FieldType.STRING,
            "the package after (.uasset/.umap with its .uexp, or UAssetAPI JSON)");
    private static final ActionSpec SPEC = ActionSpec.of("diff_packages",
            "Semantic difference of two packages: names, imports, exports and property values added, removed or changed, by path",
            OLD, NEW, AssetFiles.ENGINE, AssetFiles.USMAP).withCli("diff_packages", "old_path", "new_path");

    /** One change: its path, {@code added}/{@code removed}/{@code changed}, and the values before and after. */
    public record Item(String path, String kind, JsonNode old, @com.fasterxml.jackson.annotation.JsonProperty("new") JsonNode new_) {
    }

    /** Reply data. */
    public record Diff(String old_path, String new_path, boolean equal, int change_count, int added_count, int removed_count,
                       int changed_count, List<Item> changes) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path a = args.requirePath("old_path");
        Path b = args.requirePath("new_path");
        JsonNode ta = tree(a, args, ctx);
        JsonNode tb = tree(b, args, ctx);
        List<Change> changes = PackageDiff.diffTrees(ta, tb);
        List<Item> items = changes.stream().map(c -> new Item(c.path(), c.kind().label(), c.oldValue(), c.newValue())).toList();
        int added = count(changes, Change.Kind.ADDED);
        int removed = count(changes, Change.Kind.REMOVED);
        int changed = count(changes, Change.Kind.CHANGED);
        Diff d = new Diff(a.toString(), b.toString(), changes.isEmpty(), changes.size(), added, removed, changed, items);
        String message = changes.isEmpty() ? "Packages are equal"
                : changes.size() + " changes (" + added + " added, " + removed + " removed, " + changed + " changed)";
        return ActionResult.of(message, d);
    }

    private static int count(List<Change> changes, Change.Kind kind) {
        return (int) changes.stream().filter(c -> c.kind() == kind).count();
    }

    /** The package's UAssetAPI JSON tree as uassetd writes it (a JSON input is read into a package and written again). */
    private static JsonNode tree(Path file, Args args, ActionContext ctx) throws Exception {
        if (!Files.isRegularFile(file)) {
            throw ActionException.notFound("Package not found: " + file, file.toString());
        }
        String name = file.getFileName().toString();
        if (name.toLowerCase(Locale.ROOT).endsWith(".json")) {
            JsonNode parsed = UAssetJson.parse(Files.readAllBytes(file), name);
            Usmap usmap = UAssetJson.hasUnversionedProperties(parsed) || args.has("usmap_path") ? AssetFiles.usmap(args, ctx) : null;
            String pkgName = name.substring(0, name.length() - ".json".length()) + ".uasset";
            AssetPackage pkg = UAssetJson.fromTree(parsed, pkgName, usmap);
            return UAssetJson.toTree(pkg, usmap);
        }
        AssetPackage pkg = AssetFiles.open(file, AssetFiles.engine(args), ctx, AssetFiles.explicitUsmap(args, ctx));
        return UAssetJson.toTree(pkg, AssetFiles.usmapFor(args, ctx, pkg));
    }

    @Override
    public String formatHuman(ActionResult result) {
        Diff d = (Diff) result.data();
        if (d.equal()) {
            return "";
        }
        StringBuilder sb = new StringBuilder();
        for (Item i : d.changes()) {
            sb.append(new Change(i.path(), Change.Kind.valueOf(i.kind().toUpperCase(Locale.ROOT)), i.old(), i.new_()).render()).append('\n');
        }
        sb.append(result.message()).append('\n');
        return sb.toString();
    }

    /** {@code diff}'s exit status: 0 equal, 1 different, 2 trouble. */
    @Override
    public int cliExitStatus(boolean success, Object data, int usual) {
        if (!success) {
            return 2;
        }
        return data instanceof Diff d && !d.equal() ? 1 : 0;
    }
}
