package io.uassetd.daemon.actions.niagara;

import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraException;
import io.uassetd.codecs.asset.niagara.NiagaraSystemAsset;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.actions.asset.AssetEdits;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/** Opening NiagaraSystems for the Niagara actions, and presenting their values in replies. */
final class NiagaraFiles {
    private NiagaraFiles() {
    }

    /** A NiagaraSystem opened with its mappings, its data interfaces parsed. */
    record Opened(AssetEdits.Session session, NiagaraSystemAsset system) {
    }

    static Opened open(Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        return new Opened(s, invalidOnMismatch(() -> NiagaraSystemAsset.open(s.pkg(), s.usmap())));
    }

    /** Runs {@code body}, turning a {@link NiagaraException} (the request does not fit the asset) into INVALID_ARGUMENT. */
    static <T> T invalidOnMismatch(Callable<T> body) throws Exception {
        try {
            return body.call();
        } catch (NiagaraException e) {
            throw ActionException.invalid(e.getMessage());
        }
    }

    /** A value for JSON: floats as their shortest decimal form, non-finite values as their names. */
    static Object number(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        if ((double) (float) v == v) {
            return Double.parseDouble(Float.toString((float) v));
        }
        return v;
    }

    /** Entry {@code i}'s channels for JSON. */
    static List<Object> entry(NiagaraDataInterface di, int i) {
        double[] c = di.entry(i);
        List<Object> out = new ArrayList<>(c.length);
        for (double v : c) {
            out.add(number(v));
        }
        return out;
    }

    /** Up to {@code n} entries spread evenly from the first to the last. */
    static List<List<Object>> samples(NiagaraDataInterface di, int n) {
        int count = di.entryCount();
        List<List<Object>> out = new ArrayList<>();
        if (count == 0 || n <= 0) {
            return out;
        }
        if (count <= n) {
            for (int i = 0; i < count; i++) {
                out.add(entry(di, i));
            }
            return out;
        }
        for (int k = 0; k < n; k++) {
            int i = n == 1 ? 0 : (int) Math.round(k * (count - 1) / (double) (n - 1));
            out.add(entry(di, i));
        }
        return out;
    }
}
