package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FCompressedChunk;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import java.util.List;

/**
 * FPackageFileSummary: the header at offset 0 of every legacy package, for legacy file versions -2
 * to -9 (UE4.0 to UE5.7), as one immutable record per on-disk segment, in file order. Each segment
 * reads and writes itself with its version gates side by side, so {@link #write} reproduces the bytes
 * {@link #read} consumed; the package writer replaces the summary with relocated counts and offsets
 * when the layout changes.
 *
 * @param versions the tag and the file versions ({@link SummaryVersions})
 * @param header saved hash, custom versions, header size, folder name and flags ({@link SummaryHeader})
 * @param tables the header tables' counts and offsets ({@link SummaryTables})
 * @param guids the package GUIDs and generations ({@link SummaryGuids})
 * @param engineVersions saved-by and compatible-with engine versions ({@link SummaryEngineVersions})
 * @param cooking compression, package source, packages to cook ({@link SummaryCooking})
 * @param dataOffsets asset registry, bulk data, chunk ids, preload, payload and data resources ({@link SummaryDataOffsets})
 */
public record PackageFileSummary(SummaryVersions versions, SummaryHeader header, SummaryTables tables, SummaryGuids guids,
        SummaryEngineVersions engineVersions, SummaryCooking cooking, SummaryDataOffsets dataOffsets) {
    /** PACKAGE_FILE_TAG. */
    public static final int PACKAGE_FILE_TAG = 0x9E2A83C1;
    /** PACKAGE_FILE_TAG_SWAPPED (a big-endian package). */
    public static final int PACKAGE_FILE_TAG_SWAPPED = 0xC1832A9E;
    /** PKG_UnversionedProperties. */
    public static final int PKG_UNVERSIONED_PROPERTIES = 0x00002000;
    /** PKG_FilterEditorOnly. */
    public static final int PKG_FILTER_EDITOR_ONLY = 0x80000000;
    /** PKG_Cooked. */
    public static final int PKG_COOKED = 0x00000200;

    /**
     * A summary for a new package: the given versions (stored as zero when {@code unversioned}),
     * flags and engine versions, every table empty; the builder fills counts and offsets.
     */
    static PackageFileSummary blank(LegacyFileVersion legacy, int legacyUE3Version, PackageVersion version,
            boolean unversioned, CustomVersionContainer customVersions, FString packageName, int packageFlags, FGuid guid,
            byte[] savedHash, FEngineVersion savedBy, FEngineVersion compatibleWith, int packageSource, int[] chunkIds,
            List<FGenerationInfo> generations) {
        boolean hashed = version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH);
        return new PackageFileSummary(SummaryVersions.of(legacy, legacyUE3Version, version, unversioned),
                new SummaryHeader(hashed ? (savedHash == null ? new byte[20] : savedHash.clone()) : null, customVersions, 0,
                        packageName, packageFlags),
                SummaryTables.empty(),
                new SummaryGuids(hashed ? null : guid, guid, FGuid.ZERO, generations),
                new SummaryEngineVersions(savedBy, 0, compatibleWith),
                new SummaryCooking(0, List.of(), packageSource, List.of(), 0),
                SummaryDataOffsets.of(chunkIds, -1, 0));
    }

    /**
     * Reads a summary. {@code engine} supplies the versions when the package is unversioned; it is
     * ignored for a versioned package, and an unversioned package without one is refused.
     */
    public static PackageFileSummary read(PackageReader r, EngineVersion engine) {
        r.structure("PackageFileSummary");
        SummaryVersions versions = SummaryVersions.read(r, engine);
        PackageVersion v = versions.version();
        SummaryHeader header = SummaryHeader.read(r, versions);
        boolean filter = header.filterEditorOnly();
        r.setFilterEditorOnly(filter);
        SummaryTables tables = SummaryTables.read(r, v, filter);
        SummaryGuids guids = SummaryGuids.read(r, v, filter);
        SummaryEngineVersions engines = SummaryEngineVersions.read(r, v);
        SummaryCooking cooking = SummaryCooking.read(r, versions.legacyFileVersion());
        SummaryDataOffsets data = SummaryDataOffsets.read(r, v, tables.nameCount());
        PackageFileSummary s = new PackageFileSummary(versions, header, tables, guids, engines, cooking, data);
        s.validate(r);
        return s;
    }

    private void validate(PackageReader r) {
        long len = r.length();
        SummaryTables t = tables;
        check(r, header.totalHeaderSize() >= 0, "TotalHeaderSize " + header.totalHeaderSize() + " is negative");
        checkTable(r, "name map", t.nameCount(), t.nameOffset(), 5, len);
        checkTable(r, "import map", t.importCount(), t.importOffset(), 28, len);
        checkTable(r, "export map", t.exportCount(), t.exportOffset(), 60, len);
        checkTable(r, "soft object paths", t.softObjectPathsCount(), t.softObjectPathsOffset(), 20, len);
        checkTable(r, "soft package references", t.softPackageReferencesCount(), t.softPackageReferencesOffset(), 4, len);
        if (t.dependsOffset() < 0 || t.dependsOffset() > len) {
            check(r, false, "DependsOffset " + t.dependsOffset() + " lies outside the header");
        }
    }

    private static void checkTable(PackageReader r, String what, int count, int offset, int minBytes, long len) {
        // the messages are built only on failure (this runs for every package a conversion reads)
        if (count < 0) {
            check(r, false, "Negative " + what + " count " + count);
        }
        if (count > 0 && !(offset > 0 && offset <= len)) {
            check(r, false, what + " offset " + offset + " lies outside the header (" + len + " bytes)");
        }
        if (count > 0 && (long) count * minBytes > len - offset) {
            check(r, false, what + " count " + count + " cannot fit in the " + (len - offset) + " bytes after offset " + offset);
        }
    }

    private static void check(PackageReader r, boolean ok, String message) {
        if (!ok) {
            throw new CorruptDataException(message, r.file(), 0, "PackageFileSummary");
        }
    }

    /** Writes the summary with the versions it was read with, segment by segment. */
    public void write(PackageWriter w) {
        PackageVersion v = version();
        boolean filter = filterEditorOnly();
        versions.write(w);
        header.write(w, versions);
        tables.write(w, v, filter);
        guids.write(w, v, filter);
        engineVersions.write(w, v);
        cooking.write(w, versions.legacyFileVersion());
        dataOffsets.write(w, v);
    }

    // ---- new summaries (the summary is immutable) --------------------------------------------------

    /**
     * This summary with the model's row counts: names, soft object paths, exports, imports, soft
     * package references, preload dependencies and NamesReferencedFromExportDataCount; generations
     * that recorded the old export and name counts record the new ones.
     */
    PackageFileSummary withCounts(int names, int softObjectPaths, int exports, int imports, int softPackageReferences,
            int preloadDependencies, int namesReferenced) {
        return new PackageFileSummary(versions, header,
                tables.withCounts(names, softObjectPaths, exports, imports, softPackageReferences),
                guids.withCountsMoved(tables.exportCount(), tables.nameCount(), exports, names), engineVersions, cooking,
                dataOffsets.withCounts(preloadDependencies, namesReferenced));
    }

    /** This summary with every offset moved to the new layout. */
    PackageFileSummary relocated(OffsetRemap m) {
        return new PackageFileSummary(versions, header.withTotalHeaderSize(Math.toIntExact(m.map(header.totalHeaderSize()))),
                tables.relocated(m), guids, engineVersions, cooking, dataOffsets.relocated(m));
    }

    /** This summary with other tables, header size and data offsets (a new package's layout). */
    PackageFileSummary laidOut(SummaryTables newTables, int totalHeaderSize, SummaryDataOffsets newData) {
        return new PackageFileSummary(versions, header.withTotalHeaderSize(totalHeaderSize), newTables, guids,
                engineVersions, cooking, newData);
    }

    PackageFileSummary withBulkDataStartOffset(long offset) {
        return new PackageFileSummary(versions, header, tables, guids, engineVersions, cooking,
                dataOffsets.withBulkDataStartOffset(offset));
    }

    // ---- accessors -------------------------------------------------------------------------------

    public LegacyFileVersion legacyFileVersion() {
        return versions.legacyFileVersion();
    }

    public int legacyUE3Version() {
        return versions.legacyUE3Version();
    }

    /** FileVersionUE4 as stored (0 when unversioned). */
    public int fileVersionUE4() {
        return versions.fileVersionUE4();
    }

    /** FileVersionUE5 as stored (0 when unversioned or before legacy version -8). */
    public int fileVersionUE5() {
        return versions.fileVersionUE5();
    }

    public int fileVersionLicensee() {
        return versions.fileVersionLicensee();
    }

    /** The versions the package is read with: the stored ones, or the caller's engine's when unversioned. */
    public PackageVersion version() {
        return versions.version();
    }

    /** True when the file stores no versions (cooked with unversioned packages). */
    public boolean isUnversioned() {
        return versions.unversioned();
    }

    /** The 20-byte saved hash that replaces the GUID from PACKAGE_SAVED_HASH on, else null. */
    public byte[] savedHash() {
        return header.savedHash() == null ? null : header.savedHash().clone();
    }

    public CustomVersionContainer customVersions() {
        return header.customVersions();
    }

    /**
     * Whether the package has the layout a custom-version gate introduced: a versioned package
     * answers from its custom version container (a version it does not list is -1), an unversioned
     * one from the custom-version defaults of the release it is read as (the engine table's), or with
     * the newest layout when it is read without a release.
     */
    public boolean atLeast(CustomVersionGate gate) {
        if (isUnversioned()) {
            return version().atLeast(gate);
        }
        CustomVersionContainer cv = header.customVersions();
        return gate.passedBy(cv == null ? -1 : cv.get(gate.key().guid()).orElse(-1));
    }

    public int totalHeaderSize() {
        return header.totalHeaderSize();
    }

    /** The FolderName field: the package name, "None" in cooked packages. */
    public FString packageName() {
        return header.packageName();
    }

    /** EPackageFlags. */
    public int packageFlags() {
        return header.packageFlags();
    }

    public boolean filterEditorOnly() {
        return header.filterEditorOnly();
    }

    public boolean hasUnversionedProperties() {
        return (packageFlags() & PKG_UNVERSIONED_PROPERTIES) != 0;
    }

    public int nameCount() {
        return tables.nameCount();
    }

    public int nameOffset() {
        return tables.nameOffset();
    }

    public int softObjectPathsCount() {
        return tables.softObjectPathsCount();
    }

    public int softObjectPathsOffset() {
        return tables.softObjectPathsOffset();
    }

    /** LocalizationId, or null when not stored (cooked or older). */
    public FString localizationId() {
        return tables.localizationId();
    }

    public int gatherableTextDataCount() {
        return tables.gatherableTextDataCount();
    }

    public int gatherableTextDataOffset() {
        return tables.gatherableTextDataOffset();
    }

    public int exportCount() {
        return tables.exportCount();
    }

    public int exportOffset() {
        return tables.exportOffset();
    }

    public int importCount() {
        return tables.importCount();
    }

    public int importOffset() {
        return tables.importOffset();
    }

    public int cellExportCount() {
        return tables.cellExportCount();
    }

    public int cellExportOffset() {
        return tables.cellExportOffset();
    }

    public int cellImportCount() {
        return tables.cellImportCount();
    }

    public int cellImportOffset() {
        return tables.cellImportOffset();
    }

    public int metaDataOffset() {
        return tables.metaDataOffset();
    }

    public int dependsOffset() {
        return tables.dependsOffset();
    }

    public int softPackageReferencesCount() {
        return tables.softPackageReferencesCount();
    }

    public int softPackageReferencesOffset() {
        return tables.softPackageReferencesOffset();
    }

    public int searchableNamesOffset() {
        return tables.searchableNamesOffset();
    }

    public int thumbnailTableOffset() {
        return tables.thumbnailTableOffset();
    }

    public int importTypeHierarchiesCount() {
        return tables.importTypeHierarchiesCount();
    }

    public int importTypeHierarchiesOffset() {
        return tables.importTypeHierarchiesOffset();
    }

    /** The package GUID (null from PACKAGE_SAVED_HASH on, where {@link #savedHash} replaces it). */
    public FGuid guid() {
        return guids.guid();
    }

    /** PersistentGuid, stored in editor packages from ADDED_PACKAGE_OWNER on; else null. */
    public FGuid persistentGuid() {
        return guids.persistentGuid();
    }

    public FGuid ownerPersistentGuid() {
        return guids.ownerPersistentGuid();
    }

    public List<FGenerationInfo> generations() {
        return guids.generations();
    }

    /** SavedByEngineVersion, or null before ENGINE_VERSION_OBJECT (see {@link #engineChangelist}). */
    public FEngineVersion savedByEngineVersion() {
        return engineVersions.savedBy();
    }

    public int engineChangelist() {
        return engineVersions.engineChangelist();
    }

    /** CompatibleWithEngineVersion, or null before it was stored. */
    public FEngineVersion compatibleWithEngineVersion() {
        return engineVersions.compatibleWith();
    }

    public int compressionFlags() {
        return cooking.compressionFlags();
    }

    public int packageSource() {
        return cooking.packageSource();
    }

    public List<FString> additionalPackagesToCook() {
        return cooking.additionalPackagesToCook();
    }

    public int assetRegistryDataOffset() {
        return dataOffsets.assetRegistryDataOffset();
    }

    public long bulkDataStartOffset() {
        return dataOffsets.bulkDataStartOffset();
    }

    public int worldTileInfoDataOffset() {
        return dataOffsets.worldTileInfoDataOffset();
    }

    public int[] chunkIds() {
        return dataOffsets.chunkIds();
    }

    public int preloadDependencyCount() {
        return dataOffsets.preloadDependencyCount();
    }

    public int preloadDependencyOffset() {
        return dataOffsets.preloadDependencyOffset();
    }

    public int namesReferencedFromExportDataCount() {
        return dataOffsets.namesReferencedFromExportDataCount();
    }

    /** PayloadTocOffset, -1 when absent. */
    public long payloadTocOffset() {
        return dataOffsets.payloadTocOffset();
    }

    /** DataResourceOffset, -1 when the version has none, 0 or -1 when empty. */
    public int dataResourceOffset() {
        return dataOffsets.dataResourceOffset();
    }

    // ---- exact snapshot (the JSON form) ------------------------------------------------------------

    /**
     * Every field of the summary as read (offsets and counts included), for a lossless serialized
     * form; {@link #fromFields} restores a summary that writes the same bytes.
     */
    public record Fields(LegacyFileVersion legacyFileVersion,
            int legacyUE3Version,
            int fileVersionUE4,
            int fileVersionUE5,
            int fileVersionLicensee,
            PackageVersion version,
            boolean unversioned,
            byte[] savedHash,
            CustomVersionContainer customVersions,
            int totalHeaderSize,
            FString packageName,
            int packageFlags,
            int nameCount,
            int nameOffset,
            int softObjectPathsCount,
            int softObjectPathsOffset,
            FString localizationId,
            int gatherableTextDataCount,
            int gatherableTextDataOffset,
            int exportCount,
            int exportOffset,
            int importCount,
            int importOffset,
            int cellExportCount,
            int cellExportOffset,
            int cellImportCount,
            int cellImportOffset,
            int metaDataOffset,
            int dependsOffset,
            int softPackageReferencesCount,
            int softPackageReferencesOffset,
            int searchableNamesOffset,
            int thumbnailTableOffset,
            int importTypeHierarchiesCount,
            int importTypeHierarchiesOffset,
            FGuid guid,
            FGuid persistentGuid,
            FGuid ownerPersistentGuid,
            List<FGenerationInfo> generations,
            FEngineVersion savedByEngineVersion,
            int engineChangelist,
            FEngineVersion compatibleWithEngineVersion,
            int compressionFlags,
            List<FCompressedChunk> compressedChunks,
            int packageSource,
            List<FString> additionalPackagesToCook,
            int numTextureAllocations,
            int assetRegistryDataOffset,
            long bulkDataStartOffset,
            int worldTileInfoDataOffset,
            int[] chunkIds,
            int preloadDependencyCount,
            int preloadDependencyOffset,
            int namesReferencedFromExportDataCount,
            long payloadTocOffset,
            int dataResourceOffset) {
    }

    /** The summary's fields, flattened. */
    public Fields fields() {
        SummaryVersions a = versions;
        SummaryHeader h = header;
        SummaryTables t = tables;
        SummaryGuids g = guids;
        SummaryEngineVersions e = engineVersions;
        SummaryCooking c = cooking;
        SummaryDataOffsets d = dataOffsets;
        return new Fields(a.legacyFileVersion(), a.legacyUE3Version(), a.fileVersionUE4(), a.fileVersionUE5(),
                a.fileVersionLicensee(), a.version(), a.unversioned(), h.savedHash(), h.customVersions(),
                h.totalHeaderSize(), h.packageName(), h.packageFlags(), t.nameCount(), t.nameOffset(),
                t.softObjectPathsCount(), t.softObjectPathsOffset(), t.localizationId(), t.gatherableTextDataCount(),
                t.gatherableTextDataOffset(), t.exportCount(), t.exportOffset(), t.importCount(), t.importOffset(),
                t.cellExportCount(), t.cellExportOffset(), t.cellImportCount(), t.cellImportOffset(), t.metaDataOffset(),
                t.dependsOffset(), t.softPackageReferencesCount(), t.softPackageReferencesOffset(),
                t.searchableNamesOffset(), t.thumbnailTableOffset(), t.importTypeHierarchiesCount(),
                t.importTypeHierarchiesOffset(), g.guid(), g.persistentGuid(), g.ownerPersistentGuid(), g.generations(),
                e.savedBy(), e.engineChangelist(), e.compatibleWith(), c.compressionFlags(), c.compressedChunks(),
                c.packageSource(), c.additionalPackagesToCook(), c.numTextureAllocations(), d.assetRegistryDataOffset(),
                d.bulkDataStartOffset(), d.worldTileInfoDataOffset(), d.chunkIds(), d.preloadDependencyCount(),
                d.preloadDependencyOffset(), d.namesReferencedFromExportDataCount(), d.payloadTocOffset(),
                d.dataResourceOffset());
    }

    /** A summary with exactly these fields (the package writer recomputes counts and offsets on write). */
    public static PackageFileSummary fromFields(Fields f) {
        if (f.legacyFileVersion() == null || f.version() == null || f.customVersions() == null || f.packageName() == null) {
            throw new IllegalArgumentException("Summary fields need legacyFileVersion, version, customVersions and packageName");
        }
        return new PackageFileSummary(
                new SummaryVersions(f.legacyFileVersion(), f.legacyUE3Version(), f.fileVersionUE4(), f.fileVersionUE5(),
                        f.fileVersionLicensee(), f.version(), f.unversioned()),
                new SummaryHeader(f.savedHash(), f.customVersions(), f.totalHeaderSize(), f.packageName(), f.packageFlags()),
                new SummaryTables(f.nameCount(), f.nameOffset(), f.softObjectPathsCount(), f.softObjectPathsOffset(),
                        f.localizationId(), f.gatherableTextDataCount(), f.gatherableTextDataOffset(), f.exportCount(),
                        f.exportOffset(), f.importCount(), f.importOffset(), f.cellExportCount(), f.cellExportOffset(),
                        f.cellImportCount(), f.cellImportOffset(), f.metaDataOffset(), f.dependsOffset(),
                        f.softPackageReferencesCount(), f.softPackageReferencesOffset(), f.searchableNamesOffset(),
                        f.thumbnailTableOffset(), f.importTypeHierarchiesCount(), f.importTypeHierarchiesOffset()),
                new SummaryGuids(f.guid(), f.persistentGuid(), f.ownerPersistentGuid(), f.generations()),
                new SummaryEngineVersions(f.savedByEngineVersion(), f.engineChangelist(), f.compatibleWithEngineVersion()),
                new SummaryCooking(f.compressionFlags(), f.compressedChunks(), f.packageSource(),
                        f.additionalPackagesToCook(), f.numTextureAllocations()),
                new SummaryDataOffsets(f.assetRegistryDataOffset(), f.bulkDataStartOffset(), f.worldTileInfoDataOffset(),
                        f.chunkIds(), f.preloadDependencyCount(), f.preloadDependencyOffset(),
                        f.namesReferencedFromExportDataCount(), f.payloadTocOffset(), f.dataResourceOffset()));
    }
}
