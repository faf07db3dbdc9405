package io.uassetd.daemon.actions.json;

import java.util.concurrent.atomic.AtomicBoolean;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;

/** {@code export_to_json}: one package to {@code <file>.json} next to it (X.uasset -> X.json). */
public final class ExportToJsonAction extends TypedAction<ExportToJsonAction.Request, ExportToJsonAction.Exported> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public ExportToJsonAction() {
        super("export_to_json", "Writes a package as UAssetAPI-schema JSON next to it (X.uasset -> X.json)");
    }

    /** Reply data. */
    public record Exported(String path) {
    }

    @Override
    protected Done<Exported> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        AssetPackage pkg = AssetFiles.open(file, q.engine_version(), ctx);
        Path target = JsonFiles.withExtension(file, ".json");
        var usmap = AssetFiles.usmapFor(args, ctx, pkg);
        JsonFiles.warnIfUnmapped(ctx, pkg, usmap, new AtomicBoolean());
        JsonFiles.writeJson(JsonFiles.writer(false), pkg, usmap, target);
        return Done.of("Exported " + target, new Exported(target.toString()));
    }
}
