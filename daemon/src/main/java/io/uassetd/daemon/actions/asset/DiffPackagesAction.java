package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.diff.Change;
import io.uassetd.codecs.diff.PackageDiff;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code diff_packages}: the semantic difference of two packages (legacy .uasset/.umap with their
 * .uexp, a Zen package, an entry of a container, or UAssetAPI-schema JSON): names, imports and
 * exports added or removed, and every property value that differs, by path
 * (docs/mod-maintenance.md). The CLI prints one line per change and exits 0 when the packages are
 * equal, 1 when they differ, 2 on error, as {@code diff} does.
 */
public final class DiffPackagesAction extends TypedAction<DiffPackagesAction.Request, DiffPackagesAction.Diff> {
    static final String INPUT = "(.uasset/.umap legacy with its .uexp, a Zen package, UAssetAPI JSON, or container::entry: "
            + "Game.utoc::/Game/Path/Package, Game.pak::Path/Package.uasset)";

    /** The request. */
    public record Request(@Field(value = "the package before " + INPUT, required = true) String old_path,
                          @Field(value = "the package after " + INPUT, required = true) String new_path,
                          @Field(PackageInputs.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = PackageInputs.USMAP_HELP, cli = "--usmap") Path usmap_path,
                          @Field(PackageInputs.GAME_PAKS_HELP) Path game_paks,
                          @Field(PackageInputs.AES_HELP) String aes_key) implements PackageInputs.Request {
    }

    public DiffPackagesAction() {
        super("diff_packages",
                "Semantic difference of two packages: names, imports, exports and property values added, removed or changed, by path",
                "diff_packages", "old_path", "new_path");
    }

    /** One change: its path, {@code added}/{@code removed}/{@code changed}, and the values before and after. */
    public record Item(String path, String kind, JsonNode old, @com.fasterxml.jackson.annotation.JsonProperty("new") JsonNode new_) {
        static List<Item> of(List<Change> changes) {
            return changes.stream().map(c -> new Item(c.path(), c.kind().label(), c.oldValue(), c.newValue())).toList();
        }
    }

    /** Reply data. */
    public record Diff(String old_path, String new_path, boolean equal, int change_count, int added_count, int removed_count,
                       int changed_count, List<Item> changes) {
    }

    @Override
    protected Done<Diff> run(Request q, ActionContext ctx) throws Exception {
        PackageInputs.Reading in = q.reading(ctx);
        PackageInputs.Loaded a = in.load(q.old_path());
        PackageInputs.Loaded b = in.load(q.new_path());
        List<Change> changes = PackageDiff.diffTrees(a.tree(), b.tree());
        int added = count(changes, Change.Kind.ADDED);
        int removed = count(changes, Change.Kind.REMOVED);
        int changed = count(changes, Change.Kind.CHANGED);
        Diff d = new Diff(q.old_path(), q.new_path(), changes.isEmpty(), changes.size(), added, removed, changed, Item.of(changes));
        return Done.of(message(changes), d);
    }

    static String message(List<Change> changes) {
        return changes.isEmpty() ? "Packages are equal"
                : changes.size() + " changes (" + count(changes, Change.Kind.ADDED) + " added, " + count(changes, Change.Kind.REMOVED)
                        + " removed, " + count(changes, Change.Kind.CHANGED) + " changed)";
    }

    static int count(List<Change> changes, Change.Kind kind) {
        return (int) changes.stream().filter(c -> c.kind() == kind).count();
    }

    static String render(List<Item> items) {
        StringBuilder sb = new StringBuilder();
        for (Item i : items) {
            sb.append(new Change(i.path(), Change.Kind.valueOf(i.kind().toUpperCase(Locale.ROOT)), i.old(), i.new_()).render()).append('\n');
        }
        return sb.toString();
    }

    @Override
    protected String human(Diff d) {
        if (d.equal()) {
            return "";
        }
        return render(d.changes()) + d.change_count() + " changes (" + d.added_count() + " added, " + d.removed_count() + " removed, "
                + d.changed_count() + " changed)\n";
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
