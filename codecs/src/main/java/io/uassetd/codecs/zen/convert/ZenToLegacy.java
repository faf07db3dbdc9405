package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.IoChunkId;
import io.uassetd.codecs.iostore.IoChunkType;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.BulkDataMapEntry;
import io.uassetd.codecs.zen.DependencyBundleHeader;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.zen.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Converts a Zen package into a legacy cooked package (.uasset + .uexp, and the bulk-data
 * companions). The legacy name map starts with the Zen name map, in order (export data refers to
 * names by index), followed by the names the imports need. Import i is the Zen import-map entry i;
 * the Null entries become the imported packages in order; outers a Zen package does not list are
 * appended. Preload dependencies are the Zen dependency bundles plus what Zen leaves out (class and
 * template before create, outer and super before create, which includes script imports).
 */
public final class ZenToLegacy {
    /** The UE5 file version (ASSETREGISTRY_PACKAGEBUILDDEPENDENCIES, UE5.5) from which cooked name maps are sorted. */
    private static final int SORTED_NAMES_UE5 = 1013;
    private static final int RF_PUBLIC = 0x1;
    private static final int RF_STANDALONE = 0x2;
    private static final int RF_CLASS_DEFAULT_OBJECT = 0x10;
    private static final int RF_ARCHETYPE_OBJECT = 0x20;

    /** What to do with package imports whose package is not in the package store. */
    public enum Unresolved {
        /** Fail the package with a {@link ZenConversionException} naming the import. */
        FAIL,
        /**
         * Name the import from its public export hash when it is the package's main object, its
         * class (_C) or their default objects (the hash is checked, nothing is guessed blindly); its
         * class cannot be known and is written as /Script/CoreUObject.Object, with a note. Others fail.
         */
        RECOVER,
        /** As RECOVER, and put a placeholder import ({@code Unresolved_<hash>}) in place of the rest. */
        PLACEHOLDER
    }

    private ZenToLegacy() {
    }

    /**
     * Converts the winning package {@code packageId} of {@code store}; its script imports resolve
     * through the store's global.utoc, its package imports through the store's other packages.
     */
    public static LegacyOutput convert(PackageStore store, long packageId, EngineVersion target) {
        return convert(store, packageId, target, Unresolved.FAIL);
    }

