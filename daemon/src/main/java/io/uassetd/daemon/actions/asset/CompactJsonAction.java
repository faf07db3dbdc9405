package io.uassetd.daemon.actions.asset;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.daemon.action.FilePaths;
import com.fasterxml.jackson.core.JsonProcessingException;
import io.uassetd.codecs.asset.json.JsonOutput;
import io.uassetd.daemon.util.OutputPaths;
import java.util.HashMap;
import java.util.Map;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.compact.CompactJson;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import io.uassetd.protocol.Json;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code compact_json} (CLI {@code compact_json <files>...}): the read-only, CUE4Parse-shaped JSON of
 * packages ({@link CompactJson}). With output_path each package's JSON is written (through a
 * temporary file) to {@code <output_path>/<name>.json}; without it one package's JSON is the reply
 * data, several packages' a list of {path, exports}.
 */
public final class CompactJsonAction extends TypedAction<CompactJsonAction.Request, Object> {
    /** The request. */
    public record Request(@Field(AssetFiles.FILE_HELP) Path file_path,
                          @Field(AssetFiles.FILES_HELP) List<String> file_paths,
                          @Field("folder to write <name>.json files to; when absent the JSON is returned in data") Path output_path,
                          @Field("with output_path: outputs keep the inputs' paths relative to this folder (default: the file name alone)")
                          Path base_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(AssetFiles.FAIL_FAST_HELP) boolean fail_fast) {
    }

    public CompactJsonAction() {
        super("compact_json",
                "Compact CUE4Parse-like JSON of packages: [{Type, Name, Outer?, Class, Flags, Properties, Rows/StringTable/Names...}]",
                "compact_json", "file_paths");
    }

    /** One package's JSON (for several packages without output_path). */
    public record Converted(String path, JsonNode exports) {
    }

    /** Batch reply (absent fields left out). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Batch(int success_count, int fail_count, long elapsed_ms, String output_dir, List<String> files,
            List<Converted> results, List<Parallel.Failure> errors, @JsonUnwrapped Items outcome) implements ItemsReply {
        public int total() {
            return outcome.total();
        }

    }

    /**
     * The reply data is the package's compact JSON itself (an array of exports: any JSON) for one
     * package without output_path, else a {@link Batch}; so the declared reply type is "any".
     */
    @Override
    protected Done<Object> run(Request q, Args args, ActionContext ctx) throws Exception {
        long start = System.nanoTime();
        boolean one = q.file_paths().isEmpty();
        List<String> files = FilePaths.of(q.file_path(), q.file_paths(), "Give file_path or file_paths");
        EngineVersion engine = q.engine_version();
        Usmap mappings = AssetFiles.usmap(args, ctx);
        Path outDir = q.output_path();
        if (one && outDir == null) {
            JsonNode json = convert(Path.of(files.get(0)), engine, mappings, ctx);
            return Done.of(json.size() + " exports", (Object) json);
        }
        Path base = q.base_path();
        Map<String, Path> targets = new HashMap<>();
        if (outDir != null) {
            Map<Path, String> seen = new HashMap<>();
            List<String> clashes = new ArrayList<>();
            for (String f : files) {
                // UAssetTool's single form: an output_path ending in .json is the file itself
                Path target = one && isJsonFile(outDir) ? outDir
                        : outDir.resolve(OutputPaths.withExtension(OutputPaths.relative(base, Path.of(f)), ".json")).normalize();
                String before = seen.putIfAbsent(target, f);
                if (before != null && !before.equals(f)) {
                    clashes.add(before + " and " + f + " -> " + target);
                }
                targets.put(f, target);
            }
            if (!clashes.isEmpty()) {
                throw ActionException.invalid("Several inputs would write the same file (give base_path to keep their folders): "
                        + String.join("; ", clashes));
            }
        }
        Parallel.Outcome<Object> outcome = Parallel.run(ctx, files, f -> f, f -> {
            Path file = Path.of(f);
            JsonNode json = convert(file, engine, mappings, ctx);
            if (outDir == null) {
                return new Converted(f, json);
            }
            Path target = targets.get(f);
            Files.createDirectories(target.getParent());
            try (AtomicOutput out = AtomicOutput.create(target, false)) {
                out.channel().write(ByteBuffer.wrap(JsonOutput.toBytes(Json.mapper(), json)));
                out.commit();
            }
            return target.toString();
        }, q.fail_fast());
        List<String> written = new ArrayList<>();
        List<Converted> results = new ArrayList<>();
        for (Object r : outcome.results()) {
            if (r instanceof Converted c) {
                results.add(c);
            } else {
                written.add((String) r);
            }
        }
        long elapsed = (System.nanoTime() - start) / 1_000_000;
        Batch b = new Batch(outcome.succeeded().size(), outcome.failures().size(), elapsed,
                outDir == null ? null : outDir.toString(), outDir == null ? null : written, outDir == null ? results : null,
                outcome.failures().isEmpty() ? null : outcome.failures(), outcome.items());
        return Done.of("Converted " + b.success_count() + " of " + b.total() + " packages", b);
    }

    @Override
    protected String human(Object data) {
        try {
            if (data instanceof Batch b && b.output_dir() != null) {
                StringBuilder sb = new StringBuilder("Converted " + b.success_count() + " of " + b.total() + " packages").append(" to ")
                        .append(b.output_dir()).append('\n');
                if (b.errors() != null) {
                    b.errors().forEach(f -> sb.append("  failed ").append(f.item()).append(": ").append(f.error()).append('\n'));
                }
                return sb.toString();
            }
            Object json = data instanceof Batch b ? b.results() : data;
            return Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(json) + "\n";
        } catch (JsonProcessingException e) {
            return null;
        }
    }

    private static JsonNode convert(Path file, EngineVersion engine, Usmap usmap, ActionContext ctx) {
        AssetPackage pkg = AssetFiles.open(file, engine, ctx, usmap);
        if (usmap == null && pkg.hasUnversionedProperties()) {
            throw ActionException.invalid("Package " + file.getFileName() + " has unversioned properties: give usmap_path (or set USMAP_PATH)");
        }
        return CompactJson.write(pkg, usmap);
    }

    /** Whether {@code p} names a .json file (not an existing folder). */
    static boolean isJsonFile(Path p) {
        return p.getFileName() != null && p.getFileName().toString().toLowerCase(java.util.Locale.ROOT).endsWith(".json")
                && !Files.isDirectory(p);
    }
}
