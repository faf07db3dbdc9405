package io.uassetd.codecs.pak;

import java.util.List;

/**
 * What a pak says about itself.
 *
 * @param version the layout found (V8A and V8B told apart)
 * @param pathHashSeed the V10+ path hash seed (0 before)
 * @param compressionMethods the footer's method names (V8+), or the legacy flags' names
 */
public record PakInfo(String file, long fileSize, PakVersion version, String mountPoint, long pathHashSeed,
        boolean encryptedIndex, byte[] encryptionKeyGuid, boolean frozenIndex, int entryCount,
        List<String> compressionMethods) {
    public PakInfo {
        compressionMethods = List.copyOf(compressionMethods);
    }
}
