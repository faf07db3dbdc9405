package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FCompressedChunk;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.ArrayList;
import java.util.List;

/**
 * FPackageFileSummary: the header at offset 0 of every legacy package, for legacy file versions -2
 * to -9 (UE4.0 to UE5.7). Every field the version gates put on disk is kept, so {@link #write}
 * reproduces the bytes; the offsets are rewritten by the package writer when the layout changes.
 */
public final class PackageFileSummary {
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

    private LegacyFileVersion legacyFileVersion;
    private int legacyUE3Version;
    private int fileVersionUE4;
    private int fileVersionUE5;
    private int fileVersionLicensee;
    private PackageVersion version;
    private boolean unversioned;
    private byte[] savedHash;
    private CustomVersionContainer customVersions;
    int totalHeaderSize;
    private FString packageName;
    private int packageFlags;
    int nameCount;
    int nameOffset;
    int softObjectPathsCount;
    int softObjectPathsOffset;
    private FString localizationId;
    int gatherableTextDataCount;
    int gatherableTextDataOffset;
    int exportCount;
    int exportOffset;
    int importCount;
    int importOffset;
    int cellExportCount;
    int cellExportOffset;
    int cellImportCount;
    int cellImportOffset;
    int metaDataOffset;
    int dependsOffset;
    int softPackageReferencesCount;
    int softPackageReferencesOffset;
    int searchableNamesOffset;
    int thumbnailTableOffset;
    int importTypeHierarchiesCount;
    int importTypeHierarchiesOffset;
    private FGuid guid;
    private FGuid persistentGuid;
    private FGuid ownerPersistentGuid;
    private List<FGenerationInfo> generations;
    private FEngineVersion savedByEngineVersion;
    private int engineChangelist;
    private FEngineVersion compatibleWithEngineVersion;
    private int compressionFlags;
    private List<FCompressedChunk> compressedChunks;
    private int packageSource;
    private List<FString> additionalPackagesToCook;
    private int numTextureAllocations;
    int assetRegistryDataOffset;
    long bulkDataStartOffset;
    int worldTileInfoDataOffset;
    private int[] chunkIds;
    int preloadDependencyCount;
    int preloadDependencyOffset;
    int namesReferencedFromExportDataCount;
    long payloadTocOffset = -1;
    int dataResourceOffset = -1;

    private PackageFileSummary() {
    }

