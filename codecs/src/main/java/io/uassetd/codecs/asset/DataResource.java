package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.PackageIndex;

/**
 * FObjectDataResource, 44 bytes (45 from table version 2, which adds the cooked index byte):
 * uint32 flags, [uint8 cooked index], int64 serial offset, int64 duplicate serial offset, int64
 * serial size, int64 raw size, FPackageIndex outer, uint32 legacy bulk data flags.
 */
public record DataResource(int flags, int cookedIndex, long serialOffset, long duplicateSerialOffset, long serialSize,
        long rawSize, PackageIndex outerIndex, int legacyBulkDataFlags) {

    /** Bytes one entry takes in a table of the given version. */
    static int size(int tableVersion) {
        return tableVersion >= 2 ? 45 : 44;
    }

    static DataResource read(PackageReader r, int tableVersion) {
        int flags = r.readI32();
        int cooked = tableVersion >= 2 ? r.readU8() : 0;
        return new DataResource(flags, cooked, r.readI64(), r.readI64(), r.readI64(), r.readI64(), r.readPackageIndex(),
                r.readI32());
    }

    void write(PackageWriter w, int tableVersion) {
        w.writeI32(flags);
        if (tableVersion >= 2) {
            w.writeU8(cookedIndex);
        }
        w.writeI64(serialOffset);
        w.writeI64(duplicateSerialOffset);
        w.writeI64(serialSize);
        w.writeI64(rawSize);
        w.writePackageIndex(outerIndex);
        w.writeI32(legacyBulkDataFlags);
    }
}
