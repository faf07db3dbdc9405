package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.NavigableSet;
import java.util.TreeSet;

/**
 * Reads a legacy package: the summary, then every table at the offset the summary gives, then the
 * export data; whatever lies between (unparsed tables, padding, the trailing tag) becomes raw
 * regions so the writer can reproduce the package.
 */
final class PackageParser {
    private final byte[] header;
    private final byte[] uexp;
    private final String name;
    private final PackageReader r;
    private final List<Region> regions = new ArrayList<>();
    private final Placement placement;

    /** Places the export data in place of the export map's serial sizes and offsets (see {@link SerialLayout}). */
    @FunctionalInterface
    interface Placement {
        /** The export map entries with the serial size and offset to read each export from, and the summary to keep. */
        Placed place(PackageFileSummary summary, List<ObjectExport> stated, long total);
    }

    /** A placement's result: the entries to read the exports with and the summary (its bulk data offset may move). */
    record Placed(List<ObjectExport> entries, PackageFileSummary summary) {
    }

    private PackageParser(byte[] header, byte[] uexp, String name, Placement placement) {
        this.header = header;
        this.uexp = uexp;
        this.name = name;
        this.r = new PackageReader(header, name);
        this.placement = placement;
    }

    static AssetPackage parse(byte[] header, byte[] uexp, String name, EngineVersion engine) {
        return new PackageParser(header, uexp, name, null).run(engine);
    }

    /** Parses with the export data placed by {@code placement} rather than by the export map. */
    static AssetPackage parse(byte[] header, byte[] uexp, String name, EngineVersion engine, Placement placement) {
        return new PackageParser(header, uexp, name, placement).run(engine);
    }

    /**
     * The tables a conversion to Zen reads ({@link LegacyHeader}), with the same readers and checks as
     * {@link #parse}: the summary, the name map, the soft object paths (their count decides), the
     * import and export maps, the preload dependencies and the data resources; each export's bounds,
     * the end tag and the overlaps of what was read. A split package's .uexp is taken as the export
     * area as it is; a single-file package, or export data starting inside the header, is parsed whole.
     */
    static LegacyHeader parseHeader(byte[] header, byte[] uexp, String name, EngineVersion engine) {
        if (uexp == null) {
            return LegacyHeader.of(parse(header, null, name, engine));
        }
        return new PackageParser(header, uexp, name, null).runHeader(engine);
    }

    private LegacyHeader runHeader(EngineVersion engine) {
        PackageFileSummary s = readSummary(engine);
        NameMap names = readNames(s);
        readSoftObjectPaths(s);
        List<ObjectImport> imports = readImports(s, engine);
        List<ObjectExport> entries = readExportMap(s);
        List<PackageIndex> preload = readPreloadDependencies(s);
        DataResources resources = readDataResources(s);
        long total = (long) header.length + uexp.length;
        for (int i = 0; i < entries.size(); i++) {
            ObjectExport e = entries.get(i);
            checkExportBounds(i, e, total);
            if (e.serialOffset() < header.length) {
                return LegacyHeader.of(parse(header, uexp, name, engine));
            }
            regions.add(new Region(Region.Kind.EXPORT_DATA, i, e.serialOffset(), e.serialSize(), null));
        }
        checkEndTag(total);
        fillGaps(null, total);
        return new LegacyHeader(name, true, s, names, imports, entries, preload, resources.list(), uexp);
    }

