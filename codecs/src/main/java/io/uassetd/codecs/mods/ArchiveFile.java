package io.uassetd.codecs.mods;

import java.util.Locale;

/**
 * One file an archive provides.
 *
 * @param path the mounted path, '/'-separated, with the mount point's leading {@code ../../../} taken
 *     off ({@code Game/Content/Maps/A.uasset})
 * @param archive the pak or container holding it
 * @param index the pak entry's index in {@link Archive#pakEntries()}, or the container's chunk index
 * @param size the uncompressed size in bytes
 * @param hash the hash the archive holds for it (pak entry SHA-1 of the stored bytes, or the TOC's
 *     chunk hash of the uncompressed bytes), null when it holds none
 * @param storage how the hashed bytes are stored, for pak entries (compression method, block size,
 *     encryption): two pak hashes are comparable only under the same storage
 */
public record ArchiveFile(String path, Archive archive, int index, long size, byte[] hash, String storage) {
    /** The key files are matched by across archives: the path in lower case (Unreal paths ignore case). */
    public String key() {
        return path.toLowerCase(Locale.ROOT);
    }

    /** What kind of hash {@link #hash} is: {@code pak_sha1}, {@code chunk_hash} (with the TOC version), or null. */
    public String hashKind() {
        if (hash == null) {
            return null;
        }
        return archive.isPak() ? "pak_sha1" : "chunk_hash_v" + archive.container().tocVersion().value();
    }

    /** The mounted path with {@code ../../../} and leading slashes taken off, '/'-separated. */
    public static String normalize(String mountPoint, String path) {
        String p = ((mountPoint == null ? "" : mountPoint) + path).replace('\\', '/');
        while (p.startsWith("../")) {
            p = p.substring(3);
        }
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        return p;
    }
}
