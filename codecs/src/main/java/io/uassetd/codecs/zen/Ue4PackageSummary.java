package io.uassetd.codecs.zen;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;

/**
 * FPackageSummary (UE4.26/4.27 Zen packages), 64 bytes: Name, SourceName, PackageFlags,
 * CookedHeaderSize, then offset/size pairs of the name strings and name hashes, the import map,
 * export map and export bundles offsets, the graph data offset and size, and a pad word.
 */
public record Ue4PackageSummary(MappedName name, MappedName sourceName, long packageFlags, long cookedHeaderSize,
        int nameMapNamesOffset, int nameMapNamesSize, int nameMapHashesOffset, int nameMapHashesSize,
        int importMapOffset, int exportMapOffset, int exportBundlesOffset, int graphDataOffset, int graphDataSize,
        int pad) {
    public static final int SIZE = 64;

    static Ue4PackageSummary read(ByteReader r) {
        r.structure("FPackageSummary");
        return new Ue4PackageSummary(MappedName.read(r), MappedName.read(r), r.u32(), r.u32(), r.i32(), r.i32(),
                r.i32(), r.i32(), r.i32(), r.i32(), r.i32(), r.i32(), r.i32(), r.i32());
    }

    void write(ByteWriter w) {
        name.write(w);
        sourceName.write(w);
        w.u32(packageFlags).u32(cookedHeaderSize);
        for (int v : new int[] {nameMapNamesOffset, nameMapNamesSize, nameMapHashesOffset, nameMapHashesSize,
                importMapOffset, exportMapOffset, exportBundlesOffset, graphDataOffset, graphDataSize, pad}) {
            ZenSummary.i32(w, v);
        }
    }

    /** Header end: the export data starts right after the graph data. */
    public long headerSize() {
        return (long) graphDataOffset + graphDataSize;
    }
}
