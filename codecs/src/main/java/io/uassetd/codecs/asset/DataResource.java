package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.PackageIndex;

/**
 * FObjectDataResource, 44 bytes (45 from version 2, which adds the cooked index byte): uint32
 * flags, [uint8 cooked index], int64 serial offset, int64 duplicate serial offset, int64 serial
 * size, int64 raw size, FPackageIndex outer, uint32 legacy bulk data flags.
 */
public record DataResource(int flags, int cookedIndex, long serialOffset, long duplicateSerialOffset, long serialSize,
        long rawSize, PackageIndex outerIndex, int legacyBulkDataFlags) {
}
