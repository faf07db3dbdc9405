package io.uassetd.codecs.zen.convert;

/**
 * FCrc::StrCrc_DEPRECATED: an MSB-first CRC-32 (polynomial 0x04C11DB7, start and final inversion)
 * over each character's low byte then high byte. Cookers store it of the upper-cased package file
 * name as the summary's PackageSource.
 */
final class StrCrc {
    private static final int[] TABLE = new int[256];

    static {
        for (int i = 0; i < 256; i++) {
            int c = i << 24;
            for (int k = 0; k < 8; k++) {
                c = (c & 0x80000000) != 0 ? (c << 1) ^ 0x04C11DB7 : c << 1;
            }
            TABLE[i] = c;
        }
    }

    private StrCrc() {
    }

    static int of(String s) {
        int crc = 0xFFFFFFFF;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            crc = (crc << 8) ^ TABLE[((crc >>> 24) ^ (c & 0xFF)) & 0xFF];
            crc = (crc << 8) ^ TABLE[((crc >>> 24) ^ ((c >>> 8) & 0xFF)) & 0xFF];
        }
        return ~crc;
    }
}
