package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;

/**
 * The summary's last segment: AssetRegistryDataOffset (from ASSET_REGISTRY_TAGS), BulkDataStartOffset
 * (from SUMMARY_HAS_BULKDATA_OFFSET), WorldTileInfoDataOffset (from WORLD_LEVEL_INFO), the chunk ids
 * (one from ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE, an array from
 * CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS), the preload dependencies' count and offset (from
 * PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS, else count -1), NamesReferencedFromExportDataCount (from
 * NAMES_REFERENCED_FROM_EXPORT_DATA, else the name count), PayloadTocOffset (from PAYLOAD_TOC, else -1)
 * and DataResourceOffset (from DATA_RESOURCES, else -1).
 */
public record SummaryDataOffsets(int assetRegistryDataOffset, long bulkDataStartOffset, int worldTileInfoDataOffset,
        int[] chunkIds, int preloadDependencyCount, int preloadDependencyOffset, int namesReferencedFromExportDataCount,
        long payloadTocOffset, int dataResourceOffset) {

    public SummaryDataOffsets {
        chunkIds = chunkIds == null ? new int[0] : chunkIds.clone();
    }

    @Override
    public int[] chunkIds() {
        return chunkIds.clone();
    }

    /** A new package's: no offsets yet, the given chunk ids and counts. */
    static SummaryDataOffsets of(int[] chunkIds, int preloadDependencyCount, int namesReferenced) {
        return new SummaryDataOffsets(0, 0, 0, chunkIds, preloadDependencyCount, 0, namesReferenced, -1, -1);
    }

    static SummaryDataOffsets read(PackageReader r, PackageVersion v, int nameCount) {
        int assetRegistry = v.atLeast(ObjectVersion.ASSET_REGISTRY_TAGS) ? r.readI32() : 0;
        long bulk = v.atLeast(ObjectVersion.SUMMARY_HAS_BULKDATA_OFFSET) ? r.readI64() : 0;
        int worldTile = v.atLeast(ObjectVersion.WORLD_LEVEL_INFO) ? r.readI32() : 0;
        int[] chunkIds;
        if (v.atLeast(ObjectVersion.CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS)) {
            int n = r.readCount(4);
            chunkIds = new int[n];
            for (int i = 0; i < n; i++) {
                chunkIds[i] = r.readI32();
            }
        } else if (v.atLeast(ObjectVersion.ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE)) {
            chunkIds = new int[] {r.readI32()};
        } else {
            chunkIds = new int[0];
        }
        int preloadCount = -1;
        int preloadOffset = 0;
        if (v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            preloadCount = r.readI32();
            preloadOffset = r.readI32();
        }
        int namesReferenced = v.atLeast(ObjectVersionUE5.NAMES_REFERENCED_FROM_EXPORT_DATA) ? r.readI32() : nameCount;
        long payloadToc = v.atLeast(ObjectVersionUE5.PAYLOAD_TOC) ? r.readI64() : -1;
        int dataResource = v.atLeast(ObjectVersionUE5.DATA_RESOURCES) ? r.readI32() : -1;
        return new SummaryDataOffsets(assetRegistry, bulk, worldTile, chunkIds, preloadCount, preloadOffset, namesReferenced,
                payloadToc, dataResource);
    }

    void write(PackageWriter w, PackageVersion v) {
        if (v.atLeast(ObjectVersion.ASSET_REGISTRY_TAGS)) {
            w.writeI32(assetRegistryDataOffset);
        }
        if (v.atLeast(ObjectVersion.SUMMARY_HAS_BULKDATA_OFFSET)) {
            w.writeI64(bulkDataStartOffset);
        }
        if (v.atLeast(ObjectVersion.WORLD_LEVEL_INFO)) {
            w.writeI32(worldTileInfoDataOffset);
        }
        if (v.atLeast(ObjectVersion.CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS)) {
            w.writeI32(chunkIds.length);
            for (int id : chunkIds) {
                w.writeI32(id);
            }
        } else if (v.atLeast(ObjectVersion.ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE)) {
            w.writeI32(chunkIds[0]);
        }
        if (v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            w.writeI32(preloadDependencyCount);
            w.writeI32(preloadDependencyOffset);
        }
        if (v.atLeast(ObjectVersionUE5.NAMES_REFERENCED_FROM_EXPORT_DATA)) {
            w.writeI32(namesReferencedFromExportDataCount);
        }
        if (v.atLeast(ObjectVersionUE5.PAYLOAD_TOC)) {
            w.writeI64(payloadTocOffset);
        }
        if (v.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            w.writeI32(dataResourceOffset);
        }
    }

    SummaryDataOffsets withCounts(int preloadCount, int namesReferenced) {
        return new SummaryDataOffsets(assetRegistryDataOffset, bulkDataStartOffset, worldTileInfoDataOffset, chunkIds,
                preloadCount, preloadDependencyOffset, namesReferenced, payloadTocOffset, dataResourceOffset);
    }

    SummaryDataOffsets withBulkDataStartOffset(long offset) {
        return new SummaryDataOffsets(assetRegistryDataOffset, offset, worldTileInfoDataOffset, chunkIds,
                preloadDependencyCount, preloadDependencyOffset, namesReferencedFromExportDataCount, payloadTocOffset,
                dataResourceOffset);
    }

    /** These offsets moved to a new layout. */
    SummaryDataOffsets relocated(OffsetRemap m) {
        return new SummaryDataOffsets(m.mapOffset(assetRegistryDataOffset), m.mapOffset64(bulkDataStartOffset),
                m.mapOffset(worldTileInfoDataOffset), chunkIds, preloadDependencyCount,
                m.tableOffset(Region.Kind.PRELOAD_DEPENDENCIES, preloadDependencyOffset), namesReferencedFromExportDataCount,
                m.mapOffset64(payloadTocOffset), m.tableOffset(Region.Kind.DATA_RESOURCES, dataResourceOffset));
    }

    SummaryDataOffsets placed(int assetRegistry, int preloadOffset, int dataResource, long bulk) {
        return new SummaryDataOffsets(assetRegistry, bulk, worldTileInfoDataOffset, chunkIds, preloadDependencyCount,
                preloadOffset, namesReferencedFromExportDataCount, payloadTocOffset, dataResource);
    }
}
