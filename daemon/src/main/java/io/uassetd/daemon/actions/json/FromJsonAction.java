package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.open.PackageOpener;
import java.util.Arrays;
import java.util.Locale;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code from_json} and {@code batch_from_json}: JSON files written by to_json (or edited since)
 * back to packages, .uasset/.umap + .uexp written atomically, in parallel with progress and
 * per-file errors.
 */
public final class FromJsonAction extends TypedAction<FromJsonAction.Request, JsonFiles.Batch> {
    /** The request of both actions (the engine is the one the JSON records). */
    public record Request(@Field(JsonFiles.FILE_HELP) Path file_path,
                          @Field(JsonFiles.FILES_HELP) List<String> file_paths,
                          @Field("output folder (default: next to each JSON file); for one JSON file, a path ending in .uasset or .umap names the package")
                          Path output_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(JsonFiles.BASE_HELP) Path base_path,
                          @Field(AssetFiles.FAIL_FAST_HELP) boolean fail_fast) {
    }

    private FromJsonAction(String name, String cli, String... positionals) {
        super(name, "Turns UAssetAPI-schema JSON written by to_json back into packages (.uasset/.umap + .uexp)", cli, positionals);
    }

    /** {@code from_json} (CLI {@code from_json <json> [output] [usmap]}). */
    public static FromJsonAction single() {
        return new FromJsonAction("from_json", "from_json", "file_path", "output_path", "usmap_path");
    }

    /** {@code batch_from_json}. */
    public static FromJsonAction batch() {
        return new FromJsonAction("batch_from_json", null);
    }

    @Override
    protected Done<JsonFiles.Batch> run(Request q, Args args, ActionContext ctx) throws Exception {
        long start = System.nanoTime();
        List<JsonFiles.Item> items = JsonFiles.inputs(q.file_path(), q.file_paths(), q.base_path(), ".json");
        Path out = q.output_path();
        boolean named = out != null && items.size() == 1 && !Files.isDirectory(out) && isPackageName(out);
        boolean singleFile = JsonFiles.singleFile(q.file_path(), q.file_paths());
        // USMAP_PATH is read only once a document with unversioned properties needs it
        PackageOpener opener = AssetFiles.opener(args, ctx);
        Parallel.Work<JsonFiles.Item, String> work = item -> {
            if (!Files.isRegularFile(item.file())) {
                throw ActionException.notFound("JSON file not found: " + item.file(), item.file().toString());
            }
            PackageOpener.JsonOpened doc = opener.openJson(item.file());
            ctx.usedEngine(doc.choice());
            Path target = named ? out : JsonFiles.target(out, singleFile, item, extensionOf(doc.tree()));
            doc.bytes().writeTo(target);
            return target.toString();
        };
        // one file named alone: its failure is the request's, with its file, offset and structure
        Parallel.Outcome<String> o = items.size() == 1 && q.file_paths().isEmpty()
                ? ToJsonAction.single(items.get(0), work.apply(items.get(0)))
                : Parallel.run(ctx, items, JsonFiles.Item::name, work, q.fail_fast());
        JsonFiles.Batch b = JsonFiles.Batch.of(o, items.size(), start);
        return Done.of("Wrote " + b.success_count() + " of " + b.total() + " packages from JSON", b);
    }

    private static boolean isPackageName(Path p) {
        String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
        return n.endsWith(".uasset") || n.endsWith(".umap");
    }

    /**
     * The package's own extension (.uasset or .umap), from the file name the JSON records; UAssetAPI's
     * JSON records none: a package whose flags hold PKG_ContainsMap (a map) is a .umap.
     */
    static String extensionOf(JsonNode tree) {
        if (!tree.has("Uassetd")) {
            JsonNode flags = tree.path("PackageFlags");
            boolean map = flags.isNumber() ? (flags.longValue() & 0x20000) != 0
                    : Arrays.stream(flags.asText("").split("[|,]")).anyMatch(f -> f.trim().equals("PKG_ContainsMap"));
            return map ? ".umap" : ".uasset";
        }
        String fileName = tree.path("Uassetd").path("FileName").asText("");
        return fileName.toLowerCase(Locale.ROOT).endsWith(".umap") ? ".umap" : ".uasset";
    }
}
