package io.uassetd.codecs.zen.write;

import java.util.Locale;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.PackageFileSummary;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.zen.BulkDataMapEntry;
import io.uassetd.codecs.zen.CookedHeaderSize;
import io.uassetd.codecs.zen.ExportBundleHeader;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.zen.GraphPackage;
import io.uassetd.codecs.zen.Ue4PackageSummary;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.ZenSummary;
import io.uassetd.codecs.zen.ZenVersioningInfo;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Converts a legacy cooked package (.uasset/.umap + .uexp, parsed with {@link AssetPackage}) into a
 * Zen package for a target engine, with the store entry the container header needs and the bulk
 * data chunks: the reverse of {@link io.uassetd.codecs.zen.convert.ZenToLegacy}.
 *
 * <p>The Zen name map is the legacy names export data refers to, then the export names and the
 * package name; imports and exports become FPackageObjectIndex values (see {@link ZenImports});
 * the preload dependencies give the load order and the dependency bundles (UE5.3+), the export
 * bundles and graph data (UE5.0 to 5.2, {@link ExportBundles}) or the single export bundle and graph
 * packages (UE4.26/4.27); UE5.3+ export data is the .uexp as it is (export offsets count from its
 * start), before that it is the exports in load order without the package tag.
 */
public final class LegacyToZen {
    private LegacyToZen() {
    }

    /** Converts a parsed package; its package name comes from its summary (or its name map, see below). */
    public static ZenConversion convert(AssetPackage legacy, ZenTarget target) {
        return convert(legacy, null, target, Map.of());
    }

    /**
     * Converts a parsed package.
     *
     * @param packageName the package path ({@code /Game/...}), or null to take the summary's; UE4
     *     cooks store {@code None} there, and the name map entry ending in {@code /<file name>} is taken
     * @param companions bulk data by extension ({@code .ubulk}, {@code .uptnl}, {@code .m.ubulk})
     */
    public static ZenConversion convert(AssetPackage legacy, String packageName, ZenTarget target,
            Map<String, byte[]> companions) {
        LegacyHeader h = LegacyHeader.of(legacy);
        if (h.exportArea() == null) {
            // an edited package: its export map offsets are those of the bytes it would write now
            AssetPackage.Bytes b = legacy.toBytes();
            h = LegacyHeader.of(AssetPackage.read(b.header(), legacy.isSplit() ? b.exports() : null, legacy.name(),
                    target.engine()));
        }
        return convert(h, packageName, target, companions);
    }

    /**
     * Converts the header tables and export area of a legacy package, read with
     * {@link LegacyHeader#read} (no object model) or taken from one ({@link LegacyHeader#of}).
     */
    public static ZenConversion convert(LegacyHeader pkg, String packageName, ZenTarget target,
            Map<String, byte[]> companions) {
        String file = pkg.name();
        byte[] area = pkg.exportArea();
        if (area == null) {
            throw new ZenWriteException("Header tables follow the exports in " + file + "; a cooked package keeps"
                    + " only export data after its header, so it cannot become a Zen package", file, "ExportData");
        }
        try {
            return new Builder(pkg, target, file, area).build(packageName, companions);
        } catch (FormatException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ZenWriteException("Cannot convert " + file + " to Zen: inconsistent package (" + e + ")", file,
                    "LegacyToZen");
        }
    }

