package io.uassetd.daemon.actions.niagara;

import java.util.Locale;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.niagara.ColorEdit;
import io.uassetd.codecs.asset.niagara.NiagaraColorEditor;
import io.uassetd.codecs.asset.niagara.NiagaraEditResult;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetEdits;
import io.uassetd.daemon.actions.asset.AssetFiles;
import io.uassetd.protocol.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code niagara_edit}: seed 000's ColorEditRequest as snake_case fields (r, g, b, a; a target by
 * export index or name filter; one colour index or an inclusive range; per-channel switches), or
 * UAssetTool's raw edits ({@code [{exportIndex, flatLut | colorData}]}); then the package is written
 * like the property editing actions (output_path, or in place with a .bak). Every edit is checked
 * before anything changes; a refused edit writes nothing.
 */
public final class NiagaraEditAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("niagara_edit",
            "Sets colours of a NiagaraSystem's colour curves / colour arrays (selectively, or UAssetTool's raw edits) and writes it",
            AssetFiles.FILE,
            FieldSpec.optional("r", FieldType.NUMBER, null, "new red (HDR: above 1 glows); required unless edits are given"),
            FieldSpec.optional("g", FieldType.NUMBER, null, "new green"),
            FieldSpec.optional("b", FieldType.NUMBER, null, "new blue"),
            FieldSpec.optional("a", FieldType.NUMBER, 1.0, "new alpha"),
            FieldSpec.optional("export_index", FieldType.INTEGER, null, "edit only this data interface"),
            FieldSpec.optional("export_name_filter", FieldType.STRING, null,
                    "edit the colour-capable interfaces whose export name contains this (case-insensitive)").cli("--export-name"),
            FieldSpec.optional("color_index", FieldType.INTEGER, null, "edit only this entry"),
            FieldSpec.optional("color_index_start", FieldType.INTEGER, null, "first entry edited (inclusive)"),
            FieldSpec.optional("color_index_end", FieldType.INTEGER, null, "last entry edited (inclusive)"),
            FieldSpec.optional("modify_r", FieldType.BOOLEAN, true, "change red"),
            FieldSpec.optional("modify_g", FieldType.BOOLEAN, true, "change green"),
            FieldSpec.optional("modify_b", FieldType.BOOLEAN, true, "change blue"),
            FieldSpec.optional("modify_a", FieldType.BOOLEAN, true, "change alpha"),
            FieldSpec.optional("channels", FieldType.STRING, null,
                    "the channels that change as letters, e.g. rgb (UAssetTool's --channels); instead of modify_r..modify_a"),
            FieldSpec.optional("edits", FieldType.ANY, null,
                    "UAssetTool's raw edits: [{exportIndex, flatLut: [floats]} or {exportIndex, colorData: [[r,g,b,a], ...]}] (JSON)"),
            FieldSpec.optional("edits_file", FieldType.STRING, null, "a JSON file holding the raw edits"),
            AssetEdits.OUTPUT.cli("--output"), AssetFiles.USMAP, AssetFiles.ENGINE)
            .withCli("niagara_edit", "file_path", "r", "g", "b", "a"); // --output is UAssetTool's spelling; --output-path works too

    /** One interface the edit touched. */
    public record Touched(int export_index, String export_name, String class_type, int first_index, int last_index,
                          int colors_changed, int values_changed) {
    }

    /** Reply data. */
    public record Edited(String file_path, String output_path, String backup_path, int exports_touched, int colors_changed,
                         int values_changed, List<Touched> exports) {
    }

    /** One raw edit as UAssetTool writes it. */
    record RawEdit(Integer exportIndex, double[] flatLut, double[][] colorData) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        List<RawEdit> raw = rawEdits(args);
        NiagaraFiles.Opened o = NiagaraFiles.open(args, ctx);
        List<NiagaraEditResult> results = new ArrayList<>();
        if (raw != null) {
            for (String f : List.of("r", "g", "b", "export_index", "export_name_filter", "color_index", "color_index_start", "color_index_end")) {
                if (args.has(f)) {
                    ctx.warn("Field '" + f + "' is ignored: the raw edits say what changes");
                }
            }
            for (RawEdit e : raw) {
                results.add(NiagaraFiles.invalidOnMismatch(() -> NiagaraColorEditor.applyRaw(o.system(), e.exportIndex(), e.flatLut(), e.colorData())));
            }
        } else {
            ColorEdit edit = colorEdit(args);
            results.add(NiagaraFiles.invalidOnMismatch(() -> NiagaraColorEditor.apply(o.system(), edit)));
        }
        List<Touched> touched = new ArrayList<>();
        for (NiagaraEditResult r : results) {
            for (NiagaraEditResult.Touched t : r.exports()) {
                touched.add(new Touched(t.exportIndex(), t.exportName(), t.className(), t.firstIndex(), t.lastIndex(),
                        t.colorsChanged(), t.valuesChanged()));
            }
        }
        AssetEdits.Written w = AssetEdits.write(o.session(), args, ctx);
        int colors = touched.stream().mapToInt(Touched::colors_changed).sum();
        int values = touched.stream().mapToInt(Touched::values_changed).sum();
        return ActionResult.of(colors + " colours changed in " + touched.size() + " data interfaces",
                new Edited(o.session().file().toString(), w.path().toString(), w.backup() == null ? null : w.backup().toString(),
                        touched.size(), colors, values, touched));
    }

    private static ColorEdit colorEdit(Args args) {
        for (String f : List.of("r", "g", "b")) {
            if (!args.has(f)) {
                throw ActionException.invalid("Missing field '" + f + "' (the new colour; or give edits)");
            }
        }
        Integer index = args.has("export_index") ? (int) args.integer("export_index") : null;
        boolean[] modify = {args.bool("modify_r"), args.bool("modify_g"), args.bool("modify_b"), args.bool("modify_a")};
        String channels = args.string("channels");
        if (channels != null) {
            for (String f : List.of("modify_r", "modify_g", "modify_b", "modify_a")) {
                if (args.has(f)) {
                    throw ActionException.invalid("Give channels or " + f + ", not both");
                }
            }
            String c = channels.toLowerCase(Locale.ROOT);
            if (c.isEmpty() || !c.matches("[rgba]+")) {
                throw ActionException.invalid("Field 'channels' must be letters among r, g, b, a (e.g. rgb), got '" + channels + "'");
            }
            for (int i = 0; i < 4; i++) {
                modify[i] = c.indexOf("rgba".charAt(i)) >= 0;
            }
        }
        return new ColorEdit(args.number("r"), args.number("g"), args.number("b"), args.number("a"), index,
                args.string("export_name_filter"), optionalInt(args, "color_index"), optionalInt(args, "color_index_start"),
                optionalInt(args, "color_index_end"), modify[0], modify[1], modify[2], modify[3]);
    }

    private static Integer optionalInt(Args args, String name) {
        return args.has(name) ? (int) args.integer(name, Integer.MIN_VALUE, Integer.MAX_VALUE) : null;
    }

    /** The raw edits from {@code edits} (a JSON array or object, or JSON text) or {@code edits_file}; null when neither. */
    private static List<RawEdit> rawEdits(Args args) throws Exception {
        JsonNode n = args.json("edits");
        Path file = args.path("edits_file");
        if (n == null && file == null) {
            return null;
        }
        if (n != null && file != null) {
            throw ActionException.invalid("Give edits or edits_file, not both");
        }
        if (file != null) {
            if (!Files.isRegularFile(file)) {
                throw ActionException.notFound("Edits file not found: " + file, file.toString());
            }
            n = Json.mapper().readTree(Files.readString(file));
        } else if (n.isTextual()) {
            n = Json.mapper().readTree(n.textValue());
        }
        List<RawEdit> out = new ArrayList<>();
        for (JsonNode e : n.isArray() ? n : List.of(n)) {
            RawEdit r;
            try {
                r = Json.mapper().treeToValue(e, RawEdit.class);
            } catch (Exception x) {
                throw ActionException.invalid("Edit " + e + " is not {exportIndex, flatLut | colorData}: " + x.getMessage());
            }
            if (r.exportIndex() == null) {
                throw ActionException.invalid("Edit " + e + " has no exportIndex");
            }
            out.add(r);
        }
        if (out.isEmpty()) {
            throw ActionException.invalid("edits is empty");
        }
        return out;
    }
}
