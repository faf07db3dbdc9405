package io.uassetd.codecs.asset.core;

/** FCompressedChunk, 16 bytes: uncompressed offset and size, compressed offset and size (int32 each). */
public record FCompressedChunk(int uncompressedOffset, int uncompressedSize, int compressedOffset, int compressedSize) {
}
