package io.uassetd.daemon.actions.json;

import io.uassetd.codecs.open.PackageOpener;
import java.util.Arrays;
import java.util.Locale;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
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
public final class FromJsonAction implements ActionHandler {
    private static final FieldSpec OUTPUT = FieldSpec.optional("output_path", FieldType.STRING, null,
            "output folder (default: next to each JSON file); for one JSON file, a path ending in .uasset or .umap names the package");

    private final ActionSpec spec;

    private FromJsonAction(ActionSpec spec) {
        this.spec = spec;
    }

    private static ActionSpec spec(String name) {
        return ActionSpec.of(name, "Turns UAssetAPI-schema JSON written by to_json back into packages (.uasset/.umap + .uexp)",
                JsonFiles.FILE, JsonFiles.FILES, OUTPUT, AssetFiles.USMAP, JsonFiles.BASE);
    }

    public static FromJsonAction single() {
        return new FromJsonAction(spec("from_json").withCli("from_json", "file_path", "output_path", "usmap_path"));
    }

    public static FromJsonAction batch() {
        return new FromJsonAction(spec("batch_from_json"));
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        long start = System.nanoTime();
        List<JsonFiles.Item> items = JsonFiles.inputs(args, ".json");
        Path out = args.path("output_path");
        boolean named = out != null && items.size() == 1 && !Files.isDirectory(out) && isPackageName(out);
        // USMAP_PATH is read only once a document with unversioned properties needs it
        PackageOpener opener = AssetFiles.opener(args, ctx);
        Parallel.Work<JsonFiles.Item, String> work = item -> {
            if (!Files.isRegularFile(item.file())) {
                throw ActionException.notFound("JSON file not found: " + item.file(), item.file().toString());
            }
            PackageOpener.JsonOpened doc = opener.openJson(item.file());
            ctx.usedEngine(doc.choice());
            Path target = named ? out : JsonFiles.target(args, item, extensionOf(doc.tree()));
            doc.bytes().writeTo(target);
            return target.toString();
        };
        // one file named alone: its failure is the request's, with its file, offset and structure
        Parallel.Outcome<String> o = items.size() == 1 && !args.has("file_paths")
                ? single(items.get(0), work.apply(items.get(0)))
                : Parallel.run(ctx, items, JsonFiles.Item::name, work);
        JsonFiles.Batch b = JsonFiles.Batch.of(o, items.size(), start);
        return ActionResult.of("Wrote " + b.success_count() + " of " + b.total() + " packages from JSON", b);
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

    private static Parallel.Outcome<String> single(JsonFiles.Item item, String output) {
        return new Parallel.Outcome<>(List.of(item.name()), List.of(output), List.of(),
                io.uassetd.daemon.action.Items.of(List.of(io.uassetd.daemon.action.Items.Item.ok(item.name(), output))));
    }
}