    /**
     * A summary for a new package: the given versions (stored as zero when {@code unversioned}),
     * flags and engine versions, every table empty; the builder fills counts and offsets.
     */
    static PackageFileSummary blank(LegacyFileVersion legacy, PackageVersion version, boolean unversioned,
            CustomVersionContainer customVersions, FString packageName, int packageFlags, FGuid guid, byte[] savedHash,
            FEngineVersion savedBy, FEngineVersion compatibleWith, int packageSource, int[] chunkIds) {
        PackageFileSummary s = new PackageFileSummary();
        s.legacyFileVersion = legacy;
        s.legacyUE3Version = legacy == LegacyFileVersion.REMOVED_UE3_VERSION ? 0 : 864;
        s.unversioned = unversioned;
        s.fileVersionUE4 = unversioned ? 0 : version.fileVersionUE4();
        s.fileVersionUE5 = unversioned ? 0 : version.fileVersionUE5();
        s.fileVersionLicensee = unversioned ? 0 : version.licenseeVersion();
        s.version = version;
        s.customVersions = customVersions;
        s.packageName = packageName;
        s.packageFlags = packageFlags;
        s.localizationId = FString.EMPTY;
        s.guid = version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH) ? null : guid;
        s.savedHash = version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH) ? (savedHash == null ? new byte[20] : savedHash.clone()) : null;
        s.persistentGuid = guid;
        s.ownerPersistentGuid = FGuid.ZERO;
        s.generations = new ArrayList<>();
        s.savedByEngineVersion = savedBy;
        s.compatibleWithEngineVersion = compatibleWith;
        s.compressedChunks = new ArrayList<>();
        s.packageSource = packageSource;
        s.additionalPackagesToCook = new ArrayList<>();
        s.chunkIds = chunkIds.clone();
        s.preloadDependencyCount = -1;
        s.payloadTocOffset = -1;
        s.dataResourceOffset = -1;
        return s;
    }

    void setLegacyUE3Version(int v) {
        this.legacyUE3Version = v;
    }

    void setGenerations(List<FGenerationInfo> generations) {
        this.generations = new ArrayList<>(generations);
    }

    /**
     * Reads a summary. {@code engine} supplies the versions when the package is unversioned; it is
     * ignored for a versioned package, and an unversioned package without one is refused.
     */
    public static PackageFileSummary read(PackageReader r, EngineVersion engine) {
        r.structure("PackageFileSummary");
        PackageFileSummary s = new PackageFileSummary();
        int tag = r.readI32();
        if (tag == PACKAGE_FILE_TAG_SWAPPED) {
            throw new UnsupportedVersionException("Byte-swapped (big-endian) packages are not supported", r.file(), 0,
                    "PackageFileSummary");
        }
        if (tag != PACKAGE_FILE_TAG) {
            throw new CorruptDataException("Bad package tag " + FormatException.hex(tag & 0xFFFFFFFFL) + " (expected "
                    + FormatException.hex(PACKAGE_FILE_TAG & 0xFFFFFFFFL) + ")", r.file(), 0, "PackageFileSummary");
        }
        int legacy = r.readI32();
        s.legacyFileVersion = LegacyFileVersion.of(legacy).orElseThrow(() -> new UnsupportedVersionException(
                "Unsupported legacy file version " + legacy + " (supported -2 to -9, UE4 and UE5 packages)", r.file(), 4,
                "PackageFileSummary"));
        if (s.legacyFileVersion != LegacyFileVersion.REMOVED_UE3_VERSION) {
            s.legacyUE3Version = r.readI32();
        }
        s.fileVersionUE4 = r.readI32();
        if (s.legacyFileVersion.atLeast(LegacyFileVersion.UE5_VERSION)) {
            s.fileVersionUE5 = r.readI32();
        }
        s.fileVersionLicensee = r.readI32();
        PackageVersion onDisk = new PackageVersion(s.fileVersionUE4, s.fileVersionUE5, s.fileVersionLicensee);
        if (onDisk.isUnversioned()) {
            if (engine == null) {
                throw new UnsupportedVersionException("Unversioned package: an engine version is required (e.g. UE4_27, UE5_3)",
                        r.file(), r.position(), "PackageFileSummary");
            }
            s.unversioned = true;
            s.version = engine.packageVersion();
        } else {
            if (s.fileVersionUE4 < ObjectVersion.OLDEST_LOADABLE_PACKAGE.value()) {
                throw new UnsupportedVersionException("Package file version " + s.fileVersionUE4 + " is older than UE4's oldest loadable ("
                        + ObjectVersion.OLDEST_LOADABLE_PACKAGE.value() + ")", r.file(), 8, "PackageFileSummary");
            }
            s.version = onDisk;
        }
        r.setVersion(s.version);
        if (s.version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            s.savedHash = r.readBytes(20);
            s.totalHeaderSize = r.readI32();
        }
        r.structure("PackageFileSummary.CustomVersions");
        s.customVersions = CustomVersionContainer.read(r, s.legacyFileVersion.customVersionFormat());
        r.structure("PackageFileSummary");
        if (!s.version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            s.totalHeaderSize = r.readI32();
        }
        s.packageName = r.readFString();
        s.packageFlags = r.readI32();
        boolean filter = s.filterEditorOnly();
        r.setFilterEditorOnly(filter);
        PackageVersion v = s.version;
        s.nameCount = r.readI32();
        s.nameOffset = r.readI32();
        if (v.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST)) {
            s.softObjectPathsCount = r.readI32();
            s.softObjectPathsOffset = r.readI32();
        }
        if (!filter && v.atLeast(ObjectVersion.ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID)) {
            s.localizationId = r.readFString();
        }
        if (v.atLeast(ObjectVersion.SERIALIZE_TEXT_IN_PACKAGES)) {
            s.gatherableTextDataCount = r.readI32();
            s.gatherableTextDataOffset = r.readI32();
        }
        s.exportCount = r.readI32();
        s.exportOffset = r.readI32();
        s.importCount = r.readI32();
        s.importOffset = r.readI32();
        if (v.atLeast(ObjectVersionUE5.VERSE_CELLS)) {
            s.cellExportCount = r.readI32();
            s.cellExportOffset = r.readI32();
            s.cellImportCount = r.readI32();
            s.cellImportOffset = r.readI32();
        }
        if (v.atLeast(ObjectVersionUE5.METADATA_SERIALIZATION_OFFSET)) {
            s.metaDataOffset = r.readI32();
        }
        s.dependsOffset = r.readI32();
        if (v.atLeast(ObjectVersion.ADD_STRING_ASSET_REFERENCES_MAP)) {
            s.softPackageReferencesCount = r.readI32();
            s.softPackageReferencesOffset = r.readI32();
        }
        if (v.atLeast(ObjectVersion.ADDED_SEARCHABLE_NAMES)) {
            s.searchableNamesOffset = r.readI32();
        }
        s.thumbnailTableOffset = r.readI32();
        if (v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES)) {
            s.importTypeHierarchiesCount = r.readI32();
            s.importTypeHierarchiesOffset = r.readI32();
        }
        if (!v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            s.guid = r.readGuid();
        }
        if (!filter) {
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER)) {
                s.persistentGuid = r.readGuid();
            }
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER) && !v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT)) {
                s.ownerPersistentGuid = r.readGuid();
            }
        }
        int generationCount = r.readCount(8);
        s.generations = new ArrayList<>(generationCount);
        for (int i = 0; i < generationCount; i++) {
            s.generations.add(new FGenerationInfo(r.readI32(), r.readI32()));
        }
        if (v.atLeast(ObjectVersion.ENGINE_VERSION_OBJECT)) {
            s.savedByEngineVersion = FEngineVersion.read(r);
        } else {
            s.engineChangelist = r.readI32();
        }
        if (v.atLeast(ObjectVersion.PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION)) {
            s.compatibleWithEngineVersion = FEngineVersion.read(r);
        }
        s.compressionFlags = r.readI32();
        int chunkCount = r.readCount(16);
        s.compressedChunks = new ArrayList<>(chunkCount);
        for (int i = 0; i < chunkCount; i++) {
            s.compressedChunks.add(new FCompressedChunk(r.readI32(), r.readI32(), r.readI32(), r.readI32()));
        }
        if (chunkCount > 0) {
            throw new UnsupportedVersionException("Package-level compression (" + chunkCount + " compressed chunks) is not supported",
                    r.file(), r.position(), "PackageFileSummary");
        }
        s.packageSource = r.readI32();
        int additional = r.readCount(4);
        s.additionalPackagesToCook = new ArrayList<>(additional);
        for (int i = 0; i < additional; i++) {
            s.additionalPackagesToCook.add(r.readFString());
        }
        if (!s.legacyFileVersion.atLeast(LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS)) {
            s.numTextureAllocations = r.readI32();
            if (s.numTextureAllocations != 0) {
                throw new UnsupportedVersionException("Texture allocation info (" + s.numTextureAllocations + ") is not supported",
                        r.file(), r.position() - 4, "PackageFileSummary");
            }
        }
        if (v.atLeast(ObjectVersion.ASSET_REGISTRY_TAGS)) {
            s.assetRegistryDataOffset = r.readI32();
        }
        if (v.atLeast(ObjectVersion.SUMMARY_HAS_BULKDATA_OFFSET)) {
            s.bulkDataStartOffset = r.readI64();
        }
        if (v.atLeast(ObjectVersion.WORLD_LEVEL_INFO)) {
            s.worldTileInfoDataOffset = r.readI32();
        }
        if (v.atLeast(ObjectVersion.CHANGED_CHUNKID_TO_BE_AN_ARRAY_OF_CHUNKIDS)) {
            int n = r.readCount(4);
            s.chunkIds = new int[n];
            for (int i = 0; i < n; i++) {
                s.chunkIds[i] = r.readI32();
            }
        } else if (v.atLeast(ObjectVersion.ADDED_CHUNKID_TO_ASSETDATA_AND_UPACKAGE)) {
            s.chunkIds = new int[] {r.readI32()};
        } else {
            s.chunkIds = new int[0];
        }
        if (v.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            s.preloadDependencyCount = r.readI32();
            s.preloadDependencyOffset = r.readI32();
        } else {
            s.preloadDependencyCount = -1;
        }
        s.namesReferencedFromExportDataCount = v.atLeast(ObjectVersionUE5.NAMES_REFERENCED_FROM_EXPORT_DATA) ? r.readI32() : s.nameCount;
        if (v.atLeast(ObjectVersionUE5.PAYLOAD_TOC)) {
            s.payloadTocOffset = r.readI64();
        }
        if (v.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            s.dataResourceOffset = r.readI32();
        }
        s.validate(r);
        return s;
    }

    private void validate(PackageReader r) {
        long len = r.length();
        check(r, totalHeaderSize >= 0, "TotalHeaderSize " + totalHeaderSize + " is negative");
        checkTable(r, "name map", nameCount, nameOffset, 5, len);
        checkTable(r, "import map", importCount, importOffset, 28, len);
        checkTable(r, "export map", exportCount, exportOffset, 60, len);
        checkTable(r, "soft object paths", softObjectPathsCount, softObjectPathsOffset, 20, len);
        checkTable(r, "soft package references", softPackageReferencesCount, softPackageReferencesOffset, 4, len);
        check(r, dependsOffset >= 0 && dependsOffset <= len, "DependsOffset " + dependsOffset + " lies outside the header");
    }

    private static void checkTable(PackageReader r, String what, int count, int offset, int minBytes, long len) {
        check(r, count >= 0, "Negative " + what + " count " + count);
        if (count > 0) {
            check(r, offset > 0 && offset <= len, what + " offset " + offset + " lies outside the header (" + len + " bytes)");
            check(r, (long) count * minBytes <= len - offset, what + " count " + count + " cannot fit in the "
                    + (len - offset) + " bytes after offset " + offset);
        }
    }

    private static void check(PackageReader r, boolean ok, String message) {
        if (!ok) {
            throw new CorruptDataException(message, r.file(), 0, "PackageFileSummary");
        }
    }

    /** Writes the summary with the versions it was read with. */
    public void write(PackageWriter w) {
        PackageVersion v = version;
        boolean filter = filterEditorOnly();
        w.writeI32(PACKAGE_FILE_TAG);
        w.writeI32(legacyFileVersion.value());
        if (legacyFileVersion != LegacyFileVersion.REMOVED_UE3_VERSION) {
            w.writeI32(legacyUE3Version);
        }
        w.writeI32(fileVersionUE4);
        if (legacyFileVersion.atLeast(LegacyFileVersion.UE5_VERSION)) {
            w.writeI32(fileVersionUE5);
        }
        w.writeI32(fileVersionLicensee);
        if (v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            w.writeBytes(savedHash);
            w.writeI32(totalHeaderSize);
        }
        customVersions.write(w);
        if (!v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            w.writeI32(totalHeaderSize);
        }
        w.writeFString(packageName);
        w.writeI32(packageFlags);
        w.writeI32(nameCount);
        w.writeI32(nameOffset);
        if (v.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST)) {
            w.writeI32(softObjectPathsCount);
            w.writeI32(softObjectPathsOffset);
        }
        if (!filter && v.atLeast(ObjectVersion.ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID)) {
            w.writeFString(localizationId);
        }
        if (v.atLeast(ObjectVersion.SERIALIZE_TEXT_IN_PACKAGES)) {
            w.writeI32(gatherableTextDataCount);
            w.writeI32(gatherableTextDataOffset);
        }
        w.writeI32(exportCount);
        w.writeI32(exportOffset);
        w.writeI32(importCount);
        w.writeI32(importOffset);
        if (v.atLeast(ObjectVersionUE5.VERSE_CELLS)) {
            w.writeI32(cellExportCount);
            w.writeI32(cellExportOffset);
            w.writeI32(cellImportCount);
            w.writeI32(cellImportOffset);
        }
        if (v.atLeast(ObjectVersionUE5.METADATA_SERIALIZATION_OFFSET)) {
            w.writeI32(metaDataOffset);
        }
        w.writeI32(dependsOffset);
        if (v.atLeast(ObjectVersion.ADD_STRING_ASSET_REFERENCES_MAP)) {
            w.writeI32(softPackageReferencesCount);
            w.writeI32(softPackageReferencesOffset);
        }
        if (v.atLeast(ObjectVersion.ADDED_SEARCHABLE_NAMES)) {
            w.writeI32(searchableNamesOffset);
        }
        w.writeI32(thumbnailTableOffset);
        if (v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES)) {
            w.writeI32(importTypeHierarchiesCount);
            w.writeI32(importTypeHierarchiesOffset);
        }
        if (!v.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)) {
            w.writeGuid(guid);
        }
        if (!filter) {
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER)) {
                w.writeGuid(persistentGuid);
            }
            if (v.atLeast(ObjectVersion.ADDED_PACKAGE_OWNER) && !v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT)) {
                w.writeGuid(ownerPersistentGuid);
            }
        }
        w.writeI32(generations.size());
        for (FGenerationInfo g : generations) {
            w.writeI32(g.exportCount());
            w.writeI32(g.nameCount());
        }
        if (v.atLeast(ObjectVersion.ENGINE_VERSION_OBJECT)) {
            savedByEngineVersion.write(w);
        } else {
            w.writeI32(engineChangelist);
        }
        if (v.atLeast(ObjectVersion.PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION)) {
            compatibleWithEngineVersion.write(w);
        }
        w.writeI32(compressionFlags);
        w.writeI32(compressedChunks.size());
        for (FCompressedChunk c : compressedChunks) {
            w.writeI32(c.uncompressedOffset());
            w.writeI32(c.uncompressedSize());
            w.writeI32(c.compressedOffset());
            w.writeI32(c.compressedSize());
        }
        w.writeI32(packageSource);
        w.writeI32(additionalPackagesToCook.size());
        for (FString s : additionalPackagesToCook) {
            w.writeFString(s);
        }
        if (!legacyFileVersion.atLeast(LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS)) {
            w.writeI32(numTextureAllocations);
        }
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

    // ---- accessors -------------------------------------------------------------------------------

    public LegacyFileVersion legacyFileVersion() {
        return legacyFileVersion;
    }

    public int legacyUE3Version() {
        return legacyUE3Version;
    }

    /** FileVersionUE4 as stored (0 when unversioned). */
    public int fileVersionUE4() {
        return fileVersionUE4;
    }

    /** FileVersionUE5 as stored (0 when unversioned or before legacy version -8). */
    public int fileVersionUE5() {
        return fileVersionUE5;
    }

    public int fileVersionLicensee() {
        return fileVersionLicensee;
    }

    /** The versions the package is read with: the stored ones, or the caller's engine's when unversioned. */
    public PackageVersion version() {
        return version;
    }

    /** True when the file stores no versions (cooked with unversioned packages). */
    public boolean isUnversioned() {
        return unversioned;
    }

    /** The 20-byte saved hash that replaces the GUID from PACKAGE_SAVED_HASH on, else null. */
    public byte[] savedHash() {
        return savedHash == null ? null : savedHash.clone();
    }

    public CustomVersionContainer customVersions() {
        return customVersions;
    }

    public int totalHeaderSize() {
        return totalHeaderSize;
    }

    /** The FolderName field: the package name, "None" in cooked packages. */
    public FString packageName() {
        return packageName;
    }

    /** EPackageFlags. */
    public int packageFlags() {
        return packageFlags;
    }

    public boolean filterEditorOnly() {
        return (packageFlags & PKG_FILTER_EDITOR_ONLY) != 0;
    }

    public boolean hasUnversionedProperties() {
        return (packageFlags & PKG_UNVERSIONED_PROPERTIES) != 0;
    }

    public int nameCount() {
        return nameCount;
    }

    public int nameOffset() {
        return nameOffset;
    }

    public int softObjectPathsCount() {
        return softObjectPathsCount;
    }

    public int softObjectPathsOffset() {
        return softObjectPathsOffset;
    }

    /** LocalizationId, or null when not stored (cooked or older). */
    public FString localizationId() {
        return localizationId;
    }

    public int gatherableTextDataCount() {
        return gatherableTextDataCount;
    }

    public int gatherableTextDataOffset() {
        return gatherableTextDataOffset;
    }

    public int exportCount() {
        return exportCount;
    }

    public int exportOffset() {
        return exportOffset;
    }

    public int importCount() {
        return importCount;
    }

    public int importOffset() {
        return importOffset;
    }

    public int cellExportCount() {
        return cellExportCount;
    }

    public int cellExportOffset() {
        return cellExportOffset;
    }

    public int cellImportCount() {
        return cellImportCount;
    }

    public int cellImportOffset() {
        return cellImportOffset;
    }

    public int metaDataOffset() {
        return metaDataOffset;
    }

    public int dependsOffset() {
        return dependsOffset;
    }

    public int softPackageReferencesCount() {
        return softPackageReferencesCount;
    }

    public int softPackageReferencesOffset() {
        return softPackageReferencesOffset;
    }

    public int searchableNamesOffset() {
        return searchableNamesOffset;
    }

    public int thumbnailTableOffset() {
        return thumbnailTableOffset;
    }

    public int importTypeHierarchiesCount() {
        return importTypeHierarchiesCount;
    }

    public int importTypeHierarchiesOffset() {
        return importTypeHierarchiesOffset;
    }

    /** The package GUID (null from PACKAGE_SAVED_HASH on, where {@link #savedHash} replaces it). */
    public FGuid guid() {
        return guid;
    }

    /** PersistentGuid, stored in editor packages from ADDED_PACKAGE_OWNER on; else null. */
    public FGuid persistentGuid() {
        return persistentGuid;
    }

    public FGuid ownerPersistentGuid() {
        return ownerPersistentGuid;
    }

    public List<FGenerationInfo> generations() {
        return List.copyOf(generations);
    }

    /** SavedByEngineVersion, or null before ENGINE_VERSION_OBJECT (see {@link #engineChangelist}). */
    public FEngineVersion savedByEngineVersion() {
        return savedByEngineVersion;
    }

    public int engineChangelist() {
        return engineChangelist;
    }

    /** CompatibleWithEngineVersion, or null before it was stored. */
    public FEngineVersion compatibleWithEngineVersion() {
        return compatibleWithEngineVersion;
    }

    public int compressionFlags() {
        return compressionFlags;
    }

    public int packageSource() {
        return packageSource;
    }

    public List<FString> additionalPackagesToCook() {
        return List.copyOf(additionalPackagesToCook);
    }

    public int assetRegistryDataOffset() {
        return assetRegistryDataOffset;
    }

    public long bulkDataStartOffset() {
        return bulkDataStartOffset;
    }

    public int worldTileInfoDataOffset() {
        return worldTileInfoDataOffset;
    }

    public int[] chunkIds() {
        return chunkIds.clone();
    }

    public int preloadDependencyCount() {
        return preloadDependencyCount;
    }

    public int preloadDependencyOffset() {
        return preloadDependencyOffset;
    }

    public int namesReferencedFromExportDataCount() {
        return namesReferencedFromExportDataCount;
    }

    /** PayloadTocOffset, -1 when absent. */
    public long payloadTocOffset() {
        return payloadTocOffset;
    }

    /** DataResourceOffset, -1 when the version has none, 0 or -1 when empty. */
    public int dataResourceOffset() {
        return dataResourceOffset;
    }

    /** Moves generations that recorded the old counts to the new ones. */
    void updateLastGeneration(int oldExports, int oldNames, int newExports, int newNames) {
        for (int i = 0; i < generations.size(); i++) {
            FGenerationInfo g = generations.get(i);
            if (g.exportCount() == oldExports && g.nameCount() == oldNames) {
                generations.set(i, new FGenerationInfo(newExports, newNames));
            }
        }
    }

    void setPackageFlags(int flags) {
        this.packageFlags = flags;
    }

    // ---- exact snapshot ----------------------------------------------------------------------------

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

    /** The summary's fields as they are now. */
    public Fields fields() {
        return new Fields(legacyFileVersion,
                legacyUE3Version,
                fileVersionUE4,
                fileVersionUE5,
                fileVersionLicensee,
                version,
                unversioned,
                savedHash,
                customVersions,
                totalHeaderSize,
                packageName,
                packageFlags,
                nameCount,
                nameOffset,
                softObjectPathsCount,
                softObjectPathsOffset,
                localizationId,
                gatherableTextDataCount,
                gatherableTextDataOffset,
                exportCount,
                exportOffset,
                importCount,
                importOffset,
                cellExportCount,
                cellExportOffset,
                cellImportCount,
                cellImportOffset,
                metaDataOffset,
                dependsOffset,
                softPackageReferencesCount,
                softPackageReferencesOffset,
                searchableNamesOffset,
                thumbnailTableOffset,
                importTypeHierarchiesCount,
                importTypeHierarchiesOffset,
                guid,
                persistentGuid,
                ownerPersistentGuid,
                generations,
                savedByEngineVersion,
                engineChangelist,
                compatibleWithEngineVersion,
                compressionFlags,
                compressedChunks,
                packageSource,
                additionalPackagesToCook,
                numTextureAllocations,
                assetRegistryDataOffset,
                bulkDataStartOffset,
                worldTileInfoDataOffset,
                chunkIds,
                preloadDependencyCount,
                preloadDependencyOffset,
                namesReferencedFromExportDataCount,
                payloadTocOffset,
                dataResourceOffset);
    }

    /** A summary with exactly these fields (the package writer recomputes counts and offsets on write). */
    public static PackageFileSummary fromFields(Fields f) {
        if (f.legacyFileVersion() == null || f.version() == null || f.customVersions() == null || f.packageName() == null) {
            throw new IllegalArgumentException("Summary fields need legacyFileVersion, version, customVersions and packageName");
        }
        PackageFileSummary s = new PackageFileSummary();
        s.legacyFileVersion = f.legacyFileVersion();
        s.legacyUE3Version = f.legacyUE3Version();
        s.fileVersionUE4 = f.fileVersionUE4();
        s.fileVersionUE5 = f.fileVersionUE5();
        s.fileVersionLicensee = f.fileVersionLicensee();
        s.version = f.version();
        s.unversioned = f.unversioned();
        s.savedHash = f.savedHash();
        s.customVersions = f.customVersions();
        s.totalHeaderSize = f.totalHeaderSize();
        s.packageName = f.packageName();
        s.packageFlags = f.packageFlags();
        s.nameCount = f.nameCount();
        s.nameOffset = f.nameOffset();
        s.softObjectPathsCount = f.softObjectPathsCount();
        s.softObjectPathsOffset = f.softObjectPathsOffset();
        s.localizationId = f.localizationId();
        s.gatherableTextDataCount = f.gatherableTextDataCount();
        s.gatherableTextDataOffset = f.gatherableTextDataOffset();
        s.exportCount = f.exportCount();
        s.exportOffset = f.exportOffset();
        s.importCount = f.importCount();
        s.importOffset = f.importOffset();
        s.cellExportCount = f.cellExportCount();
        s.cellExportOffset = f.cellExportOffset();
        s.cellImportCount = f.cellImportCount();
        s.cellImportOffset = f.cellImportOffset();
        s.metaDataOffset = f.metaDataOffset();
        s.dependsOffset = f.dependsOffset();
        s.softPackageReferencesCount = f.softPackageReferencesCount();
        s.softPackageReferencesOffset = f.softPackageReferencesOffset();
        s.searchableNamesOffset = f.searchableNamesOffset();
        s.thumbnailTableOffset = f.thumbnailTableOffset();
        s.importTypeHierarchiesCount = f.importTypeHierarchiesCount();
        s.importTypeHierarchiesOffset = f.importTypeHierarchiesOffset();
        s.guid = f.guid();
        s.persistentGuid = f.persistentGuid();
        s.ownerPersistentGuid = f.ownerPersistentGuid();
        s.savedByEngineVersion = f.savedByEngineVersion();
        s.engineChangelist = f.engineChangelist();
        s.compatibleWithEngineVersion = f.compatibleWithEngineVersion();
        s.compressionFlags = f.compressionFlags();
        s.packageSource = f.packageSource();
        s.numTextureAllocations = f.numTextureAllocations();
        s.assetRegistryDataOffset = f.assetRegistryDataOffset();
        s.bulkDataStartOffset = f.bulkDataStartOffset();
        s.worldTileInfoDataOffset = f.worldTileInfoDataOffset();
        s.chunkIds = f.chunkIds();
        s.preloadDependencyCount = f.preloadDependencyCount();
        s.preloadDependencyOffset = f.preloadDependencyOffset();
        s.namesReferencedFromExportDataCount = f.namesReferencedFromExportDataCount();
        s.payloadTocOffset = f.payloadTocOffset();
        s.dataResourceOffset = f.dataResourceOffset();
        s.generations = new ArrayList<>(f.generations() == null ? List.of() : f.generations());
        s.compressedChunks = new ArrayList<>(f.compressedChunks() == null ? List.of() : f.compressedChunks());
        s.additionalPackagesToCook = new ArrayList<>(f.additionalPackagesToCook() == null ? List.of() : f.additionalPackagesToCook());
        if (s.chunkIds == null) {
            s.chunkIds = new int[0];
        }
        return s;
    }
}
