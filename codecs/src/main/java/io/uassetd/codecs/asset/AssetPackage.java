package io.uassetd.codecs.asset;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.AtomicFileSet;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A legacy Unreal package (.uasset/.umap with its .uexp, or a single-file editor package) as an
 * object model: summary, name map, import and export maps, the other header tables, and each
 * export's data. Export serial offsets span the header file and the .uexp as one package.
 *
 * <pre>{@code
 * AssetPackage pkg = AssetPackage.open(Path.of("Items.uasset"), EngineVersion.UE4_23);
 * pkg.names().add("NewName");
 * pkg.write(Path.of("out/Items.uasset"));
 * }</pre>
 *
 * <p>Not thread-safe: one thread edits a package at a time.
 */
public final class AssetPackage {
    /** Extensions of the bulk-data files kept next to a package and copied with it. */
    private static final String[] COMPANIONS = {".ubulk", ".uptnl", ".m.ubulk"};

    private final String name;
    private final boolean split;
    private PackageFileSummary summary;
    private final NameMap names;
    private final List<ObjectImport> imports;
    private final List<Export> exports;
    private final List<List<PackageIndex>> dependsMap;
    private final List<SoftObjectPathEntry> softObjectPaths;
    private final List<SoftPackageReference> softPackageReferences;
    private final List<SearchableNames> searchableNames;
    private List<ThumbnailEntry> thumbnails;
    private final List<PackageIndex> preloadDependencies;
    private final int dataResourceVersion;
    private final List<DataResource> dataResources;
    private final List<Region> regions;
    private Path source;

    AssetPackage(String name, boolean split, PackageFileSummary summary, NameMap names, List<ObjectImport> imports,
            List<Export> exports, List<List<PackageIndex>> dependsMap, List<SoftObjectPathEntry> softObjectPaths,
            List<SoftPackageReference> softPackageReferences, List<SearchableNames> searchableNames,
            List<ThumbnailEntry> thumbnails, List<PackageIndex> preloadDependencies, int dataResourceVersion,
            List<DataResource> dataResources, List<Region> regions) {
        this.name = name;
        this.split = split;
        this.summary = summary;
        this.names = names;
        this.imports = imports;
        this.exports = exports;
        this.dependsMap = dependsMap;
        this.softObjectPaths = softObjectPaths;
        this.softPackageReferences = softPackageReferences;
        this.searchableNames = searchableNames;
        this.thumbnails = thumbnails;
        this.preloadDependencies = preloadDependencies;
        this.dataResourceVersion = dataResourceVersion;
        this.dataResources = dataResources;
        this.regions = List.copyOf(regions);
    }

    /** The bytes of a written package: the header file and the .uexp (empty for a single-file package). */
    public record Bytes(byte[] header, byte[] exports) {
        /**
         * Writes the header to {@code path} and, when there is one, the .uexp beside it, as one
         * {@link AtomicFileSet} (both new or both old after any failure).
         */
        public void writeTo(Path path) {
            try (AtomicFileSet set = AtomicFileSet.open()) {
                set.stage(path, header);
                if (exports.length > 0) {
                    set.stage(sibling(path, ".uexp"), exports);
                }
                set.commit();
            }
        }
    }

    // ---- opening -----------------------------------------------------------------------------------

