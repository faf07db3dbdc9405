package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Supplier;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * {@code to_json} and {@code batch_to_json}: legacy packages (files, or folders walked for .uasset
 * and .umap) to UAssetAPI-schema JSON files, in parallel on all cores, with progress and per-file
 * errors.
 */
public final class ToJsonAction implements ActionHandler {
    private final ActionSpec spec;

    private ToJsonAction(ActionSpec spec) {
        this.spec = spec;
    }

    private static ActionSpec spec(String name) {
        return ActionSpec.of(name, "Writes legacy packages as UAssetAPI-schema JSON (lossless; from_json reverses it)",
                JsonFiles.FILE, JsonFiles.FILES, AssetFiles.USMAP, JsonFiles.OUTPUT_DIR, JsonFiles.BASE, JsonFiles.COMPACT,
                AssetFiles.ENGINE);
    }

    public static ToJsonAction single() {
        return new ToJsonAction(spec("to_json").withCli("to_json", "file_path", "usmap_path", "output_path"));
    }

    public static ToJsonAction batch() {
        return new ToJsonAction(spec("batch_to_json"));
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        long start = System.nanoTime();
        JsonFiles.JsonWriter writer = JsonFiles.writer(args.bool("compact"));
        EngineVersion engine = AssetFiles.engine(args);
        List<JsonFiles.Item> items = JsonFiles.inputs(args, ".uasset", ".umap");
        // USMAP_PATH is read only once a package with unversioned properties needs it
        Supplier<Usmap> mappings = AssetFiles.lazyUsmap(args, ctx);
        AtomicBoolean warned = new AtomicBoolean();
        Parallel.Work<JsonFiles.Item, String> work = item -> {
            AssetPackage pkg = AssetFiles.open(item.file(), engine, ctx);
            Usmap usmap = pkg.hasUnversionedProperties() || args.has("usmap_path") ? mappings.get() : null;
            JsonFiles.warnIfUnmapped(ctx, pkg, usmap, warned);
            Path target = JsonFiles.target(args, item, ".json");
            JsonFiles.writeJson(writer, pkg, usmap, target);
            return target.toString();
        };
        // one file named alone: its failure is the request's, with its file, offset and structure
        Parallel.Outcome<String> o = items.size() == 1 && !args.has("file_paths")
                ? single(items.get(0), work.apply(items.get(0)))
                : Parallel.run(ctx, items, JsonFiles.Item::name, work);
        JsonFiles.Batch b = JsonFiles.Batch.of(o, items.size(), start);
        return ActionResult.of("Converted " + b.success_count() + " of " + b.total() + " packages to JSON", b);
    }

    private static Parallel.Outcome<String> single(JsonFiles.Item item, String output) {
        return new Parallel.Outcome<>(List.of(item.name()), List.of(output), List.of(),
                io.uassetd.daemon.action.Items.of(List.of(io.uassetd.daemon.action.Items.Item.ok(item.name(), output))));
    }
}
