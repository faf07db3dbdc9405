package io.uassetd.codecs.zen.write;

import java.util.List;
import io.uassetd.codecs.iostore.toc.IoChunkType;

/**
 * A bulk-data companion of a converted package, stored in the container as its own chunk (chunk
 * index 0 of the package id): {@code .ubulk} as BulkData, {@code .uptnl} as OptionalBulkData,
 * {@code .m.ubulk} as MemoryMappedBulkData. The bytes are the companion file's, unchanged.
 */
public record BulkChunk(IoChunkType type, String extension, byte[] data) {
    /** The companion extensions in chunk-type order. */
    public static final List<String> EXTENSIONS = List.of(".ubulk", ".uptnl", ".m.ubulk");

    /** The chunk type a companion extension is stored as. */
    public static IoChunkType typeOf(String extension) {
        return switch (extension) {
            case ".ubulk" -> IoChunkType.BULK_DATA;
            case ".uptnl" -> IoChunkType.OPTIONAL_BULK_DATA;
            case ".m.ubulk" -> IoChunkType.MEMORY_MAPPED_BULK_DATA;
            default -> throw new IllegalArgumentException("Not a bulk data companion: " + extension);
        };
    }
}