    /** The summary, each table at its offset, the export data, then raw regions for every other byte. */
    private AssetPackage run(EngineVersion engine) {
        PackageFileSummary s = readSummary(engine);
        NameMap names = readNames(s);
        List<SoftObjectPathEntry> softObjectPaths = readSoftObjectPaths(s);
        List<ObjectImport> imports = readImports(s, engine);
        List<ObjectExport> entries = readExportMap(s);
        List<List<PackageIndex>> depends = readDependsMap(s);
        List<SoftPackageReference> softRefs = readSoftPackageReferences(s);
        List<SearchableNames> searchable = readSearchableNames(s);
        List<ThumbnailEntry> thumbnails = readThumbnails(s);
        List<PackageIndex> preload = readPreloadDependencies(s);
        DataResources resources = readDataResources(s);

        long total = uexp == null ? header.length : (long) header.length + uexp.length;
        if (placement != null) {
            Placed placed = placement.place(s, List.copyOf(entries), total);
            entries = placed.entries();
            s = placed.summary();
        }
        List<Export> exports = readExports(entries, total);
        checkEndTag(total);
        List<Region> laid = fillGaps(splits(s, thumbnails, total), total);
        return new AssetPackage(name, uexp != null, s, names, imports, exports, depends, softObjectPaths, softRefs, searchable,
                thumbnails, preload, resources.version(), resources.list(), laid);
    }

    private PackageFileSummary readSummary(EngineVersion engine) {
        PackageFileSummary s = PackageFileSummary.read(r, engine);
        regions.add(Region.table(Region.Kind.SUMMARY, 0, r.position()));
        long headerSize = s.totalHeaderSize();
        if (uexp != null && header.length != headerSize) {
            throw new CorruptDataException("Header file is " + header.length + " bytes but TotalHeaderSize is " + headerSize,
                    name, 0, "PackageFileSummary");
        }
        if (headerSize > header.length) {
            throw new TruncatedDataException("TotalHeaderSize " + headerSize + " exceeds the file size " + header.length,
                    name, 0, "PackageFileSummary");
        }
        return s;
    }

    private NameMap readNames(PackageFileSummary s) {
        enter("NameMap", s.nameOffset());
        NameMap names = NameMap.read(r, s.nameCount());
        r.setNameCount(names.size());
        end(Region.Kind.NAME_MAP, s.nameOffset());
        return names;
    }

    private List<SoftObjectPathEntry> readSoftObjectPaths(PackageFileSummary s) {
        List<SoftObjectPathEntry> softObjectPaths = new ArrayList<>();
        if (s.softObjectPathsCount() == 0) {
            emptyTable(Region.Kind.SOFT_OBJECT_PATHS, s.softObjectPathsOffset());
        } else if (s.softObjectPathsOffset() > 0) {
            enter("SoftObjectPaths", s.softObjectPathsOffset());
            r.checkCount(s.softObjectPathsCount(), SoftObjectPathEntry.MIN_SIZE, r.position());
            for (int i = 0; i < s.softObjectPathsCount(); i++) {
                r.structure("SoftObjectPaths[" + i + "]");
                softObjectPaths.add(SoftObjectPathEntry.read(r));
            }
            end(Region.Kind.SOFT_OBJECT_PATHS, s.softObjectPathsOffset());
        }
        return softObjectPaths;
    }

    private List<ObjectImport> readImports(PackageFileSummary s, EngineVersion engine) {
        List<ObjectImport> imports = new ArrayList<>();
        if (s.importCount() == 0) {
            emptyTable(Region.Kind.IMPORT_MAP, s.importOffset());
            return imports;
        }
        enter("ImportMap", s.importOffset());
        r.checkCount(s.importCount(), 28, r.position());
        boolean packageNames = ObjectImport.hasPackageName(r);
        if (ObjectImport.cookedWithTypeHierarchies(r.version(), s.filterEditorOnly())) {
            long bytes = s.exportOffset() > s.importOffset() ? (long) s.exportOffset() - s.importOffset() : -1;
            packageNames = ObjectImport.cookedPackageNames(s.importCount(), bytes, engine);
        }
        for (int i = 0; i < s.importCount(); i++) {
            int atImportMap = i;
            r.structure(() -> "ImportMap[" + atImportMap + "]");
            imports.add(ObjectImport.read(r, packageNames));
        }
        end(Region.Kind.IMPORT_MAP, s.importOffset());
        return imports;
    }

