package io.uassetd.codecs.crypto;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;

/**
 * How encrypted container data is laid out and ciphered: the one hook for game-specific AES
 * variants. {@link #STANDARD} is Unreal's AES-256-ECB over whole data; {@link #RIVALS} is the
 * Marvel Rivals variant (see {@link RivalsScheme}). Chosen by the caller, never guessed.
 */
public interface EncryptionScheme {
    EncryptionScheme STANDARD = new StandardScheme();
    EncryptionScheme RIVALS = new RivalsScheme();

    /** "standard" or "rivals". */
    String name();

    /** The cipher for a key under this scheme. */
    AesCipher cipher(AesKey key);

    /**
     * How many leading bytes of an entry's stored data (of {@code storedLength} bytes) are
     * encrypted; always a multiple of 16 or the whole (16-aligned) stored length.
     */
    long encryptedPrefix(String entryPath, long storedLength);

    /**
     * The stored length of an uncompressed encrypted entry of {@code size} plain bytes (what
     * follows the entry record on disk).
     */
    long storedLength(String entryPath, long size);

    /** Bytes a writer puts between the directory index and the footer (none for standard). */
    byte[] indexTrailer();

    /**
     * Whether an entry's SHA-1 covers the plain stored bytes (true) or the encrypted bytes as
     * written (false, UnrealPak).
     */
    boolean hashesPlaintext();

    /**
     * The scheme of the game profile a name selects: "standard" (or "ue", "none", empty) / "rivals"
     * (or "marvel_rivals", "mr"); see {@link io.uassetd.codecs.game.GameProfile#of}.
     */
    static EncryptionScheme byName(String name) {
        try {
            return GameProfile.of(name).encryptionScheme();
        } catch (UnsupportedVersionException e) {
            throw new IllegalArgumentException("Unknown encryption scheme '" + name + "' (standard, rivals)");
        }
    }
}
