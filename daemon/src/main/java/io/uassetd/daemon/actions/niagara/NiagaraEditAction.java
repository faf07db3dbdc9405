package io.uassetd.daemon.actions.niagara;

import java.util.Locale;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.niagara.ColorEdit;
import io.uassetd.codecs.asset.niagara.NiagaraColorEditor;
import io.uassetd.codecs.asset.niagara.NiagaraEditResult;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
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
public final class NiagaraEditAction extends TypedAction<NiagaraEditAction.Request, NiagaraEditAction.Edited> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field("new red (HDR: above 1 glows); required unless edits are given") Double r,
                          @Field("new green") Double g,
                          @Field("new blue") Double b,
                          @Field(value = "new alpha", dflt = "1.0") double a,
                          @Field("edit only this data interface") Integer export_index,
                          @Field(value = "edit the colour-capable interfaces whose export name contains this (case-insensitive)",
                                  cli = "--export-name") String export_name_filter,
                          @Field("edit only this entry") Integer color_index,
                          @Field("first entry edited (inclusive)") Integer color_index_start,
                          @Field("last entry edited (inclusive)") Integer color_index_end,
                          @Field(value = "change red", dflt = "true") boolean modify_r,
                          @Field(value = "change green", dflt = "true") boolean modify_g,
                          @Field(value = "change blue", dflt = "true") boolean modify_b,
                          @Field(value = "change alpha", dflt = "true") boolean modify_a,
                          @Field("the channels that change as letters, e.g. rgb (UAssetTool's --channels); instead of modify_r..modify_a")
                          String channels,
                          @Field("UAssetTool's raw edits: [{exportIndex, flatLut: [floats]} or {exportIndex, colorData: [[r,g,b,a], ...]}] (JSON)")
                          JsonNode edits,
                          @Field("a JSON file holding the raw edits") Path edits_file,
                          @Field(value = AssetEdits.OUTPUT_HELP, cli = "--output") Path output_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public NiagaraEditAction() {
        // --output is UAssetTool's spelling; --output-path works too
        super("niagara_edit", "Sets colours of a NiagaraSystem's colour curves / colour arrays (selectively, or UAssetTool's raw edits) and writes it",
                "niagara_edit", "file_path", "r", "g", "b", "a");
    }

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
    protected Done<Edited> run(Request q, Args args, ActionContext ctx) throws Exception {
        List<RawEdit> raw = rawEdits(q.edits(), q.edits_file());
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
            ColorEdit edit = colorEdit(q, args);
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
        return Done.of(colors + " colours changed in " + touched.size() + " data interfaces",
                new Edited(o.session().file().toString(), w.path().toString(), w.backup() == null ? null : w.backup().toString(),
                        touched.size(), colors, values, touched));
    }

    private static ColorEdit colorEdit(Request q, Args args) {
        if (q.r() == null || q.g() == null || q.b() == null) {
            String f = q.r() == null ? "r" : q.g() == null ? "g" : "b";
            throw ActionException.invalid("Missing field '" + f + "' (the new colour; or give edits)");
        }
        boolean[] modify = {q.modify_r(), q.modify_g(), q.modify_b(), q.modify_a()};
        String channels = q.channels();
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
        return new ColorEdit(q.r(), q.g(), q.b(), q.a(), q.export_index(), q.export_name_filter(), q.color_index(),
                q.color_index_start(), q.color_index_end(), modify[0], modify[1], modify[2], modify[3]);
    }

    /** The raw edits from {@code edits} (a JSON array or object, or JSON text) or {@code edits_file}; null when neither. */
    private static List<RawEdit> rawEdits(JsonNode n, Path file) throws Exception {
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
