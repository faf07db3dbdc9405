package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.core.FGenerationInfo;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.asset.archive.PackageWriter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * Builds a cooked package from its parts (e.g. from JSON), laid out in the order the cooker writes
 * it: summary, names, [soft object paths], imports, exports, depends map, [soft package
 * references], asset registry data, preload dependencies, [data resources]; then the export data and
 * the closing package tag. Offsets, counts, serial sizes and offsets, the generation and the bulk
 * data start are computed.
 */
public final class PackageBuilder {
    private final PackageVersion version;
    private final boolean unversioned;
    private LegacyFileVersion legacy;
    private int legacyUE3Version;
    private CustomVersionContainer customVersions = CustomVersionContainer.empty(CustomVersionContainer.Format.OPTIMIZED);
    private FString packageName = new FString("None", false);
    private int packageFlags = PackageFileSummary.PKG_FILTER_EDITOR_ONLY;
    private FGuid guid = FGuid.ZERO;
    private byte[] savedHash;
    private FEngineVersion savedBy = new FEngineVersion(0, 0, 0, 0, FString.EMPTY);
    private FEngineVersion compatibleWith = new FEngineVersion(0, 0, 0, 0, FString.EMPTY);
    private int packageSource;
    private int[] chunkIds = new int[0];
    private final List<NameEntry> names = new ArrayList<>();
    private final List<ObjectImport> imports = new ArrayList<>();
    private final List<ObjectExport> exports = new ArrayList<>();
    private final List<byte[]> exportData = new ArrayList<>();
    private final List<List<PackageIndex>> depends = new ArrayList<>();
    private final List<SoftObjectPathEntry> softObjectPaths = new ArrayList<>();
    private final List<SoftPackageReference> softPackageReferences = new ArrayList<>();
    private List<PackageIndex> preloadDependencies;
    private byte[] assetRegistryData = new byte[4];
    private int assetRegistryDependencyAt = -1;
    private int dataResourceVersion = 1;
    private List<DataResource> dataResources;
    private boolean split = true;
    private byte[] headerTail = new byte[0];
    private java.util.function.LongUnaryOperator headerPadding;
    private Integer namesReferencedFromExportData;

