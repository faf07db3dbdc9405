package io.uassetd.codecs.bundle;

import java.util.ArrayList;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.header.StoreEntry;
import java.util.List;

/**
 * A Zen package ready for a bundle: its id, its store entry for the container header, its package
 * chunk, and its bulk data chunks (.ubulk, .uptnl, .m.ubulk).
 *
 * @param name the package name ({@code /Game/...}), for messages
 */
public record BundlePackage(long packageId, String name, StoreEntry storeEntry, BundleChunk packageChunk,
        List<BundleChunk> sidecars) {
    public BundlePackage {
        sidecars = List.copyOf(sidecars);
        if (packageChunk.id().id() != packageId) {
            throw new IllegalArgumentException("Package chunk " + packageChunk.id() + " does not belong to package " + name);
        }
    }

    /** Every chunk: the package chunk, then the sidecars. */
    public List<BundleChunk> chunks() {
        List<BundleChunk> all = new ArrayList<>(1 + sidecars.size());
        all.add(packageChunk);
        all.addAll(sidecars);
        return all;
    }

    public IoChunkId packageChunkId() {
        return packageChunk.id();
    }
}
