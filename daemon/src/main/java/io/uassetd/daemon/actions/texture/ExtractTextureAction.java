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
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.protocol.ErrorCode;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code extract_texture_png} (CLI {@code extract_texture}) and {@code batch_extract_texture_png}
 * (CLI {@code batch_extract_texture}): a texture's mip / slice / face, or all slices as a strip, as
 * PNG (8 or 16 bit), TGA, BMP, EXR or Radiance HDR, or its original blocks as a DDS.
 */
public final class ExtractTextureAction {
    static final String OUT_HELP = "the image file, or a folder (the texture's name + extension); default: next to the package";
    static final String OUT_DIR_HELP =
            "the folder the images go to, mirroring the folders below each folder of file_paths (default: next to each package)";

    private ExtractTextureAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new Single(), new Many());
    }

    /** The request of extract_texture_png. */
    public record Request(@Field(value = TextureSupport.FILE_HELP, required = true) Path file_path,
                          @Field(OUT_HELP) Path output_path,
                          @Field(value = TextureSupport.MIP_HELP, dflt = "0", cli = "--mip") long mip_index,
                          @Field(value = TextureSupport.SLICE_HELP, dflt = "0", cli = "--slice") long slice_index,
                          @Field(TextureSupport.FACE_HELP) Long face,
                          @Field(value = TextureSupport.STRIP_HELP, cli = "--strip") boolean strip,
                          @Field(value = TextureSupport.FORMAT_HELP, dflt = "png", cli = "--format") String format,
                          @Field(value = TextureSupport.RECONSTRUCT_Z_HELP, cli = "--reconstruct-z") Boolean reconstruct_z,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** The request of batch_extract_texture_png. */
    public record BatchRequest(@Field(TextureSupport.FILE_HELP) Path file_path,
                               @Field(TextureSupport.FILES_HELP) List<String> file_paths,
                               @Field(OUT_DIR_HELP) Path output_path,
                               @Field(value = TextureSupport.MIP_HELP, dflt = "0", cli = "--mip") long mip_index,
                               @Field(value = TextureSupport.SLICE_HELP, dflt = "0", cli = "--slice") long slice_index,
                               @Field(TextureSupport.FACE_HELP) Long face,
                               @Field(value = TextureSupport.STRIP_HELP, cli = "--strip") boolean strip,
                               @Field(value = TextureSupport.FORMAT_HELP, dflt = "png", cli = "--format") String format,
                               @Field(value = TextureSupport.RECONSTRUCT_Z_HELP, cli = "--reconstruct-z") Boolean reconstruct_z,
                               @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                               @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version,
                               @Field("stop at the first failed item; the items not yet started are skipped") boolean fail_fast) {
    }

    /** {@code extract_texture_png}. */
    static final class Single extends TypedAction<Request, TextureExport.Written> {
        Single() {
            super("extract_texture_png",
                    "Writes a texture's mip (and slice / face, or every slice as a strip) as PNG, TGA, BMP, EXR or HDR, or its blocks as DDS",
                    "extract_texture", "file_path", "output_path");
        }

        @Override
        protected Done<TextureExport.Written> run(Request q, Args args, ActionContext ctx) throws Exception {
            TextureExport.Options o = TextureExport.Options.of(args);
            Path file = q.file_path();
            TextureExport.Written w = extract(file, TextureSupport.open(file, args, ctx), o, q.output_path(), false, null);
            return Done.of("Wrote " + w.width() + "x" + w.height() + " " + w.format() + " to " + w.output_path(), w);
        }
    }

    /** {@code batch_extract_texture_png}. */
    static final class Many extends TypedAction<BatchRequest, Batch> {
        Many() {
            super("batch_extract_texture_png", "extract_texture_png over many packages (and folders of them), on all cores, with per-file errors",
                    "batch_extract_texture", "file_paths", "output_path");
        }

        @Override
        protected Done<Batch> run(BatchRequest q, Args args, ActionContext ctx) throws Exception {
            return batch(q.output_path(), q.fail_fast(), args, ctx);
        }
    }

    /**
     * Batch reply: UAssetTool's {@code total, success, failed, skipped, elapsed_ms} and per-file
     * {@code results} (a package named in file_paths that holds no texture is skipped, as there), the
     * uniform item outcome (its {@code total/failed/skipped} are UAssetTool's), then uassetd's counts,
     * the images written ({@code files}) and the failures ({@code errors}).
     */
    public record Batch(int success, long elapsed_ms, List<Result> results, int success_count, int fail_count, String output_dir,
            List<TextureExport.Written> files, List<Parallel.Failure> errors, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    /** One file of a batch, as UAssetTool reports it. */
    @com.fasterxml.jackson.annotation.JsonInclude(com.fasterxml.jackson.annotation.JsonInclude.Include.NON_NULL)
    public record Result(String file, boolean success, Boolean skipped, String output_path, Integer width, Integer height,
            String pixel_format, String error) {
    }

    private record Skip(String why) {
    }

    /**
     * Writes texture {@code t} of package {@code file} where {@link TextureExport#target} puts it for
     * {@code dest} (in a {@code batch}, by the texture's name); with {@code root} (a batch's output
     * folder) it stays inside that folder: no link, no name leading out.
     */
    private static TextureExport.Written extract(Path file, TextureAsset t, TextureExport.Options o, Path dest, boolean batch, Path root)
            throws Exception {
        Path target = TextureExport.target(file, dest, t.name(), o.format(), batch);
        if (root != null) {
            SafePaths.prepare(root, target);
        }
        return TextureExport.write(file, t, o, target);
    }

    private static Done<Batch> batch(Path out, boolean failFast, Args args, ActionContext ctx) throws Exception {
        TextureExport.Options o = TextureExport.Options.of(args);
        long start = System.nanoTime();
        List<Path> files = TextureSupport.files(args);
        java.util.Set<String> named = new java.util.HashSet<>(args.strings("file_paths"));
        Parallel.Outcome<Object> r = Parallel.run(ctx, files, Path::toString, file -> {
            io.uassetd.codecs.asset.AssetPackage pkg = TextureSupport.openPackage(file, args, ctx);
            if (!TextureSupport.hasTexture(pkg)) {
                // found in a folder: not counted; named: skipped, as UAssetTool does
                return named.contains(file.toString()) ? new Skip(pkg.name() + " holds no TextureExport") : null;
            }
            Path dest = out == null ? null : out.resolve(TextureSupport.relativeDir(args, file).toString());
            return extract(file, TextureSupport.read(pkg, args, ctx), o, dest, true, out);
        }, failFast);
        java.util.Set<String> notRun = new java.util.HashSet<>();
        r.items().items().stream().filter(i -> i.status() == Items.Status.skipped).forEach(i -> notRun.add(i.item()));
        java.util.Map<String, Object> done = new java.util.HashMap<>();
        for (int i = 0; i < r.succeeded().size(); i++) {
            done.put(r.succeeded().get(i), r.results().get(i));
        }
        java.util.Map<String, Parallel.Failure> bad = new java.util.HashMap<>();
        r.failures().forEach(f -> bad.put(f.item(), f));
        List<Result> results = new java.util.ArrayList<>();
        List<Items.Item> items = new java.util.ArrayList<>();
        List<TextureExport.Written> written = new java.util.ArrayList<>();
        for (Path f : files) {
            Object d = done.get(f.toString());
            Parallel.Failure x = bad.get(f.toString());
            if (d instanceof TextureExport.Written w) {
                written.add(w);
                results.add(new Result(f.toString(), true, null, w.output_path(), w.width(), w.height(), w.pixel_format(), null));
                items.add(Items.Item.ok(f.toString(), w.output_path()));
            } else if (d instanceof Skip k) {
                results.add(new Result(f.toString(), false, true, null, null, null, null, k.why()));
                items.add(Items.Item.skipped(f.toString(), k.why()));
            } else if (x != null) {
                results.add(new Result(f.toString(), false, false, null, null, null, null, x.error()));
                ErrorCode code;
                try {
                    code = ErrorCode.valueOf(x.code());
                } catch (RuntimeException e) {
                    code = ErrorCode.INTERNAL;
                }
                items.add(Items.Item.failed(f.toString(), code, x.error()));
            } else if (notRun.contains(f.toString())) {
                String why = "not run: an earlier item failed and fail_fast was asked";
                results.add(new Result(f.toString(), false, true, null, null, null, null, why));
                items.add(Items.Item.skipped(f.toString(), why));
            }
        }
        Items outcome = Items.of(items);
        return Done.of("Batch extract: " + written.size() + " succeeded, " + outcome.failed() + " failed, " + outcome.skipped()
                        + " skipped out of " + outcome.total() + " total",
                new Batch(written.size(), (System.nanoTime() - start) / 1_000_000, results, written.size(), r.failures().size(),
                        out == null ? null : out.toString(), written, r.failures(), outcome));
    }
}
