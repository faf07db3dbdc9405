package io.uassetd.codecs.hash;

import java.nio.charset.StandardCharsets;
import java.util.Locale;
import net.openhft.hashing.LongHashFunction;

/** The hash functions Unreal formats use. All are stateless and thread-safe. */
public final class Hashes {
    private static final LongHashFunction CITY_1_1 = LongHashFunction.city_1_1();
    private static final long FNV64_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV64_PRIME = 0x100000001b3L;

    private Hashes() {
    }

    /** CityHash64 v1.1 of the bytes. */
    public static long cityHash64(byte[] data, int off, int len) {
        return CITY_1_1.hashBytes(data, off, len);
    }

    public static long cityHash64(byte[] data) {
        return CITY_1_1.hashBytes(data);
    }

    /**
     * CityHash64 v1.1 of the lower-cased string as UTF-16LE: how Unreal hashes package paths into
     * FPackageId and how UAssetTool's {@code cityhash} action hashes its input.
     */
    public static long cityHash64LowerUtf16(String s) {
        int n = s.length();
        byte[] b = new byte[2 * n];
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                // outside ASCII the root locale's case mapping decides (it may change the length)
                return cityHash64(s.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_16LE));
            }
            b[2 * i] = (byte) (c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        return cityHash64(b);
    }

    /**
     * CityHash64 v1.1 of the lower-cased string as one byte per character (ISO-8859-1): how Unreal
     * hashes a name that needs no more than 7 bits. {@code s} must be ASCII (no character above 0x7F).
     */
    public static long cityHash64LowerAscii(String s) {
        int n = s.length();
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c >= 0x80) {
                throw new IllegalArgumentException("Not ASCII: " + s);
            }
            b[i] = (byte) (c >= 'A' && c <= 'Z' ? c + 32 : c);
        }
        return cityHash64(b);
    }

    /**
     * FNV-1a 64 over the lower-cased string as UTF-16LE, starting from the FNV offset basis plus
     * {@code seed}: the PAK path-hash index hash (pak version 11, "Fnv64BugFix").
     */
    public static long fnv64LowerUtf16(String s, long seed) {
        return fnv64(s.toLowerCase(Locale.ROOT).getBytes(StandardCharsets.UTF_16LE), FNV64_OFFSET + seed);
    }

    /** FNV-1a 64 of the bytes, from the given starting value. */
    public static long fnv64(byte[] data, long start) {
        long h = start;
        for (byte b : data) {
            h ^= (b & 0xFF);
            h *= FNV64_PRIME;
        }
        return h;
    }

    /** {@code 0x} followed by 16 upper-case hex digits. */
    public static String hex64(long h) {
        char[] c = new char[18];
        c[0] = '0';
        c[1] = 'x';
        for (int i = 17; i >= 2; i--) {
            c[i] = HEX_DIGITS[(int) (h & 0xF)];
            h >>>= 4;
        }
        return new String(c);
    }

    private static final char[] HEX_DIGITS = "0123456789ABCDEF".toCharArray();
}