    /** As {@link #convert(PackageStore, long, EngineVersion)} with a policy for imports from packages the store lacks. */
    public static LegacyOutput convert(PackageStore store, long packageId, EngineVersion target, Unresolved unresolved) {
        PackageLocation loc = store.lookup(packageId).orElseThrow(() -> new ZenConversionException(
                Hashes.hex64(packageId), "the package is not in the package store", null));
        String source = loc.container().name() + " package " + Hashes.hex64(packageId);
        ZenPackage pkg = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()), source, target);
        ScriptObjectsDatabase scripts = store.scriptObjects().orElse(null);
        Map<String, byte[]> companions = new LinkedHashMap<>();
        companion(loc, packageId, IoChunkType.BULK_DATA, ".ubulk", companions);
        companion(loc, packageId, IoChunkType.OPTIONAL_BULK_DATA, ".uptnl", companions);
        companion(loc, packageId, IoChunkType.MEMORY_MAPPED_BULK_DATA, ".m.ubulk", companions);
        return convert(pkg, packageId, loc.storeEntry(), store, scripts, target, unresolved, companions);
    }

    /** As {@link #convertAll(PackageStore, Predicate, EngineVersion, Unresolved, Path, TaskMonitor)}, failing unresolved imports. */
    public static BulkConversionResult convertAll(PackageStore store, Predicate<String> filter, EngineVersion target,
            Path outputDir, TaskMonitor monitor) {
        return convertAll(store, filter, target, Unresolved.FAIL, outputDir, monitor);
    }

    /**
     * Converts every package of {@code store} whose path {@code filter} accepts and writes each under
     * {@code outputDir} at its package path ({@code /Game/A/B} to {@code Game/A/B.uasset}). A package
     * that fails is recorded with its error and the conversion goes on; cancellation through the
     * monitor stops it with a CancelledException.
     */
    public static BulkConversionResult convertAll(PackageStore store, Predicate<String> filter, EngineVersion target,
            Unresolved unresolved, Path outputDir, TaskMonitor monitor) {
        List<Long> ids = new ArrayList<>(store.packageIds());
        ids.sort(Long::compareUnsigned);
        List<BulkConversionResult.Converted> done = new ArrayList<>();
        List<ConversionFailure> failures = new ArrayList<>();
        int skipped = 0;
        int n = 0;
        for (long id : ids) {
            monitor.checkCancelled();
            String name = Hashes.hex64(id);
            try {
                PackageLocation loc = store.lookup(id).orElseThrow();
                ZenPackage pkg = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()),
                        loc.container().name() + " package " + name, target);
                name = pkg.packageName();
                if (!filter.test(name)) {
                    skipped++;
                } else {
                    LegacyOutput out = convert(store, id, target, unresolved);
                    done.add(new BulkConversionResult.Converted(id, name, out.writeUnder(outputDir), out.notes()));
                }
            } catch (FormatException | java.io.UncheckedIOException e) {
                failures.add(new ConversionFailure(id, name, e.getMessage()));
            }
            monitor.progress(++n, ids.size(), name);
        }
        return new BulkConversionResult(done, skipped, failures);
    }

    private static void companion(PackageLocation loc, long id, IoChunkType type, String ext, Map<String, byte[]> out) {
        int i = loc.container().find(IoChunkId.of(id, 0, type));
        if (i >= 0) {
            out.put(ext, loc.container().readChunk(i));
        }
    }

    /**
     * Converts a parsed Zen package.
     *
     * @param entry its store entry (imported package ids), or null to take them from the imported package names
     * @param store where imported packages are looked up, or null
     * @param scripts the script objects, or null (script imports then fail)
     * @param companions bulk data by extension, copied to the output
     */
    public static LegacyOutput convert(ZenPackage pkg, long packageId, StoreEntry entry, PackageStore store,
            ScriptObjectsDatabase scripts, EngineVersion target, Unresolved unresolved, Map<String, byte[]> companions) {
        String name;
        try {
            name = pkg.packageName();
        } catch (FormatException e) {
            throw new ZenConversionException(Hashes.hex64(packageId), e.getMessage(), e);
        }
        try {
            return new Conversion(pkg, packageId, entry, store, scripts, target, unresolved)
                    .run(name, companions);
        } catch (ZenConversionException e) {
            throw e;
        } catch (FormatException e) {
            throw new ZenConversionException(name, e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new ZenConversionException(name, "inconsistent package data (" + e + ")", e);
        }
    }

    /** One conversion's state. */
    private static final class Conversion {
        private final ZenPackage pkg;
        private final ImportResolver resolver;
        private final EngineVersion target;
        private final List<String> notes = new ArrayList<>();
        private final List<NameEntry> names = new ArrayList<>();
        private final Map<String, Integer> nameIndex = new HashMap<>();

        Conversion(ZenPackage pkg, long packageId, StoreEntry entry, PackageStore store, ScriptObjectsDatabase scripts,
                EngineVersion target, Unresolved unresolved) {
            this.pkg = pkg;
            this.target = target;
            PackageSource source = new PackageSource(store, pkg.layout());
            PackageSource.Loaded self = PackageSource.loaded(packageId, pkg,
                    entry == null ? null : entry.importedPackages());
            this.resolver = new ImportResolver(self, source, scripts, unresolved == Unresolved.PLACEHOLDER,
                    unresolved != Unresolved.FAIL, notes);
        }

        LegacyOutput run(String packageName, Map<String, byte[]> companions) {
            PackageVersion version = pkg.versioning() != null ? pkg.versioning().packageVersion() : target.packageVersion();
            PackageBuilder b = pkg.versioning() != null
                    ? PackageBuilder.cooked(version, false).customVersions(new CustomVersionContainer(
                            CustomVersionContainer.Format.OPTIMIZED, pkg.versioning().customVersions()))
                    : PackageBuilder.cooked(target, true);
            b.packageFlags((int) pkg.packageFlags());
            for (int i = 0; i < pkg.names().size(); i++) {
                // kept one for one, duplicates included: export data refers to these by index
                nameIndex.putIfAbsent(pkg.names().get(i), names.size());
                names.add(NameEntry.of(pkg.names().get(i)));
            }
            int referenced = namesReferencedFromExportData();
            List<ImportSpec> specs = imports();
            Map<ImportSpec, Integer> index = new HashMap<>();
            for (int i = 0; i < specs.size(); i++) {
                index.putIfAbsent(specs.get(i), i);
            }
            // names in the order the cooker adds them: each import's outer first, then its class and name
            boolean[] named = new boolean[specs.size()];
            for (int i = 0; i < specs.size(); i++) {
                nameImport(i, specs, index, named);
            }
            boolean packageNames = version.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES);
            if (packageNames) {
                name("None");
            }
            if (version.fileVersionUE5() >= SORTED_NAMES_UE5) {
                sortAfter(referenced);
            }
            for (ImportSpec s : specs) {
                PackageIndex outer = s.outer() == null ? PackageIndex.NULL : PackageIndex.ofImport(index.get(s.outer()));
                FName pn = packageNames ? (s.outer() == null ? fname(NameRef.of("None")) : fname(s.root().objectName()))
                        : null;
                b.addImport(new ObjectImport(fname(s.classPackage()), fname(s.className()), outer, fname(s.objectName()),
                        pn, false));
            }
            for (NameEntry n : names) {
                b.addName(n);
            }
            b.namesReferencedFromExportData(referenced);
            exports(b, version);
            if (version.atLeast(ObjectVersionUE5.DATA_RESOURCES) && (pkg.bulkDataMap() == null
                    || pkg.bulkDataMap().isEmpty())) {
                b.dataResources(1, null);
            } else if (version.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
                List<DataResource> res = new ArrayList<>();
                // the owner of a data resource is an export; Zen keeps no owner, so only a one-export package knows it
                boolean oneOwner = pkg.exportMap().size() == 1;
                PackageIndex owner = oneOwner ? PackageIndex.ofExport(0) : PackageIndex.NULL;
                for (BulkDataMapEntry e : pkg.bulkDataMap()) {
                    res.add(new DataResource(0, 0, e.serialOffset(), e.duplicateSerialOffset(), e.serialSize(),
                            e.serialSize(), owner, e.flags()));
                }
                // table version 2 (a cooked index byte per entry) from UE5.5 cooks on
                b.dataResources(version.fileVersionUE5() >= SORTED_NAMES_UE5 ? 2 : 1, res);
                if (!res.isEmpty() && !oneOwner) {
                    notes.add("data resource outers are not stored in Zen packages and are left null");
                }
            }
            b.packageName(FString.of(packageName));
            String file = packageName.substring(packageName.lastIndexOf('/') + 1);
            b.packageSource(StrCrc.of(file.toUpperCase(java.util.Locale.ROOT)));
            boolean world = isWorld(specs);
            String fileName = file + (world ? ".umap" : ".uasset");
            AssetPackage asset = b.build(fileName);
            long headerSize = asset.toBytes().header().length;
            long cooked = pkg.cookedHeaderSize();
            if (pkg.layout() != ZenLayout.UE4_PACKAGE_SUMMARY && cooked > headerSize && cooked - headerSize <= 1024) {
                // the cooker's zero padding after the last header table, as the cooked header size records it
                asset = b.headerTail(new byte[(int) (cooked - headerSize)]).build(fileName);
            } else if (cooked != headerSize) {
                notes.add("legacy header is " + headerSize + " bytes, the Zen package records " + cooked);
            }
            return new LegacyOutput(packageName, world ? ".umap" : ".uasset", asset, companions, notes);
        }

        private List<ImportSpec> imports() {
            int n = pkg.importMap().size();
            List<ImportSpec> specs = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                specs.add(resolver.resolveImport(i));
            }
            // the Null entries are the imported packages' own imports, which the cooker sorts by name
            List<ImportSpec> packages = new ArrayList<>();
            for (int k = 0; k < resolver.importedPackageCount(); k++) {
                packages.add(resolver.importedPackage(k));
            }
            packages.sort((a, b) -> a.path().toLowerCase(java.util.Locale.ROOT)
                    .compareTo(b.path().toLowerCase(java.util.Locale.ROOT)));
            int next = 0;
            for (int i = 0; i < n; i++) {
                if (specs.get(i) == null) {
                    specs.set(i, next < packages.size() ? packages.get(next) : ImportSpec.ofPackage(NameRef.of("None")));
                    next++;
                }
            }
            Map<String, Boolean> present = new HashMap<>();
            specs.forEach(s -> present.put(s.path(), true));
            for (int i = 0; i < specs.size(); i++) {
                for (ImportSpec o = specs.get(i).outer(); o != null; o = o.outer()) {
                    if (present.putIfAbsent(o.path(), true) == null) {
                        specs.add(o);
                    }
                }
            }
            inferTemplateClasses(specs);
            return canonical(specs);
        }

        /**
         * An import whose class Zen does not record (a default subobject of a script class, or an
         * object of a package outside the store) takes the class of the exports that use it as their
         * template: an archetype has its instances' class.
         */
        private void inferTemplateClasses(List<ImportSpec> specs) {
            for (ExportMapEntry e : pkg.exportMap()) {
                int t = e.templateIndex().isNull() || e.templateIndex().kind() == PackageObjectIndex.Kind.EXPORT ? -1
                        : pkg.importMap().indexOf(e.templateIndex());
                if (t < 0 || !specs.get(t).classUnknown()) {
                    continue;
                }
                ImportSpec s = specs.get(t);
                PackageObjectIndex c = e.classIndex();
                if (c.kind() == PackageObjectIndex.Kind.EXPORT && c.value() < pkg.exportMap().size()) {
                    ExportMapEntry ce = pkg.exportMap().get((int) c.value());
                    NameRef own = new NameRef(pkg.names().get(pkg.packageMappedName().index()),
                            (int) pkg.packageMappedName().number());
                    specs.set(t, new ImportSpec(own, new NameRef(pkg.names().get(ce.objectName().index()),
                            (int) ce.objectName().number()), s.objectName(), s.outer()));
                } else if (!c.isNull() && c.kind() != PackageObjectIndex.Kind.EXPORT) {
                    int k = pkg.importMap().indexOf(c);
                    if (k >= 0 && specs.get(k) != null && !specs.get(k).classUnknown()) {
                        ImportSpec cls = specs.get(k);
                        specs.set(t, new ImportSpec(cls.root().objectName(), cls.objectName(), s.objectName(), s.outer()));
                    }
                }
            }
        }

        /** Makes equal paths the same spec object so outers find their index. */
        private static List<ImportSpec> canonical(List<ImportSpec> specs) {
            Map<String, ImportSpec> byPath = new HashMap<>();
            List<ImportSpec> out = new ArrayList<>(specs.size());
            for (ImportSpec s : specs) {
                out.add(canon(s, byPath));
            }
            return out;
        }

        private static ImportSpec canon(ImportSpec s, Map<String, ImportSpec> byPath) {
            ImportSpec hit = byPath.get(s.path());
            if (hit != null) {
                return hit;
            }
            ImportSpec outer = s.outer() == null ? null : canon(s.outer(), byPath);
            ImportSpec c = new ImportSpec(s.classPackage(), s.className(), s.objectName(), outer);
            byPath.put(s.path(), c);
            return c;
        }

        private void nameImport(int i, List<ImportSpec> specs, Map<ImportSpec, Integer> index, boolean[] named) {
            if (named[i]) {
                return;
            }
            named[i] = true;
            ImportSpec s = specs.get(i);
            if (s.outer() != null) {
                nameImport(index.get(s.outer()), specs, index, named);
            }
            name(s.classPackage().base());
            name(s.className().base());
            name(s.objectName().base());
        }

        private void exports(PackageBuilder b, PackageVersion version) {
            List<ExportMapEntry> exports = pkg.exportMap();
            long[] at = pkg.exportDataOffsets();
            List<PackageIndex> preload = new ArrayList<>();
            // bGeneratePublicHash marks public exports in 5.2 to 5.4 cooks; 5.5 cooks leave it unset
            boolean publicHash = pkg.layout() != ZenLayout.UE4_PACKAGE_SUMMARY && version.fileVersionUE5() < SORTED_NAMES_UE5;
            for (int i = 0; i < exports.size(); i++) {
                ExportMapEntry e = exports.get(i);
                PackageIndex cls = index(e.classIndex());
                PackageIndex sup = index(e.superIndex());
                PackageIndex tpl = index(e.templateIndex());
                PackageIndex outer = index(e.outerIndex());
                List<List<PackageIndex>> deps = dependencies(i, cls, sup, tpl, outer);
                int total = deps.stream().mapToInt(List::size).sum();
                int first = total == 0 ? -1 : preload.size();
                deps.forEach(preload::addAll);
                ObjectExport x = new ObjectExport(cls, sup, tpl, outer,
                        exportName(e), e.objectFlags(),
                        e.cookedSerialSize(), 0, false, e.filterFlags() == ExportMapEntry.FILTER_NOT_FOR_CLIENT,
                        e.filterFlags() == ExportMapEntry.FILTER_NOT_FOR_SERVER, null, false, 0,
                        !alwaysLoaded(i), isAsset(e), publicHash && e.publicExportHash() != 0, first, deps.get(0).size(),
                        deps.get(1).size(), deps.get(2).size(), deps.get(3).size(), 0, 0);
                int from = (int) at[i];
                byte[] data = from < 0 ? new byte[0]
                        : Arrays.copyOfRange(pkg.exportData(), from, Math.toIntExact(from + e.cookedSerialSize()));
                b.addExport(x, data, List.of());
            }
            b.preloadDependencies(preload);
        }

        /**
         * The export's preload dependencies in legacy order: serialize-before-serialize,
         * create-before-serialize, serialize-before-create, create-before-create.
         */
        private List<List<PackageIndex>> dependencies(int i, PackageIndex cls, PackageIndex sup, PackageIndex tpl,
                PackageIndex outer) {
            List<PackageIndex> sbs = new ArrayList<>();
            List<PackageIndex> cbs = new ArrayList<>();
            List<PackageIndex> sbc = new ArrayList<>();
            List<PackageIndex> cbc = new ArrayList<>();
            addIfSet(sbc, cls);
            addIfSet(sbc, tpl);
            addIfSet(cbc, outer);
            addIfSet(cbc, sup);
            if (i < pkg.dependencyBundleHeaders().size()) {
                DependencyBundleHeader h = pkg.dependencyBundleHeaders().get(i);
                int k = h.firstEntryIndex();
                int[] e = pkg.dependencyBundleEntries();
                for (int n = 0; n < h.createBeforeCreate(); n++) {
                    addIfSet(cbc, new PackageIndex(e[k++]));
                }
                for (int n = 0; n < h.serializeBeforeCreate(); n++) {
                    addIfSet(sbc, new PackageIndex(e[k++]));
                }
                for (int n = 0; n < h.createBeforeSerialize(); n++) {
                    cbs.add(new PackageIndex(e[k++]));
                }
                for (int n = 0; n < h.serializeBeforeSerialize(); n++) {
                    sbs.add(new PackageIndex(e[k++]));
                }
            }
            return List.of(sbs, cbs, sbc, cbc);
        }

        private static void addIfSet(List<PackageIndex> list, PackageIndex p) {
            if (!p.isNull() && !list.contains(p)) {
                list.add(p);
            }
        }

        private PackageIndex index(PackageObjectIndex i) {
            return switch (i.kind()) {
                case NULL -> PackageIndex.NULL;
                case EXPORT -> PackageIndex.ofExport(Math.toIntExact(i.value()));
                default -> {
                    int k = pkg.importMap().indexOf(i);
                    if (k < 0) {
                        throw new ZenConversionException(pkg.packageName(), "the export map names " + i
                                + ", which is not in the import map", null);
                    }
                    yield PackageIndex.ofImport(k);
                }
            };
        }

        /** Classes, default objects, archetypes and what they own are always loaded (NeedsLoadForEditorGame). */
        private boolean alwaysLoaded(int i) {
            List<ExportMapEntry> exports = pkg.exportMap();
            for (int k = 0, cur = i; k <= exports.size() && cur >= 0; k++) {
                ExportMapEntry e = exports.get(cur);
                if ((e.objectFlags() & (RF_CLASS_DEFAULT_OBJECT | RF_ARCHETYPE_OBJECT)) != 0 || !e.superIndex().isNull()) {
                    return true;
                }
                cur = e.outerIndex().kind() == PackageObjectIndex.Kind.EXPORT ? (int) e.outerIndex().value() : -1;
            }
            return false;
        }

        private static boolean isAsset(ExportMapEntry e) {
            return e.outerIndex().isNull() && (e.objectFlags() & (RF_PUBLIC | RF_STANDALONE)) == (RF_PUBLIC | RF_STANDALONE)
                    && (e.objectFlags() & (RF_CLASS_DEFAULT_OBJECT | RF_ARCHETYPE_OBJECT)) == 0;
        }

        private boolean isWorld(List<ImportSpec> specs) {
            for (ExportMapEntry e : pkg.exportMap()) {
                if (e.outerIndex().isNull() && e.classIndex().kind() != PackageObjectIndex.Kind.EXPORT
                        && !e.classIndex().isNull()) {
                    int k = pkg.importMap().indexOf(e.classIndex());
                    if (k >= 0 && specs.get(k).path().equals("/Script/Engine.World")) {
                        return true;
                    }
                }
            }
            return false;
        }

        /**
         * NamesReferencedFromExportDataCount: the Zen name map is the legacy map's first names (those
         * export data refers to) followed by the names only the Zen header needs, added in order (export
         * names, then the package name). The smallest prefix that leaves exactly such a tail.
         */
        private int namesReferencedFromExportData() {
            List<String> zen = pkg.names().names();
            List<String> header = new ArrayList<>();
            for (ExportMapEntry e : pkg.exportMap()) {
                header.add(zen.get(e.objectName().index()));
            }
            header.add(zen.get(pkg.packageMappedName().index()));
            for (int r = 0; r <= zen.size(); r++) {
                java.util.Set<String> head = new java.util.HashSet<>(zen.subList(0, r));
                List<String> tail = new ArrayList<>();
                for (String h : header) {
                    if (!head.contains(h) && !tail.contains(h)) {
                        tail.add(h);
                    }
                }
                if (tail.equals(zen.subList(r, zen.size()))) {
                    return r;
                }
            }
            return zen.size();
        }

        /** From UE5.5 on the cooker sorts the names after those referenced from export data, ignoring case. */
        private void sortAfter(int referenced) {
            List<NameEntry> tail = new ArrayList<>(names.subList(referenced, names.size()));
            tail.sort((a, b) -> a.text().toLowerCase(java.util.Locale.ROOT).compareTo(b.text().toLowerCase(java.util.Locale.ROOT)));
            names.subList(referenced, names.size()).clear();
            names.addAll(tail);
            nameIndex.clear();
            for (int i = 0; i < names.size(); i++) {
                nameIndex.putIfAbsent(names.get(i).text(), i);
            }
        }

        private FName exportName(ExportMapEntry e) {
            String base = pkg.names().get(e.objectName().index());
            return new FName(nameIndex.get(base), (int) e.objectName().number());
        }

        private int name(String text) {
            Integer i = nameIndex.get(text);
            if (i == null) {
                i = names.size();
                names.add(NameEntry.of(text));
                nameIndex.put(text, i);
            }
            return i;
        }

        private FName fname(NameRef n) {
            return new FName(name(n.base()), n.number());
        }
    }
}
