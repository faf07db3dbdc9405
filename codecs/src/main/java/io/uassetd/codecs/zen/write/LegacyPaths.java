package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.LegacyHeader;
import io.uassetd.codecs.asset.core.PackageIndex;

/**
 * Object paths of a legacy package's imports and exports as Zen hashes them: the package an object
 * lives in, and its path inside that package with every separator a '/' (e.g. {@code BP_C/Comp}).
 * Names keep their number suffixes ({@code Node_2}).
 */
final class LegacyPaths {
    /** An object's package and its path inside it ({@code ""} for the package itself). */
    record ObjectPath(String packageName, String relative) {
        boolean isPackage() {
            return relative.isEmpty();
        }

        /** The full path with '/' separators, e.g. {@code /Script/Engine/Actor}. */
        String full() {
            return relative.isEmpty() ? packageName : packageName + "/" + relative;
        }
    }

    private final LegacyHeader pkg;
    private final String packageName;
    private final String file;

    LegacyPaths(LegacyHeader pkg, String packageName, String file) {
        this.pkg = pkg;
        this.packageName = packageName;
        this.file = file;
    }

    ObjectPath of(PackageIndex index) {
        StringBuilder rel = new StringBuilder();
        PackageIndex cur = index;
        int limit = pkg.imports().size() + pkg.exports().size() + 1;
        for (int guard = 0; !cur.isNull(); guard++) {
            if (guard > limit) {
                throw new ZenWriteException("The outer chain of " + index + " loops", file, "ImportMap/ExportMap");
            }
            String name;
            PackageIndex outer;
            if (cur.isImport()) {
                if (cur.importIndex() >= pkg.imports().size()) {
                    throw new ZenWriteException(index + " names import " + cur.importIndex() + " of "
                            + pkg.imports().size(), file, "ImportMap");
                }
                var imp = pkg.imports().get(cur.importIndex());
                name = pkg.name(imp.objectName());
                outer = imp.outerIndex();
                if (outer.isNull()) {
                    // the package import ends the chain
                    return new ObjectPath(name, rel.toString());
                }
            } else {
                if (cur.exportIndex() >= pkg.exports().size()) {
                    throw new ZenWriteException(index + " names export " + cur.exportIndex() + " of "
                            + pkg.exports().size(), file, "ExportMap");
                }
                var exp = pkg.exports().get(cur.exportIndex());
                name = pkg.name(exp.objectName());
                outer = exp.outerIndex();
            }
            rel.insert(0, rel.length() == 0 ? name : name + "/");
            cur = outer;
        }
        return new ObjectPath(packageName, rel.toString());
    }
}
