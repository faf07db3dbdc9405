package io.uassetd.codecs.crypto;

/**
 * Unreal's AES-CTR (UE6.0 paks and containers): the key stream of an encryption unit is AES-256-ECB
 * of counter blocks made of the unit's 12-byte IV and a big-endian 32-bit block index starting at
 * 0. Encryption and decryption are the same XOR; any byte range of a unit can be processed by
 * giving its offset in the unit. Learned from CUE4Parse ({@code Aes.CryptCtrInPlace}, its
 * {@code AesCtrTests}); this is an independent implementation.
 */
public final class AesCtr {
    /** Bytes of an IV as stored (FIoStoreEncryptionIV). */
    public static final int IV_SIZE = 12;
    private static final int CHUNK = 4096;

    private AesCtr() {
    }

    /**
     * XORs {@code b[off, off+len)}, the bytes at {@code offsetInUnit} of the unit whose IV is
     * {@code iv[ivOff, ivOff+12)}, with the key stream.
     */
    public static void apply(AesCipher cipher, byte[] iv, int ivOff, long offsetInUnit, byte[] b, int off, int len) {
        if (len <= 0) {
            return;
        }
        long block = offsetInUnit / AesCipher.BLOCK;
        int skip = (int) (offsetInUnit % AesCipher.BLOCK);
        if (block + (skip + (long) len + AesCipher.BLOCK - 1) / AesCipher.BLOCK > 0x1_0000_0000L) {
            throw new IllegalArgumentException("AES-CTR unit longer than 2^32 blocks");
        }
        byte[] stream = new byte[Math.min(CHUNK, (int) AesCipher.align(skip + (long) len))];
        int done = 0;
        while (done < len) {
            int want = Math.min(stream.length, (int) AesCipher.align(skip + (long) (len - done)));
            for (int at = 0; at < want; at += AesCipher.BLOCK) {
                System.arraycopy(iv, ivOff, stream, at, IV_SIZE);
                int counter = (int) block++;
                stream[at + 12] = (byte) (counter >>> 24);
                stream[at + 13] = (byte) (counter >>> 16);
                stream[at + 14] = (byte) (counter >>> 8);
                stream[at + 15] = (byte) counter;
            }
            cipher.encrypt(stream, 0, want);
            int n = Math.min(want - skip, len - done);
            for (int i = 0; i < n; i++) {
                b[off + done + i] ^= stream[skip + i];
            }
            done += n;
            skip = 0;
        }
    }
}