    /**
     * Opens a package from its .uasset/.umap path; the .uexp next to it, when present, is read as the
     * rest of the package. {@code engine} is required for unversioned packages and may be null
     * otherwise.
     */
    public static AssetPackage open(Path path, EngineVersion engine) {
        try {
            byte[] header = Files.readAllBytes(path);
            Path uexp = sibling(path, ".uexp");
            byte[] tail = Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null;
            AssetPackage p = PackageParser.parse(header, tail, path.getFileName().toString(), engine);
            p.source = path;
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** {@link #open(Path, EngineVersion)} from the files' bytes already read ({@code tail} the .uexp or null). */
    static AssetPackage open(Path path, byte[] header, byte[] tail, EngineVersion engine) {
        AssetPackage p = PackageParser.parse(header, tail, path.getFileName().toString(), engine);
        p.source = path;
        return p;
    }

    /** True when the bytes start with the legacy package tag 0x9E2A83C1 (Zen packages do not). */
    public static boolean isLegacyPackage(byte[] start) {
        return start.length >= 4 && ((start[0] & 0xFF) | (start[1] & 0xFF) << 8 | (start[2] & 0xFF) << 16
                | (start[3] & 0xFF) << 24) == PackageFileSummary.PACKAGE_FILE_TAG;
    }

    /** Opens a package from memory (e.g. from a pak); {@code exports} is the .uexp content or null. */
    public static AssetPackage read(byte[] header, byte[] exports, String fileName, EngineVersion engine) {
        return PackageParser.parse(header, exports, fileName, engine);
    }

    /**
     * A package from its parts exactly as a reader produced them (e.g. from a lossless serialized
     * form): the summary with its offsets as read, the tables, each export's entry and bytes, and
     * the layout of every span. Writing it gives the bytes the parts describe.
     */
    public static AssetPackage assemble(String fileName, boolean split, PackageFileSummary summary, NameMap names,
            List<ObjectImport> imports, List<ObjectExport> exportEntries, List<byte[]> exportData,
            List<List<PackageIndex>> dependsMap, List<SoftObjectPathEntry> softObjectPaths,
            List<SoftPackageReference> softPackageReferences, List<SearchableNames> searchableNames,
            List<ThumbnailEntry> thumbnails, List<PackageIndex> preloadDependencies, int dataResourceVersion,
            List<DataResource> dataResources, List<Region> regions) {
        if (exportEntries.size() != exportData.size()) {
            throw new IllegalArgumentException(exportEntries.size() + " export entries but " + exportData.size() + " data blocks");
        }
        List<Export> exports = new ArrayList<>(exportEntries.size());
        for (int i = 0; i < exportEntries.size(); i++) {
            exports.add(new Export(i, exportEntries.get(i), exportData.get(i).clone()));
        }
        return new AssetPackage(fileName, split, summary, names, new ArrayList<>(imports), exports,
                dependsMap == null ? null : new ArrayList<>(dependsMap), new ArrayList<>(softObjectPaths),
                new ArrayList<>(softPackageReferences), searchableNames == null ? null : new ArrayList<>(searchableNames),
                thumbnails == null ? null : new ArrayList<>(thumbnails), new ArrayList<>(preloadDependencies),
                dataResourceVersion, dataResources == null ? null : new ArrayList<>(dataResources), regions);
    }

    // ---- writing -----------------------------------------------------------------------------------

    /** Serializes the package with offsets recomputed; byte-identical when nothing was edited. */
    public Bytes toBytes() {
        return new PackageSerializer(this).serialize();
    }

    /**
     * Writes the package to {@code path} (and the .uexp next to it for a split package) as one
     * {@link AtomicFileSet}: after a failure or crash either every file is the old one or every
     * file is the new one. Bulk-data companions (.ubulk, ...) of the source are copied alongside, in
     * the same set, when writing elsewhere.
     */
    public void write(Path path) {
        try (AtomicFileSet set = AtomicFileSet.open()) {
            write(path, set);
            set.commit();
        }
    }

    /** Stages the package's files (as {@link #write(Path)} writes them) in {@code set}; the caller commits. */
    public void write(Path path, AtomicFileSet set) {
        Bytes b = toBytes();
        set.stage(path, b.header());
        if (split) {
            set.stage(sibling(path, ".uexp"), b.exports());
        }
        if (source != null && !source.toAbsolutePath().normalize().equals(path.toAbsolutePath().normalize())) {
            for (String ext : COMPANIONS) {
                Path from = sibling(source, ext);
                if (Files.isRegularFile(from)) {
                    set.stageCopy(from, sibling(path, ext));
                }
            }
        }
    }

    /** The path with its extension replaced ({@code X.uasset} -> {@code X.uexp}). */
    public static Path sibling(Path path, String extension) {
        String file = path.getFileName().toString();
        int dot = file.lastIndexOf('.');
        String base = dot > 0 ? file.substring(0, dot) : file;
        return path.resolveSibling(base + extension);
    }

    // ---- model -------------------------------------------------------------------------------------

    /** The file name used in messages. */
    public String name() {
        return name;
    }

    /** The path the package was opened from, or null when read from memory. */
    public Path source() {
        return source;
    }

    /** True when the package is a .uasset + .uexp pair. */
    public boolean isSplit() {
        return split;
    }

    public PackageFileSummary summary() {
        return summary;
    }

    /** Replaces the (immutable) summary: the package writer relocates counts and offsets on write. */
    void replaceSummary(PackageFileSummary s) {
        this.summary = s;
    }

    /** The versions the package is read and written with. */
    public PackageVersion version() {
        return summary.version();
    }

    public NameMap names() {
        return names;
    }

    public List<ObjectImport> imports() {
        return Collections.unmodifiableList(imports);
    }

    public ObjectImport importAt(int index) {
        return imports.get(index);
    }

    /** Appends an import and returns its package index. */
    public PackageIndex addImport(ObjectImport imp) {
        imports.add(imp);
        return PackageIndex.ofImport(imports.size() - 1);
    }

    public List<Export> exports() {
        return Collections.unmodifiableList(exports);
    }

    public Export export(int index) {
        return exports.get(index);
    }

    // The table lists below are live: edits to them are written (counts and offsets follow).

    /** The depends map (one list per export), or null when the package has none. */
    public List<List<PackageIndex>> dependsMap() {
        return dependsMap;
    }

    public List<SoftObjectPathEntry> softObjectPaths() {
        return softObjectPaths;
    }

    public List<SoftPackageReference> softPackageReferences() {
        return softPackageReferences;
    }

    /** The searchable names map, or null when the package has none. */
    public List<SearchableNames> searchableNames() {
        return searchableNames;
    }

    /** The thumbnail table, or null when the package has none. */
    public List<ThumbnailEntry> thumbnails() {
        return thumbnails;
    }

    void setThumbnails(List<ThumbnailEntry> thumbnails) {
        this.thumbnails = thumbnails;
    }

    public List<PackageIndex> preloadDependencies() {
        return preloadDependencies;
    }

    public int dataResourceVersion() {
        return dataResourceVersion;
    }

    /** The data resource table (UE5.2+), or null when absent. */
    public List<DataResource> dataResources() {
        return dataResources;
    }

    /** The package's spans as read (or assembled), in file order. */
    public List<Region> regions() {
        return regions;
    }

    /**
     * The raw bytes of a header span the model does not parse (asset registry data, gatherable
     * text, world tile info, thumbnails' image data, ...), by its absolute offset; empty when no raw
     * span starts there.
     */
    public byte[] rawSpanAt(long offset) {
        for (Region r : regions) {
            if (r.kind() == Region.Kind.RAW && r.start() == offset) {
                return r.raw().clone();
            }
        }
        return new byte[0];
    }

    /**
     * The bytes after the header (from TotalHeaderSize to the end: a split package's .uexp) exactly
     * as read, without serializing anything; null when an export was edited since (its bytes are then
     * only known through {@link #toBytes()}).
     */
    public byte[] storedExportArea() {
        long start = summary.totalHeaderSize();
        List<byte[]> parts = new ArrayList<>();
        long pos = start;
        int size = 0;
        for (Region r : regions) {
            if (r.end() <= start) {
                continue;
            }
            byte[] b;
            if (r.kind() == Region.Kind.RAW && r.start() >= start) {
                b = r.raw();
            } else if (r.kind() == Region.Kind.EXPORT_DATA && r.start() >= start) {
                Export e = exports.get(r.exportIndex());
                if (e.content() != null || e.rawSize() != r.length()) {
                    return null;
                }
                b = e.serialize(this);
            } else {
                return null;
            }
            if (r.start() != pos || b.length != r.length()) {
                return null;
            }
            parts.add(b);
            pos += b.length;
            size = Math.addExact(size, b.length);
        }
        byte[] out = new byte[size];
        int at = 0;
        for (byte[] b : parts) {
            System.arraycopy(b, 0, out, at, b.length);
            at += b.length;
        }
        return out;
    }

    /** The asset registry data (kept raw) at AssetRegistryDataOffset, up to the next table; empty when absent. */
    public byte[] assetRegistryData() {
        return summary.assetRegistryDataOffset() > 0 ? rawSpanAt(summary.assetRegistryDataOffset()) : new byte[0];
    }

    /** The gatherable text data (kept raw), empty when absent. */
    public byte[] gatherableTextData() {
        return summary.gatherableTextDataOffset() > 0 ? rawSpanAt(summary.gatherableTextDataOffset()) : new byte[0];
    }

    /** The world tile info (kept raw), empty when absent. */
    public byte[] worldTileInfoData() {
        return summary.worldTileInfoDataOffset() > 0 ? rawSpanAt(summary.worldTileInfoDataOffset()) : new byte[0];
    }

    /** The package trailer (payload table of contents, UE5 editor packages), kept raw; empty when absent. */
    public byte[] payloadToc() {
        return summary.payloadTocOffset() > 0 ? rawSpanAt(summary.payloadTocOffset()) : new byte[0];
    }

    /**
     * The raw bytes between the last header table and the header end (UE5 cookers leave zero padding
     * there); empty when the tables reach the end.
     */
    public byte[] headerTail() {
        long end = summary.totalHeaderSize();
        int last = -1;
        for (int i = 0; i < regions.size(); i++) {
            Region r = regions.get(i);
            if (r.kind() != Region.Kind.RAW && r.kind() != Region.Kind.EXPORT_DATA && r.end() <= end) {
                last = i;
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = last + 1; i < regions.size() && regions.get(i).end() <= end; i++) {
            Region r = regions.get(i);
            if (r.kind() != Region.Kind.RAW || (r.start() == summary.assetRegistryDataOffset())) {
                return new byte[0];
            }
            out.writeBytes(r.raw());
        }
        return out.toByteArray();
    }

    /** The raw bytes after the last export (e.g. the 0x9E2A83C1 tag that ends a .uexp, or a payload TOC). */
    public byte[] trailingBytes() {
        Region last = regions.get(regions.size() - 1);
        return last.kind() == Region.Kind.RAW ? last.raw().clone() : new byte[0];
    }

    // ---- summary API for callers -----------------------------------------------------------------

    public int packageFlags() {
        return summary.packageFlags();
    }

    /** The package GUID, else the persistent GUID, else null (UE5.6+ stores a saved hash instead). */
    public FGuid packageGuid() {
        if (summary.guid() != null) {
            return summary.guid();
        }
        return summary.persistentGuid();
    }

    public boolean hasUnversionedProperties() {
        return summary.hasUnversionedProperties();
    }

    /**
     * True when the package was cooked for the event-driven loader: it has a preload dependency
     * table and some export points into it (as UAssetAPI decides it).
     */
    public boolean usesEventDrivenLoader() {
        if (summary.preloadDependencyOffset() <= 0) {
            return false;
        }
        return exports.stream().anyMatch(e -> e.entry().firstExportDependency() >= 0);
    }

    /**
     * A reader over an export's current raw bytes with the package versions and editor-only filter,
     * positioned at its start; offsets and errors are those of the file holding the export (the
     * .uexp for a split package).
     */
    public PackageReader exportReader(Export e) {
        long offset = e.entry().serialOffset();
        long header = summary.totalHeaderSize();
        boolean inUexp = split && offset >= header;
        String file = inUexp ? sibling(Path.of(name), ".uexp").toString() : name;
        PackageReader r = new PackageReader(e.rawData(), file, inUexp ? offset - header : offset,
                "Export[" + e.index() + "] " + (names.contains(e.entry().objectName()) ? name(e.entry().objectName()) : ""));
        r.setVersion(summary.version());
        r.setFilterEditorOnly(summary.filterEditorOnly());
        r.setNameCount(names.size());
        return r;
    }

    /** A writer with the package versions, for serializing export content. */
    public PackageWriter newWriter() {
        return new PackageWriter(summary.version(), summary.filterEditorOnly());
    }

    /** The four preload dependency lists of an export, cut from the package's preload table. */
    public record PreloadDependencies(List<PackageIndex> serializationBeforeSerialization,
            List<PackageIndex> createBeforeSerialization, List<PackageIndex> serializationBeforeCreate,
            List<PackageIndex> createBeforeCreate) {
    }

    /** The export's preload dependencies; empty lists when it has none. */
    public PreloadDependencies preloadDependenciesOf(Export e) {
        return preloadDependencies(e.entry(), e.index(), preloadDependencies, name);
    }

    /** Export {@code index}'s ({@code x}) four lists cut from {@code table}; errors name {@code file}. */
    static PreloadDependencies preloadDependencies(ObjectExport x, int index, List<PackageIndex> table, String file) {
        int[] at = preloadStarts(x, index, table.size(), file);
        if (at == null) {
            return new PreloadDependencies(List.of(), List.of(), List.of(), List.of());
        }
        return new PreloadDependencies(List.copyOf(table.subList(at[0], at[1])), List.copyOf(table.subList(at[1], at[2])),
                List.copyOf(table.subList(at[2], at[3])), List.copyOf(table.subList(at[3], at[4])));
    }

    /**
     * Where export {@code index}'s ({@code x}) four preload lists lie in a table of {@code tableSize}:
     * serialization before serialization from [0] to [1], create before serialization to [2],
     * serialization before create to [3], create before create to [4]; null when it has none.
     * CORRUPT_DATA naming {@code file} when a list leaves the table.
     */
    public static int[] preloadStarts(ObjectExport x, int index, int tableSize, String file) {
        int at = x.firstExportDependency();
        if (at < 0) {
            return null;
        }
        int[] counts = {x.serializationBeforeSerializationDependencies(), x.createBeforeSerializationDependencies(),
            x.serializationBeforeCreateDependencies(), x.createBeforeCreateDependencies()};
        int[] starts = new int[5];
        starts[0] = at;
        for (int k = 0; k < 4; k++) {
            int n = counts[k];
            if (n < 0 || at + (long) n > tableSize) {
                throw new CorruptDataException("Export " + index + " preload dependencies [" + at + ", +" + n
                        + ") exceed the table of " + tableSize, file, -1, "PreloadDependencies");
            }
            at += n;
            starts[k + 1] = at;
        }
        return starts;
    }

    // ---- names and references ------------------------------------------------------------------------

    /** The display string of an FName of this package. */
    public String name(FName n) {
        return render(names, n, name);
    }

    /** {@code n} rendered through {@code names}; CORRUPT_DATA naming {@code file} when it lies outside. */
    static String render(NameMap names, FName n, String file) {
        if (!names.contains(n)) {
            throw new CorruptDataException("Name index " + n.index() + " outside the name map (" + names.size() + " names)",
                    file, -1, "NameMap");
        }
        return names.render(n);
    }

    /** The object name an index refers to, or null for the null index. */
    public String objectName(PackageIndex i) {
        if (i.isNull()) {
            return null;
        }
        if (i.isImport()) {
            return name(checkedImport(i).objectName());
        }
        return name(checkedExport(i).entry().objectName());
    }

    /** The class name of an import (its ClassName field). */
    public String className(ObjectImport imp) {
        return name(imp.className());
    }

    /** The class name of an export: the object its class index names; "Class" for a null class (a UClass). */
    public String className(Export e) {
        PackageIndex c = e.entry().classIndex();
        return c.isNull() ? "Class" : objectName(c);
    }

    /** The full path of an object: outers joined with '.' (first level) and ':' (deeper), as Unreal prints them. */
    public String objectPath(PackageIndex i) {
        List<String> parts = new ArrayList<>();
        PackageIndex cur = i;
        int guard = 0;
        while (!cur.isNull()) {
            if (++guard > imports.size() + exports.size() + 1) {
                throw new CorruptDataException("Outer chain of " + i + " loops", name, -1, "ImportMap/ExportMap");
            }
            parts.add(0, objectName(cur));
            cur = cur.isImport() ? checkedImport(cur).outerIndex() : checkedExport(cur).entry().outerIndex();
        }
        StringBuilder sb = new StringBuilder();
        for (int k = 0; k < parts.size(); k++) {
            if (k > 0) {
                sb.append(k == 1 ? '.' : ':');
            }
            sb.append(parts.get(k));
        }
        return sb.toString();
    }

    /** The import {@code i} names; CORRUPT_DATA (naming the package) when it lies outside the import map. */
    public ObjectImport checkedImport(PackageIndex i) {
        int k = i.importIndex();
        if (k >= imports.size()) {
            throw new CorruptDataException("Import index " + k + " outside the import map (" + imports.size() + ")", name, -1,
                    "ImportMap");
        }
        return imports.get(k);
    }

    /** The export {@code i} names; CORRUPT_DATA (naming the package) when it lies outside the export map. */
    public Export checkedExport(PackageIndex i) {
        int k = i.exportIndex();
        if (k >= exports.size()) {
            throw new CorruptDataException("Export index " + k + " outside the export map (" + exports.size() + ")", name, -1,
                    "ExportMap");
        }
        return exports.get(k);
    }

    // ---- views for the daemon ------------------------------------------------------------------------

    /** One import as get_imports reports it. */
    public record ImportInfo(int index, String objectName, String className, String classPackage, int outerIndex,
            boolean isOptional) {
    }

    /** One export as get_exports reports it. */
    public record ExportInfo(int index, String objectName, String className, int classIndex, int superIndex,
            int outerIndex, long serialSize, long serialOffset, int objectFlags) {
    }

    public List<ImportInfo> importInfos() {
        List<ImportInfo> out = new ArrayList<>(imports.size());
        for (int i = 0; i < imports.size(); i++) {
            ObjectImport imp = imports.get(i);
            out.add(new ImportInfo(i, name(imp.objectName()), name(imp.className()), name(imp.classPackage()),
                    imp.outerIndex().value(), imp.importOptional()));
        }
        return out;
    }

    public List<ExportInfo> exportInfos() {
        List<ExportInfo> out = new ArrayList<>(exports.size());
        for (Export e : exports) {
            ObjectExport x = e.entry();
            out.add(new ExportInfo(e.index(), name(x.objectName()), className(e), x.classIndex().value(),
                    x.superIndex().value(), x.outerIndex().value(), x.serialSize(), x.serialOffset(), x.objectFlags()));
        }
        return out;
    }

    /** One line per span of the package as read (kind, offset, size), for debugging output. */
    public List<String> describeLayout() {
        List<String> out = new ArrayList<>(regions.size());
        for (Region r : regions) {
            String what = r.kind() == Region.Kind.EXPORT_DATA ? "EXPORT_DATA[" + r.exportIndex() + "]" : r.kind().toString();
            out.add(what + " @" + r.start() + " +" + r.length());
        }
        return out;
    }

    @Override
    public String toString() {
        return "AssetPackage[" + name + ", " + names.size() + " names, " + imports.size() + " imports, " + exports.size()
                + " exports]";
    }
}
