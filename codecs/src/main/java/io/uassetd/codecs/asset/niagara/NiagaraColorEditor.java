package io.uassetd.codecs.asset.niagara;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Applies colour edits to a {@link NiagaraSystemAsset}: the selective {@link ColorEdit}, and
 * UAssetTool's raw form (a whole LUT, or the whole colour array, for one export). Every target and
 * index is checked before any value changes, so a refused edit leaves the package as it was.
 */
public final class NiagaraColorEditor {
    private NiagaraColorEditor() {
    }

    /** The interfaces an edit targets; never empty. */
    public static List<NiagaraDataInterface> targets(NiagaraSystemAsset ns, ColorEdit edit) {
        if (edit.exportIndex() != null) {
            NiagaraDataInterface di = ns.at(edit.exportIndex());
            if (!di.kind().isColorEditable()) {
                throw new NiagaraException("Export " + di.exportIndex() + " (" + di.exportName() + ") is a " + di.className()
                        + " with " + di.kind().stride() + " channel(s) per entry, not a colour interface");
            }
            return List.of(di);
        }
        String filter = edit.exportNameFilter();
        List<NiagaraDataInterface> out = new ArrayList<>();
        for (NiagaraDataInterface di : ns.interfaces()) {
            boolean match = filter == null || filter.isEmpty()
                    ? di.kind().isColor()
                    : di.kind().isColorEditable() && di.exportName().toLowerCase(Locale.ROOT).contains(filter.toLowerCase(Locale.ROOT));
            if (match) {
                out.add(di);
            }
        }
        if (out.isEmpty()) {
            throw new NiagaraException(filter == null || filter.isEmpty()
                    ? ns.pkg().name() + " has no colour curve or colour array data interface"
                    : "No colour data interface's export name contains '" + filter + "'");
        }
        return out;
    }

    /** Applies a selective colour edit. */
    public static NiagaraEditResult apply(NiagaraSystemAsset ns, ColorEdit edit) {
        List<NiagaraDataInterface> targets = targets(ns, edit);
        if (edit.colorIndex() != null && (edit.colorIndexStart() != null || edit.colorIndexEnd() != null)) {
            throw new NiagaraException("Give color_index or color_index_start..color_index_end, not both");
        }
        for (NiagaraDataInterface di : targets) {
            int n = di.entryCount();
            int first = edit.first(n);
            int last = edit.last(n);
            if (first > last) {
                throw new NiagaraException("Colour range " + first + ".." + last + " is empty (start after end)");
            }
            if (first < 0 || last >= n) {
                throw new NiagaraException("Colour range " + first + ".." + last + " is outside export " + di.exportIndex()
                        + " (" + di.exportName() + "), which holds " + n + " entries (0.." + (n - 1) + ")");
            }
        }
        List<NiagaraEditResult.Touched> touched = new ArrayList<>();
        for (NiagaraDataInterface di : targets) {
            int stride = di.kind().stride();
            int first = edit.first(di.entryCount());
            int last = edit.last(di.entryCount());
            int colors = 0;
            int values = 0;
            for (int i = first; i <= last; i++) {
                boolean changed = false;
                for (int c = 0; c < stride; c++) {
                    Double v = edit.channel(c);
                    if (v != null && di.set(i * stride + c, v)) {
                        values++;
                        changed = true;
                    }
                }
                colors += changed ? 1 : 0;
            }
            touched.add(new NiagaraEditResult.Touched(di.exportIndex(), di.exportName(), di.className(), first, last, colors, values));
        }
        return NiagaraEditResult.of(touched);
    }

    /**
     * UAssetTool's raw edit of one export: {@code flatLut} replaces a curve's whole ShaderLUT,
     * {@code colorData} an array interface's elements (one row of channels per element). The count
     * must match what the export holds (the LUT size is tied to its sample count).
     */
    public static NiagaraEditResult applyRaw(NiagaraSystemAsset ns, int exportIndex, double[] flatLut, double[][] colorData) {
        NiagaraDataInterface di = ns.at(exportIndex);
        if ((flatLut == null) == (colorData == null)) {
            throw new NiagaraException("An edit of export " + exportIndex + " needs exactly one of flatLut and colorData");
        }
        int stride = di.kind().stride();
        double[] flat;
        if (flatLut != null) {
            if (!di.kind().isCurve()) {
                throw new NiagaraException("Export " + exportIndex + " (" + di.exportName() + ") is a " + di.className()
                        + ", which has no ShaderLUT: use colorData");
            }
            flat = flatLut;
        } else {
            if (di.kind().isCurve()) {
                throw new NiagaraException("Export " + exportIndex + " (" + di.exportName() + ") is a " + di.className()
                        + ": use flatLut");
            }
            flat = new double[colorData.length * stride];
            for (int i = 0; i < colorData.length; i++) {
                if (colorData[i] == null || colorData[i].length != stride) {
                    throw new NiagaraException("colorData[" + i + "] has " + (colorData[i] == null ? 0 : colorData[i].length)
                            + " values; " + di.className() + " elements have " + stride);
                }
                System.arraycopy(colorData[i], 0, flat, i * stride, stride);
            }
        }
        if (flat.length != di.valueCount()) {
            throw new NiagaraException("Export " + exportIndex + " (" + di.exportName() + ") holds " + di.valueCount()
                    + " values; the edit gives " + flat.length);
        }
        int values = 0;
        int colors = 0;
        for (int i = 0; i < di.entryCount(); i++) {
            boolean changed = false;
            for (int c = 0; c < stride; c++) {
                if (di.set(i * stride + c, flat[i * stride + c])) {
                    values++;
                    changed = true;
                }
            }
            colors += changed ? 1 : 0;
        }
        return NiagaraEditResult.of(List.of(new NiagaraEditResult.Touched(di.exportIndex(), di.exportName(), di.className(),
                0, di.entryCount() - 1, colors, values)));
    }
}
