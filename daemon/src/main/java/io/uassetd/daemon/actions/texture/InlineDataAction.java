package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.texture.asset.BulkData;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureMip;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code has_inline_texture_data} and {@code batch_has_inline_texture_data}: whether a texture's top
 * mip is stored inline in the package (.uexp) rather than in its .ubulk / .uptnl.
 */
public final class InlineDataAction implements ActionHandler {
    private final ActionSpec spec;
    private final boolean batch;

    private InlineDataAction(ActionSpec spec, boolean batch) {
        this.spec = spec;
        this.batch = batch;
    }

    public static List<ActionHandler> all() {
        return List.of(
                new InlineDataAction(ActionSpec.of("has_inline_texture_data",
                        "Whether the texture's top mip is inline in the .uexp (a self-contained texture), and where every mip lives",
                        AssetFiles.FILE, AssetFiles.USMAP, AssetFiles.ENGINE).withCli("has_inline_texture_data", "file_path"), false),
                new InlineDataAction(ActionSpec.of("batch_has_inline_texture_data",
                        "has_inline_texture_data over many packages (and folders of them), with per-file errors",
                        AssetFiles.FILE_OPT, TextureSupport.FILES, AssetFiles.USMAP, AssetFiles.ENGINE)
                        .withCli("batch_has_inline_texture_data", "file_paths"), true));
    }

    /** One texture. */
    public record Inline(String file_path, String name, boolean has_inline_data, boolean all_inline, int mip_count, int inline_mip_count,
            int streamed_mip_count, List<String> locations) {
    }

    /** Batch reply. */
    public record Batch(int total_files, int inline_count, boolean any_inline, List<Inline> results, List<Parallel.Failure> errors,
                        @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    static Inline inline(Path file, TextureAsset t) {
        List<TextureMip> mips = t.data().mips();
        List<String> where = mips.stream().map(m -> m.bulk().location().label()).toList();
        int inline = (int) mips.stream().filter(m -> m.bulk().location() == BulkData.Location.INLINE).count();
        boolean top = !mips.isEmpty() && mips.get(0).bulk().location() == BulkData.Location.INLINE;
        return new Inline(file.toString(), t.name(), top, !mips.isEmpty() && inline == mips.size(), mips.size(), inline,
                mips.size() - inline, where);
    }

    /**
     * UAssetTool's shapes: the single form answers a bool (a package without a texture: false,
     * "Not a texture"); the batch form the list of the given packages whose texture has its top mip
     * inline (packages that are no texture are left out; one that cannot be read is left out and
     * named in {@code warnings}).
     */
    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        if (!batch) {
            Path file = args.requirePath("file_path");
            AssetPackage pkg = TextureSupport.openPackage(file, args, ctx);
            if (!TextureSupport.hasTexture(pkg)) {
                return ActionResult.of("Not a texture", false);
            }
            Inline r = inline(file, TextureSupport.read(pkg, args, ctx));
            return ActionResult.of(r.has_inline_data() ? "Texture has inline data (top mip in the .uexp; " + r.inline_mip_count() + " of "
                    + r.mip_count() + " mips inline)" : "Texture uses external bulk data (top mip: " + r.locations().get(0) + ")",
                    r.has_inline_data());
        }
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
        return ActionResult.of("Found " + inline.size() + " textures with inline data", List.copyOf(inline));
    }
}
