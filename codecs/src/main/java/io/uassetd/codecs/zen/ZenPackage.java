package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A Zen package (the package-data chunk of an IoStore container, or a .uzenasset): its header,
 * section by section, and the export data that follows it. {@link #read} then {@link #toBytes}
 * gives the same bytes; the writer recomputes every offset and size.
 *
 * <p>UE4.26/4.27 ({@link ZenLayout#UE4_PACKAGE_SUMMARY}): FPackageSummary, name strings, name hashes
 * (8-aligned), import map, export map, export bundle headers and entries, graph data. UE5:
 * FZenPackageSummary, [versioning info], [cell offsets], name batch, [padding, bulk data map],
 * imported public export hashes, import map, export map, [cell maps], export bundle entries, then
 * the graph data (5.0 to 5.2, kept raw) or the dependency bundle headers and entries and the imported
 * package names (5.3+).
 *
 * @param ue4Summary the UE4 summary, or null
 * @param summary the UE5 summary, or null
 * @param versioning versioning info of a versioned UE5 package, else null
 * @param cellOffsets true when FZenPackageCellOffsets is stored
 * @param bulkDataPadding the stored padding count before the bulk data map (5.4+), or -1 when absent
 * @param bulkDataMap null when the layout has no bulk data map
 * @param gapBeforeHashes zero bytes between the previous section and the imported public export hashes
 * @param exportBundleHeaders UE4 only (empty otherwise)
 * @param graphPackages UE4 graph data (empty otherwise)
 * @param rawGraphData UE5.0 to 5.2 graph data (export bundle headers and arcs), kept raw; else null
 */
public record ZenPackage(ZenLayout layout, Ue4PackageSummary ue4Summary, ZenSummary summary,
        ZenVersioningInfo versioning, boolean cellOffsets, NameBatch names, long bulkDataPadding,
        List<BulkDataMapEntry> bulkDataMap, int gapBeforeHashes, long[] importedPublicExportHashes,
        List<PackageObjectIndex> importMap, List<ExportMapEntry> exportMap, byte[] cellImportMap, byte[] cellExportMap,
        List<ExportBundleHeader> exportBundleHeaders, List<ExportBundleEntry> exportBundleEntries,
        List<GraphPackage> graphPackages, byte[] rawGraphData, List<DependencyBundleHeader> dependencyBundleHeaders,
        int[] dependencyBundleEntries, ImportedPackageNames importedPackageNames, byte[] exportData) {

    /** Reads a Zen package laid out as {@code engine} writes it (versioned packages refine the layout). */
    public static ZenPackage read(byte[] data, String source, EngineVersion engine) {
        return read(data, source, engine.zenLayout());
    }

    /**
     * Reads a package whose engine is not known: tries every layout, newest first, and takes the
     * first that reads and writes back byte for byte; when none does, the error lists every attempt.
     */
    public static ZenPackage readAny(byte[] data, String source) {
        StringBuilder why = new StringBuilder();
        ZenLayout[] layouts = ZenLayout.values();
        UnsupportedVersionException newest = null;
        for (int i = layouts.length - 1; i >= 0; i--) {
            try {
                ZenPackage p = read(data, source, layouts[i]);
                if (Arrays.equals(p.toBytes(), data)) {
                    return p;
                }
                why.append("; ").append(layouts[i]).append(": does not write back the same bytes");
            } catch (CorruptDataException e) {
                why.append("; ").append(layouts[i]).append(": ").append(e.detail());
            } catch (UnsupportedVersionException e) {
                // a version field read under the wrong layout may look newer: only the newest layout's verdict stands
                if (i == layouts.length - 1) {
                    newest = e;
                }
                why.append("; ").append(layouts[i]).append(": ").append(e.detail());
            }
        }
        if (newest != null) {
            throw newest;
        }
        throw new CorruptDataException("No Zen package layout fits" + why, source, 0, "ZenPackage");
    }

    public static ZenPackage read(byte[] data, String source, ZenLayout layout) {
        ByteReader r = ByteReader.of(source, 0, data, "ZenPackage");
        try {
            return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? readUe4(r, data) : readUe5(r, data, layout);
        } catch (IllegalArgumentException | IndexOutOfBoundsException | ArithmeticException e) {
            // a record invariant or a section bound no check above foresaw: still a corrupt package
            throw new CorruptDataException("Inconsistent Zen package header: " + e.getMessage(), source, r.offset(),
                    r.structure(), e);
        }
    }

    private static ZenPackage readUe4(ByteReader r, byte[] data) {
        Ue4PackageSummary s = Ue4PackageSummary.read(r);
        long headerSize = s.headerSize();
        checkRange(r, "graph data end", headerSize, data.length);
        expect(r, "name strings", s.nameMapNamesOffset(), Ue4PackageSummary.SIZE);
        NameBatch names = Ue4NameMap.read(r, s.nameMapNamesOffset(), s.nameMapNamesSize(), s.nameMapHashesOffset(),
                s.nameMapHashesSize());
        expect(r, "name hashes", s.nameMapHashesOffset(), align8(s.nameMapNamesOffset() + s.nameMapNamesSize()));
        r.position(s.nameMapNamesOffset() + s.nameMapNamesSize());
        requireZeros(r, r.bytes(s.nameMapHashesOffset() - r.position()), "alignment before the name hashes");
        expect(r, "import map", s.importMapOffset(), s.nameMapHashesOffset() + s.nameMapHashesSize());
        r.position(s.importMapOffset());
        List<PackageObjectIndex> imports = readImports(r, s.importMapOffset(), s.exportMapOffset());
        r.structure("FExportMapEntry");
        int exportCount = count(r, "export map", s.exportMapOffset(), s.exportBundlesOffset(), ExportMapEntry.SIZE);
        List<ExportMapEntry> exports = readExports(r, s.exportMapOffset(), exportCount);
        int bundleBytes = s.graphDataOffset() - s.exportBundlesOffset() - 2 * exportCount * ExportBundleEntry.SIZE;
        if (bundleBytes < 0 || bundleBytes % 8 != 0) {
            throw new CorruptDataException("Export bundles (" + (s.graphDataOffset() - s.exportBundlesOffset())
                    + " bytes) do not hold 8-byte headers and a Create and Serialize entry per export (" + exportCount
                    + ")", r.source(), s.exportBundlesOffset(), "FExportBundleHeader");
        }
        r.structure("FExportBundleHeader");
        List<ExportBundleHeader> headers = new ArrayList<>();
        for (int i = 0; i < bundleBytes / 8; i++) {
            headers.add(ExportBundleHeader.read(r, ZenLayout.UE4_PACKAGE_SUMMARY));
        }
        List<ExportBundleEntry> entries = readBundleEntries(r, 2 * exportCount, exportCount);
        r.position(s.graphDataOffset());
        List<GraphPackage> graph = GraphPackage.readAll(r);
        expect(r, "graph data end", r.position(), headerSize);
        byte[] exportData = Arrays.copyOfRange(data, (int) headerSize, data.length);
        return new ZenPackage(ZenLayout.UE4_PACKAGE_SUMMARY, s, null, null, false, names, -1, null, 0, new long[0],
                imports, exports, new byte[0], new byte[0], headers, entries, graph, null, List.of(), new int[0], null,
                exportData);
    }

    private static ZenPackage readUe5(ByteReader r, byte[] data, ZenLayout layout) {
        ZenSummary s = ZenSummary.read(r, layout);
        checkRange(r, "header size", s.headerSize(), data.length);
        ZenVersioningInfo versioning = s.versioned() ? ZenVersioningInfo.read(r) : null;
        boolean cells = versioning != null
                ? versioning.packageVersion().atLeast(ObjectVersionUE5.VERSE_CELLS)
                : layout.atLeast(ZenLayout.VERSE_CELLS);
        int cellImportOffset = s.exportBundleEntriesOffset();
        int cellExportOffset = s.exportBundleEntriesOffset();
        if (cells) {
            r.structure("FZenPackageCellOffsets");
            cellImportOffset = r.i32();
            cellExportOffset = r.i32();
        }
        NameBatch names = NameBatch.read(r);
        boolean bulk = versioning != null
                ? versioning.packageVersion().atLeast(ObjectVersionUE5.DATA_RESOURCES)
                : layout.atLeast(ZenLayout.BULK_DATA_MAP);
        long padding = -1;
        List<BulkDataMapEntry> bulkMap = null;
        if (bulk) {
            r.structure("FBulkDataMapEntry");
            int p = r.position();
            long first = r.i64();
            boolean padded = layout.atLeast(ZenLayout.PADDED_BULK_DATA_MAP);
            if (versioning != null) {
                // versioned packages do not say 5.3 or 5.4: the padded form is the one that ends at the hashes
                padded = false;
                if (first >= 0 && first < 8 && r.remaining() >= first + 8) {
                    r.skip((int) first);
                    long size = r.i64();
                    padded = size >= 0 && size % BulkDataMapEntry.SIZE == 0
                            && r.position() + size == s.importedPublicExportHashesOffset();
                    r.position(p + 8);
                }
            }
            long size = first;
            if (padded) {
                padding = first;
                checkRange(r, "bulk data padding", padding, 7);
                byte[] pad = r.bytes((int) padding);
                requireZeros(r, pad, "bulk data padding");
                size = r.i64();
            }
            if (size < 0 || size % BulkDataMapEntry.SIZE != 0 || size > r.remaining()) {
                throw new CorruptDataException("Bulk data map size " + size + " is not a multiple of 32 that fits",
                        r.source(), r.offset() - 8, "FBulkDataMapEntry");
            }
            bulkMap = new ArrayList<>();
            for (long i = 0; i < size / BulkDataMapEntry.SIZE; i++) {
                bulkMap.add(BulkDataMapEntry.read(r));
            }
        }
        r.structure("FZenPackageSummary");
        int gap = s.importedPublicExportHashesOffset() - r.position();
        if (gap < 0 || gap > 7) {
            throw new CorruptDataException("Imported public export hashes at +" + s.importedPublicExportHashesOffset()
                    + " but the previous section ends at +" + r.position(), r.source(), r.offset(), "FZenPackageSummary");
        }
        requireZeros(r, r.bytes(gap), "alignment before the imported public export hashes");
        r.structure("ImportedPublicExportHashes");
        int hashCount = count(r, "imported public export hashes", s.importedPublicExportHashesOffset(),
                s.importMapOffset(), 8);
        long[] hashes = new long[hashCount];
        for (int i = 0; i < hashCount; i++) {
            hashes[i] = r.raw64();
        }
        List<PackageObjectIndex> imports = readImports(r, s.importMapOffset(), s.exportMapOffset());
        r.structure("FExportMapEntry");
        int exportCount = count(r, "export map", s.exportMapOffset(), cellImportOffset, ExportMapEntry.SIZE);
        List<ExportMapEntry> exports = readExports(r, s.exportMapOffset(), exportCount);
        checkOrder(r, "cell export map", cellImportOffset, cellExportOffset);
        checkOrder(r, "export bundle entries", cellExportOffset, s.exportBundleEntriesOffset());
        byte[] cellImports = Arrays.copyOfRange(data, cellImportOffset, cellExportOffset);
        byte[] cellExports = Arrays.copyOfRange(data, cellExportOffset, s.exportBundleEntriesOffset());
        r.position(s.exportBundleEntriesOffset());
        r.structure("FExportBundleEntry");
        if (!layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            int entryCount = count(r, "export bundle entries", s.exportBundleEntriesOffset(), s.graphDataOffset(),
                    ExportBundleEntry.SIZE);
            List<ExportBundleEntry> entries = readBundleEntries(r, entryCount, exportCount);
            checkOrder(r, "header end", s.graphDataOffset(), (int) s.headerSize());
            byte[] graph = Arrays.copyOfRange(data, s.graphDataOffset(), (int) s.headerSize());
            return new ZenPackage(layout, null, s, versioning, cells, names, padding, bulkMap, gap, hashes, imports,
                    exports, cellImports, cellExports, List.of(), entries, List.of(), graph, List.of(), new int[0], null,
                    Arrays.copyOfRange(data, (int) s.headerSize(), data.length));
        }
        int entryCount = count(r, "export bundle entries", s.exportBundleEntriesOffset(),
                s.dependencyBundleHeadersOffset(), ExportBundleEntry.SIZE);
        List<ExportBundleEntry> entries = readBundleEntries(r, entryCount, exportCount);
        r.structure("FDependencyBundleHeader");
        int depCount = count(r, "dependency bundle headers", s.dependencyBundleHeadersOffset(),
                s.dependencyBundleEntriesOffset(), DependencyBundleHeader.SIZE);
        r.structure("FDependencyBundleHeader");
        List<DependencyBundleHeader> depHeaders = new ArrayList<>(depCount);
        for (int i = 0; i < depCount; i++) {
            depHeaders.add(DependencyBundleHeader.read(r));
        }
        r.structure("FDependencyBundleEntry");
        int depEntryCount = count(r, "dependency bundle entries", s.dependencyBundleEntriesOffset(),
                s.importedPackageNamesOffset(), 4);
        r.structure("FDependencyBundleEntry");
        int[] depEntries = new int[depEntryCount];
        for (int i = 0; i < depEntryCount; i++) {
            depEntries[i] = r.i32();
        }
        for (int i = 0; i < depCount; i++) {
            DependencyBundleHeader h = depHeaders.get(i);
            if (h.total() != 0 && (h.firstEntryIndex() < 0 || h.total() < 0
                    || (long) h.firstEntryIndex() + h.total() > depEntryCount)) {
                throw new CorruptDataException("Dependency bundle " + i + " (first " + h.firstEntryIndex() + ", "
                        + h.total() + " entries) runs past the " + depEntryCount + " entries", r.source(),
                        s.dependencyBundleHeadersOffset() + (long) i * DependencyBundleHeader.SIZE, "FDependencyBundleHeader");
            }
        }
        ImportedPackageNames importedNames = ImportedPackageNames.read(r);
        expect(r, "header end", (int) s.headerSize(), r.position());
        return new ZenPackage(layout, null, s, versioning, cells, names, padding, bulkMap, gap, hashes, imports,
                exports, cellImports, cellExports, List.of(), entries, List.of(), null, depHeaders, depEntries,
                importedNames, Arrays.copyOfRange(data, (int) s.headerSize(), data.length));
    }

    // ---- writing ------------------------------------------------------------------------------------

    /** The package bytes: the header with every offset recomputed, then the export data. */
    public byte[] toBytes() {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? writeUe4() : writeUe5();
    }

    private byte[] writeUe4() {
        ByteWriter w = new ByteWriter(exportData.length + 4096);
        w.zeros(Ue4PackageSummary.SIZE);
        int namesOffset = w.size();
        int namesSize = Ue4NameMap.writeNames(w, names);
        w.padTo(8);
        int hashesOffset = w.size();
        int hashesSize = Ue4NameMap.writeHashes(w, names);
        int importOffset = w.size();
        importMap.forEach(i -> w.u64(i.raw()));
        int exportOffset = w.size();
        exportMap.forEach(e -> e.write(w));
        int bundlesOffset = w.size();
        exportBundleHeaders.forEach(h -> h.write(w, layout));
        exportBundleEntries.forEach(e -> e.write(w));
        int graphOffset = w.size();
        GraphPackage.writeAll(w, graphPackages);
        int graphSize = w.size() - graphOffset;
        w.bytes(exportData);
        Ue4PackageSummary s = ue4Summary;
        Ue4PackageSummary out = new Ue4PackageSummary(s.name(), s.sourceName(), s.packageFlags(), s.cookedHeaderSize(),
                namesOffset, namesSize, hashesOffset, hashesSize, importOffset, exportOffset, bundlesOffset, graphOffset,
                graphSize, s.pad());
        ByteWriter head = new ByteWriter(Ue4PackageSummary.SIZE);
        out.write(head);
        byte[] bytes = w.toByteArray();
        System.arraycopy(head.toByteArray(), 0, bytes, 0, Ue4PackageSummary.SIZE);
        return bytes;
    }

    private byte[] writeUe5() {
        // the header alone, then one array of the package's exact size: header + export data
        ByteWriter w = new ByteWriter(4096);
        int summarySize = ZenSummary.size(layout);
        w.zeros(summarySize);
        if (versioning != null) {
            versioning.write(w);
        }
        int cellsAt = w.size();
        if (cellOffsets) {
            w.zeros(8);
        }
        names.write(w);
        if (bulkDataMap != null) {
            if (bulkDataPadding >= 0) {
                w.u64(bulkDataPadding).zeros((int) bulkDataPadding);
            }
            w.u64((long) bulkDataMap.size() * BulkDataMapEntry.SIZE);
            bulkDataMap.forEach(b -> b.write(w));
        }
        w.zeros(gapBeforeHashes);
        int hashesOffset = w.size();
        for (long h : importedPublicExportHashes) {
            w.u64(h);
        }
        int importOffset = w.size();
        importMap.forEach(i -> w.u64(i.raw()));
        int exportOffset = w.size();
        exportMap.forEach(e -> e.write(w));
        int cellImportOffset = w.size();
        w.bytes(cellImportMap);
        int cellExportOffset = w.size();
        w.bytes(cellExportMap);
        int bundleOffset = w.size();
        exportBundleEntries.forEach(e -> e.write(w));
        int graphOffset = -1;
        int depHeadersOffset = -1;
        int depEntriesOffset = -1;
        int importedNamesOffset = -1;
        if (layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            depHeadersOffset = w.size();
            dependencyBundleHeaders.forEach(h -> h.write(w));
            depEntriesOffset = w.size();
            for (int e : dependencyBundleEntries) {
                ZenSummary.i32(w, e);
            }
            importedNamesOffset = w.size();
            importedPackageNames.write(w);
        } else {
            graphOffset = w.size();
            w.bytes(rawGraphData);
        }
        int headerSize = w.size();
        ZenSummary s = summary;
        ZenSummary out = new ZenSummary(s.hasVersioningInfo(), headerSize, s.name(), s.packageFlags(),
                s.cookedHeaderSize(), hashesOffset, importOffset, exportOffset, bundleOffset, graphOffset,
                depHeadersOffset, depEntriesOffset, importedNamesOffset);
        if ((long) headerSize + exportData.length > Integer.MAX_VALUE - 16) {
            throw new IllegalStateException("Buffer would exceed 2 GiB");
        }
        byte[] bytes = new byte[headerSize + exportData.length];
        System.arraycopy(w.array(), 0, bytes, 0, headerSize);
        System.arraycopy(exportData, 0, bytes, headerSize, exportData.length);
        ByteWriter head = new ByteWriter(summarySize);
        out.write(head, layout);
        System.arraycopy(head.toByteArray(), 0, bytes, 0, summarySize);
        if (cellOffsets) {
            ByteWriter c = new ByteWriter(8);
            ZenSummary.i32(c, cellImportOffset);
            ZenSummary.i32(c, cellExportOffset);
            System.arraycopy(c.toByteArray(), 0, bytes, cellsAt, 8);
        }
        return bytes;
    }

    // ---- queries ------------------------------------------------------------------------------------

    /** The header size: where the export data starts. */
    public long headerSize() {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? ue4Summary.headerSize() : summary.headerSize();
    }

    /** Size of the legacy header (.uasset) the export map's cooked serial offsets count from. */
    public long cookedHeaderSize() {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? ue4Summary.cookedHeaderSize() : summary.cookedHeaderSize();
    }

    public long packageFlags() {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? ue4Summary.packageFlags() : summary.packageFlags();
    }

    /** The package's name (e.g. {@code /Game/Maps/Map}) from its name map. */
    public String packageName() {
        return name(packageMappedName());
    }

    /** The package's name as stored: an index into the name map and a number. */
    public MappedName packageMappedName() {
        return layout == ZenLayout.UE4_PACKAGE_SUMMARY ? ue4Summary.name() : summary.name();
    }

    /** A local mapped name's text with its number suffix. */
    public String name(MappedName n) {
        if (n.mapType() != 0 || n.index() >= names.size()) {
            throw new CorruptDataException("Mapped name " + n.index() + " (map type " + n.mapType() + ") is not in the "
                    + names.size() + "-name package map", null, -1, "FMappedName");
        }
        return n.resolve(names.get(n.index()));
    }

    /**
     * Where each export's data starts in {@link #exportData()}. From 5.3 on it is the export's
     * CookedSerialOffset; before, the Serialize commands of the export bundles, in order, lay the
     * exports out one after another. -1 for an export that is never serialized.
     */
    public long[] exportDataOffsets() {
        long[] at = new long[exportMap.size()];
        Arrays.fill(at, -1);
        if (layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            // 5.3+: the export data is the legacy export area as it was; CookedSerialOffset counts from its start
            for (int i = 0; i < at.length; i++) {
                ExportMapEntry e = exportMap.get(i);
                if (e.cookedSerialOffset() + e.cookedSerialSize() > exportData.length) {
                    throw new CorruptDataException("Export " + i + " (" + e.cookedSerialSize() + " bytes at +"
                            + e.cookedSerialOffset() + ") runs past the " + exportData.length + " bytes of export data",
                            null, headerSize(), "FExportMapEntry");
                }
                at[i] = e.cookedSerialOffset();
            }
            return at;
        }
        long pos = 0;
        for (ExportBundleEntry e : exportBundleEntries) {
            if (e.commandType() == ExportBundleEntry.SERIALIZE) {
                at[e.localExportIndex()] = pos;
                pos += exportMap.get(e.localExportIndex()).cookedSerialSize();
            }
        }
        if (pos > exportData.length) {
            throw new CorruptDataException("Exports need " + pos + " bytes of export data but the package holds "
                    + exportData.length, null, headerSize(), "ExportData");
        }
        return at;
    }

    // ---- helpers ------------------------------------------------------------------------------------

    private static List<PackageObjectIndex> readImports(ByteReader r, int from, int to) {
        r.structure("FPackageObjectIndex");
        int n = count(r, "import map", from, to, 8);
        r.position(from);
        List<PackageObjectIndex> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(new PackageObjectIndex(r.raw64()));
        }
        return out;
    }

    private static List<ExportMapEntry> readExports(ByteReader r, int from, int n) {
        r.structure("FExportMapEntry");
        r.position(from);
        List<ExportMapEntry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(ExportMapEntry.read(r));
        }
        return out;
    }

    private static List<ExportBundleEntry> readBundleEntries(ByteReader r, int n, int exportCount) {
        r.structure("FExportBundleEntry");
        List<ExportBundleEntry> out = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            out.add(ExportBundleEntry.read(r, exportCount));
        }
        return out;
    }

    /** Elements of {@code size} bytes between two offsets, checked to be whole and inside the data. */
    private static int count(ByteReader r, String what, int from, int to, int size) {
        if (from < 0 || to < from || to > r.size() || (to - from) % size != 0) {
            throw new CorruptDataException("Section " + what + " from +" + from + " to +" + to + " is not a whole number"
                    + " of " + size + "-byte entries inside the " + r.size() + "-byte package", r.source(), Math.max(from, 0),
                    r.structure());
        }
        if (r.position() != from) {
            throw new CorruptDataException("Section " + what + " starts at +" + from + " but the previous section ends at +"
                    + r.position(), r.source(), from, r.structure());
        }
        return (to - from) / size;
    }

    private static void checkOrder(ByteReader r, String what, int from, int to) {
        if (from < 0 || to < from || to > r.size()) {
            throw new CorruptDataException("Section before " + what + " runs from +" + from + " to +" + to
                    + " in a " + r.size() + "-byte package", r.source(), Math.max(from, 0), r.structure());
        }
    }

    private static void expect(ByteReader r, String what, long actual, long expected) {
        if (actual != expected) {
            throw new CorruptDataException("Section " + what + " at +" + actual + ", expected +" + expected, r.source(),
                    actual, r.structure());
        }
    }

    private static void checkRange(ByteReader r, String what, long value, long max) {
        if (value < 0 || value > max) {
            throw new CorruptDataException("The " + what + " " + value + " is outside 0.." + max, r.source(), 0,
                    r.structure());
        }
    }

    private static void requireZeros(ByteReader r, byte[] b, String what) {
        for (byte x : b) {
            if (x != 0) {
                throw new CorruptDataException("Non-zero byte in the " + what, r.source(), r.offset() - b.length,
                        r.structure());
            }
        }
    }

    private static int align8(int v) {
        return (v + 7) & ~7;
    }
}