    private List<ObjectExport> readExportMap(PackageFileSummary s) {
        List<ObjectExport> entries = new ArrayList<>();
        if (s.exportCount() == 0) {
            emptyTable(Region.Kind.EXPORT_MAP, s.exportOffset());
            return entries;
        }
        enter("ExportMap", s.exportOffset());
        r.checkCount(s.exportCount(), 60, r.position());
        boolean unversionedProps = s.hasUnversionedProperties();
        for (int i = 0; i < s.exportCount(); i++) {
            int atExportMap = i;
            r.structure(() -> "ExportMap[" + atExportMap + "]");
            entries.add(ObjectExport.read(r, unversionedProps));
        }
        end(Region.Kind.EXPORT_MAP, s.exportOffset());
        return entries;
    }

    private List<List<PackageIndex>> readDependsMap(PackageFileSummary s) {
        if (s.dependsOffset() <= 0) {
            return null;
        }
        enter("DependsMap", s.dependsOffset());
        List<List<PackageIndex>> depends = new ArrayList<>(s.exportCount());
        r.checkCount(s.exportCount(), 4, r.position());
        for (int i = 0; i < s.exportCount(); i++) {
            r.structure("DependsMap[" + i + "]");
            int n = r.readCount(4);
            List<PackageIndex> list = new ArrayList<>(n);
            for (int j = 0; j < n; j++) {
                list.add(r.readPackageIndex());
            }
            depends.add(list);
        }
        end(Region.Kind.DEPENDS_MAP, s.dependsOffset());
        return depends;
    }

    private List<SoftPackageReference> readSoftPackageReferences(PackageFileSummary s) {
        List<SoftPackageReference> softRefs = new ArrayList<>();
        if (s.softPackageReferencesCount() == 0) {
            emptyTable(Region.Kind.SOFT_PACKAGE_REFERENCES, s.softPackageReferencesOffset());
        } else if (s.softPackageReferencesOffset() > 0) {
            enter("SoftPackageReferences", s.softPackageReferencesOffset());
            r.checkCount(s.softPackageReferencesCount(), 4, r.position());
            for (int i = 0; i < s.softPackageReferencesCount(); i++) {
                softRefs.add(SoftPackageReference.read(r));
            }
            end(Region.Kind.SOFT_PACKAGE_REFERENCES, s.softPackageReferencesOffset());
        }
        return softRefs;
    }

