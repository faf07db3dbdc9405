package io.uassetd.codecs.crypto;

import java.nio.charset.StandardCharsets;
import io.uassetd.codecs.hash.Blake3;

/**
 * Word-swapped, partial AES (the pak encryption of Marvel Rivals): the key's 4-byte words are
 * reversed, every 4-byte word of a block
 * is reversed before and after AES, and of an entry's data only the first
 * {@code min(limit(path), len)} bytes are encrypted (padded to 16 when the whole entry is), where
 * {@link #limit} comes from a BLAKE3 hash of the path. Indexes are encrypted whole.
 */
final class WordSwapScheme implements EncryptionScheme {
    private static final byte[] TRAILER = {
        0x06, 0x12, 0x24, 0x20, 0x06, 0x00, 0x00, 0x00, 0x01, 0x02, 0x00, 0x10, 0x00, 0x00,
        0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
        0x10, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    };

    @Override
    public String name() {
        return "word_swap";
    }

    @Override
    public AesCipher cipher(AesKey key) {
        byte[] k = key.bytes();
        reverseWords(k, 0, k.length);
        return new AesCipher(k) {
            @Override
            public void encrypt(byte[] b, int off, int len) {
                reverseWords(b, off, len);
                super.encrypt(b, off, len);
                reverseWords(b, off, len);
            }

            @Override
            public void decrypt(byte[] b, int off, int len) {
                reverseWords(b, off, len);
                super.decrypt(b, off, len);
                reverseWords(b, off, len);
            }
        };
    }

    static void reverseWords(byte[] b, int off, int len) {
        for (int i = off; i + 3 < off + len; i += 4) {
            byte t = b[i];
            b[i] = b[i + 3];
            b[i + 3] = t;
            t = b[i + 1];
            b[i + 1] = b[i + 2];
            b[i + 2] = t;
        }
    }

    /**
     * get_limit: BLAKE3 over {@code 11 22 33 44} and the ASCII-lower-cased path; h = first 8 bytes
     * little-endian; {@code ((h mod 61) * 63 + 319) & ~63}, 0 becoming 4096.
     */
    static long limit(String path) {
        byte[] p = asciiLower(path).getBytes(StandardCharsets.UTF_8);
        byte[] out = Blake3.hasher().update(new byte[] {0x11, 0x22, 0x33, 0x44}, 0, 4).update(p, 0, p.length).digest();
        long h = 0;
        for (int i = 7; i >= 0; i--) {
            h = (h << 8) | (out[i] & 0xFF);
        }
        long limit = (Long.remainderUnsigned(h, 61) * 63 + 319) & ~63L;
        return limit == 0 ? 4096 : limit;
    }

    private static String asciiLower(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            sb.append(c >= 'A' && c <= 'Z' ? (char) (c + 32) : c);
        }
        return sb.toString();
    }

    @Override
    public long encryptedPrefix(String entryPath, long storedLength) {
        return Math.min(limit(entryPath), storedLength);
    }

    @Override
    public long storedLength(String entryPath, long size) {
        long limit = limit(entryPath);
        return limit > size ? AesCipher.align(size) : size;
    }

    @Override
    public byte[] indexTrailer() {
        return TRAILER.clone();
    }

    @Override
    public boolean hashesPlaintext() {
        return true;
    }

    @Override
    public String toString() {
        return name();
    }
}
