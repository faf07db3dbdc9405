package io.uassetd.daemon.actions.json;

import java.util.concurrent.atomic.AtomicBoolean;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;

/** {@code export_to_json}: one package to {@code <file>.json} next to it (X.uasset -> X.json). */
public final class ExportToJsonAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("export_to_json",
            "Writes a package as UAssetAPI-schema JSON next to it (X.uasset -> X.json)",
            FieldSpec.required("file_path", FieldType.STRING, "the .uasset or .umap (its .uexp is read too)"), AssetFiles.USMAP,
            AssetFiles.ENGINE);

    /** Reply data. */
    public record Exported(String path) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        AssetPackage pkg = AssetFiles.open(file, AssetFiles.engine(args), ctx);
        Path target = JsonFiles.withExtension(file, ".json");
        var usmap = AssetFiles.usmapFor(args, ctx, pkg);
        JsonFiles.warnIfUnmapped(ctx, pkg, usmap, new AtomicBoolean());
        JsonFiles.writeJson(JsonFiles.writer(false), pkg, usmap, target);
        return ActionResult.of("Exported " + target, new Exported(target.toString()));
    }
}
