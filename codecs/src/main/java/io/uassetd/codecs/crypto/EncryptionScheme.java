package io.uassetd.codecs.crypto;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * How encrypted container data is laid out and ciphered: the one hook for game-specific AES
 * variants. {@link #STANDARD} is Unreal's AES-256-ECB over whole data; {@link #WORD_SWAP} swaps the bytes
 * of each 4-byte word around AES and encrypts a path-dependent prefix of each entry (see
 * {@link WordSwapScheme}). Schemes have their own names; which game uses which is the game table's
 * business ({@code GameProfile.encryptionScheme}). Chosen by the caller, never guessed.
 */
public interface EncryptionScheme {
    EncryptionScheme STANDARD = new StandardScheme();
    EncryptionScheme WORD_SWAP = new WordSwapScheme();

    /** "standard" or "word_swap". */
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

    /** Every scheme this layer implements, in the order help text lists them. */
    static List<EncryptionScheme> all() {
        return List.of(STANDARD, WORD_SWAP);
    }

    /** "standard, word_swap": the names {@link #byName} accepts. */
    static String names() {
        return all().stream().map(EncryptionScheme::name).collect(Collectors.joining(", "));
    }

    /**
     * A scheme by its own name, without case ({@code standard}, {@code word_swap}); null or blank is
     * {@link #STANDARD}. Game names are resolved one layer up ({@code GameProfile.encryptionSchemeNamed}).
     */
    static EncryptionScheme byName(String name) {
        if (name == null || name.isBlank()) {
            return STANDARD;
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        for (EncryptionScheme s : all()) {
            if (s.name().equals(n)) {
                return s;
            }
        }
        throw new IllegalArgumentException("Unknown encryption scheme '" + name + "' (" + names() + ")");
    }
}
