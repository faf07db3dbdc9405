package io.uassetd.daemon.actions.niagara;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraInterfaceKind;
import io.uassetd.codecs.asset.niagara.NiagaraPreview;
import io.uassetd.codecs.asset.niagara.NiagaraSystemAsset;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code niagara_details}: seed 000's NiagaraDetailsResult of a NiagaraSystem: per interface kind a
 * count, the total of its entries and the interfaces (export index, class, name, emitter, LUT size,
 * time range, sample colours), plus every interface in {@code exports} (UAssetTool's CLI shape).
 */
public final class NiagaraDetailsAction implements ActionHandler {
    static final FieldSpec PREVIEW_DIR = FieldSpec.optional("preview_dir", FieldType.STRING, null,
            "also render each colour interface as a PNG strip into this folder (see niagara_preview)");
    private static final ActionSpec SPEC = ActionSpec.of("niagara_details",
            "The curve (ShaderLUT) and array data interfaces of a NiagaraSystem with their sizes and sample colours",
            AssetFiles.FILE, AssetFiles.USMAP, AssetFiles.ENGINE,
            FieldSpec.optional("sample_count", FieldType.INTEGER, 8, "entries sampled evenly per interface in sampleColors"),
            FieldSpec.optional("include_values", FieldType.BOOLEAN, false, "list every entry of every interface in values"),
            PREVIEW_DIR).withCli("niagara_details", "file_path", "usmap_path");

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

    /** Where an interface sits: UAssetTool's outerIndex, parentName, parentChain ("Class:Name > ..."), emitterName and enemy params. */
    record Place(int outerIndex, String parentName, String parentChain, String emitterName, List<String> enemyParams) {
        static Place of(io.uassetd.codecs.asset.AssetPackage pkg, int exportIndex) {
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
            List<String> enemy = new ArrayList<>();
            if (emitter != null) {
                for (int ni = 0; ni < pkg.names().size(); ni++) {
                    String n = pkg.names().get(ni);
                    String lower = n.toLowerCase(java.util.Locale.ROOT);
                    int dot = n.indexOf('.');
                    if ((lower.contains("enemycolor") || lower.contains("enemyvalue")) && dot > 0
                            && n.substring(0, dot).equalsIgnoreCase(emitter)) {
                        enemy.add(n);
                    }
                }
            }
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
     * The reply keys of each kind, in seed 000's NiagaraDetailsResult order (its count, its total of
     * entries, its list), with the Vector4, Float4 and Int32 kinds the seed leaves out.
     */
    private static final Map<NiagaraInterfaceKind, List<String>> KEYS = new LinkedHashMap<>();

    static {
        KEYS.put(NiagaraInterfaceKind.COLOR_CURVE, List.of("colorCurveCount", "totalColorCount", "colorCurves"));
        KEYS.put(NiagaraInterfaceKind.CURVE, List.of("floatCurveCount", "totalFloatCount", "floatCurves"));
        KEYS.put(NiagaraInterfaceKind.VECTOR2D_CURVE, List.of("vector2DCurveCount", "totalVector2DCount", "vector2DCurves"));
        KEYS.put(NiagaraInterfaceKind.VECTOR_CURVE, List.of("vector3CurveCount", "totalVector3Count", "vector3Curves"));
        KEYS.put(NiagaraInterfaceKind.VECTOR4_CURVE, List.of("vector4CurveCount", "totalVector4Count", "vector4Curves"));
        KEYS.put(NiagaraInterfaceKind.ARRAY_COLOR, List.of("arrayColorCount", "totalArrayColorValues", "arrayColors"));
        KEYS.put(NiagaraInterfaceKind.ARRAY_FLOAT, List.of("arrayFloatCount", "totalArrayFloatValues", "arrayFloats"));
        KEYS.put(NiagaraInterfaceKind.ARRAY_FLOAT3, List.of("arrayFloat3Count", "totalArrayFloat3Values", "arrayFloat3s"));
        KEYS.put(NiagaraInterfaceKind.ARRAY_FLOAT4, List.of("arrayFloat4Count", "totalArrayFloat4Values", "arrayFloat4s"));
        KEYS.put(NiagaraInterfaceKind.ARRAY_INT32, List.of("arrayInt32Count", "totalArrayInt32Values", "arrayInt32s"));
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        NiagaraFiles.Opened o = NiagaraFiles.open(args, ctx);
        NiagaraSystemAsset ns = o.system();
        int samples = (int) args.integer("sample_count", 0, 4096);
        boolean values = args.bool("include_values");
        Path previews = args.path("preview_dir");
        List<Entry> all = new ArrayList<>();
        for (NiagaraDataInterface di : ns.interfaces()) {
            String preview = null;
            if (previews != null && di.kind().isColorEditable()) {
                Path png = previews.resolve(NiagaraPreviewAction.fileName(di));
                NiagaraPreview.write(di, png);
                preview = png.toString();
            }
            all.add(entry(di, samples, values, preview, Place.of(ns.pkg(), di.exportIndex())));
        }
        Path file = o.session().file();
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("fileName", file.getFileName().toString());
        d.put("filePath", file.toString());
        d.put("totalExports", ns.pkg().exports().size());
        d.put("dataInterfaceCount", all.size());
        d.put("colorExports", ns.interfaces().stream().filter(i -> i.kind().isColor()).count());
        KEYS.forEach((kind, keys) -> {
            List<Entry> of = all.stream().filter(e -> e.classType().equals(kind.className())).toList();
            d.put(keys.get(0), of.size());
            d.put(keys.get(1), of.stream().mapToInt(Entry::entryCount).sum());
            d.put(keys.get(2), of);
        });
        d.put("exports", all);
        d.put("otherDataInterfaces", ns.otherInterfaces());
        return ActionResult.of(all.size() + " data interfaces (" + d.get("colorCurveCount") + " colour curves, "
                + d.get("arrayColorCount") + " colour arrays) in " + d.get("totalExports") + " exports", d);
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
