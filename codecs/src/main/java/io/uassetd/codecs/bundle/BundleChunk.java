package io.uassetd.codecs.bundle;

import io.uassetd.codecs.iostore.toc.IoChunkId;
import java.util.Objects;

/**
 * One chunk of a bundle: its id, its bytes, and its path under the mount point in the directory
 * index (null for a chunk without a path).
 */
public record BundleChunk(IoChunkId id, byte[] data, String path) {
    public BundleChunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(data, "data");
    }
}
