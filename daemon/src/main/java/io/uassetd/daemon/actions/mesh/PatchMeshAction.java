package io.uassetd.daemon.actions.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.actions.asset.FixSerializeSizeAction;
import java.nio.file.Path;

/**
 * {@code patch_mesh} (UAssetTool's fields: file_path and uexp_path, both required): UAssetTool only
 * copies the two files to .backup and answers success ("placeholder"). Here it does the patch a
 * modded mesh needs after its .uexp was edited: the export sizes and offsets recomputed from the
 * data ({@code fix_serialize_size}), written in place with the originals kept as .bak (an existing
 * backup is never overwritten); a mesh that needs nothing is not written, and the reply says so.
 */
public final class PatchMeshAction extends TypedAction<PatchMeshAction.Request, FixSerializeSizeAction.Fixed> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = "the package's .uexp (must be the one beside file_path)", required = true) Path uexp_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public PatchMeshAction() {
        super("patch_mesh",
                "Patches a mesh package whose .uexp was edited: export sizes/offsets recomputed (fix_serialize_size), in place with .bak");
    }

    @Override
    protected Done<FixSerializeSizeAction.Fixed> run(Request q, Args args, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        Path uexp = q.uexp_path();
        PackageOpener.checkFile(file, "File");
        PackageOpener.checkFile(uexp, "UEXP");
        if (!uexp.toAbsolutePath().normalize().equals(AssetPackage.sibling(file, ".uexp").toAbsolutePath().normalize())) {
            throw ActionException.invalid("uexp_path " + uexp + " is not the .uexp of " + file + " (a package reads the .uexp beside it)");
        }
        return FixSerializeSizeAction.fix(file, null, q.engine_version(), args, ctx);
    }
}
