package io.uassetd.daemon.util;

import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.cache.CacheKey;
import java.util.HexFormat;

/** AES keys as requests give them ({@code aes_key}: hex with or without 0x, or base64). */
public final class Keys {
    private Keys() {
    }

    /** The parsed key, or null for an absent/blank one; INVALID_ARGUMENT for a malformed one. */
    public static AesKey parse(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        try {
            return AesKey.parse(text);
        } catch (RuntimeException e) {
            throw ActionException.invalid("Field 'aes_key' is not a 32-byte AES key in hex or base64: " + e.getMessage());
        }
    }

    /** A cache-key qualifier that tells keys apart without keeping them. */
    public static String qualifier(AesKey key) {
        return CacheKey.secretQualifier(key == null ? null : HexFormat.of().formatHex(key.bytes()));
    }
}
