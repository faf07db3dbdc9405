package io.uassetd.daemon.actions.locres;

import java.util.Locale;
import io.uassetd.codecs.locres.LocRes;
import io.uassetd.codecs.locres.LocResJson;
import io.uassetd.codecs.locres.LocResVersion;
import io.uassetd.codecs.locres.LocResWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.codecs.io.AtomicOutput;
import java.nio.file.Path;

/** {@code json_to_locres}: the JSON form of locres_to_json back to a .locres, in the document's version unless told otherwise. */
public final class JsonToLocResAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("json_to_locres",
            "Writes a .locres from the JSON form of locres_to_json (string table and hashes computed)",
            FieldSpec.required("file_path", FieldType.STRING, "the JSON file"),
            FieldSpec.optional("output_path", FieldType.STRING, null,
                    "the .locres (default: the input without .json when it ends in .locres.json, else with .locres for its extension)"),
            FieldSpec.optional("version", FieldType.STRING, null,
                    "write this version instead of the document's: Legacy, Compact, Optimized_CRC32, Optimized_CityHash64_UTF16 or 0..3"))
            .withCli("json_to_locres", "file_path", "output_path");

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        LocRes r = LocResJson.fromJson(LocResFiles.readJson(file), file.toString());
        String v = args.string("version");
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
        Path out = args.path("output_path");
        if (out == null) {
            out = defaultOutput(file);
        }
        byte[] bytes = LocResWriter.toBytes(r);
        AtomicOutput.write(out, bytes);
        LocResFiles.Written w = LocResFiles.Written.of(file, out, r, bytes.length);
        return ActionResult.of("Wrote " + w.entry_count() + " entries (" + w.version() + ") to " + out, w);
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
