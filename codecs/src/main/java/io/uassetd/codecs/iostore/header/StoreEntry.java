package io.uassetd.codecs.iostore.header;

import java.util.List;

/**
 * FFilePackageStoreEntry, decoded: 24 bytes before {@link ContainerHeaderVersion#NO_EXPORT_INFO}
 * (int32 export count, int32 export-bundle count, then two array views), 16 bytes from it on (the
 * two array views only). An array view is a u32 element count and a u32 offset from the view to its
 * data inside the store-entries buffer. Export counts are -1 where the version stores none.
 *
 * @param importedPackages FPackageIds this package imports
 * @param shaderMapHashes FSHAHash values, 20 bytes each
 */
public record StoreEntry(int exportCount, int exportBundleCount, List<Long> importedPackages,
        List<byte[]> shaderMapHashes) {
    public StoreEntry {
        importedPackages = List.copyOf(importedPackages);
        shaderMapHashes = List.copyOf(shaderMapHashes);
    }

    /** Size of the fixed part in a version. */
    public static int size(ContainerHeaderVersion v) {
        return v.atLeast(ContainerHeaderVersion.NO_EXPORT_INFO) ? 16 : 24;
    }
}
