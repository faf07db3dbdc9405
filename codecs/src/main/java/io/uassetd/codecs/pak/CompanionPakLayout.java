package io.uassetd.codecs.pak;

import io.uassetd.codecs.crypto.EncryptionScheme;

/**
 * How a game lays out the companion pak ({@code Name_P.pak}) of an IoStore bundle: its pak version,
 * the scheme a key encrypts it with, and whether the index and the entries are encrypted. The game
 * table ({@code GameProfile.companionPak()}) holds one per game; {@link CompanionPak#write} takes it.
 */
public record CompanionPakLayout(PakVersion version, EncryptionScheme scheme, boolean encryptIndex, boolean encryptEntries) {
    /** The stock engine's: V11 (Fnv64BugFix), standard AES over index and entries. */
    public static final CompanionPakLayout STANDARD =
            new CompanionPakLayout(PakVersion.FNV64_BUG_FIX, EncryptionScheme.STANDARD, true, true);
}
