package io.uassetd.codecs.zen;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.List;

/**
 * The CookedHeaderSize a Zen package summary records, and the legacy header size it stands for.
 *
 * <p>Up to UE5.7 (object version below IMPORT_TYPE_HIERARCHIES) the cooker records the legacy
 * header's TotalHeaderSize. From IMPORT_TYPE_HIERARCHIES (1018) on, a cooked legacy header carries
 * 8 bytes the recorded size leaves out (the summary's ImportTypeHierarchies count and offset) and 8
 * more per import (the FName after ObjectName in each FObjectImport): the UE5.8 cooker records
 * {@code TotalHeaderSize - 8 - 8 * ImportCount}. Checked against the ten cooked legacy packages of
 * the CUE4Parse UE5.8 legacy paks (Tagged and Unversioned), whose Zen twins in the UE5.8 containers
 * record exactly that. Cooked UE5.7 imports hold no PackageName (same object version): only the 8
 * summary bytes are left out for them, which no UE5.7 Zen/legacy pair was available to confirm.
 */
public final class CookedHeaderSize {
    private CookedHeaderSize() {
    }

    /** The imports of {@code pkg} that store a PackageName. */
    public static int namedImports(AssetPackage pkg) {
        return namedImports(pkg.imports());
    }

    /** The imports of {@code imports} that store a PackageName. */
    public static int namedImports(List<ObjectImport> imports) {
        int n = 0;
        for (ObjectImport i : imports) {
            n += i.packageName() != null ? 1 : 0;
        }
        return n;
    }

    /**
     * Bytes of a cooked legacy header whose {@code importCount} imports store a PackageName that
     * CookedHeaderSize does not count.
     */
    public static long uncounted(PackageVersion version, boolean filterEditorOnly, int importCount) {
        if (!filterEditorOnly || !version.atLeast(ObjectVersionUE5.IMPORT_TYPE_HIERARCHIES)) {
            return 0;
        }
        return 8 + 8L * importCount;
    }

    /** The CookedHeaderSize the cooker records for a legacy header of {@code totalHeaderSize} bytes. */
    public static long ofLegacy(long totalHeaderSize, PackageVersion version, boolean filterEditorOnly, int importCount) {
        return totalHeaderSize - uncounted(version, filterEditorOnly, importCount);
    }

    /** The legacy header size a recorded CookedHeaderSize stands for. */
    public static long legacyHeaderSize(long cooked, PackageVersion version, boolean filterEditorOnly, int importCount) {
        return cooked + uncounted(version, filterEditorOnly, importCount);
    }
}
