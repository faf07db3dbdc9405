package io.uassetd.codecs.bundle;

import io.uassetd.codecs.hash.Blake3;
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

    /**
     * The same packages with the BLAKE3 hash of every chunk computed, all their chunks side by side
     * ({@link Blake3#hashAll}: consecutive small packages fill the lanes together).
     */
    public static List<BundlePackage> hashed(List<BundlePackage> packages) {
        List<byte[]> data = new ArrayList<>();
        for (BundlePackage p : packages) {
            data.add(p.packageChunk.data());
            p.sidecars.forEach(c -> data.add(c.data()));
        }
        byte[][] h = Blake3.hashAll(data.toArray(byte[][]::new));
        List<BundlePackage> out = new ArrayList<>(packages.size());
        int at = 0;
        for (BundlePackage p : packages) {
            BundleChunk main = p.packageChunk.withBlake3(h[at++]);
            List<BundleChunk> side = new ArrayList<>(p.sidecars.size());
            for (BundleChunk c : p.sidecars) {
                side.add(c.withBlake3(h[at++]));
            }
            out.add(new BundlePackage(p.packageId, p.name, p.storeEntry, main, side));
        }
        return out;
    }

    public IoChunkId packageChunkId() {
        return packageChunk.id();
    }
}
