package io.uassetd.daemon.actions.asset;

import java.util.Locale;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code detect_*} and {@code batch_detect_*} family: whether a package (or any of several) is a
 * texture, mesh, skeletal mesh, static mesh or blueprint. The data is a bare boolean, as in UAssetTool.
 */
public final class DetectKindAction implements ActionHandler {
    private final ActionSpec spec;
    private final AssetFiles.Kind kind;
    private final boolean batch;

    private DetectKindAction(String name, AssetFiles.Kind kind, boolean batch) {
        this.kind = kind;
        this.batch = batch;
        String what = kind.name().toLowerCase(Locale.ROOT).replace('_', ' ');
        this.spec = batch
                ? ActionSpec.of(name, "Whether any of file_paths is a " + what, AssetFiles.FILES, AssetFiles.ENGINE, AssetFiles.USMAP)
                : ActionSpec.of(name, "Whether a package is a " + what, AssetFiles.FILE, AssetFiles.ENGINE, AssetFiles.USMAP);
    }

    /** Every detect_* and batch_detect_* action. */
    public static List<ActionHandler> all() {
        List<ActionHandler> out = new ArrayList<>();
        for (AssetFiles.Kind k : AssetFiles.Kind.values()) {
            String n = k.name().toLowerCase(Locale.ROOT);
            out.add(new DetectKindAction("detect_" + n, k, false));
            if (k != AssetFiles.Kind.MESH) {
                out.add(new DetectKindAction("batch_detect_" + n, k, true));
            }
        }
        return out;
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) {
        EngineVersion engine = AssetFiles.engine(args);
        if (!batch) {
            boolean is = kind.matches(AssetFiles.assetType(AssetFiles.open(args.requirePath("file_path"), engine, ctx)));
            return ActionResult.of(is ? "yes" : "no", is);
        }
        List<String> files = args.strings("file_paths");
        if (files.isEmpty()) {
            throw ActionException.invalid("Field 'file_paths' is empty");
        }
        for (String f : files) {
            ctx.checkCancelled();
            if (kind.matches(AssetFiles.assetType(AssetFiles.open(Path.of(f), engine, ctx)))) {
                return ActionResult.of("yes: " + f, true);
            }
        }
        return ActionResult.of("no", false);
    }
}
