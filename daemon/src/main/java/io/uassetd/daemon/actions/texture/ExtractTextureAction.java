package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.asset.AssetPackage;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import io.uassetd.codecs.io.SafePaths;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code extract_texture_png} (CLI {@code extract_texture}) and {@code batch_extract_texture_png}
 * (CLI {@code batch_extract_texture}): a texture's mip / slice / face, or all slices as a strip, as
 * PNG (8 or 16 bit), TGA, BMP, EXR or Radiance HDR, or its original blocks as a DDS.
 */
public final class ExtractTextureAction implements ActionHandler {
    static final FieldSpec OUT = FieldSpec.optional("output_path", FieldType.STRING, null,
            "the image file, or a folder (the texture's name + extension); default: next to the package");
    static final FieldSpec OUT_DIR = FieldSpec.optional("output_path", FieldType.STRING, null,
            "the folder the images go to, mirroring the folders below each folder of file_paths (default: next to each package)");

    private final ActionSpec spec;
    private final boolean batch;

    private ExtractTextureAction(ActionSpec spec, boolean batch) {
        this.spec = spec;
        this.batch = batch;
    }

    public static List<ActionHandler> all() {
        return List.of(
                new ExtractTextureAction(ActionSpec.of("extract_texture_png",
                        "Writes a texture's mip (and slice / face, or every slice as a strip) as PNG, TGA, BMP, EXR or HDR, or its blocks as DDS",
                        AssetFiles.FILE, OUT, TextureSupport.MIP, TextureSupport.SLICE, TextureSupport.FACE, TextureSupport.STRIP,
                        TextureSupport.FORMAT, TextureSupport.RECONSTRUCT_Z, AssetFiles.USMAP, AssetFiles.ENGINE)
                        .withCli("extract_texture", "file_path", "output_path"), false),
                new ExtractTextureAction(ActionSpec.of("batch_extract_texture_png",
                        "extract_texture_png over many packages (and folders of them), on all cores, with per-file errors",
                        AssetFiles.FILE_OPT, TextureSupport.FILES, OUT_DIR, TextureSupport.MIP, TextureSupport.SLICE, TextureSupport.FACE,
                        TextureSupport.STRIP, TextureSupport.FORMAT, TextureSupport.RECONSTRUCT_Z, AssetFiles.USMAP, AssetFiles.ENGINE)
                        .withCli("batch_extract_texture", "output_path", "file_paths"), true));
    }

    /** Batch reply. */
    public record Batch(int success_count, int fail_count, String output_dir, List<TextureExport.Written> files,
            List<Parallel.Failure> errors, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        TextureExport.Options o = TextureExport.Options.of(args);
        Path out = args.path("output_path");
        if (!batch) {
            Path file = args.requirePath("file_path");
            TextureAsset t = TextureSupport.open(file, args, ctx);
            Path target = TextureExport.target(file, out, t.name(), o.format(), false);
            TextureExport.Written w = TextureExport.write(file, t, o, target);
            return ActionResult.of("Wrote " + w.width() + "x" + w.height() + " " + w.format() + " to " + target, w);
        }
        List<Path> files = TextureSupport.files(args);
        Set<String> named = new HashSet<>(args.strings("file_paths"));
        Parallel.Outcome<TextureExport.Written> r = Parallel.run(ctx, files, Path::toString, file -> {
            AssetPackage pkg = AssetFiles.open(file, AssetFiles.engine(args), ctx);
            if (!named.contains(file.toString()) && pkg.exports().stream().noneMatch(e -> TextureAsset.isTextureClass(pkg.className(e)))) {
                return null; // found in a folder, not a texture: skipped
            }
            TextureAsset t = TextureSupport.guard(() -> TextureAsset.read(pkg, AssetFiles.usmapIfNeeded(args, ctx, pkg)));
            Path dest = out == null ? null : out.resolve(TextureSupport.relativeDir(args, file).toString());
            Path target = TextureExport.target(file, dest, t.name(), o.format(), true);
            if (out != null) {
                SafePaths.prepare(out, target); // confined to the output folder: no link, no name leading out
            }
            return TextureExport.write(file, t, o, target);
        });
        List<TextureExport.Written> written = r.results().stream().filter(Objects::nonNull).toList();
        int total = written.size() + r.failures().size();
        return ActionResult.of("Extracted " + written.size() + " of " + total + " textures",
                new Batch(written.size(), r.failures().size(), out == null ? null : out.toString(), written, r.failures(), r.items()));
    }
}
