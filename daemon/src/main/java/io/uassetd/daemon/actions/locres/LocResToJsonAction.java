package io.uassetd.daemon.actions.locres;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResJson;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.protocol.Json;
import java.nio.file.Path;

/** {@code locres_to_json}: a .locres as its editable JSON form ({@link LocResJson}), which json_to_locres turns back. */
public final class LocResToJsonAction extends TypedAction<LocResToJsonAction.Request, LocResFiles.Written> {
    /** The request. */
    public record Request(@Field(value = "the .locres", required = true) Path file_path,
                          @Field("the JSON file (default: the input with .json appended)") Path output_path) {
    }

    public LocResToJsonAction() {
        super("locres_to_json", "Writes a .locres as editable JSON (namespaces, keys, source hashes, strings); json_to_locres reverses"
                + " it byte for byte", "locres_to_json", "file_path", "output_path");
    }

    @Override
    protected Done<LocResFiles.Written> run(Request q, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        LocRes r = LocResFiles.open(file);
        Path out = q.output_path();
        if (out == null) {
            out = file.resolveSibling(file.getFileName() + ".json");
        }
        byte[] json = Json.mapper().writerWithDefaultPrettyPrinter().writeValueAsBytes(LocResJson.toJson(r));
        AtomicOutput.write(out, json);
        return Done.of("Wrote " + r.entryCount() + " entries to " + out, LocResFiles.Written.of(file, out, r, json.length));
    }
}
