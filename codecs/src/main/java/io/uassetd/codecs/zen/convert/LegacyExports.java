package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.iostore.scriptobjects.PackageObjectIndex;
import io.uassetd.codecs.zen.DependencyBundleHeader;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.List;

/**
 * The legacy export map and export data of a Zen package, with the preload dependencies: the Zen
 * dependency bundles plus what Zen leaves out (class and template before create, outer and super
 * before create, which includes script imports).
 */
final class LegacyExports {
    private static final int RF_PUBLIC = 0x1;
    private static final int RF_STANDALONE = 0x2;
    private static final int RF_CLASS_DEFAULT_OBJECT = 0x10;
    private static final int RF_ARCHETYPE_OBJECT = 0x20;

    private LegacyExports() {
    }

    static void add(PackageBuilder b, ZenPackage pkg, PackageVersion version, LegacyNames names,
            List<ImportSpec> specs) {
        List<ExportMapEntry> exports = pkg.exportMap();
        long[] at = pkg.exportDataOffsets();
        List<PackageIndex> preload = new ArrayList<>();
        // bGeneratePublicHash marks public exports in 5.2 to 5.4 cooks; 5.5 cooks leave it unset
        boolean publicHash = pkg.layout() != ZenLayout.UE4_PACKAGE_SUMMARY && !version.atLeast(LegacyConversion.SORTED_NAMES_UE5);
        for (int i = 0; i < exports.size(); i++) {
            ExportMapEntry e = exports.get(i);
            PackageIndex cls = index(pkg, e.classIndex());
            PackageIndex sup = index(pkg, e.superIndex());
            PackageIndex tpl = index(pkg, e.templateIndex());
            PackageIndex outer = index(pkg, e.outerIndex());
            List<List<PackageIndex>> deps = dependencies(pkg, i, cls, sup, tpl, outer, isFunction(specs, cls));
            int total = deps.get(0).size() + deps.get(1).size() + deps.get(2).size() + deps.get(3).size();
            int first = total == 0 ? -1 : preload.size();
            for (int k = 0; k < 4; k++) {
                preload.addAll(deps.get(k));
            }
            ObjectExport x = new ObjectExport(cls, sup, tpl, outer,
                    names.exportName(pkg, e), e.objectFlags(),
                    e.cookedSerialSize(), 0, false, e.filterFlags() == ExportMapEntry.FILTER_NOT_FOR_CLIENT,
                    e.filterFlags() == ExportMapEntry.FILTER_NOT_FOR_SERVER, null, inherited(specs, pkg, e), 0,
                    !alwaysLoaded(pkg, i), isAsset(e), publicHash && e.publicExportHash() != 0, first, deps.get(0).size(),
                    deps.get(1).size(), deps.get(2).size(), deps.get(3).size(), 0, 0);
            int from = (int) at[i];
            if (from < 0) {
                b.addExport(x, new byte[0], List.of());
            } else {
                // past the end of the data reads as zeros, as a copy of the range does
                int size = Math.toIntExact(e.cookedSerialSize());
                b.addExport(x, pkg.exportData(), from, size, List.of());
            }
        }
        b.preloadDependencies(preload);
    }

    /**
     * The export's preload dependencies in legacy order: serialize-before-serialize,
     * create-before-serialize, serialize-before-create, create-before-create.
     */
    private static List<List<PackageIndex>> dependencies(ZenPackage pkg, int i, PackageIndex cls, PackageIndex sup,
            PackageIndex tpl, PackageIndex outer, boolean function) {
        List<PackageIndex> sbs = new ArrayList<>();
        List<PackageIndex> cbs = new ArrayList<>();
        List<PackageIndex> sbc = new ArrayList<>();
        List<PackageIndex> cbc = new ArrayList<>();
        if (i < pkg.dependencyBundleHeaders().size() && pkg.dependencyBundleHeaders().get(i).firstEntryIndex() < 0) {
            // the cooker writes -1 for an export without any preload dependency, not even on its class
            return List.of(sbs, cbs, sbc, cbc);
        }
        if (!function) {
            // a UFunction export waits for neither its class nor its template
            addIfSet(sbc, cls);
            addIfSet(sbc, tpl);
        }
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

    private static PackageIndex index(ZenPackage pkg, PackageObjectIndex i) {
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

    /**
     * NeedsLoadForEditorGame: classes (and other structs, which have a super), default objects and
     * everything a class owns are always loaded; a default object's subobjects and plain objects are not.
     */
    private static boolean alwaysLoaded(ZenPackage pkg, int i) {
        List<ExportMapEntry> exports = pkg.exportMap();
        ExportMapEntry self = exports.get(i);
        if ((self.objectFlags() & RF_CLASS_DEFAULT_OBJECT) != 0) {
            return true;
        }
        for (int k = 0, cur = i; k <= exports.size() && cur >= 0; k++) {
            ExportMapEntry e = exports.get(cur);
            if (!e.superIndex().isNull()) {
                return true;
            }
            cur = e.outerIndex().kind() == PackageObjectIndex.Kind.EXPORT ? (int) e.outerIndex().value() : -1;
        }
        return false;
    }

    private static boolean isFunction(List<ImportSpec> specs, PackageIndex cls) {
        if (!cls.isImport()) {
            return false;
        }
        String path = specs.get(cls.importIndex()).path();
        return path.equals("/Script/CoreUObject.Function") || path.equals("/Script/CoreUObject.DelegateFunction")
                || path.equals("/Script/CoreUObject.SparseDelegateFunction");
    }

    /**
     * bIsInheritedInstance: the export overrides a subobject its outer inherits, so its template is a
     * subobject of another class's default object.
     */
    private static boolean inherited(List<ImportSpec> specs, ZenPackage pkg, ExportMapEntry e) {
        if (e.templateIndex().isNull() || e.templateIndex().kind() == PackageObjectIndex.Kind.EXPORT) {
            return false;
        }
        int t = pkg.importMap().indexOf(e.templateIndex());
        ImportSpec tpl = t < 0 ? null : specs.get(t);
        return tpl != null && tpl.outer() != null && tpl.outer().objectName().base().startsWith("Default__");
    }

    private static boolean isAsset(ExportMapEntry e) {
        return e.outerIndex().isNull() && (e.objectFlags() & (RF_PUBLIC | RF_STANDALONE)) == (RF_PUBLIC | RF_STANDALONE)
                && (e.objectFlags() & (RF_CLASS_DEFAULT_OBJECT | RF_ARCHETYPE_OBJECT)) == 0;
    }
}
