package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code extract_script_objects}: the ScriptObjects chunk of a Paks folder's global.utoc, written to a file. */
public final class ExtractScriptObjectsAction extends TypedAction<ExtractScriptObjectsAction.Request, ExtractScriptObjectsAction.Written> {
    /** The request. */
    public record Request(@Field(value = "the game's Paks folder (or its global.utoc)", required = true) Path file_path,
                          @Field(value = "the file to write", required = true) Path output_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key) {
    }

    /** Reply data. */
    public record Written(String output_path, long size, int object_count) {
    }

    public ExtractScriptObjectsAction() {
        super("extract_script_objects", "Writes the script-objects database of a Paks folder's global.utoc to a ScriptObjects.bin file",
                "extract_script_objects", "file_path", "output_path");
    }

    @Override
    protected Done<Written> run(Request q, ActionContext ctx) throws Exception {
        Path in = q.file_path();
        Path paks = Files.isRegularFile(in) ? in.toAbsolutePath().getParent() : in;
        if (!Files.isDirectory(paks)) {
            throw ActionException.notFound("Paks folder not found: " + in, in.toString());
        }
        if (ScriptObjectsDatabase.findGlobalToc(paks).isEmpty()) {
            throw ActionException.notFound("No global.utoc in " + paks, paks.toString());
        }
        Path out = q.output_path();
        Path parent = out.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        // Through the cached package store: a second request on the same Paks folder reads no TOC again.
        try (var lease = Containers.store(ctx, paks, List.of(), Containers.key(q.aes_key()))) {
            ScriptObjectsDatabase db = lease.get().scriptObjects().orElseThrow(() ->
                    ActionException.notFound("No script objects in " + paks + " (no readable global.utoc)", paks.toString()));
            byte[] bytes = db.toBytes();
            AtomicOutput.write(out, bytes);
            return Done.of("Wrote " + db.size() + " script objects to " + out, new Written(out.toString(), bytes.length, db.size()));
        }
    }
}
