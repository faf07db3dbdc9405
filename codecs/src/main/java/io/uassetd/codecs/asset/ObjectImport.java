package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.List;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineQuirk;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * FObjectImport, 28 bytes plus 8 (PackageName: editor packages from NON_OUTER_PACKAGE_IMPORT; cooked
 * UE5.8 packages from IMPORT_TYPE_HIERARCHIES, where it repeats ObjectName) plus 4 (bImportOptional,
 * from OPTIONAL_RESOURCES). Cooked UE5.7 packages are also at IMPORT_TYPE_HIERARCHIES but write no
 * PackageName (UAssetAPI reads it only when the package does not filter editor-only data); the parser
 * tells the two apart by the import map's size ({@link #cookedPackageNames}).
 *
 * @param packageName the PackageName field, or null when not stored
 */
public record ObjectImport(FName classPackage, FName className, PackageIndex outerIndex, FName objectName,
        FName packageName, boolean importOptional) {

    static boolean hasPackageName(PackageReader r) {
        return hasPackageName(r.version(), r.filterEditorOnly());
    }

    static boolean hasPackageName(PackageVersion v, boolean filterEditorOnly) {
        return (!filterEditorOnly && v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT))
                || v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES);
    }

    /** Cooked packages at IMPORT_TYPE_HIERARCHIES or later, whose imports may or may not hold a PackageName. */
    static boolean cookedWithTypeHierarchies(PackageVersion v, boolean filterEditorOnly) {
        return filterEditorOnly && v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES);
    }

    /**
     * Whether the {@code count} imports of a cooked IMPORT_TYPE_HIERARCHIES package, whose import map
     * takes {@code bytes} bytes (-1 when unknown), hold a PackageName: 40 bytes per import say yes (UE5.8),
     * 32 say no (UE5.7); otherwise the engine table decides
     * ({@link EngineQuirk#COOKED_IMPORTS_WITHOUT_PACKAGE_NAME}).
     */
    static boolean cookedPackageNames(int count, long bytes, EngineVersion engine) {
        if (count > 0 && bytes == (long) count * size(true, true)) {
            return true;
        }
        if (count > 0 && bytes == (long) count * size(false, true)) {
            return false;
        }
        return engine == null || !engine.has(EngineQuirk.COOKED_IMPORTS_WITHOUT_PACKAGE_NAME);
    }

    /** Bytes one import takes under the reader's versions. */
    static int size(boolean packageName, boolean optional) {
        return 28 + (packageName ? 8 : 0) + (optional ? 4 : 0);
    }

    static ObjectImport read(PackageReader r) {
        return read(r, hasPackageName(r));
    }

    static ObjectImport read(PackageReader r, boolean packageNameStored) {
        FName classPackage = r.readFName();
        FName className = r.readFName();
        PackageIndex outer = r.readPackageIndex();
        FName objectName = r.readFName();
        FName packageName = packageNameStored ? r.readFName() : null;
        boolean optional = r.version().atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES) && r.readBool32();
        return new ObjectImport(classPackage, className, outer, objectName, packageName, optional);
    }

    /**
     * Whether a cooked IMPORT_TYPE_HIERARCHIES package of these imports stores PackageNames: when any
     * import has one (UE5.8; an import without one is then written with name 0, as before 1018), not when
     * none has (UE5.7).
     */
    static boolean storesPackageNames(List<ObjectImport> imports) {
        for (ObjectImport i : imports) {
            if (i.packageName != null) {
                return true;
            }
        }
        return false;
    }

    void write(PackageWriter w) {
        write(w, packageName != null);
    }

    /** Writes the import; {@code cookedPackageNames}: see {@link #storesPackageNames}. */
    void write(PackageWriter w, boolean cookedPackageNames) {
        w.writeFName(classPackage);
        w.writeFName(className);
        w.writePackageIndex(outerIndex);
        w.writeFName(objectName);
        if (cookedWithTypeHierarchies(w.version(), w.filterEditorOnly())) {
            // cooked UE5.7 imports hold none, UE5.8 ones do: as read (or as built)
            if (cookedPackageNames) {
                w.writeFName(packageName == null ? new FName(0, 0) : packageName);
            }
        } else if (hasPackageName(w.version(), w.filterEditorOnly())) {
            w.writeFName(packageName == null ? new FName(0, 0) : packageName);
        }
        if (w.version().atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES)) {
            w.writeBool32(importOptional);
        }
    }
}