    private List<SearchableNames> readSearchableNames(PackageFileSummary s) {
        if (s.searchableNamesOffset() <= 0) {
            return null;
        }
        enter("SearchableNames", s.searchableNamesOffset());
        int n = r.readCount(SearchableNames.MIN_SIZE);
        List<SearchableNames> searchable = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            r.structure("SearchableNames[" + i + "]");
            searchable.add(SearchableNames.read(r));
        }
        end(Region.Kind.SEARCHABLE_NAMES, s.searchableNamesOffset());
        return searchable;
    }

    private List<ThumbnailEntry> readThumbnails(PackageFileSummary s) {
        if (s.thumbnailTableOffset() <= 0) {
            return null;
        }
        enter("ThumbnailTable", s.thumbnailTableOffset());
        int n = r.readCount(ThumbnailEntry.MIN_SIZE);
        List<ThumbnailEntry> thumbnails = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            r.structure("ThumbnailTable[" + i + "]");
            thumbnails.add(ThumbnailEntry.read(r));
        }
        end(Region.Kind.THUMBNAIL_TABLE, s.thumbnailTableOffset());
        return thumbnails;
    }

    private List<PackageIndex> readPreloadDependencies(PackageFileSummary s) {
        List<PackageIndex> preload = new ArrayList<>();
        if (s.preloadDependencyCount() <= 0) {
            emptyTable(Region.Kind.PRELOAD_DEPENDENCIES, s.preloadDependencyOffset());
        } else if (s.preloadDependencyOffset() > 0) {
            enter("PreloadDependencies", s.preloadDependencyOffset());
            r.checkCount(s.preloadDependencyCount(), 4, r.position());
            for (int i = 0; i < s.preloadDependencyCount(); i++) {
                preload.add(r.readPackageIndex());
            }
            end(Region.Kind.PRELOAD_DEPENDENCIES, s.preloadDependencyOffset());
        }
        return preload;
    }

    /** The data resource table's version (0 when absent) and rows (null when absent). */
    private record DataResources(int version, List<DataResource> list) {
    }

    private DataResources readDataResources(PackageFileSummary s) {
        if (!s.version().atLeast(ObjectVersionUE5.DATA_RESOURCES) || s.dataResourceOffset() <= 0) {
            return new DataResources(0, null);
        }
        enter("DataResources", s.dataResourceOffset());
        long at = r.position();
        int version = r.readI32();
        if (version < 1 || version > 2) {
            throw new UnsupportedVersionException("Unsupported data resource version " + version, name, at, "DataResources");
        }
        int n = r.readCount(DataResource.size(version));
        List<DataResource> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            r.structure("DataResources[" + i + "]");
            list.add(DataResource.read(r, version));
        }
        end(Region.Kind.DATA_RESOURCES, s.dataResourceOffset());
        return new DataResources(version, list);
    }

    /** Each export's data at its (placed) serial offset and size, refused when it lies past the package's end. */
    private List<Export> readExports(List<ObjectExport> entries, long total) {
        List<Export> exports = new ArrayList<>(entries.size());
        for (int i = 0; i < entries.size(); i++) {
            ObjectExport e = entries.get(i);
            checkExportBounds(i, e, total);
            exports.add(new Export(i, e, slice(e.serialOffset(), (int) e.serialSize())));
            regions.add(new Region(Region.Kind.EXPORT_DATA, i, e.serialOffset(), e.serialSize(), null));
        }
        return exports;
    }

    /** Refuses export {@code i}'s data when it lies past the package's end. */
    private void checkExportBounds(int i, ObjectExport e, long total) {
        if (e.serialOffset() > total || e.serialSize() > total - e.serialOffset()) {
            boolean inUexp = uexp != null && e.serialOffset() >= header.length;
            throw new TruncatedDataException("Export " + i + " data [" + FormatException.hex(e.serialOffset()) + ", +"
                    + e.serialSize() + ") exceeds the package size " + total, inUexp ? uexpName() : name,
                    inUexp ? e.serialOffset() - header.length : e.serialOffset(), "ExportMap[" + i + "]");
        }
    }

    /** Where the raw bytes are cut: the header end, every unparsed table's offset and each thumbnail. */
    private static NavigableSet<Long> splits(PackageFileSummary s, List<ThumbnailEntry> thumbnails, long total) {
        NavigableSet<Long> splits = new TreeSet<>();
        for (long at : new long[] {s.totalHeaderSize(), s.assetRegistryDataOffset(), s.worldTileInfoDataOffset(),
            s.gatherableTextDataOffset(), s.metaDataOffset(), s.cellExportOffset(), s.cellImportOffset(),
            s.importTypeHierarchiesOffset(), s.bulkDataStartOffset(), s.payloadTocOffset()}) {
            if (at > 0 && at < total) {
                splits.add(at);
            }
        }
        if (thumbnails != null) {
            thumbnails.forEach(t -> splits.add((long) t.fileOffset()));
        }
        return splits;
    }

    /** Every legacy package ends with PACKAGE_FILE_TAG (the post-tag that detects truncated files). */
    private void checkEndTag(long total) {
        byte[] last = total >= 4 ? slice(total - 4, 4) : new byte[0];
        int tag = last.length == 4 ? (last[0] & 0xFF) | (last[1] & 0xFF) << 8 | (last[2] & 0xFF) << 16 | (last[3] & 0xFF) << 24 : 0;
        if (tag != PackageFileSummary.PACKAGE_FILE_TAG) {
            String file = uexp == null ? name : uexpName();
            long at = uexp == null ? Math.max(0, total - 4) : Math.max(0, uexp.length - 4);
            throw new TruncatedDataException("Package does not end with the package tag 0x9E2A83C1 (found "
                    + FormatException.hex(tag & 0xFFFFFFFFL) + "): truncated or not a complete package", file, at, "PackageTag");
        }
    }

    private String uexpName() {
        int dot = name.lastIndexOf('.');
        return (dot > 0 ? name.substring(0, dot) : name) + ".uexp";
    }

    private void enter(String structure, int offset) {
        r.structure(structure);
        if (offset <= 0 || offset > header.length) {
            throw new CorruptDataException(structure + " offset " + offset + " lies outside the header (" + header.length
                    + " bytes)", name, 0, "PackageFileSummary");
        }
        r.seek(offset);
    }

    /**
     * Marks where an empty table sits (so rows added later are written there); dropped when the
     * offset is not a boundary of the layout.
     */
    private void emptyTable(Region.Kind kind, int offset) {
        if (offset > 0 && offset <= header.length) {
            regions.add(new Region(kind, -1, offset, 0, null));
        }
    }

    private void end(Region.Kind kind, int offset) {
        regions.add(Region.table(kind, offset, r.position()));
    }

    private byte[] slice(long start, int length) {
        byte[] out = new byte[length];
        int copied = 0;
        if (start < header.length) {
            int n = (int) Math.min(length, header.length - start);
            System.arraycopy(header, (int) start, out, 0, n);
            copied = n;
        }
        if (copied < length) {
            long from = start + copied - header.length;
            System.arraycopy(uexp, (int) from, out, copied, length - copied);
        }
        return out;
    }

    /**
     * Sorts the regions, refuses overlaps and covers every other byte with raw regions; with
     * {@code splits} null only refuses overlaps (and returns the regions read).
     */
    private List<Region> fillGaps(NavigableSet<Long> splits, long total) {
        regions.sort(Comparator.comparingLong(Region::start).thenComparingLong(Region::length));
        List<Region> out = new ArrayList<>();
        long cursor = 0;
        Region previous = null;
        for (Region reg : regions) {
            if (reg.length() == 0 && reg.kind() != Region.Kind.EXPORT_DATA
                    && (reg.start() < cursor || out.stream().anyMatch(o -> o.kind() == reg.kind()))) {
                continue;
            }
            if (reg.start() < cursor) {
                throw new CorruptDataException(describe(reg) + " at " + FormatException.hex(reg.start()) + " overlaps "
                        + describe(previous) + " ending at " + FormatException.hex(cursor), name, reg.start(), "PackageLayout");
            }
            if (splits != null) {
                addRaw(out, cursor, reg.start(), splits);
            }
            out.add(reg);
            cursor = Math.max(cursor, reg.end());
            previous = reg;
        }
        if (splits != null) {
            addRaw(out, cursor, total, splits);
        }
        return out;
    }

    /** Adds raw regions covering [from, to), cut at every known offset of an unparsed table and at the header end. */
    private void addRaw(List<Region> out, long from, long to, NavigableSet<Long> splits) {
        long start = from;
        for (long cut : splits.subSet(from, false, to, false)) {
            out.add(new Region(Region.Kind.RAW, -1, start, cut - start, slice(start, (int) (cut - start))));
            start = cut;
        }
        if (to > start) {
            out.add(new Region(Region.Kind.RAW, -1, start, to - start, slice(start, (int) (to - start))));
        }
    }

    private static String describe(Region reg) {
        return reg.kind() == Region.Kind.EXPORT_DATA ? "Export " + reg.exportIndex() + " data" : reg.kind().toString();
    }
}
