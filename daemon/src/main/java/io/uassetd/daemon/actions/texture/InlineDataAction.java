package io.uassetd.daemon.actions.texture;

import io.uassetd.codecs.texture.asset.BulkData;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureMip;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code has_inline_texture_data} and {@code batch_has_inline_texture_data}: whether a texture's top
 * mip is stored inline in the package (.uexp) rather than in its .ubulk / .uptnl.
 */
public final class InlineDataAction {
    private InlineDataAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new Single(), new Many());
    }

    /** The request of has_inline_texture_data. */
    public record Request(@Field(value = TextureSupport.FILE_HELP, required = true) Path file_path,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** The request of batch_has_inline_texture_data. */
    public record BatchRequest(@Field(TextureSupport.FILE_HELP) Path file_path,
                               @Field(TextureSupport.FILES_HELP) List<String> file_paths,
                               @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                               @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    /**
     * {@code has_inline_texture_data}: UAssetTool's bool (a package without a texture: false, "Not a
     * texture").
     */
    static final class Single extends TypedAction<Request, Boolean> {
        Single() {
            super("has_inline_texture_data",
                    "Whether the texture's top mip is inline in the .uexp (a self-contained texture), and where every mip lives",
                    "has_inline_texture_data", "file_path");
        }

        @Override
        protected Done<Boolean> run(Request q, Args args, ActionContext ctx) throws Exception {
            Path file = q.file_path();
            AssetPackage pkg = TextureSupport.openPackage(file, args, ctx);
            if (!TextureSupport.hasTexture(pkg)) {
                return Done.of("Not a texture", false);
            }
            Inline r = inline(file, TextureSupport.read(pkg, args, ctx));
            return Done.of(r.has_inline_data() ? "Texture has inline data (top mip in the .uexp; " + r.inline_mip_count() + " of "
                    + r.mip_count() + " mips inline)" : "Texture uses external bulk data (top mip: " + r.locations().get(0) + ")",
                    r.has_inline_data());
        }
    }

    /**
     * {@code batch_has_inline_texture_data}: UAssetTool's list of the given packages whose texture
     * has its top mip inline (packages that are no texture are left out; one that cannot be read is
     * left out and named in {@code warnings}: UAssetTool's reply is a bare list, with no place for
     * an item outcome).
     */
    static final class Many extends TypedAction<BatchRequest, List<String>> {
        Many() {
            super("batch_has_inline_texture_data", "has_inline_texture_data over many packages (and folders of them), with per-file errors",
                    "batch_has_inline_texture_data", "file_paths");
        }

        @Override
        protected Done<List<String>> run(BatchRequest q, Args args, ActionContext ctx) throws Exception {
            List<Path> files = TextureSupport.files(args);
            Parallel.Outcome<Boolean> r = Parallel.run(ctx, files, Path::toString, f -> {
                AssetPackage pkg = TextureSupport.openPackage(f, args, ctx);
                return TextureSupport.hasTexture(pkg) && inline(f, TextureSupport.read(pkg, args, ctx)).has_inline_data();
            });
            List<String> inline = new ArrayList<>();
            for (int i = 0; i < r.succeeded().size(); i++) {
                if (r.results().get(i)) {
                    inline.add(r.succeeded().get(i));
                }
            }
            for (Parallel.Failure f : r.failures()) {
                ctx.warn("Left out " + f.item() + ": " + f.error());
            }
            return Done.of("Found " + inline.size() + " textures with inline data", List.copyOf(inline));
        }
    }

    /** One texture. */
    public record Inline(String file_path, String name, boolean has_inline_data, boolean all_inline, int mip_count, int inline_mip_count,
            int streamed_mip_count, List<String> locations) {
    }

    static Inline inline(Path file, TextureAsset t) {
        List<TextureMip> mips = t.data().mips();
        List<String> where = mips.stream().map(m -> m.bulk().location().label()).toList();
        int inline = (int) mips.stream().filter(m -> m.bulk().location() == BulkData.Location.INLINE).count();
        boolean top = !mips.isEmpty() && mips.get(0).bulk().location() == BulkData.Location.INLINE;
        return new Inline(file.toString(), t.name(), top, !mips.isEmpty() && inline == mips.size(), mips.size(), inline,
                mips.size() - inline, where);
    }
}
