package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;

/**
 * FZenPackageSummary (UE5): 44 bytes with GraphDataOffset (5.0 to 5.2), 52 bytes with the two
 * dependency bundle offsets and ImportedPackageNamesOffset (5.3+). Offsets are from the start of the
 * package; an absent section's offset is -1 here and not written.
 *
 * @param hasVersioningInfo bHasVersioningInfo (0 or 1, kept as stored)
 * @param headerSize bytes of the whole Zen header; the export data follows
 * @param cookedHeaderSize size of the legacy header (.uasset) this package was made from
 */
public record ZenSummary(long hasVersioningInfo, long headerSize, MappedName name, long packageFlags,
        long cookedHeaderSize, int importedPublicExportHashesOffset, int importMapOffset, int exportMapOffset,
        int exportBundleEntriesOffset, int graphDataOffset, int dependencyBundleHeadersOffset,
        int dependencyBundleEntriesOffset, int importedPackageNamesOffset) {

    public static int size(ZenLayout layout) {
        return layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES) ? 52 : 44;
    }

    public boolean versioned() {
        return hasVersioningInfo != 0;
    }

    static ZenSummary read(ByteReader r, ZenLayout layout) {
        r.structure("FZenPackageSummary");
        long has = r.u32();
        long headerSize = r.u32();
        MappedName name = MappedName.read(r);
        long flags = r.u32();
        long cooked = r.u32();
        int hashes = r.i32();
        int imports = r.i32();
        int exports = r.i32();
        int bundleEntries = r.i32();
        int graph = -1;
        int depHeaders = -1;
        int depEntries = -1;
        int importedNames = -1;
        if (layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            depHeaders = r.i32();
            depEntries = r.i32();
            importedNames = r.i32();
        } else {
            graph = r.i32();
        }
        if (has > 1) {
            throw new CorruptDataException("bHasVersioningInfo is " + has + ", expected 0 or 1",
                    r.source(), r.offset() - size(layout), "FZenPackageSummary");
        }
        return new ZenSummary(has, headerSize, name, flags, cooked, hashes, imports, exports, bundleEntries, graph,
                depHeaders, depEntries, importedNames);
    }

    void write(ByteWriter w, ZenLayout layout) {
        w.u32(hasVersioningInfo).u32(headerSize);
        name.write(w);
        w.u32(packageFlags).u32(cookedHeaderSize);
        i32(w, importedPublicExportHashesOffset);
        i32(w, importMapOffset);
        i32(w, exportMapOffset);
        i32(w, exportBundleEntriesOffset);
        if (layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            i32(w, dependencyBundleHeadersOffset);
            i32(w, dependencyBundleEntriesOffset);
            i32(w, importedPackageNamesOffset);
        } else {
            i32(w, graphDataOffset);
        }
    }

    static void i32(ByteWriter w, int v) {
        w.u32(v & 0xFFFFFFFFL);
    }
}
