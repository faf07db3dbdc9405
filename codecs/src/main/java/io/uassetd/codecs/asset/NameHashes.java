package io.uassetd.codecs.asset;

import io.uassetd.codecs.io.FString;
import java.util.zip.CRC32;

/**
 * The two 16-bit hashes FNameEntrySerialized stores. NonCasePreservingHash is the low half of
 * FCrc::Strihash_DEPRECATED (upper-cased characters through the MSB-first CRC table, one byte per
 * ANSI character, two per wide character); CasePreservingHash is the low half of FCrc::StrCrc32
 * (standard CRC-32 over each character as four little-endian bytes).
 */
public final class NameHashes {
    private static final int[] TABLE = new int[256];

    static {
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
        CRC32 crc = new CRC32();
        byte[] b = new byte[s.length() * 4];
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            b[i * 4] = (byte) c;
            b[i * 4 + 1] = (byte) (c >>> 8);
        }
        crc.update(b);
        return (int) crc.getValue() & 0xFFFF;
    }

    private static char toUpper(char c) {
        if (c >= 'a' && c <= 'z') {
            return (char) (c - 32);
        }
        return c < 0x80 ? c : Character.toUpperCase(c);
    }
}
