package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * One referenced package of the UE4 graph data: u64 FPackageId, i32 external arc count, then the
 * arcs (i32 FromExportBundleIndex, i32 ToExportBundleIndex, 8 bytes each). The graph data is an i32
 * package count followed by these.
 */
public record GraphPackage(long packageId, List<Arc> arcs) {
    public GraphPackage {
        arcs = List.copyOf(arcs);
    }

    /** FArc, 8 bytes. */
    public record Arc(int fromExportBundleIndex, int toExportBundleIndex) {
    }

    static List<GraphPackage> readAll(ByteReader r) {
        r.structure("GraphData");
        int n = r.count(12, "graph package");
        List<GraphPackage> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            long id = r.raw64();
            int arcs = r.count(8, "external arc");
            List<Arc> list = new ArrayList<>(arcs);
            for (int k = 0; k < arcs; k++) {
                list.add(new Arc(r.i32(), r.i32()));
            }
            out.add(new GraphPackage(id, list));
        }
        return out;
    }

    static void writeAll(ByteWriter w, List<GraphPackage> packages) {
        ZenSummary.i32(w, packages.size());
        for (GraphPackage p : packages) {
            w.u64(p.packageId);
            ZenSummary.i32(w, p.arcs.size());
            for (Arc a : p.arcs) {
                ZenSummary.i32(w, a.fromExportBundleIndex);
                ZenSummary.i32(w, a.toExportBundleIndex);
            }
        }
    }
}
