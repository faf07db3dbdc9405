package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.texture.asset.BulkData;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureMip;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Path;
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

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        if (!batch) {
            Path file = args.requirePath("file_path");
            Inline r = inline(file, TextureSupport.open(file, args, ctx));
            return ActionResult.of(r.has_inline_data() ? "Top mip is inline" : "Top mip is not inline", r);
        }
        List<Path> files = TextureSupport.files(args);
        Parallel.Outcome<Inline> r = Parallel.run(ctx, files, Path::toString, f -> inline(f, TextureSupport.open(f, args, ctx)));
        int n = (int) r.results().stream().filter(Inline::has_inline_data).count();
        return ActionResult.of(n + " of " + files.size() + " textures have inline data",
                new Batch(files.size(), n, n > 0, r.results(), r.failures(), r.items()));
    }
}
