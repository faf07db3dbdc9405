package io.uassetd.codecs.zen.convert;

import java.util.Locale;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.DataResource;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.EngineQuirk;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.BulkDataMapEntry;
import io.uassetd.codecs.zen.CookedHeaderSize;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** One Zen package becoming a legacy package. */
final class LegacyConversion {
    /** The UE5 file version (UE5.5) from which cooked name maps are sorted. */
    static final ObjectVersionUE5 SORTED_NAMES_UE5 =
            ObjectVersionUE5.ASSETREGISTRY_PACKAGEBUILDDEPENDENCIES;

    private final ZenPackage pkg;
    private final ImportResolver resolver;
    private final EngineVersion target;
    private final List<String> notes = new ArrayList<>();
    private LegacyNames names;

    LegacyConversion(ZenPackage pkg, long packageId, StoreEntry entry, PackageStore store, ScriptObjectsDatabase scripts,
            EngineVersion target, ZenToLegacy.Unresolved unresolved) {
        this.pkg = pkg;
        this.target = target;
        PackageSource source = new PackageSource(store, pkg.layout());
        PackageSource.Loaded self = PackageSource.loaded(packageId, pkg,
                entry == null ? null : entry.importedPackages());
        this.resolver = new ImportResolver(self, source, scripts, unresolved == ZenToLegacy.Unresolved.PLACEHOLDER,
                unresolved != ZenToLegacy.Unresolved.FAIL, notes);
    }

    LegacyOutput run(String packageName, Map<String, byte[]> companions) {
        PackageVersion version = pkg.versioning() != null ? pkg.versioning().packageVersion() : target.packageVersion();
        PackageBuilder b = pkg.versioning() != null
                ? PackageBuilder.cooked(version, false).customVersions(new CustomVersionContainer(
                        CustomVersionContainer.Format.OPTIMIZED, pkg.versioning().customVersions()))
                : PackageBuilder.cooked(target, true);
        b.packageFlags((int) pkg.packageFlags());
        names = new LegacyNames(pkg.names());
        int referenced = names.referencedFromExportData(pkg, pkg.names().size());
        List<ImportSpec> specs = LegacyImports.of(pkg, resolver);
        Map<ImportSpec, Integer> index = new HashMap<>();
        for (int i = 0; i < specs.size(); i++) {
            index.putIfAbsent(specs.get(i), i);
        }
        // names in the order the cooker adds them: each import's outer first, then its class and name
        boolean[] named = new boolean[specs.size()];
        for (int i = 0; i < specs.size(); i++) {
            nameImport(i, specs, index, named);
        }
        // some releases' cooked imports hold no PackageName though the object version says they do (the table's quirk)
        boolean packageNames = version.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES)
                && (target == null || !target.has(EngineQuirk.COOKED_IMPORTS_WITHOUT_PACKAGE_NAME));
        if (version.atLeast(SORTED_NAMES_UE5)) {
            names.sortAfter(referenced);
        }
        for (ImportSpec s : specs) {
            PackageIndex outer = s.outer() == null ? PackageIndex.NULL : PackageIndex.ofImport(index.get(s.outer()));
            // cooked UE5.8 legacy headers repeat each import's ObjectName in the FName after it (the CUE4Parse
            // UE5.8 legacy paks), and their name maps hold no None for it
            FName pn = packageNames ? names.fname(s.objectName()) : null;
            b.addImport(new ObjectImport(names.fname(s.classPackage()), names.fname(s.className()), outer, names.fname(s.objectName()),
                    pn, false));
        }
        for (NameEntry n : names.entries()) {
            b.addName(n);
        }
        b.namesReferencedFromExportData(referenced);
        LegacyExports.add(b, pkg, version, names, specs);
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
            b.dataResources(version.atLeast(SORTED_NAMES_UE5) ? 2 : 1, res);
            if (!res.isEmpty() && !oneOwner) {
                notes.add("data resource outers are not stored in Zen packages and are left null");
            }
        }
        long end = 0;
        long[] at = pkg.exportDataOffsets();
        for (int i = 0; i < at.length; i++) {
            end = Math.max(end, at[i] + pkg.exportMap().get(i).cookedSerialSize());
        }
        long trailing = pkg.exportData().length - end;
        if (trailing != 4 && trailing != 0) {
            // the legacy .uexp ends with the 4-byte package tag the builder writes; anything else is not carried over
            notes.add(trailing + " bytes after the last export (expected the 4-byte package tag) are not carried over");
        }
        b.packageName(FString.of(packageName));
        String file = packageName.substring(packageName.lastIndexOf('/') + 1);
        b.packageSource(StrCrc.of(file.toUpperCase(Locale.ROOT)));
        boolean world = isWorld(specs);
        String fileName = file + (world ? ".umap" : ".uasset");
        long cooked = pkg.cookedHeaderSize();
        // every import holds a PackageName when packageNames (CookedHeaderSize.namedImports of the result)
        long expected = CookedHeaderSize.legacyHeaderSize(cooked, version, true, packageNames ? specs.size() : 0);
        boolean padded = pkg.layout() != ZenLayout.UE4_PACKAGE_SUMMARY;
        long[] unpadded = new long[1];
        // the cooker's zero padding after the last header table, as the cooked header size records it
        b.headerPadding(size -> {
            unpadded[0] = size;
            return padded && expected > size && expected - size <= 1024 ? expected - size : 0;
        });
        PackageBuilder.Built built = b.buildWithBytes(fileName);
        AssetPackage asset = built.asset();
        long headerSize = unpadded[0]; // laid out by the builder: the serialized header's size
        if (asset.summary().totalHeaderSize() == headerSize && expected != headerSize) {
            notes.add("legacy header is " + headerSize + " bytes, the Zen package records " + cooked
                    + (expected != cooked ? " (a " + expected + "-byte legacy header)" : ""));
        }
        return new LegacyOutput(packageName, world ? ".umap" : ".uasset", asset, companions, notes, cooked, built.bytes());
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
        names.add(s.classPackage().base());
        names.add(s.className().base());
        names.add(s.objectName().base());
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
}
