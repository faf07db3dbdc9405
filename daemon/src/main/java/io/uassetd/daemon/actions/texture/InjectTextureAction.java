package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureFiles;
import io.uassetd.codecs.texture.asset.TextureInject;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code inject_texture} and {@code batch_inject_texture}: replace a 2D texture's pixels from a PNG,
 * TGA, BMP, EXR, HDR or DDS, re-encoded to the texture's own pixel format (a DDS of that format is
 * copied block for block), with mips regenerated; written to {@code output_path} or in place with
 * the originals kept as .bak.
 */
public final class InjectTextureAction {
    static final String IMAGE_HELP = "the new image (png, tga, bmp, exr, hdr or dds)";
    static final String OUT_HELP = "where to write the package (a .uasset); default: in place, the originals kept as .bak";
    static final String IMAGE_DIR_HELP = "the folder of new images, each named like its texture (T_Name.png, .tga, .bmp, .exr, .hdr or .dds)";
    static final String OUT_DIR_HELP = "the folder the packages are written to; default: in place, the originals kept as .bak";
    static final String NO_MIPS_HELP = "UAssetTool's Mode A: keep only the top mip, inline in the .uexp (default: the full mip chain)";

    private InjectTextureAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new Single(), new Many());
    }

    /** The request of inject_texture. */
    public record Request(@Field(value = TextureSupport.FILE_HELP, required = true) Path file_path,
                          @Field(value = IMAGE_HELP, required = true) Path image_path,
                          @Field(OUT_HELP) Path output_path,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version,
                          @Field(NO_MIPS_HELP) boolean no_mips) {
    }

    /** The request of batch_inject_texture. */
    public record BatchRequest(@Field(TextureSupport.FILE_HELP) Path file_path,
                               @Field(TextureSupport.FILES_HELP) List<String> file_paths,
                               @Field(value = IMAGE_DIR_HELP, required = true) Path image_dir,
                               @Field(OUT_DIR_HELP) Path output_path,
                               @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                               @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version,
                               @Field(NO_MIPS_HELP) boolean no_mips,
                               @Field("stop at the first failed item; the items not yet started are skipped") boolean fail_fast) {
    }

    /** {@code inject_texture}. */
    static final class Single extends TypedAction<Request, Injected> {
        Single() {
            super("inject_texture", "Replaces a 2D texture's pixels from an image, encoded to the texture's pixel format with mips regenerated",
                    "inject_texture", "file_path", "image_path", "output_path");
        }

        @Override
        protected Done<Injected> run(Request q, Args args, ActionContext ctx) throws Exception {
            Injected r = inject(q.file_path(), q.image_path(), q.output_path(), args, ctx);
            return Done.of("Injected " + r.width() + "x" + r.height() + " " + r.pixel_format() + " (" + r.mip_count() + " mips)", r);
        }
    }

    /** {@code batch_inject_texture}. */
    static final class Many extends TypedAction<BatchRequest, Batch> {
        Many() {
            super("batch_inject_texture",
                    "inject_texture for every texture package of file_paths (files or folders) that has an image of its name in image_dir",
                    "batch_inject_texture", "file_paths", "image_dir", "output_path");
        }

        @Override
        protected Done<Batch> run(BatchRequest q, Args args, ActionContext ctx) throws Exception {
            return batch(q.image_dir(), q.output_path(), q.fail_fast(), args, ctx);
        }
    }

    /** One texture injected. */
    public record Injected(String file_path, String image_path, String output_path, String backup_path, String pixel_format, int width,
            int height, int mip_count, int inline_mip_count, int streamed_mip_count, boolean copied_blocks, boolean imported_size_updated,
            List<String> files) {
    }

    /** Batch reply. */
    public record Batch(int success_count, int fail_count, List<Injected> results, List<Parallel.Failure> errors,
            List<String> without_image, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    private static Done<Batch> batch(Path dir, Path out, boolean failFast, Args args, ActionContext ctx) throws Exception {
        if (!Files.isDirectory(dir)) {
            throw ActionException.notFound("image_dir is not a folder: " + dir, dir.toString());
        }
        List<Path[]> jobs = new ArrayList<>();
        List<String> without = new ArrayList<>();
        for (Path f : TextureSupport.files(args)) {
            String name = f.getFileName().toString().replaceFirst("\\.uasset$", "");
            Path img = null;
            for (ImageFileFormat fmt : ImageFileFormat.values()) {
                Path c = dir.resolve(name + "." + fmt.extension());
                if (Files.isRegularFile(c)) {
                    img = c;
                    break;
                }
            }
            if (img == null) {
                without.add(f.toString());
            } else {
                jobs.add(new Path[] {f, img});
            }
        }
        Parallel.Outcome<Injected> r = Parallel.run(ctx, jobs, j -> j[0].toString(),
                j -> inject(j[0], j[1], out == null ? null : out.resolve(j[0].getFileName().toString()), args, ctx), failFast);
        return Done.of("Injected " + r.results().size() + " of " + jobs.size() + " textures",
                new Batch(r.results().size(), r.failures().size(), r.results(), r.failures(), without, withSkipped(r.items(), without)));
    }

    /** The outcome, with the packages that have no image beside them as skipped items. */
    private static Items withSkipped(Items done, List<String> without) {
        List<Items.Item> all = new ArrayList<>(done.items());
        without.forEach(w -> all.add(Items.Item.skipped(w, "no image of the same name in image_dir")));
        return Items.of(all);
    }

    static Injected inject(Path file, Path image, Path out, Args args, ActionContext ctx) throws Exception {
        if (!Files.isRegularFile(image)) {
            throw ActionException.notFound("Image not found: " + image, image.toString());
        }
        TextureAsset t = TextureSupport.open(file, args, ctx);
        TextureInject.Result res = TextureSupport.guard(() -> TextureInject.inject(t, image));
        Path target = out == null ? file : out;
        Path backup = out == null ? StripMipsAction.backup(file, ctx) : null;
        List<Path> written = TextureFiles.write(t.pkg(), target, res.edit().ubulk());
        if (args.bool("no_mips")) {
            StripMipsAction.strip(target, target, 1, args, ctx);
        }
        return new Injected(file.toString(), image.toString(), target.toString(), backup == null ? null : backup.toString(),
                res.pixelFormat(), res.width(), res.height(), args.bool("no_mips") ? 1 : res.mipCount(),
                args.bool("no_mips") ? 1 : res.edit().inlineMips(), args.bool("no_mips") ? 0 : res.edit().bulkMips(),
                res.copiedBlocks(), res.importedSizeUpdated(), written.stream().map(Path::toString).toList());
    }
}
