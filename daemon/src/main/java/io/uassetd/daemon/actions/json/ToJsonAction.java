package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;

/**
 * {@code to_json} and {@code batch_to_json}: legacy packages (files, or folders walked for .uasset
 * and .umap) to UAssetAPI-schema JSON files, in parallel on all cores, with progress and per-file
 * errors.
 */
public final class ToJsonAction extends TypedAction<ToJsonAction.Request, JsonFiles.Batch> {
    /** The request of both actions. */
    public record Request(@Field(JsonFiles.FILE_HELP) Path file_path,
                          @Field(JsonFiles.FILES_HELP) List<String> file_paths,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(JsonFiles.OUTPUT_DIR_HELP) Path output_path,
                          @Field(JsonFiles.BASE_HELP) Path base_path,
                          @Field(value = JsonFiles.COMPACT_HELP, dflt = "false") boolean compact,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(AssetFiles.FAIL_FAST_HELP) boolean fail_fast) {
    }

    private ToJsonAction(String name, String cli, String... positionals) {
        super(name, "Writes legacy packages as UAssetAPI-schema JSON (lossless; from_json reverses it)", cli, positionals);
    }

    /** {@code to_json} (CLI {@code to_json <file> [usmap] [output]}). */
    public static ToJsonAction single() {
        return new ToJsonAction("to_json", "to_json", "file_path", "usmap_path", "output_path");
    }

    /** {@code batch_to_json}. */
    public static ToJsonAction batch() {
        return new ToJsonAction("batch_to_json", null);
    }

    @Override
    protected Done<JsonFiles.Batch> run(Request q, Args args, ActionContext ctx) throws Exception {
        long start = System.nanoTime();
        JsonFiles.JsonWriter writer = JsonFiles.writer(q.compact());
        List<JsonFiles.Item> items = JsonFiles.inputs(q.file_path(), q.file_paths(), q.base_path(), ".uasset", ".umap");
        boolean singleFile = JsonFiles.singleFile(q.file_path(), q.file_paths());
        // USMAP_PATH is read only once a package with unversioned properties needs it
        Supplier<Usmap> mappings = AssetFiles.lazyUsmap(args, ctx);
        boolean named = args.has("usmap_path");
        AtomicBoolean warned = new AtomicBoolean();
        Parallel.Work<JsonFiles.Item, String> work = item -> {
            AssetPackage pkg = AssetFiles.open(item.file(), q.engine_version(), ctx);
            Usmap usmap = pkg.hasUnversionedProperties() || named ? mappings.get() : null;
            JsonFiles.warnIfUnmapped(ctx, pkg, usmap, warned);
            Path target = JsonFiles.target(q.output_path(), singleFile, item, ".json");
            JsonFiles.writeJson(writer, pkg, usmap, target);
            return target.toString();
        };
        // one file named alone: its failure is the request's, with its file, offset and structure
        Parallel.Outcome<String> o = items.size() == 1 && q.file_paths().isEmpty()
                ? single(items.get(0), work.apply(items.get(0)))
                : Parallel.run(ctx, items, JsonFiles.Item::name, work, q.fail_fast());
        JsonFiles.Batch b = JsonFiles.Batch.of(o, items.size(), start);
        return Done.of("Converted " + b.success_count() + " of " + b.total() + " packages to JSON", b);
    }

    /** The outcome of one item done alone. */
    static Parallel.Outcome<String> single(JsonFiles.Item item, String output) {
        return new Parallel.Outcome<>(List.of(item.name()), List.of(output), List.of(), Items.of(List.of(Items.Item.ok(item.name(), output))));
    }
}
