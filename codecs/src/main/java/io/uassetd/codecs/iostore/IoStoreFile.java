package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkId;

/**
 * A file a container's directory index names.
 *
 * @param path the full path: mount point, then directories and name ("../../../Game/Content/A.uasset")
 * @param chunkIndex the TOC entry holding it
 * @param chunkId that entry's chunk id
 * @param size its uncompressed size in bytes
 * @param compressedSize the bytes its compression blocks take in the .ucas (before AES padding)
 */
public record IoStoreFile(String path, int chunkIndex, IoChunkId chunkId, long size, long compressedSize) {
}
