package io.uassetd.codecs.pak;

import io.uassetd.codecs.compression.CompressionMethod;

/**
 * One file in a pak, as listed by {@link PakReader}: its path relative to the mount point, how it
 * is stored, and the compression method resolved from the pak's name table or flags.
 *
 * @param compressionName the stored method name ("None", "Zlib", "Oodle", ...)
 * @param method the method, or null when the name is not one this project knows
 */
public record PakEntry(String path, PakEntryRecord record, String compressionName, CompressionMethod method) {
    /** Uncompressed size in bytes. */
    public long size() {
        return record.uncompressedSize();
    }

    /** Stored (compressed) size in bytes as recorded, without AES padding. */
    public long compressedSize() {
        return record.size();
    }

    public boolean compressed() {
        return record.compressed();
    }

    public boolean encrypted() {
        return record.encrypted();
    }

    public boolean deleted() {
        return record.deleted();
    }

    /** Absolute offset of the entry's record in the pak. */
    public long offset() {
        return record.offset();
    }

    /** The path with the pak's mount point in front. */
    public String fullPath(String mountPoint) {
        return mountPoint + path;
    }
}
