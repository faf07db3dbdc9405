package io.uassetd.codecs.zen.write;

import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.iostore.ZenLayout;

/**
 * EZenPackageVersion for the versioning info of a versioned package: Initial (0) up to UE5.1,
 * DataResourceTable (1) for UE5.2, ExtraDependencies (3) from UE5.3 on (ImportedPackageNames, 2,
 * was never released on its own). UE5.2 and 5.3 share a package file version; the layout tells them apart.
 */
final class ZenVersions {
    static final int INITIAL = 0;
    static final int DATA_RESOURCE_TABLE = 1;
    static final int EXTRA_DEPENDENCIES = 3;

    private ZenVersions() {
    }

    static long zenVersion(PackageVersion v, ZenLayout layout) {
        if (!v.atLeast(ObjectVersionUE5.DATA_RESOURCES)) {
            return INITIAL;
        }
        return layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES) ? EXTRA_DEPENDENCIES : DATA_RESOURCE_TABLE;
    }
}