    private PackageBuilder(PackageVersion version, boolean unversioned) {
        this.version = version;
        this.unversioned = unversioned;
        this.legacy = version.isUE5() ? (version.atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH)
                ? LegacyFileVersion.VERSIONED_SUMMARY_LAYOUT : LegacyFileVersion.UE5_VERSION)
                : LegacyFileVersion.REMOVED_TEXTURE_ALLOCATIONS;
        if (version.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            preloadDependencies = new ArrayList<>();
        }
        if (version.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            dataResources = new ArrayList<>();
        }
    }

    /** A cooked package of an engine release, unversioned (as cookers write them) or versioned. */
    public static PackageBuilder cooked(EngineVersion engine, boolean unversioned) {
        return new PackageBuilder(engine.packageVersion(), unversioned);
    }

    /** A cooked package with explicit versions. */
    public static PackageBuilder cooked(PackageVersion version, boolean unversioned) {
        return new PackageBuilder(version, unversioned);
    }

    public PackageBuilder legacyFileVersion(LegacyFileVersion v) {
        this.legacy = v;
        return this;
    }

    /** LegacyUE3Version (0 in cooked packages, 864 in editor packages). */
    public PackageBuilder legacyUE3Version(int v) {
        this.legacyUE3Version = v;
        return this;
    }

    public PackageBuilder customVersions(CustomVersionContainer c) {
        this.customVersions = c;
        return this;
    }

    /** The FolderName field ("None" in cooked packages). */
    public PackageBuilder packageName(FString name) {
        this.packageName = name;
        return this;
    }

    /** EPackageFlags; PKG_FilterEditorOnly must stay set for a cooked layout. */
    public PackageBuilder packageFlags(int flags) {
        this.packageFlags = flags;
        return this;
    }

    public PackageBuilder guid(FGuid g) {
        this.guid = g;
        return this;
    }

    /** The 20-byte saved hash that replaces the GUID from PACKAGE_SAVED_HASH on. */
    public PackageBuilder savedHash(byte[] hash) {
        this.savedHash = hash.clone();
        return this;
    }

    public PackageBuilder engineVersions(FEngineVersion savedByVersion, FEngineVersion compatibleWithVersion) {
        this.savedBy = savedByVersion;
        this.compatibleWith = compatibleWithVersion;
        return this;
    }

    public PackageBuilder packageSource(int source) {
        this.packageSource = source;
        return this;
    }

    public PackageBuilder chunkIds(int... ids) {
        this.chunkIds = ids.clone();
        return this;
    }

    /** Appends a name entry (kept with its hashes) and returns its index. */
    public int addName(NameEntry e) {
        names.add(e);
        return names.size() - 1;
    }

    public PackageIndex addImport(ObjectImport i) {
        imports.add(i);
        return PackageIndex.ofImport(imports.size() - 1);
    }

    /** Appends an export with its data; serial size and offset are computed. */
    public PackageIndex addExport(ObjectExport entry, byte[] data, List<PackageIndex> dependsOn) {
        exports.add(entry);
        exportData.add(data.clone());
        depends.add(new ArrayList<>(dependsOn));
        return PackageIndex.ofExport(exports.size() - 1);
    }

    /** As {@link #addExport(ObjectExport, byte[], List)} with the data at {@code data[from, from + length)} (copied once). */
    public PackageIndex addExport(ObjectExport entry, byte[] data, int from, int length, List<PackageIndex> dependsOn) {
        exports.add(entry);
        exportData.add(java.util.Arrays.copyOfRange(data, from, Math.addExact(from, length)));
        depends.add(new ArrayList<>(dependsOn));
        return PackageIndex.ofExport(exports.size() - 1);
    }

    public PackageBuilder addSoftObjectPath(SoftObjectPathEntry e) {
        softObjectPaths.add(e);
        return this;
    }

    public PackageBuilder addSoftPackageReference(SoftPackageReference r) {
        softPackageReferences.add(r);
        return this;
    }

    /** The flat preload dependency table the exports' first-dependency indices point into. */
    public PackageBuilder preloadDependencies(List<PackageIndex> deps) {
        this.preloadDependencies = deps == null ? null : new ArrayList<>(deps);
        return this;
    }

    /**
     * An editor package's asset registry data whose first 8 bytes are the absolute offset of its dependency
     * data, {@code dependencyAt} bytes after the registry's own start: that offset is filled in at layout.
     */
    public PackageBuilder assetRegistryData(byte[] raw, int dependencyAt) {
        this.assetRegistryData = raw.clone();
        this.assetRegistryDependencyAt = dependencyAt;
        return this;
    }

    /** The asset registry data, raw (a cooked package without tags has an int32 0). */
    public PackageBuilder assetRegistryData(byte[] raw) {
        this.assetRegistryDependencyAt = -1;
        this.assetRegistryData = raw.clone();
        return this;
    }

    public PackageBuilder dataResources(int tableVersion, List<DataResource> resources) {
        this.dataResourceVersion = tableVersion;
        this.dataResources = resources == null ? null : new ArrayList<>(resources);
        return this;
    }

    /** Bytes written after the last header table, before the header end (cookers' zero padding). */
    public PackageBuilder headerTail(byte[] tail) {
        this.headerTail = tail.clone();
        return this;
    }

    /**
     * Zero bytes after the last header table as a function of the header's size without them (the
     * cooker's padding up to a recorded header size): decided while the package is laid out, so that
     * it is built once. Replaces {@link #headerTail}; null for none.
     */
    public PackageBuilder headerPadding(java.util.function.LongUnaryOperator bytesForHeaderSize) {
        this.headerPadding = bytesForHeaderSize;
        return this;
    }

    /** NamesReferencedFromExportDataCount (UE5); defaults to the name count. */
    public PackageBuilder namesReferencedFromExportData(int count) {
        this.namesReferencedFromExportData = count;
        return this;
    }

    /** True (default) for a .uasset + .uexp pair, false for one file. */
    public PackageBuilder split(boolean s) {
        this.split = s;
        return this;
    }

    /**
     * A builder with this one's settings (versions, summary fields, preload dependency table, asset
     * registry data, data resources, split, header tail) and none of its names, imports, exports or
     * soft package references.
     */
    public PackageBuilder copySettings() {
        PackageBuilder b = new PackageBuilder(version, unversioned);
        b.legacy = legacy;
        b.legacyUE3Version = legacyUE3Version;
        b.customVersions = customVersions;
        b.packageName = packageName;
        b.packageFlags = packageFlags;
        b.guid = guid;
        b.savedHash = savedHash;
        b.savedBy = savedBy;
        b.compatibleWith = compatibleWith;
        b.packageSource = packageSource;
        b.chunkIds = chunkIds;
        b.softObjectPaths.addAll(softObjectPaths);
        b.preloadDependencies = preloadDependencies == null ? null : new ArrayList<>(preloadDependencies);
        b.assetRegistryData = assetRegistryData;
        b.assetRegistryDependencyAt = assetRegistryDependencyAt;
        b.dataResourceVersion = dataResourceVersion;
        b.dataResources = dataResources == null ? null : new ArrayList<>(dataResources);
        b.split = split;
        b.headerTail = headerTail;
        b.headerPadding = headerPadding;
        b.namesReferencedFromExportData = namesReferencedFromExportData;
        return b;
    }

    /** Lays the package out and returns it; {@code fileName} names it in messages. */
    public AssetPackage build(String fileName) {
        return lay(fileName, false).asset();
    }

    /**
     * A built package with its bytes ({@link AssetPackage#toBytes()} of {@code asset} as built).
     *
     * @param bytes the .uasset part and the .uexp part (empty for a one-file package)
     */
    public record Built(AssetPackage asset, AssetPackage.Bytes bytes) {
    }

    /**
     * As {@link #build(String)}, with the package's bytes made while it is laid out: every header table is
     * serialized once into one buffer, and only the tables that hold offsets (the summary and the export
     * map) again once the layout is known; the export data is copied once into the .uexp part.
     */
    public Built buildWithBytes(String fileName) {
        return lay(fileName, true);
    }

    private Built lay(String fileName, boolean withBytes) {
        PackageFileSummary s = PackageFileSummary.blank(legacy, legacyUE3Version, version, unversioned,
                new CustomVersionContainer(legacy.customVersionFormat(), customVersions.versions()), packageName,
                packageFlags, guid, savedHash, savedBy, compatibleWith, packageSource, chunkIds,
                List.of(new FGenerationInfo(exports.size(), names.size())));
        s = s.withCounts(names.size(), softObjectPaths.size(), exports.size(), imports.size(), softPackageReferences.size(),
                preloadDependencies == null ? -1 : preloadDependencies.size(),
                namesReferencedFromExportData == null ? names.size() : namesReferencedFromExportData);
        List<Export> list = new ArrayList<>(exports.size());
        for (int i = 0; i < exports.size(); i++) {
            list.add(new Export(i, exports.get(i), exportData.get(i)));
        }
        List<PackageIndex> preload = preloadDependencies == null ? new ArrayList<>() : preloadDependencies;
        List<Region.Kind> order = new ArrayList<>(List.of(Region.Kind.SUMMARY, Region.Kind.NAME_MAP));
        if (version.atLeast(ObjectVersionUE5.ADD_SOFTOBJECTPATH_LIST)) {
            order.add(Region.Kind.SOFT_OBJECT_PATHS);
        }
        order.addAll(List.of(Region.Kind.IMPORT_MAP, Region.Kind.EXPORT_MAP, Region.Kind.DEPENDS_MAP));
        if (!softPackageReferences.isEmpty()) {
            order.add(Region.Kind.SOFT_PACKAGE_REFERENCES);
        }
        order.add(Region.Kind.RAW);
        if (version.atLeast(ObjectVersion.PRELOAD_DEPENDENCIES_IN_COOKED_EXPORTS)) {
            order.add(Region.Kind.PRELOAD_DEPENDENCIES);
        }
        if (dataResources != null && version.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            order.add(Region.Kind.DATA_RESOURCES);
        }
        NameMap nameMap = new NameMap(names);
        AssetPackage sizing = new AssetPackage(fileName, split, s, nameMap, new ArrayList<>(imports), list,
                depends, new ArrayList<>(softObjectPaths), new ArrayList<>(softPackageReferences), null, null, preload,
                dataResourceVersion, dataResources, List.of(Region.table(Region.Kind.SUMMARY, 0, 0)));
        PackageSerializer ser = new PackageSerializer(sizing);
        // every header table written one after the other into one buffer: each starts where the previous ends
        PackageWriter w = new PackageWriter(s.version(), s.filterEditorOnly(), headerEstimate());
        List<Region> regions = new ArrayList<>();
        Map<Region.Kind, Integer> starts = new EnumMap<>(Region.Kind.class);
        Map<Region.Kind, Integer> sizes = new EnumMap<>(Region.Kind.class);
        for (Region.Kind kind : order) {
            long start = w.position();
            byte[] raw = null;
            if (kind == Region.Kind.RAW) {
                raw = assetRegistryData;
                if (assetRegistryDependencyAt >= 0) {
                    raw = java.nio.ByteBuffer.wrap(raw.clone()).order(java.nio.ByteOrder.LITTLE_ENDIAN)
                            .putLong(0, start + assetRegistryDependencyAt).array();
                }
                w.writeBytes(raw);
            } else {
                ser.table(kind, w);
            }
            starts.putIfAbsent(kind, (int) start);
            sizes.putIfAbsent(kind, (int) (w.position() - start));
            regions.add(new Region(kind, -1, start, w.position() - start, raw));
        }
        long pos = w.position();
        byte[] tail = headerTail;
        if (headerPadding != null) {
            long pad = headerPadding.applyAsLong(pos);
            if (pad < 0 || pad > Integer.MAX_VALUE) {
                throw new IllegalArgumentException("Header padding of " + pad + " bytes");
            }
            tail = new byte[(int) pad];
        }
        if (tail.length > 0) {
            regions.add(new Region(Region.Kind.RAW, -1, pos, tail.length, tail));
            pos += tail.length;
        }
        int headerSize = Math.toIntExact(pos);
        for (Export e : list) {
            byte[] d = exportData.get(e.index());
            e.setEntry(e.entry().withSerial(d.length, pos));
            regions.add(new Region(Region.Kind.EXPORT_DATA, e.index(), pos, d.length, null));
            pos += d.length;
        }
        int dependsAt = starts.getOrDefault(Region.Kind.DEPENDS_MAP, 0);
        // the (empty) cell export and import maps sit just before the depends map
        int cells = version.atLeast(ObjectVersionUE5.VERSE_CELLS) ? dependsAt : 0;
        SummaryTables t = s.tables();
        SummaryTables placed = new SummaryTables(t.nameCount(), starts.getOrDefault(Region.Kind.NAME_MAP, 0),
                t.softObjectPathsCount(), starts.getOrDefault(Region.Kind.SOFT_OBJECT_PATHS, 0), t.localizationId(),
                t.gatherableTextDataCount(), t.gatherableTextDataOffset(), t.exportCount(),
                starts.getOrDefault(Region.Kind.EXPORT_MAP, 0), t.importCount(), starts.getOrDefault(Region.Kind.IMPORT_MAP, 0),
                t.cellExportCount(), cells, t.cellImportCount(), cells, t.metaDataOffset(), dependsAt,
                t.softPackageReferencesCount(), starts.getOrDefault(Region.Kind.SOFT_PACKAGE_REFERENCES, 0),
                t.searchableNamesOffset(), t.thumbnailTableOffset(), t.importTypeHierarchiesCount(),
                t.importTypeHierarchiesOffset());
        SummaryDataOffsets d = s.dataOffsets();
        s = s.laidOut(placed, headerSize, d.placed(starts.getOrDefault(Region.Kind.RAW, 0),
                starts.getOrDefault(Region.Kind.PRELOAD_DEPENDENCIES, 0),
                starts.getOrDefault(Region.Kind.DATA_RESOURCES, d.dataResourceOffset()), pos));
        byte[] tag = {(byte) 0xC1, (byte) 0x83, 0x2A, (byte) 0x9E};
        regions.add(new Region(Region.Kind.RAW, -1, pos, 4, tag));
        AssetPackage asset = new AssetPackage(fileName, split, s, nameMap, new ArrayList<>(imports), list, depends,
                new ArrayList<>(softObjectPaths), new ArrayList<>(softPackageReferences), null, null, preload,
                dataResourceVersion, dataResources, regions);
        if (!withBytes) {
            return new Built(asset, null);
        }
        return new Built(asset, bytes(asset, w, starts, sizes, tail, headerSize, pos + tag.length, tag));
    }

    /**
     * The package's bytes from the header tables written at layout ({@code w}): the summary and the export map
     * written again with their offsets, the header's tail (kept bytes or padding), then the export data and the
     * package tag.
     */
    private AssetPackage.Bytes bytes(AssetPackage asset, PackageWriter w, Map<Region.Kind, Integer> starts,
            Map<Region.Kind, Integer> sizes, byte[] tail, int headerSize, long total, byte[] tag) {
        if (total > Integer.MAX_VALUE) {
            throw new IllegalStateException("Package larger than 2 GiB cannot be written in memory");
        }
        int tables = w.position();
        byte[] head = w.bytes().array().length == headerSize ? w.bytes().array() : java.util.Arrays.copyOf(w.bytes().array(),
                headerSize);
        // the header's tail after the tables: the bytes kept from the original package, or the padding (zeros)
        System.arraycopy(tail, 0, head, tables, tail.length);
        PackageSerializer ser = new PackageSerializer(asset);
        for (Region.Kind kind : List.of(Region.Kind.SUMMARY, Region.Kind.EXPORT_MAP)) {
            Integer at = starts.get(kind);
            if (at == null) {
                continue;
            }
            int size = sizes.get(kind);
            PackageWriter again = new PackageWriter(w.version(), w.filterEditorOnly(), size);
            ser.table(kind, again);
            if (again.position() != size) {
                throw new IllegalStateException(kind + " changed size between passes");
            }
            System.arraycopy(again.bytes().array(), 0, head, at, size);
        }
        byte[] rest = new byte[(int) (total - headerSize)];
        int at = 0;
        for (byte[] data : exportData) {
            System.arraycopy(data, 0, rest, at, data.length);
            at += data.length;
        }
        System.arraycopy(tag, 0, rest, at, tag.length);
        if (split) {
            return new AssetPackage.Bytes(head, rest);
        }
        byte[] one = java.util.Arrays.copyOf(head, (int) total);
        System.arraycopy(rest, 0, one, headerSize, rest.length);
        return new AssetPackage.Bytes(one, new byte[0]);
    }

    /** A first guess at the header's size, so that its buffer rarely grows. */
    private int headerEstimate() {
        long n = 1024L + 8L * imports.size() * 5 + 128L * exports.size() + 4L * (preloadDependencies == null ? 0
                : preloadDependencies.size()) + assetRegistryData.length;
        for (NameEntry e : names) {
            n += e.text().length() + 10;
        }
        for (List<PackageIndex> l : depends) {
            n += 4 + 4L * l.size();
        }
        return (int) Math.min(n, 1 << 24);
    }
}
