package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.FilePaths;
import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import io.uassetd.daemon.action.TypedAction;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * {@code detect_type} (CLI {@code detect}) and {@code batch_detect}: the asset type (class of the
 * main export) of one package, or of many (with {@code file_paths}; a folder stands for the
 * packages under it, as in UAssetTool's {@code batch_detect <directory>}).
 */
public final class DetectTypeAction extends TypedAction<DetectTypeAction.Request, DetectTypeAction.Detection> {
    /** The request of both actions. */
    public record Request(@Field(AssetFiles.FILE_HELP) Path file_path,
                          @Field(AssetFiles.FILES_HELP) List<String> file_paths,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.FAIL_FAST_HELP) boolean fail_fast) {
    }

    /** One entry of a batch ({@code error} set when the package could not be read). */
    public record Result(String path, String file_name, String asset_type, String error) {
    }

    /**
     * Reply data, in one of UAssetTool's two forms: for one package (file_path alone)
     * {@code asset_type, export_count, import_count, file_path}; for several (file_paths)
     * {@code total_files, results} and the item outcome. The other form's fields are absent.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Detection(String asset_type, Integer export_count, Integer import_count, String file_path, Integer total_files,
                            List<Result> results, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    private DetectTypeAction(String name, String summary, String cli, String... positionals) {
        super(name, summary, cli, positionals);
    }

    /** {@code detect_type} (CLI {@code detect <file> [usmap]}). */
    public static DetectTypeAction single() {
        return new DetectTypeAction("detect_type", "The asset type (class of the main export) of a package, or of each of file_paths",
                "detect", "file_path", "usmap_path");
    }

    /** {@code batch_detect} (CLI {@code batch_detect <files...>}): detect_type over many files. */
    public static DetectTypeAction batch() {
        return new DetectTypeAction("batch_detect", "The asset type of each of file_paths, with per-file errors", "batch_detect",
                "file_paths", "usmap_path");
    }

    @Override
    protected Done<Detection> run(Request q, ActionContext ctx) {
        EngineVersion engine = q.engine_version();
        List<String> many = FilePaths.of(q.file_path(), q.file_paths(), "Give file_path or file_paths");
        if (q.file_paths().isEmpty()) {
            String f = many.get(0);
            AssetPackage p = AssetFiles.open(Path.of(f), engine, ctx);
            String type = AssetFiles.assetType(p);
            return Done.of("Detected " + type, new Detection(type, p.exports().size(), p.imports().size(), f, null, null, null));
        }
        List<String> files = expand(many);
        Items.Builder items = new Items.Builder(ctx, q.fail_fast());
        String[] types = new String[files.size()];
        for (int i = 0; i < files.size(); i++) {
            ctx.checkCancelled();
            String f = files.get(i);
            int k = i;
            items.attempt(f, () -> {
                types[k] = AssetFiles.assetType(AssetFiles.open(Path.of(f), engine, ctx));
                return null;
            });
            ctx.progress(i + 1, files.size(), f);
        }
        Items outcome = items.build();
        List<Result> out = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            String f = files.get(i);
            Path p = Path.of(f);
            Items.Item it = outcome.items().get(i);
            boolean ok = it.status() == Items.Status.ok;
            out.add(new Result(f, p.getFileName() == null ? f : p.getFileName().toString(), ok ? types[i] : null, ok ? null : it.error()));
        }
        return Done.of("Detected " + out.size() + " files", new Detection(null, null, null, null, out.size(), List.copyOf(out), outcome));
    }

    /** The files, each folder replaced by the .uasset/.umap files under it (sorted). */
    private static List<String> expand(List<String> given) {
        List<String> out = new ArrayList<>();
        for (String f : given) {
            Path d = Path.of(f);
            if (!Files.isDirectory(d)) {
                out.add(f);
                continue;
            }
            try (Stream<Path> w = Files.walk(d)) {
                w.filter(x -> {
                    String n = x.getFileName().toString().toLowerCase(Locale.ROOT);
                    return (n.endsWith(".uasset") || n.endsWith(".umap")) && Files.isRegularFile(x);
                }).sorted().forEach(x -> out.add(x.toString()));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return out;
    }
}
