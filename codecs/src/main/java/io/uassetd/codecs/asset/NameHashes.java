package io.uassetd.codecs.asset;

import io.uassetd.codecs.io.FString;

/**
 * The two 16-bit hashes FNameEntrySerialized stores. NonCasePreservingHash is the low half of
 * FCrc::Strihash_DEPRECATED (upper-cased characters through the MSB-first CRC table, one byte per
 * ANSI character, two per wide character); CasePreservingHash is the low half of FCrc::StrCrc32
 * (standard CRC-32 over each character as four little-endian bytes).
 */
public final class NameHashes {
    private static final int[] TABLE = new int[256];
    /** The standard (reflected, 0xEDB88320) CRC-32 table, as java.util.zip.CRC32 computes it. */
    private static final int[] CRC32_TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i;
            for (int j = 0; j < 8; j++) {
                c = (c & 1) != 0 ? (c >>> 1) ^ 0xEDB88320 : c >>> 1;
            }
            CRC32_TABLE[i] = c;
        }
        for (int i = 0; i < 256; i++) {
            int c = i << 24;
            for (int j = 0; j < 8; j++) {
                c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
            }
            TABLE[i] = c;
        }
    }

    private NameHashes() {
    }

    public static int nonCasePreservingHash(String s) {
        boolean ansi = FString.isAnsi(s);
        int hash = 0;
        for (int i = 0; i < s.length(); i++) {
            char ch = toUpper(s.charAt(i));
            if (ansi) {
                hash = (hash >>> 8) ^ TABLE[(hash ^ (ch & 0xFF)) & 0xFF];
            } else {
                hash = (hash >>> 8) ^ TABLE[(hash ^ (ch & 0xFF)) & 0xFF];
                hash = (hash >>> 8) ^ TABLE[(hash ^ (ch >>> 8)) & 0xFF];
            }
        }
        return hash & 0xFFFF;
    }

    public static int casePreservingHash(String s) {
        // CRC-32 of each character as four little-endian bytes (low, high, 0, 0), without a buffer
        int crc = 0xFFFFFFFF;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            crc = (crc >>> 8) ^ CRC32_TABLE[(crc ^ c) & 0xFF];
            crc = (crc >>> 8) ^ CRC32_TABLE[(crc ^ (c >>> 8)) & 0xFF];
            crc = (crc >>> 8) ^ CRC32_TABLE[crc & 0xFF];
            crc = (crc >>> 8) ^ CRC32_TABLE[crc & 0xFF];
        }
        return ~crc & 0xFFFF;
    }

    private static char toUpper(char c) {
        if (c >= 'a' && c <= 'z') {
            return (char) (c - 32);
        }
        return c < 0x80 ? c : Character.toUpperCase(c);
    }
}
