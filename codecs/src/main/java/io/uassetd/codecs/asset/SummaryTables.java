package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;

/**
 * The header tables' counts and offsets, in their on-disk order: names, soft object paths (from
 * ADD_SOFTOBJECTPATH_LIST), LocalizationId (editor packages, from
 * ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID; it sits between the tables on disk), gatherable text (from
 * SERIALIZE_TEXT_IN_PACKAGES), exports, imports, Verse cells (from VERSE_CELLS), metadata (from
 * METADATA_SERIALIZATION_OFFSET), depends, soft package references (from
 * ADD_STRING_ASSET_REFERENCES_MAP), searchable names (from ADDED_SEARCHABLE_NAMES), thumbnails and
 * import type hierarchies (from IMPORT_TYPE_HIERARCHIES).
 */
public record SummaryTables(int nameCount, int nameOffset, int softObjectPathsCount, int softObjectPathsOffset,
        FString localizationId, int gatherableTextDataCount, int gatherableTextDataOffset, int exportCount,
        int exportOffset, int importCount, int importOffset, int cellExportCount, int cellExportOffset,
        int cellImportCount, int cellImportOffset, int metaDataOffset, int dependsOffset,
        int softPackageReferencesCount, int softPackageReferencesOffset, int searchableNamesOffset,
        int thumbnailTableOffset, int importTypeHierarchiesCount, int importTypeHierarchiesOffset) {

    /** Every table empty, no offsets. */
    static SummaryTables empty() {
        return new SummaryTables(0, 0, 0, 0, FString.EMPTY, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
    }

    static SummaryTables read(PackageReader r, PackageVersion v, boolean filter) {
        int nameCount = r.readI32();
        int nameOffset = r.readI32();
        boolean softPaths = v.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST);
        int softObjectPathsCount = softPaths ? r.readI32() : 0;
        int softObjectPathsOffset = softPaths ? r.readI32() : 0;
        FString localizationId = !filter && v.atLeast(ObjectVersion.ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID)
                ? r.readFString() : null;
        boolean text = v.atLeast(ObjectVersion.SERIALIZE_TEXT_IN_PACKAGES);
        int gatherableCount = text ? r.readI32() : 0;
        int gatherableOffset = text ? r.readI32() : 0;
        int exportCount = r.readI32();
        int exportOffset = r.readI32();
        int importCount = r.readI32();
        int importOffset = r.readI32();
        boolean cells = v.atLeast(ObjectVersionUE5.VERSE_CELLS);
        int cellExportCount = cells ? r.readI32() : 0;
        int cellExportOffset = cells ? r.readI32() : 0;
        int cellImportCount = cells ? r.readI32() : 0;
        int cellImportOffset = cells ? r.readI32() : 0;
        int metaDataOffset = v.atLeast(ObjectVersionUE5.METADATA_SERIALIZATION_OFFSET) ? r.readI32() : 0;
        int dependsOffset = r.readI32();
        boolean softRefs = v.atLeast(ObjectVersion.ADD_STRING_ASSET_REFERENCES_MAP);
        int softRefsCount = softRefs ? r.readI32() : 0;
        int softRefsOffset = softRefs ? r.readI32() : 0;
        int searchable = v.atLeast(ObjectVersion.ADDED_SEARCHABLE_NAMES) ? r.readI32() : 0;
        int thumbnails = r.readI32();
        boolean hierarchies = v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES);
        int hierarchiesCount = hierarchies ? r.readI32() : 0;
        int hierarchiesOffset = hierarchies ? r.readI32() : 0;
        return new SummaryTables(nameCount, nameOffset, softObjectPathsCount, softObjectPathsOffset, localizationId,
                gatherableCount, gatherableOffset, exportCount, exportOffset, importCount, importOffset, cellExportCount,
                cellExportOffset, cellImportCount, cellImportOffset, metaDataOffset, dependsOffset, softRefsCount,
                softRefsOffset, searchable, thumbnails, hierarchiesCount, hierarchiesOffset);
    }

    void write(PackageWriter w, PackageVersion v, boolean filter) {
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
    }

    /** These tables with new row counts for the tables the package model holds. */
    SummaryTables withCounts(int names, int softObjectPaths, int exports, int imports, int softPackageReferences) {
        return new SummaryTables(names, nameOffset, softObjectPaths, softObjectPathsOffset, localizationId,
                gatherableTextDataCount, gatherableTextDataOffset, exports, exportOffset, imports, importOffset,
                cellExportCount, cellExportOffset, cellImportCount, cellImportOffset, metaDataOffset, dependsOffset,
                softPackageReferences, softPackageReferencesOffset, searchableNamesOffset, thumbnailTableOffset,
                importTypeHierarchiesCount, importTypeHierarchiesOffset);
    }

    /** These tables moved to a new layout. */
    SummaryTables relocated(OffsetRemap m) {
        return new SummaryTables(nameCount, m.tableOffset(Region.Kind.NAME_MAP, nameOffset), softObjectPathsCount,
                m.tableOffset(Region.Kind.SOFT_OBJECT_PATHS, softObjectPathsOffset), localizationId, gatherableTextDataCount,
                m.mapOffset(gatherableTextDataOffset), exportCount, m.tableOffset(Region.Kind.EXPORT_MAP, exportOffset), importCount,
                m.tableOffset(Region.Kind.IMPORT_MAP, importOffset), cellExportCount, m.mapOffset(cellExportOffset), cellImportCount,
                m.mapOffset(cellImportOffset), m.mapOffset(metaDataOffset), m.tableOffset(Region.Kind.DEPENDS_MAP, dependsOffset),
                softPackageReferencesCount, m.tableOffset(Region.Kind.SOFT_PACKAGE_REFERENCES, softPackageReferencesOffset),
                m.tableOffset(Region.Kind.SEARCHABLE_NAMES, searchableNamesOffset),
                m.tableOffset(Region.Kind.THUMBNAIL_TABLE, thumbnailTableOffset), importTypeHierarchiesCount,
                m.mapOffset(importTypeHierarchiesOffset));
    }
}