    /**
     * Reads {@code uasset} (with its .uexp and bulk companions) as cooked for {@code target}'s engine
     * (versioned packages use their own versions) and converts it.
     */
    public static ZenConversion convertFile(Path uasset, String packageName, ZenTarget target) {
        try {
            byte[] header = Files.readAllBytes(uasset);
            Path uexp = AssetPackage.sibling(uasset, ".uexp");
            byte[] tail = Files.isRegularFile(uexp) ? Files.readAllBytes(uexp) : null;
            return convert(LegacyHeader.read(header, tail, uasset.getFileName().toString(), target.engine()), packageName,
                    target, companions(uasset));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + uasset + ": " + e.getMessage(), e);
        }
    }

    /** The bulk data companions next to {@code uasset} ({@code .ubulk}, {@code .uptnl}, {@code .m.ubulk}) that exist. */
    public static Map<String, byte[]> companions(Path uasset) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        for (String ext : BulkChunk.EXTENSIONS) {
            Path p = AssetPackage.sibling(uasset, ext);
            if (Files.isRegularFile(p)) {
                try {
                    out.put(ext, Files.readAllBytes(p));
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot read " + p + ": " + e.getMessage(), e);
                }
            }
        }
        return out;
    }

    private static final class Builder {
        private final LegacyHeader legacy;
        private final ZenTarget target;
        private final ZenLayout layout;
        private final String file;
        private final List<String> notes = new ArrayList<>();
        /** The bytes after the legacy header (.uexp), package tag included. */
        private final byte[] exportArea;
        /** Export bundles the package has (1 from UE5.3 on, where every command is in one list). */
        private int exportBundleCount = 1;
        private boolean[] isPublic;

        Builder(LegacyHeader legacy, ZenTarget target, String file, byte[] exportArea) {
            this.legacy = legacy;
            this.exportArea = exportArea;
            this.target = target;
            this.layout = target.layout();
            this.file = file;
        }

        ZenConversion build(String requestedName, Map<String, byte[]> companions) {
            PackageFileSummary s = legacy.summary();
            String packageName = packageName(requestedName);
            checkCooked(s);
            int referenced = Math.min(s.namesReferencedFromExportDataCount(), legacy.names().size());
            if (referenced < 0) {
                referenced = legacy.names().size();
            }
            List<String> head = new ArrayList<>(referenced);
            for (int i = 0; i < referenced; i++) {
                head.add(legacy.names().get(i));
            }
            ZenNames names = new ZenNames(head);
            LocalizedName localized = LocalizedName.of(packageName);
            // UE4 names a localized package's source package and hashes its exports under the source path
            MappedName sourceName = target.ue4() && localized != null ? names.storeDisplay(localized.sourcePackage()) : null;
            LegacyPaths paths = new LegacyPaths(legacy, target.ue4() && localized != null ? localized.sourcePackage()
                    : packageName, file);
            ZenImports imports = ZenImports.build(legacy, paths, target.ue4(), file);
            List<ExportMapEntry> exports = ZenExports.build(legacy, paths, names, imports, target.ue4(),
                    s.totalHeaderSize());
            isPublic = new boolean[exports.size()];
            for (int i = 0; i < isPublic.length; i++) {
                long h = exports.get(i).publicExportHash();
                isPublic[i] = target.ue4() ? h != -1L : h != 0;
            }
            LoadOrder.Mode mode = target.ue4() ? LoadOrder.Mode.UE4_DEPTH_FIRST
                    : layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES) ? LoadOrder.Mode.DEPENDENCY_BUNDLES
                    : LoadOrder.Mode.EXPORT_BUNDLES;
            LoadOrder order = LoadOrder.of(legacy, isPublic, mode, file);
            MappedName name = names.storeDisplay(packageName);
            NameBatch batch = names.batch();
            long packageId = Hashes.cityHash64LowerUtf16(packageName);
            ZenPackage pkg = target.ue4()
                    ? ue4Package(s, name, sourceName == null ? name : sourceName, batch, imports, exports, order, exportArea)
                    : ue5Package(s, name, batch, imports, exports, order, exportArea);
            byte[] bytes = pkg.toBytes();
            int bundles = exportBundleCount;
            StoreEntry entry = new StoreEntry(exports.size(), bundles, imports.packageIds(), List.of());
            List<BulkChunk> chunks = new ArrayList<>();
            for (String ext : BulkChunk.EXTENSIONS) {
                byte[] data = companions.get(ext);
                if (data != null) {
                    chunks.add(new BulkChunk(BulkChunk.typeOf(ext), ext, data));
                }
            }
            return new ZenConversion(packageName, packageId, bytes, layout, entry, chunks, notes,
                    localized == null ? null : localized.sourcePackage(), localized == null ? null : localized.culture());
        }

        /** The size the cooker records for this legacy header ({@link CookedHeaderSize}). */
        private long cookedHeaderSize(PackageFileSummary s) {
            return CookedHeaderSize.ofLegacy(s.totalHeaderSize(), legacy.version(), s.filterEditorOnly(),
                    CookedHeaderSize.namedImports(legacy.imports()));
        }

        private String packageName(String requested) {
            if (requested != null && !requested.isBlank()) {
                if (!requested.startsWith("/")) {
                    throw new ZenWriteException("Package name '" + requested + "' is not a package path (/Game/...)", file,
                            "PackageName");
                }
                return requested;
            }
            String stored = legacy.summary().packageName() == null ? null : legacy.summary().packageName().text();
            if (stored != null && stored.startsWith("/")) {
                return stored;
            }
            // UE4 cooks write None: the package's own path is in its name map
            String base = file.replace('\\', '/');
            base = base.substring(base.lastIndexOf('/') + 1);
            int dot = base.indexOf('.');
            String shortName = dot < 0 ? base : base.substring(0, dot);
            List<String> hits = new ArrayList<>();
            for (NameEntry n : legacy.names().entries()) {
                String t = n.text();
                if (t.startsWith("/") && !t.startsWith("/Script/") && t.toLowerCase(Locale.ROOT)
                        .endsWith("/" + shortName.toLowerCase(Locale.ROOT))) {
                    hits.add(t);
                }
            }
            if (hits.size() != 1) {
                throw new ZenWriteException("The package summary names no package (" + stored + ") and the name map has "
                        + hits.size() + " paths ending in /" + shortName + (hits.isEmpty() ? "" : " " + hits)
                        + "; give the package name", file, "FPackageFileSummary");
            }
            notes.add("package name " + hits.get(0) + " taken from the name map (the summary stores " + stored + ")");
            return hits.get(0);
        }

        private void checkCooked(PackageFileSummary s) {
            if (legacy.version().isUE5()) {
                if ((s.packageFlags() & PackageFileSummary.PKG_COOKED) == 0 && !s.isUnversioned()) {
                    throw new ZenWriteException("The package is not cooked (PKG_Cooked is not set); only cooked packages"
                            + " can become Zen packages", file, "FPackageFileSummary");
                }
            } else if ((s.packageFlags() & PackageFileSummary.PKG_FILTER_EDITOR_ONLY) == 0) {
                throw new ZenWriteException("The package keeps editor-only data (PKG_FilterEditorOnly is not set); only"
                        + " cooked packages can become Zen packages", file, "FPackageFileSummary");
            }
            if (s.softObjectPathsCount() > 0) {
                throw new ZenWriteException("The header lists " + s.softObjectPathsCount() + " soft object paths, which a"
                        + " Zen package cannot hold (cooked packages do not write them)", file, "SoftObjectPaths");
            }
            if (s.cellExportCount() > 0 || s.cellImportCount() > 0) {
                throw new UnsupportedVersionException("Verse cell imports/exports (" + s.cellImportCount() + "/"
                        + s.cellExportCount() + ") are not supported", file, -1, "CellExportMap");
            }
            if (legacy.exports().isEmpty()) {
                throw new ZenWriteException("The package has no exports", file, "ExportMap");
            }
        }

        private ZenPackage ue5Package(PackageFileSummary s, MappedName name, NameBatch batch, ZenImports imports,
                List<ExportMapEntry> exports, LoadOrder order, byte[] exportArea) {
            ZenVersioningInfo versioning = null;
            if (!s.isUnversioned()) {
                versioning = new ZenVersioningInfo(ZenVersions.zenVersion(legacy.version(), layout), legacy.version(),
                        s.customVersions().versions());
            }
            boolean cells = versioning != null
                    ? legacy.version().atLeast(ObjectVersionUE5.VERSE_CELLS)
                    : layout.atLeast(ZenLayout.VERSE_CELLS);
            boolean bulk = versioning != null
                    ? legacy.version().atLeast(ObjectVersionUE5.DATA_RESOURCES)
                    : layout.atLeast(ZenLayout.BULK_DATA_MAP);
            boolean padded = layout.atLeast(ZenLayout.PADDED_BULK_DATA_MAP);
            // where the name batch ends decides the bulk data map padding and the gap before the hashes
            int pos = ZenSummary.size(layout) + (versioning == null ? 0 : 20 + 20 * versioning.customVersions().size())
                    + (cells ? 8 : 0) + batchSize(batch);
            List<BulkDataMapEntry> bulkMap = null;
            long padding = -1;
            if (bulk) {
                bulkMap = new ArrayList<>();
                List<DataResource> res = legacy.dataResources() == null ? List.of() : legacy.dataResources();
                for (DataResource r : res) {
                    bulkMap.add(new BulkDataMapEntry(r.serialOffset(), r.duplicateSerialOffset(), r.serialSize(),
                            r.legacyBulkDataFlags(), r.cookedIndex() & 0xFF));
                }
                if (padded) {
                    padding = (8 - (pos % 8)) % 8;
                    pos += 8 + (int) padding;
                }
                pos += 8 + BulkDataMapEntry.SIZE * bulkMap.size();
            }
            int gap = (8 - (pos % 8)) % 8;
            ZenSummary summary = new ZenSummary(versioning == null ? 0 : 1, 0, name, s.packageFlags() & 0xFFFFFFFFL,
                    cookedHeaderSize(s), 0, 0, 0, 0, 0, 0, 0, 0);
            if (!layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
                ExportBundles b = ExportBundles.of(order, exports, isPublic, imports, exportArea, file);
                exportBundleCount = b.headerCount();
                return new ZenPackage(layout, null, summary, versioning, cells, batch, padding, bulkMap, gap,
                        imports.publicExportHashes, imports.importMap, exports, new byte[0], new byte[0], List.of(),
                        b.entries(), List.of(), b.graph(), List.of(), new int[0], null, b.data());
            }
            ZenDependencies.Bundles deps = ZenDependencies.of(order, imports, legacy);
            return new ZenPackage(layout, null, summary, versioning, cells, batch, padding, bulkMap, gap,
                    imports.publicExportHashes, imports.importMap, exports, new byte[0], new byte[0], List.of(),
                    deps.bundleEntries(), List.of(), null, deps.headers(), deps.entries(), imports.names(), exportArea);
        }

        /** UE4: the source package of a package that is not a localized variant is the package itself. */
        private ZenPackage ue4Package(PackageFileSummary s, MappedName name, MappedName sourceName, NameBatch batch,
                ZenImports imports, List<ExportMapEntry> exports, LoadOrder order, byte[] exportArea) {
            ZenDependencies.Ue4Bundles b = ZenDependencies.ue4(order, exports, exportArea, s.totalHeaderSize(), file);
            exportBundleCount = 1;
            List<GraphPackage> graph = new ArrayList<>();
            List<Long> ids = new ArrayList<>(imports.packageIds());
            ids.sort(Long::compareUnsigned);
            for (long id : ids) {
                // every imported package's (first) export bundle before this package's bundle
                graph.add(new GraphPackage(id, List.of(new GraphPackage.Arc(0, 0))));
            }
            Ue4PackageSummary summary = new Ue4PackageSummary(name, sourceName, s.packageFlags() & 0xFFFFFFFFL,
                    cookedHeaderSize(s), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
            return new ZenPackage(ZenLayout.UE4_PACKAGE_SUMMARY, summary, null, null, false, batch, -1, null, 0,
                    new long[0], imports.importMap, b.exports(), new byte[0], new byte[0],
                    List.of(new ExportBundleHeader(-1, 0, b.entries().size())), b.entries(), graph, null, List.of(),
                    new int[0], null, b.data());
        }

        /** Bytes {@link NameBatch#write} takes: count, then string size, hash version, hashes, headers, strings. */
        private static int batchSize(NameBatch batch) {
            int n = batch.size();
            if (n == 0) {
                return 4;
            }
            int size = 4 + 4 + 8 + 10 * n;
            for (int i = 0; i < n; i++) {
                size += batch.wide().get(i) ? 2 * batch.get(i).length() : batch.get(i).length();
            }
            return size;
        }
    }
}
