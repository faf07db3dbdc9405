package io.uassetd.codecs.iostore;

/**
 * The Zen package header layouts, ordered by the feature each one added. A gate reads like the
 * format's history: {@code layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)}. Owned by the IoStore layer
 * (the packages its containers hold) so that the engine table can name a release's layout as a
 * column without depending on the Zen codec; {@code EngineVersion.zenLayout()} gives a release's.
 */
public enum ZenLayout {
    /** UE4.26/4.27 FPackageSummary (64 bytes): local name map with separate hashes, export bundles, graph data. */
    UE4_PACKAGE_SUMMARY,
    /** UE5.0/5.1 FZenPackageSummary with GraphDataOffset; name batch, public export hashes. */
    ZEN_SUMMARY,
    /** UE5.2: the bulk data map (FBulkDataMapEntry) after the name map. */
    BULK_DATA_MAP,
    /** UE5.3: dependency bundles and imported package names replace the graph data. */
    DEPENDENCY_BUNDLES,
    /** UE5.4: a u64 padding count and zero padding align the bulk data map to 8 bytes. */
    PADDED_BULK_DATA_MAP,
    /** UE5.6: FZenPackageCellOffsets (Verse cell import/export maps) after the versioning info. */
    VERSE_CELLS;

    public boolean atLeast(ZenLayout other) {
        return compareTo(other) >= 0;
    }
}
