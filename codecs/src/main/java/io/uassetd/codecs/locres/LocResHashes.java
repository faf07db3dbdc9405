package io.uassetd.codecs.locres;

import java.util.Locale;
import io.uassetd.codecs.hash.Hashes;
import java.nio.charset.StandardCharsets;
import java.util.zip.CRC32;

/**
 * The hashes a .locres stores. Every one of them is computed over the text as the engine holds it
 * (UTF-16 code units).
 */
public final class LocResHashes {
    private LocResHashes() {
    }

    /**
     * The engine's {@code FCrc::StrCrc32}: the standard (reflected, 0xEDB88320) CRC-32 with every
     * UTF-16 code unit widened to four little-endian bytes. This is the source-string hash of every
     * version and the namespace/key hash of Optimized_CRC32.
     */
    public static int strCrc32(String s) {
        byte[] wide = new byte[s.length() * 4];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            wide[i * 4] = (byte) c;
            wide[i * 4 + 1] = (byte) (c >>> 8);
        }
        CRC32 crc = new CRC32();
        crc.update(wide);
        return (int) crc.getValue();
    }

    /**
     * The namespace/key hash of Optimized_CityHash64_UTF16 ({@code TextKeyUtil::HashString}):
     * CityHash64 of the UTF-16LE text, folded to 32 bits as {@code GetTypeHash(uint64)} does
     * (low word + high word * 23).
     */
    public static int cityHashKey(String s) {
        long h = Hashes.cityHash64(s.getBytes(StandardCharsets.UTF_16LE));
        return (int) h + (int) (h >>> 32) * 23;
    }

    /** The namespace/key hash {@code version} stores, or 0 for versions that store none. */
    public static int keyHash(LocResVersion version, String s) {
        if (s.isEmpty()) {
            return 0; // an empty FTextKey hashes to 0 (GetTypeHash of an unset key)
        }
        return switch (version) {
            case OPTIMIZED_CITYHASH64_UTF16 -> cityHashKey(s);
            case OPTIMIZED_CRC32 -> strCrc32(s);
            default -> 0;
        };
    }

    /** {@code 0x} and 8 upper-case hex digits. */
    public static String hex32(int v) {
        return String.format(Locale.ROOT, "0x%08X", v);
    }
}
