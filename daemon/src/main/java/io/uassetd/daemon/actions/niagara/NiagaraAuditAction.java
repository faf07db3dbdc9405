package io.uassetd.daemon.actions.niagara;

import java.util.Arrays;
import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraSystemAsset;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code niagara_audit} (UAssetTool's CLI command of that name): what a colour edit of a
 * NiagaraSystem would meet. Every curve and array data interface with its value range per channel
 * and the traits that matter when recolouring (HDR values above 1, values that are not finite,
 * constant entries, grey entries), and the data interfaces of other classes, which no colour
 * edit touches.
 */
public final class NiagaraAuditAction extends TypedAction<NiagaraAuditAction.Request, NiagaraAuditAction.Audit> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public NiagaraAuditAction() {
        super("niagara_audit",
                "Audits a NiagaraSystem's data interfaces: value ranges per channel, HDR and non-finite values, what a colour edit can target",
                "niagara_audit", "file_path", "usmap_path");
    }

    /** One curve or array interface. */
    public record Audited(int export_index, String export_name, String class_type, String emitter, int entry_count,
                          int channels, boolean color_editable, List<Object> min, List<Object> max, boolean hdr,
                          int non_finite_count, boolean constant, boolean grayscale) {
    }

    /** Reply data. */
    public record Audit(String file_path, int total_exports, int data_interface_count, int color_editable_count, int hdr_count,
                        int non_finite_count, List<Audited> interfaces, List<NiagaraSystemAsset.OtherInterface> other_interfaces) {
    }

    @Override
    protected Done<Audit> run(Request q, Args args, ActionContext ctx) throws Exception {
        NiagaraFiles.Opened o = NiagaraFiles.open(args, ctx);
        NiagaraSystemAsset ns = o.system();
        List<Audited> all = new ArrayList<>();
        for (NiagaraDataInterface di : ns.interfaces()) {
            all.add(audit(di));
        }
        int editable = (int) all.stream().filter(Audited::color_editable).count();
        int hdr = (int) all.stream().filter(Audited::hdr).count();
        int nonFinite = all.stream().mapToInt(Audited::non_finite_count).sum();
        Audit a = new Audit(o.session().file().toString(), ns.pkg().exports().size(), all.size(), editable, hdr, nonFinite,
                List.copyOf(all), ns.otherInterfaces());
        return Done.of(summary(a), a);
    }

    /** The reply's message: the counts. */
    static String summary(Audit a) {
        return a.data_interface_count() + " data interfaces (" + a.color_editable_count() + " colour-editable, " + a.hdr_count()
                + " with HDR values" + (a.non_finite_count() > 0 ? ", " + a.non_finite_count() + " non-finite values" : "") + "), "
                + a.other_interfaces().size() + " other";
    }

    static Audited audit(NiagaraDataInterface di) {
        int n = di.entryCount();
        int channels = di.kind().stride();
        double[] min = new double[channels];
        double[] max = new double[channels];
        Arrays.fill(min, Double.POSITIVE_INFINITY);
        Arrays.fill(max, Double.NEGATIVE_INFINITY);
        int nonFinite = 0;
        boolean constant = true;
        boolean grey = channels >= 3;
        double[] first = n > 0 ? di.entry(0) : null;
        for (int i = 0; i < n; i++) {
            double[] e = di.entry(i);
            for (int c = 0; c < e.length && c < channels; c++) {
                double v = e[c];
                if (!Double.isFinite(v)) {
                    nonFinite++;
                    continue;
                }
                min[c] = Math.min(min[c], v);
                max[c] = Math.max(max[c], v);
                if (v != first[c]) {
                    constant = false;
                }
            }
            if (grey && e.length >= 3 && (Math.abs(e[0] - e[1]) > 1e-4 || Math.abs(e[1] - e[2]) > 1e-4)) {
                grey = false;
            }
        }
        boolean hdr = false;
        List<Object> mins = new ArrayList<>(channels);
        List<Object> maxs = new ArrayList<>(channels);
        for (int c = 0; c < channels; c++) {
            boolean seen = min[c] <= max[c];
            mins.add(seen ? NiagaraFiles.number(min[c]) : null);
            maxs.add(seen ? NiagaraFiles.number(max[c]) : null);
            // HDR: a colour channel (not alpha) above 1
            if (seen && di.kind().isColorEditable() && c < 3 && max[c] > 1.0) {
                hdr = true;
            }
        }
        return new Audited(di.exportIndex(), di.exportName(), di.className(), di.emitter(), n, channels, di.kind().isColorEditable(),
                mins, maxs, hdr, nonFinite, n > 0 && constant, n > 0 && grey);
    }

    @Override
    protected String human(Audit a) {
        StringBuilder sb = new StringBuilder();
        sb.append(summary(a)).append(" in ").append(a.file_path()).append('\n');
        for (Audited i : a.interfaces()) {
            sb.append(String.format("  [%d] %s (%s%s): %d entries, min %s max %s%s%s%s%s%n", i.export_index(), i.export_name(),
                    i.class_type(), i.emitter() == null ? "" : ", " + i.emitter(), i.entry_count(), i.min(), i.max(),
                    i.color_editable() ? ", colour-editable" : "", i.hdr() ? ", HDR" : "", i.constant() ? ", constant" : "",
                    i.non_finite_count() > 0 ? ", " + i.non_finite_count() + " non-finite" : ""));
        }
        for (NiagaraSystemAsset.OtherInterface o : a.other_interfaces()) {
            sb.append(String.format("  [%d] %s (%s): not a curve or array interface%n", o.exportIndex(), o.exportName(), o.className()));
        }
        return sb.toString();
    }
}
