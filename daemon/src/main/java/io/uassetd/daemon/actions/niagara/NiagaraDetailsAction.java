package io.uassetd.daemon.actions.niagara;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraInterfaceKind;
import io.uassetd.codecs.asset.niagara.NiagaraPreview;
import io.uassetd.codecs.asset.niagara.NiagaraSystemAsset;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.niagara.NiagaraConventions;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * {@code niagara_details}: seed 000's NiagaraDetailsResult of a NiagaraSystem: per interface kind a
 * count, the total of its entries and the interfaces (export index, class, name, emitter, LUT size,
 * time range, sample colours), plus every interface in {@code exports} (UAssetTool's CLI shape).
 */
public final class NiagaraDetailsAction extends TypedAction<NiagaraDetailsAction.Request, NiagaraDetailsAction.Details> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = "entries sampled evenly per interface in sampleColors", dflt = "8", min = 0, max = 4096) int sample_count,
                          @Field(value = "list every entry of every interface in values", dflt = "false") boolean include_values,
                          @Field("also render each colour interface as a PNG strip into this folder (see niagara_preview)") Path preview_dir,
                          @Field(value = "game profile whose Niagara conventions are read (marvel_rivals, UAssetTool's game: each emitter's"
                                  + " enemy-team colour parameters in enemyParams; none: no team parameters): " + GameProfile.NAMES,
                                  dflt = "marvel_rivals") String game) {
    }

    public NiagaraDetailsAction() {
        super("niagara_details", "The curve (ShaderLUT) and array data interfaces of a NiagaraSystem with their sizes and sample colours",
                "niagara_details", "file_path", "usmap_path");
    }

    /**
     * One data interface. {@code name}, {@code shaderLut} (curves) and {@code colorData} (arrays) are
     * UAssetTool's keys, which its Niagara colour editors read; the others are uassetd's.
     */
    @JsonPropertyOrder({"exportIndex", "classType", "name", "exportName", "emitter", "valueProperty", "entryCount", "lutSize",
            "minTime", "maxTime", "shaderLut", "colorData", "sampleColors", "values", "previewPath"})
    public record Entry(int exportIndex, String exportName, String classType, String emitter, String valueProperty,
                        int entryCount, Integer lutSize, Object minTime, Object maxTime, List<List<Object>> sampleColors,
                        List<List<Object>> values, String previewPath, String name,
                        @JsonInclude(JsonInclude.Include.NON_NULL) ShaderLut shaderLut,
                        @JsonInclude(JsonInclude.Include.NON_NULL) List<List<Object>> colorData, int channels, int colorCount,
                        int outerIndex, String parentName, String parentChain, String emitterName, boolean emitterHasEnemyParams,
                        List<String> enemyParams) {
    }

    /**
     * Where an interface sits: UAssetTool's outerIndex, parentName, parentChain ("Class:Name > ..."),
     * emitterName, and its emitter's team parameters by the game's conventions (UAssetTool's enemy params).
     */
    record Place(int outerIndex, String parentName, String parentChain, String emitterName, List<String> enemyParams) {
        static Place of(io.uassetd.codecs.asset.AssetPackage pkg, int exportIndex, NiagaraConventions conventions) {
            var exports = pkg.exports();
            int outer = exportIndex >= 0 && exportIndex < exports.size() ? exports.get(exportIndex).entry().outerIndex().value() : 0;
            String parent = outer > 0 && outer - 1 < exports.size() ? pkg.name(exports.get(outer - 1).entry().objectName()) : null;
            List<String> parts = new ArrayList<>();
            String emitter = null;
            int walk = exportIndex;
            for (int safety = 0; walk >= 0 && walk < exports.size() && safety < 50; safety++) {
                var e = exports.get(walk);
                String cls = pkg.className(e);
                String name = pkg.name(e.entry().objectName());
                parts.add(0, cls + ":" + name);
                if (emitter == null && "NiagaraEmitter".equals(cls)) {
                    emitter = name;
                }
                int o = e.entry().outerIndex().value();
                if (o <= 0) {
                    break;
                }
                walk = o - 1;
            }
            List<String> names = new ArrayList<>(pkg.names().size());
            for (int i = 0; i < pkg.names().size(); i++) {
                names.add(pkg.names().get(i));
            }
            List<String> enemy = conventions.teamParameters(names, emitter);
            return new Place(outer, parent, String.join(" > ", parts), emitter, List.copyOf(enemy));
        }
    }

    /**
     * UAssetTool's view of a curve's baked LUT: {@code floatCount} floats, {@code sampleCount}
     * entries of the curve's channel count (RGBA for a colour curve), every entry in {@code samples}.
     */
    @JsonPropertyOrder({"floatCount", "sampleCount", "minTime", "maxTime", "samples"})
    public record ShaderLut(int floatCount, int sampleCount, Object minTime, Object maxTime, List<List<Object>> samples) {
    }

    /**
     * Reply data: seed 000's NiagaraDetailsResult order; per interface kind its count, the total of
     * its entries and its interfaces (with the Vector4, Float4 and Int32 kinds the seed leaves out);
     * then every interface in {@code exports} (UAssetTool's CLI shape) and the data interfaces of
     * other classes.
     */
    public record Details(String fileName, String filePath, int totalExports, int dataInterfaceCount, int colorExports,
                          int colorCurveCount, int totalColorCount, List<Entry> colorCurves,
                          int floatCurveCount, int totalFloatCount, List<Entry> floatCurves,
                          int vector2DCurveCount, int totalVector2DCount, List<Entry> vector2DCurves,
                          int vector3CurveCount, int totalVector3Count, List<Entry> vector3Curves,
                          int vector4CurveCount, int totalVector4Count, List<Entry> vector4Curves,
                          int arrayColorCount, int totalArrayColorValues, List<Entry> arrayColors,
                          int arrayFloatCount, int totalArrayFloatValues, List<Entry> arrayFloats,
                          int arrayFloat3Count, int totalArrayFloat3Values, List<Entry> arrayFloat3s,
                          int arrayFloat4Count, int totalArrayFloat4Values, List<Entry> arrayFloat4s,
                          int arrayInt32Count, int totalArrayInt32Values, List<Entry> arrayInt32s,
                          List<Entry> exports, List<NiagaraSystemAsset.OtherInterface> otherDataInterfaces) {
    }

    @Override
    protected Done<Details> run(Request q, Args args, ActionContext ctx) throws Exception {
        NiagaraConventions conventions;
        try {
            conventions = GameProfile.of(q.game()).niagara();
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'game': unknown game profile '" + q.game() + "' (" + GameProfile.names() + ")");
        }
        NiagaraFiles.Opened o = NiagaraFiles.open(args, ctx);
        NiagaraSystemAsset ns = o.system();
        Path previews = q.preview_dir();
        List<Entry> all = new ArrayList<>();
        for (NiagaraDataInterface di : ns.interfaces()) {
            String preview = null;
            if (previews != null && di.kind().isColorEditable()) {
                Path png = previews.resolve(NiagaraPreviewAction.fileName(di));
                NiagaraPreview.write(di, png);
                preview = png.toString();
            }
            all.add(entry(di, q.sample_count(), q.include_values(), preview, Place.of(ns.pkg(), di.exportIndex(), conventions)));
        }
        Path file = o.session().file();
        Map<NiagaraInterfaceKind, List<Entry>> of = new EnumMap<>(NiagaraInterfaceKind.class);
        for (NiagaraInterfaceKind k : NiagaraInterfaceKind.values()) {
            of.put(k, all.stream().filter(e -> e.classType().equals(k.className())).toList());
        }
        Details d = new Details(file.getFileName().toString(), file.toString(), ns.pkg().exports().size(), all.size(),
                (int) ns.interfaces().stream().filter(i -> i.kind().isColor()).count(),
                count(of, NiagaraInterfaceKind.COLOR_CURVE), total(of, NiagaraInterfaceKind.COLOR_CURVE), of.get(NiagaraInterfaceKind.COLOR_CURVE),
                count(of, NiagaraInterfaceKind.CURVE), total(of, NiagaraInterfaceKind.CURVE), of.get(NiagaraInterfaceKind.CURVE),
                count(of, NiagaraInterfaceKind.VECTOR2D_CURVE), total(of, NiagaraInterfaceKind.VECTOR2D_CURVE),
                of.get(NiagaraInterfaceKind.VECTOR2D_CURVE),
                count(of, NiagaraInterfaceKind.VECTOR_CURVE), total(of, NiagaraInterfaceKind.VECTOR_CURVE), of.get(NiagaraInterfaceKind.VECTOR_CURVE),
                count(of, NiagaraInterfaceKind.VECTOR4_CURVE), total(of, NiagaraInterfaceKind.VECTOR4_CURVE),
                of.get(NiagaraInterfaceKind.VECTOR4_CURVE),
                count(of, NiagaraInterfaceKind.ARRAY_COLOR), total(of, NiagaraInterfaceKind.ARRAY_COLOR), of.get(NiagaraInterfaceKind.ARRAY_COLOR),
                count(of, NiagaraInterfaceKind.ARRAY_FLOAT), total(of, NiagaraInterfaceKind.ARRAY_FLOAT), of.get(NiagaraInterfaceKind.ARRAY_FLOAT),
                count(of, NiagaraInterfaceKind.ARRAY_FLOAT3), total(of, NiagaraInterfaceKind.ARRAY_FLOAT3),
                of.get(NiagaraInterfaceKind.ARRAY_FLOAT3),
                count(of, NiagaraInterfaceKind.ARRAY_FLOAT4), total(of, NiagaraInterfaceKind.ARRAY_FLOAT4),
                of.get(NiagaraInterfaceKind.ARRAY_FLOAT4),
                count(of, NiagaraInterfaceKind.ARRAY_INT32), total(of, NiagaraInterfaceKind.ARRAY_INT32), of.get(NiagaraInterfaceKind.ARRAY_INT32),
                all, ns.otherInterfaces());
        return Done.of(all.size() + " data interfaces (" + d.colorCurveCount() + " colour curves, " + d.arrayColorCount()
                + " colour arrays) in " + d.totalExports() + " exports", d);
    }

    private static int count(Map<NiagaraInterfaceKind, List<Entry>> of, NiagaraInterfaceKind k) {
        return of.get(k).size();
    }

    private static int total(Map<NiagaraInterfaceKind, List<Entry>> of, NiagaraInterfaceKind k) {
        return of.get(k).stream().mapToInt(Entry::entryCount).sum();
    }

    static Entry entry(NiagaraDataInterface di, int samples, boolean values, String preview, Place place) {
        List<List<Object>> all = null;
        if (values) {
            all = new ArrayList<>();
            for (int i = 0; i < di.entryCount(); i++) {
                all.add(NiagaraFiles.entry(di, i));
            }
        }
        Object minTime = di.minTime() == null ? null : NiagaraFiles.number(di.minTime());
        Object maxTime = di.maxTime() == null ? null : NiagaraFiles.number(di.maxTime());
        List<List<Object>> every = new ArrayList<>(di.entryCount());
        for (int i = 0; i < di.entryCount(); i++) {
            every.add(NiagaraFiles.entry(di, i));
        }
        boolean curve = di.kind().isCurve();
        ShaderLut lut = curve ? new ShaderLut(di.valueCount(), di.entryCount(), minTime, maxTime, every) : null;
        return new Entry(di.exportIndex(), di.exportName(), di.className(), di.emitter(), di.valuePropertyName(), di.entryCount(),
                curve ? di.valueCount() : null, minTime, maxTime,
                NiagaraFiles.samples(di, samples), all, preview, di.exportName(), lut, curve ? null : every,
                di.entryCount() == 0 ? di.valueCount() : di.valueCount() / di.entryCount(), di.entryCount(), place.outerIndex(),
                place.parentName(), place.parentChain(), place.emitterName(), !place.enemyParams().isEmpty(), place.enemyParams());
    }
}
