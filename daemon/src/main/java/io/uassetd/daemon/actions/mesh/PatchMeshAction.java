package io.uassetd.daemon.actions.mesh;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.daemon.actions.asset.FixSerializeSizeAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code patch_mesh} (UAssetTool's fields: file_path and uexp_path, both required): UAssetTool only
 * copies the two files to .backup and answers success ("placeholder"). Here it does the patch a
 * modded mesh needs after its .uexp was edited: the export sizes and offsets recomputed from the
 * data ({@code fix_serialize_size}), written in place with the originals kept as .bak (an existing
 * backup is never overwritten); a mesh that needs nothing is not written, and the reply says so.
 */
public final class PatchMeshAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("patch_mesh",
            "Patches a mesh package whose .uexp was edited: export sizes/offsets recomputed (fix_serialize_size), in place with .bak",
            AssetFiles.FILE,
            FieldSpec.required("uexp_path", FieldType.STRING, "the package's .uexp (must be the one beside file_path)"),
            AssetFiles.USMAP, AssetFiles.ENGINE);

    private final FixSerializeSizeAction fix = new FixSerializeSizeAction();

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        Path uexp = args.requirePath("uexp_path");
        if (!Files.isRegularFile(file)) {
            throw ActionException.notFound("File not found: " + file, file.toString());
        }
        if (!Files.isRegularFile(uexp)) {
            throw ActionException.notFound("UEXP not found: " + uexp, uexp.toString());
        }
        if (!uexp.toAbsolutePath().normalize().equals(AssetPackage.sibling(file, ".uexp").toAbsolutePath().normalize())) {
            throw ActionException.invalid("uexp_path " + uexp + " is not the .uexp of " + file + " (a package reads the .uexp beside it)");
        }
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        for (String f : new String[] {"file_path", "usmap_path", "engine_version"}) {
            if (args.has(f)) {
                fields.put(f, args.node(f));
            }
        }
        return fix.handle(args.forAction(fix.spec(), fields), ctx);
    }
}
