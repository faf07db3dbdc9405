package io.uassetd.daemon.actions.locres;

import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.util.Locale;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResJson;
import io.uassetd.codecs.locres.LocResVersion;
import io.uassetd.codecs.locres.LocResWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.io.AtomicOutput;
import java.nio.file.Path;

/** {@code json_to_locres}: the JSON form of locres_to_json back to a .locres, in the document's version unless told otherwise. */
public final class JsonToLocResAction extends TypedAction<JsonToLocResAction.Request, LocResFiles.Written> {
    /** The request. */
    public record Request(@Field(value = "the JSON file", required = true) Path file_path,
                          @Field("the .locres (default: the input without .json when it ends in .locres.json, else with .locres for its"
                                  + " extension)") Path output_path,
                          @Field("write this version instead of the document's: Legacy, Compact, Optimized_CRC32,"
                                  + " Optimized_CityHash64_UTF16 or 0..3") String version) {
    }

    public JsonToLocResAction() {
        super("json_to_locres", "Writes a .locres from the JSON form of locres_to_json (string table and hashes computed)",
                "json_to_locres", "file_path", "output_path");
    }

    @Override
    protected Done<LocResFiles.Written> run(Request q, ActionContext ctx) throws Exception {
        Path file = q.file_path();
        LocRes r = LocResJson.fromJson(LocResFiles.readJson(file), file.toString());
        String v = q.version();
        if (v != null) {
            LocResVersion target = LocResVersion.parse(v);
            if (target == null) {
                throw ActionException.invalid("Field 'version': unknown LocRes version '" + v
                        + "' (Legacy, Compact, Optimized_CRC32, Optimized_CityHash64_UTF16 or 0..3)");
            }
            if (target != r.version()) {
                r = r.withVersion(target);
            }
        }
        Path out = q.output_path();
        if (out == null) {
            out = defaultOutput(file);
        }
        byte[] bytes = LocResWriter.toBytes(r);
        AtomicOutput.write(out, bytes);
        LocResFiles.Written w = LocResFiles.Written.of(file, out, r, bytes.length);
        return Done.of("Wrote " + w.entry_count() + " entries (" + w.version() + ") to " + out, w);
    }

    static Path defaultOutput(Path json) {
        String name = json.getFileName().toString();
        String lower = name.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".locres.json")) {
            return json.resolveSibling(name.substring(0, name.length() - 5));
        }
        int dot = name.lastIndexOf('.');
        return json.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ".locres");
    }
}
