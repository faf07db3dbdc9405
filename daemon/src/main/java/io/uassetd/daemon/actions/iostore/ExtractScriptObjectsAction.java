package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code extract_script_objects}: the ScriptObjects chunk of a Paks folder's global.utoc, written to a file. */
public final class ExtractScriptObjectsAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("extract_script_objects",
            "Writes the script-objects database of a Paks folder's global.utoc to a ScriptObjects.bin file",
            FieldSpec.required("file_path", FieldType.STRING, "the game's Paks folder (or its global.utoc)"),
            FieldSpec.required("output_path", FieldType.STRING, "the file to write"),
            Containers.AES_KEY)
            .withCli("extract_script_objects", "file_path", "output_path");

    /** Reply data. */
    public record Written(String output_path, long size, int object_count) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path in = args.requirePath("file_path");
        Path paks = Files.isRegularFile(in) ? in.toAbsolutePath().getParent() : in;
        if (!Files.isDirectory(paks)) {
            throw ActionException.notFound("Paks folder not found: " + in, in.toString());
        }
        if (ScriptObjectsDatabase.findGlobalToc(paks).isEmpty()) {
            throw ActionException.notFound("No global.utoc in " + paks, paks.toString());
        }
        Path out = args.requirePath("output_path");
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // Through the cached package store: a second request on the same Paks folder reads no TOC again.
        try (var lease = Containers.store(ctx, paks, List.of(), Containers.key(args.string("aes_key")))) {
            ScriptObjectsDatabase db = lease.get().scriptObjects().orElseThrow(() ->
                    ActionException.notFound("No script objects in " + paks + " (no readable global.utoc)", paks.toString()));
            byte[] bytes = db.toBytes();
            AtomicOutput.write(out, bytes);
            return ActionResult.of("Wrote " + db.size() + " script objects to " + out, new Written(out.toString(), bytes.length, db.size()));
        }
    }
}
