package io.uassetd.codecs.crypto;

import java.security.GeneralSecurityException;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * AES-256-ECB without padding over whole 16-byte blocks, in place, as Unreal encrypts pak and
 * IoStore data. Thread-safe (one JCE cipher per thread and direction).
 */
public class AesCipher {
    public static final int BLOCK = 16;

    private final ThreadLocal<Cipher> enc;
    private final ThreadLocal<Cipher> dec;

    public AesCipher(byte[] keyBytes) {
        SecretKeySpec spec = new SecretKeySpec(keyBytes.clone(), "AES");
        this.enc = ThreadLocal.withInitial(() -> init(Cipher.ENCRYPT_MODE, spec));
        this.dec = ThreadLocal.withInitial(() -> init(Cipher.DECRYPT_MODE, spec));
    }

    private static Cipher init(int mode, SecretKeySpec spec) {
        try {
            Cipher c = Cipher.getInstance("AES/ECB/NoPadding");
            c.init(mode, spec);
            return c;
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES/ECB/NoPadding unavailable", e);
        }
    }

    /** Encrypts {@code b[off, off+len)} in place; {@code len} must be a multiple of 16. */
    public void encrypt(byte[] b, int off, int len) {
        run(enc.get(), b, off, len);
    }

    /** Decrypts {@code b[off, off+len)} in place; {@code len} must be a multiple of 16. */
    public void decrypt(byte[] b, int off, int len) {
        run(dec.get(), b, off, len);
    }

    static void run(Cipher c, byte[] b, int off, int len) {
        if (len % BLOCK != 0) {
            throw new IllegalArgumentException("AES length " + len + " is not a multiple of 16");
        }
        if (len == 0) {
            return;
        }
        try {
            int n = c.doFinal(b, off, len, b, off);
            if (n != len) {
                throw new IllegalStateException("AES produced " + n + " bytes, expected " + len);
            }
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES failed", e);
        }
    }

    /** Rounds {@code n} up to a multiple of 16. */
    public static long align(long n) {
        return (n + 15) & ~15L;
    }
}
