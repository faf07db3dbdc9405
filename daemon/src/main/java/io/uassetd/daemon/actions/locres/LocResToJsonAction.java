package io.uassetd.daemon.actions.locres;

import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResJson;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.protocol.Json;
import java.nio.file.Path;

/** {@code locres_to_json}: a .locres as its editable JSON form ({@link LocResJson}), which json_to_locres turns back. */
public final class LocResToJsonAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("locres_to_json",
            "Writes a .locres as editable JSON (namespaces, keys, source hashes, strings); json_to_locres reverses it byte for byte",
            FieldSpec.required("file_path", FieldType.STRING, "the .locres"),
            FieldSpec.optional("output_path", FieldType.STRING, null, "the JSON file (default: the input with .json appended)"))
            .withCli("locres_to_json", "file_path", "output_path");

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        LocRes r = LocResFiles.open(file);
        Path out = args.path("output_path");
        if (out == null) {
            out = file.resolveSibling(file.getFileName() + ".json");
        }
        byte[] json = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(LocResJson.toJson(r));
        AtomicOutput.write(out, json);
        return ActionResult.of("Wrote " + r.entryCount() + " entries to " + out, LocResFiles.Written.of(file, out, r, json.length));
    }
}
