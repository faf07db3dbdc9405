package io.uassetd.daemon.actions.niagara;

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
import java.util.List;

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

    /** One data interface. */
    public record Entry(int exportIndex, String exportName, String classType, String emitter, String valueProperty,
                        int entryCount, Integer lutSize, Object minTime, Object maxTime, List<List<Object>> sampleColors,
                        List<List<Object>> values, String previewPath) {
    }

    /** Reply data: seed 000's NiagaraDetailsResult, with the Vector4, Float4 and Int32 kinds it leaves out. */
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
            all.add(entry(di, samples, values, preview));
        }
        Path file = o.session().file();
        Details d = new Details(file.getFileName().toString(), file.toString(), ns.pkg().exports().size(), all.size(),
                (int) ns.interfaces().stream().filter(i -> i.kind().isColor()).count(),
                count(ns, NiagaraInterfaceKind.COLOR_CURVE), total(ns, NiagaraInterfaceKind.COLOR_CURVE), of(all, ns, NiagaraInterfaceKind.COLOR_CURVE),
                count(ns, NiagaraInterfaceKind.CURVE), total(ns, NiagaraInterfaceKind.CURVE), of(all, ns, NiagaraInterfaceKind.CURVE),
                count(ns, NiagaraInterfaceKind.VECTOR2D_CURVE), total(ns, NiagaraInterfaceKind.VECTOR2D_CURVE), of(all, ns, NiagaraInterfaceKind.VECTOR2D_CURVE),
                count(ns, NiagaraInterfaceKind.VECTOR_CURVE), total(ns, NiagaraInterfaceKind.VECTOR_CURVE), of(all, ns, NiagaraInterfaceKind.VECTOR_CURVE),
                count(ns, NiagaraInterfaceKind.VECTOR4_CURVE), total(ns, NiagaraInterfaceKind.VECTOR4_CURVE), of(all, ns, NiagaraInterfaceKind.VECTOR4_CURVE),
                count(ns, NiagaraInterfaceKind.ARRAY_COLOR), total(ns, NiagaraInterfaceKind.ARRAY_COLOR), of(all, ns, NiagaraInterfaceKind.ARRAY_COLOR),
                count(ns, NiagaraInterfaceKind.ARRAY_FLOAT), total(ns, NiagaraInterfaceKind.ARRAY_FLOAT), of(all, ns, NiagaraInterfaceKind.ARRAY_FLOAT),
                count(ns, NiagaraInterfaceKind.ARRAY_FLOAT3), total(ns, NiagaraInterfaceKind.ARRAY_FLOAT3), of(all, ns, NiagaraInterfaceKind.ARRAY_FLOAT3),
                count(ns, NiagaraInterfaceKind.ARRAY_FLOAT4), total(ns, NiagaraInterfaceKind.ARRAY_FLOAT4), of(all, ns, NiagaraInterfaceKind.ARRAY_FLOAT4),
                count(ns, NiagaraInterfaceKind.ARRAY_INT32), total(ns, NiagaraInterfaceKind.ARRAY_INT32), of(all, ns, NiagaraInterfaceKind.ARRAY_INT32),
                all, ns.otherInterfaces());
        return ActionResult.of(all.size() + " data interfaces (" + d.colorCurveCount() + " colour curves, " + d.arrayColorCount()
                + " colour arrays) in " + d.totalExports() + " exports", d);
    }

    static Entry entry(NiagaraDataInterface di, int samples, boolean values, String preview) {
        List<List<Object>> all = null;
        if (values) {
            all = new ArrayList<>();
            for (int i = 0; i < di.entryCount(); i++) {
                all.add(NiagaraFiles.entry(di, i));
            }
        }
        return new Entry(di.exportIndex(), di.exportName(), di.className(), di.emitter(), di.valuePropertyName(), di.entryCount(),
                di.kind().isCurve() ? di.valueCount() : null,
                di.minTime() == null ? null : NiagaraFiles.number(di.minTime()),
                di.maxTime() == null ? null : NiagaraFiles.number(di.maxTime()),
                NiagaraFiles.samples(di, samples), all, preview);
    }

    private static int count(NiagaraSystemAsset ns, NiagaraInterfaceKind k) {
        return ns.of(k).size();
    }

    private static int total(NiagaraSystemAsset ns, NiagaraInterfaceKind k) {
        return ns.of(k).stream().mapToInt(NiagaraDataInterface::entryCount).sum();
    }

    private static List<Entry> of(List<Entry> all, NiagaraSystemAsset ns, NiagaraInterfaceKind k) {
        return all.stream().filter(e -> e.classType().equals(k.className())).toList();
    }
}
