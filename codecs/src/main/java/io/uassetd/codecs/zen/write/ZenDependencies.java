package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.PackageFileSummary;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.DependencyBundleHeader;
import io.uassetd.codecs.zen.ExportBundleEntry;
import io.uassetd.codecs.zen.ExportMapEntry;
import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * What the load order becomes in a Zen header. UE5.3+: the export bundle entries in load order and,
 * per export, a dependency bundle (create-before-create, serialize-before-create,
 * create-before-serialize, serialize-before-serialize) listing the exports and package imports its
 * commands wait for (script imports are always loaded, so they are left out). UE4.26/4.27: one export
 * bundle in load order, and the export data laid out in its Serialize order.
 */
final class ZenDependencies {
    /** UE5.3+ export bundle entries and dependency bundles. */
    record Bundles(List<ExportBundleEntry> bundleEntries, List<DependencyBundleHeader> headers, int[] entries) {
    }

    /** UE4 export bundle entries and the export data in bundle order. */
    record Ue4Bundles(List<ExportBundleEntry> entries, List<ExportMapEntry> exports, byte[] data) {
    }

    private ZenDependencies() {
    }

    static Bundles of(LoadOrder order, ZenImports imports, LegacyHeader legacy) {
        int exportCount = legacy.exports().size();
        List<ExportBundleEntry> bundle = new ArrayList<>(order.order.length);
        for (int node : order.order) {
            bundle.add(new ExportBundleEntry(node >> 1, node & 1));
        }
        List<DependencyBundleHeader> headers = new ArrayList<>(exportCount);
        List<Integer> entries = new ArrayList<>();
        for (int i = 0; i < exportCount; i++) {
            int first = entries.size();
            int cbc = collect(order, imports, i, LoadOrder.CREATE, LoadOrder.CREATE, entries);
            int sbc = collect(order, imports, i, LoadOrder.CREATE, LoadOrder.SERIALIZE, entries);
            int cbs = collect(order, imports, i, LoadOrder.SERIALIZE, LoadOrder.CREATE, entries);
            int sbs = collect(order, imports, i, LoadOrder.SERIALIZE, LoadOrder.SERIALIZE, entries);
            // an export without any preload dependency (not even on script objects) points nowhere
            boolean none = legacy.exports().get(i).firstExportDependency() < 0;
            headers.add(new DependencyBundleHeader(none ? -1 : first, cbc, sbc, cbs, sbs));
        }
        return new Bundles(bundle, headers, entries.stream().mapToInt(Integer::intValue).toArray());
    }

    /** Adds the dependencies of command {@code to} of export {@code export} that are {@code from} commands. */
    private static int collect(LoadOrder order, ZenImports imports, int export, int to, int from, List<Integer> out) {
        int n = 0;
        for (LoadOrder.Dependency d : order.of(export, to)) {
            if (d.command() != from || (d.index().isExport() && d.index().exportIndex() == export && from == to)) {
                continue;
            }
            if (d.index().isImport()) {
                if (d.index().importIndex() >= imports.importMap.size()
                        || imports.importMap.get(d.index().importIndex()).kind() != PackageObjectIndex.Kind.PACKAGE_IMPORT) {
                    continue;
                }
            } else if (!d.index().isExport()) {
                continue;
            }
            out.add(d.index().value());
            n++;
        }
        return n;
    }

    /** UE4: one export bundle holding every command in load order, and the export data in that order. */
    static Ue4Bundles ue4(LoadOrder order, List<ExportMapEntry> exports, byte[] area, long headerSize, String file) {
        List<ExportBundleEntry> entries = new ArrayList<>(order.order.length);
        for (int node : order.order) {
            entries.add(new ExportBundleEntry(node >> 1, node & 1));
        }
        return new Ue4Bundles(entries, exports, serializeOrder(order.order, exports, area, headerSize, file));
    }

    /**
     * The export data in the order of the Serialize commands of {@code order}, then whatever followed
     * the last export in the legacy export area except the package tag (Zen packages before UE5.3 do
     * not end with it).
     *
     * @param base what to subtract from a cooked serial offset to get the position in {@code area}
     */
    static byte[] serializeOrder(int[] order, List<ExportMapEntry> exports, byte[] area, long base, String file) {
        ByteArrayOutputStream data = new ByteArrayOutputStream(area.length);
        long end = 0;
        for (int node : order) {
            if ((node & 1) == LoadOrder.SERIALIZE) {
                ExportMapEntry e = exports.get(node >> 1);
                long from = e.cookedSerialOffset() - base;
                if (from < 0 || from + e.cookedSerialSize() > area.length) {
                    throw new ZenWriteException("Export " + (node >> 1) + " (" + e.cookedSerialSize() + " bytes at "
                            + e.cookedSerialOffset() + ") lies outside the export data", file, "ExportMap");
                }
                data.write(area, (int) from, (int) e.cookedSerialSize());
                end = Math.max(end, from + e.cookedSerialSize());
            }
        }
        int extra = (int) (area.length - end);
        if (extra >= 4 && tagAt(area, area.length - 4)) {
            extra -= 4;
        }
        data.write(area, (int) end, extra);
        return data.toByteArray();
    }

    private static boolean tagAt(byte[] b, int at) {
        int v = (b[at] & 0xFF) | (b[at + 1] & 0xFF) << 8 | (b[at + 2] & 0xFF) << 16 | (b[at + 3] & 0xFF) << 24;
        return v == PackageFileSummary.PACKAGE_FILE_TAG;
    }
}
