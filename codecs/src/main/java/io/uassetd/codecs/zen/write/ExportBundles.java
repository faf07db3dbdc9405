package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.ExportBundleEntry;
import io.uassetd.codecs.zen.ExportMapEntry;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * UE5.0 to 5.2 export bundles and graph data. The commands in load order are cut into bundles, each
 * closed after a command of a public export; the graph data is the bundle headers (u64 serial offset
 * of the bundle's first Serialize in the export data, u32 first entry, u32 entry count), the internal
 * arcs between bundles (i32 count, then i32 from and to bundle), then, per imported package, the
 * external arcs from its imports (i32 count, then i32 import index, u8 command type, i32 to bundle).
 *
 * @param entries the export bundle entries (every command, in load order)
 * @param graph the graph data bytes
 * @param headerCount the number of export bundles
 * @param data the export data: the exports in the order of their Serialize commands
 */
record ExportBundles(List<ExportBundleEntry> entries, byte[] graph, int headerCount, byte[] data) {
    private record Arc(int from, int to) {
    }

    private record ExternalArc(int importIndex, int command, int toBundle) {
    }

    static ExportBundles of(LoadOrder order, List<ExportMapEntry> exports, boolean[] isPublic, ZenImports imports,
            byte[] area, String file) {
        int[] bundleOf = new int[order.order.length];
        List<long[]> headers = new ArrayList<>();
        List<ExportBundleEntry> entries = new ArrayList<>(order.order.length);
        long offset = 0;
        boolean open = false;
        for (int node : order.order) {
            int export = node >> 1;
            if (!open) {
                headers.add(new long[] {offset, entries.size(), 0});
                open = true;
            }
            entries.add(new ExportBundleEntry(export, node & 1));
            bundleOf[node] = headers.size() - 1;
            headers.get(headers.size() - 1)[2]++;
            if ((node & 1) == LoadOrder.SERIALIZE) {
                offset += exports.get(export).cookedSerialSize();
            }
            if (isPublic[export]) {
                // a bundle ends at a public export, which other packages can then depend on
                open = false;
            }
        }
        Set<Arc> internal = new HashSet<>();
        List<Arc> internalOrder = new ArrayList<>();
        Set<ExternalArc> external = new HashSet<>();
        List<List<ExternalArc>> byPackage = new ArrayList<>();
        imports.packages.forEach(p -> byPackage.add(new ArrayList<>()));
        for (int node = 0; node < order.order.length; node++) {
            int to = bundleOf[node];
            for (LoadOrder.Dependency d : order.dependencies.get(node)) {
                if (d.index().isExport()) {
                    int from = bundleOf[d.index().exportIndex() * 2 + d.command()];
                    Arc a = new Arc(from, to);
                    if (from != to && internal.add(a)) {
                        internalOrder.add(a);
                    }
                } else if (d.index().isImport() && d.index().importIndex() < imports.importMap.size()) {
                    PackageObjectIndex i = imports.importMap.get(d.index().importIndex());
                    if (i.kind() == PackageObjectIndex.Kind.PACKAGE_IMPORT) {
                        ExternalArc a = new ExternalArc(d.index().importIndex(), d.command(), to);
                        if (external.add(a)) {
                            byPackage.get((int) (i.value() >>> 32)).add(a);
                        }
                    }
                }
            }
        }
        ByteWriter w = new ByteWriter(16 * headers.size() + 8 * internalOrder.size() + 64);
        for (long[] h : headers) {
            w.u64(h[0]).u32(h[1]).u32(h[2]);
        }
        w.u32(internalOrder.size());
        for (Arc a : internalOrder) {
            w.u32(a.from() & 0xFFFFFFFFL).u32(a.to() & 0xFFFFFFFFL);
        }
        for (List<ExternalArc> arcs : byPackage) {
            w.u32(arcs.size());
            for (ExternalArc a : arcs) {
                w.u32(a.importIndex() & 0xFFFFFFFFL).u8(a.command()).u32(a.toBundle() & 0xFFFFFFFFL);
            }
        }
        byte[] data = ZenDependencies.serializeOrder(order.order, exports, area, 0, file);
        return new ExportBundles(entries, w.toByteArray(), headers.size(), data);
    }
}
