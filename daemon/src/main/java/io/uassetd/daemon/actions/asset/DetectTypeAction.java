package io.uassetd.daemon.actions.asset;

import io.uassetd.daemon.action.FilePaths;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.ErrorMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code detect_type} (CLI {@code detect}): the asset type of one package, or of many. */
public final class DetectTypeAction implements ActionHandler {
    private final ActionSpec spec;

    private DetectTypeAction(ActionSpec spec) {
        this.spec = spec;
    }

    /** {@code detect_type} (CLI {@code detect <file>}). */
    public static DetectTypeAction single() {
        return new DetectTypeAction(ActionSpec.of("detect_type",
                "The asset type (class of the main export) of a package, or of each of file_paths",
                AssetFiles.FILE_OPT, AssetFiles.FILES, AssetFiles.ENGINE, AssetFiles.USMAP).withCli("detect", "file_path", "usmap_path"));
    }

    /** {@code batch_detect} (CLI {@code batch_detect <files...>}): detect_type over many files. */
    public static DetectTypeAction batch() {
        return new DetectTypeAction(ActionSpec.of("batch_detect",
                "The asset type of each of file_paths, with per-file errors",
                AssetFiles.FILE_OPT, AssetFiles.FILES, AssetFiles.ENGINE, AssetFiles.USMAP).withCli("batch_detect", "file_paths", "usmap_path"));
    }

    /** One package's type. */
    public record Detected(String asset_type, int export_count, int import_count, String file_path) {
    }

    /** One entry of a batch. */
    public record Result(String path, String file_name, String asset_type, String error) {
    }

    /** Batch reply. */
    public record Batch(int total_files, List<Result> results) {
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        EngineVersion engine = AssetFiles.engine(args);
        List<String> many = FilePaths.of(args, "Give file_path or file_paths");
        if (args.strings("file_paths").isEmpty()) {
            String f = many.get(0);
            AssetPackage p = AssetFiles.open(Path.of(f), engine, ctx);
            String type = AssetFiles.assetType(p);
            return ActionResult.of("Detected " + type, new Detected(type, p.exports().size(), p.imports().size(), f));
        }
        // a folder stands for the packages under it (UAssetTool's batch_detect <directory>)
        List<String> expanded = new ArrayList<>();
        for (String f : many) {
            Path d = Path.of(f);
            if (java.nio.file.Files.isDirectory(d)) {
                try (var w = java.nio.file.Files.walk(d)) {
                    w.filter(x -> {
                        String n = x.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
                        return (n.endsWith(".uasset") || n.endsWith(".umap")) && java.nio.file.Files.isRegularFile(x);
                    }).sorted().forEach(x -> expanded.add(x.toString()));
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            } else {
                expanded.add(f);
            }
        }
        many = expanded;
        ErrorMapper mapper = new ErrorMapper(ctx.services().log());
        List<Result> out = new ArrayList<>();
        int i = 0;
        for (String f : many) {
            ctx.checkCancelled();
            Path p = Path.of(f);
            try {
                out.add(new Result(f, p.getFileName().toString(), AssetFiles.assetType(AssetFiles.open(p, engine, ctx)), null));
            } catch (RuntimeException e) {
                out.add(new Result(f, p.getFileName().toString(), null, mapper.map(e).message()));
            }
            ctx.progress(++i, many.size(), f);
        }
        return ActionResult.of("Detected " + out.size() + " files", new Batch(out.size(), List.copyOf(out)));
    }
}
