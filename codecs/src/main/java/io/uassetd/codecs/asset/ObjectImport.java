package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * FObjectImport, 28 bytes plus 8 (PackageName: editor packages from NON_OUTER_PACKAGE_IMPORT, every
 * package from IMPORT_TYPE_HIERARCHIES, as cooked 5.8 packages show) plus 4 (bImportOptional, from
 * OPTIONAL_RESOURCES).
 *
 * @param packageName the PackageName field, or null when not stored
 */
public record ObjectImport(FName classPackage, FName className, PackageIndex outerIndex, FName objectName,
        FName packageName, boolean importOptional) {

    static boolean hasPackageName(PackageReader r) {
        return hasPackageName(r.version(), r.filterEditorOnly());
    }

    static boolean hasPackageName(io.uassetd.codecs.asset.version.PackageVersion v, boolean filterEditorOnly) {
        return (!filterEditorOnly && v.atLeast(ObjectVersion.NON_OUTER_PACKAGE_IMPORT))
                || v.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES);
    }

    /** Bytes one import takes under the reader's versions. */
    static int size(boolean packageName, boolean optional) {
        return 28 + (packageName ? 8 : 0) + (optional ? 4 : 0);
    }

    static ObjectImport read(PackageReader r) {
        FName classPackage = r.readFName();
        FName className = r.readFName();
        PackageIndex outer = r.readPackageIndex();
        FName objectName = r.readFName();
        FName packageName = hasPackageName(r) ? r.readFName() : null;
        boolean optional = r.version().atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES) && r.readBool32();
        return new ObjectImport(classPackage, className, outer, objectName, packageName, optional);
    }

    void write(PackageWriter w) {
        w.writeFName(classPackage);
        w.writeFName(className);
        w.writePackageIndex(outerIndex);
        w.writeFName(objectName);
        if (hasPackageName(w.version(), w.filterEditorOnly())) {
            w.writeFName(packageName == null ? new FName(0, 0) : packageName);
        }
        if (w.version().atLeast(ObjectVersionUE5.OPTIONAL_RESOURCES)) {
            w.writeBool32(importOptional);
        }
    }
}
