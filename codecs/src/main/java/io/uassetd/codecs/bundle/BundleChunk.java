package io.uassetd.codecs.bundle;

import io.uassetd.codecs.iostore.toc.IoChunkId;
import java.util.Objects;

/**
 * One chunk of a bundle: its id, its bytes, and its path under the mount point in the directory
 * index (null for a chunk without a path).
 *
 * @param blake3 the 32-byte BLAKE3 hash of {@code data} when it was computed beside the chunk's making
 *     (on the thread that made it, while the bytes are in its cache), else null: the writer hashes it
 */
public record BundleChunk(IoChunkId id, byte[] data, String path, byte[] blake3) {
    public BundleChunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(data, "data");
        if (blake3 != null && blake3.length != 32) {
            throw new IllegalArgumentException("A BLAKE3 hash has 32 bytes, not " + blake3.length);
        }
    }

    public BundleChunk(IoChunkId id, byte[] data, String path) {
        this(id, data, path, null);
    }

    /** This chunk with its BLAKE3 hash given. */
    public BundleChunk withBlake3(byte[] hash) {
        return new BundleChunk(id, data, path, hash);
    }
}
