package io.uassetd.codecs.bundle;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.zen.ImportedPackageNames;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Turns Zen packages (a .uzenasset, or a package chunk taken from a container) into
 * {@link BundlePackage}s. The package id is CityHash64 of the package name; the store entry's
 * imported packages are the ids of the package's imported package names (UE 5.3+ packages carry
 * them, in store-entry order). Shader map hashes are not in the package and stay empty. Older Zen
 * layouts keep their imports only in the container header, so they can be rebuilt only from a
 * container ({@link ContainerCopy}).
 */
public final class ZenPackages {
    /** EPackageFlags.PKG_ContainsMap: the package holds a World (a .umap). */
    static final long PKG_CONTAINS_MAP = 0x00020000L;

    private ZenPackages() {
    }

    /** The bulk data chunk type of a sidecar file name, or null when the name is not a sidecar. */
    public static IoChunkType sidecarType(String fileName) {
        String f = fileName.toLowerCase(Locale.ROOT);
        if (f.endsWith(".m.ubulk")) {
            return IoChunkType.MEMORY_MAPPED_BULK_DATA;
        }
        if (f.endsWith(".ubulk")) {
            return IoChunkType.BULK_DATA;
        }
        if (f.endsWith(".uptnl")) {
            return IoChunkType.OPTIONAL_BULK_DATA;
        }
        return null;
    }

    /**
     * A package for {@code profile} from Zen bytes.
     *
     * @param path the package chunk's path under the mount point (e.g. {@code Game/Content/A.uasset}); a
     *     {@code .uzenasset} path becomes {@code .uasset}, or {@code .umap} for a package holding a map
     * @param sidecars bulk data files of the package: path and bytes, typed by {@link #sidecarType}
     */
    public static BundlePackage of(byte[] data, String source, String path, List<BundleChunk> sidecars, IoStoreProfile profile) {
        ZenLayout layout = profile.zenLayout();
        if (!layout.atLeast(ZenLayout.DEPENDENCY_BUNDLES)) {
            throw new UnsupportedVersionException("Zen packages of " + profile.engine() + " keep their imported packages only in "
                    + "the container header; bundles from loose Zen packages need UE5_3 or later (copy a container instead)",
                    source, 0, "ZenPackage");
        }
        ZenPackage p = ZenPackage.read(data, source, layout);
        if (path != null && path.toLowerCase(Locale.ROOT).endsWith(".uzenasset")) {
            path = path.substring(0, path.length() - ".uzenasset".length())
                    + ((p.packageFlags() & PKG_CONTAINS_MAP) != 0 ? ".umap" : ".uasset");
        }
        String name = p.packageName();
        long id = Hashes.cityHash64LowerUtf16(name);
        ImportedPackageNames imported = p.importedPackageNames();
        List<Long> imports = new ArrayList<>();
        if (imported != null) {
            for (int i = 0; i < imported.size(); i++) {
                imports.add(Hashes.cityHash64LowerUtf16(imported.name(i)));
            }
        }
        boolean exportInfo = !profile.headerVersion().atLeast(ContainerHeaderVersion.NO_EXPORT_INFO);
        if (exportInfo) {
            throw new UnsupportedVersionException("Container header version " + profile.headerVersion().value()
                    + " stores export bundle counts that UE5.3+ packages do not have", source, 0, "FFilePackageStoreEntry");
        }
        StoreEntry entry = new StoreEntry(-1, -1, imports, List.of());
        List<BundleChunk> typed = new ArrayList<>();
        for (BundleChunk s : sidecars) {
            typed.add(new BundleChunk(IoChunkId.of(id, 0, s.id().type(true)), s.data(), s.path()));
        }
        return new BundlePackage(id, name, entry, new BundleChunk(IoChunkId.packageData(id), data, path), typed);
    }

    /** A sidecar chunk placeholder of the right type for {@link #of}; its id is fixed there. */
    public static BundleChunk sidecar(String path, byte[] data) {
        IoChunkType t = sidecarType(path);
        if (t == null) {
            throw new IllegalArgumentException(path + " is not a bulk data file (.ubulk, .uptnl, .m.ubulk)");
        }
        return new BundleChunk(IoChunkId.of(0, 0, t), data, path);
    }
}
