package io.uassetd.codecs.crypto;

import io.uassetd.codecs.error.WrongKeyException;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;

/** An AES-256 key (32 bytes) as Unreal uses it for pak and IoStore encryption. Immutable. */
public final class AesKey {
    private final byte[] key;

    private AesKey(byte[] key) {
        this.key = key;
    }

    public static AesKey of(byte[] bytes) {
        if (bytes.length != 32) {
            throw new WrongKeyException("AES-256 key must be 32 bytes, got " + bytes.length);
        }
        return new AesKey(bytes.clone());
    }

    /** Parses 64 hex digits (with or without {@code 0x}) or base64 of 32 bytes. */
    public static AesKey parse(String text) {
        if (text == null) {
            throw new WrongKeyException("No AES key given");
        }
        String s = text.trim();
        String hex = s.startsWith("0x") || s.startsWith("0X") ? s.substring(2) : s;
        if (hex.length() == 64 && hex.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            return new AesKey(HexFormat.of().parseHex(hex));
        }
        try {
            byte[] b = Base64.getDecoder().decode(s);
            if (b.length == 32) {
                return new AesKey(b);
            }
            throw new WrongKeyException("AES key must be 64 hex digits or base64 of 32 bytes; base64 gave " + b.length + " bytes");
        } catch (IllegalArgumentException e) {
            throw new WrongKeyException("AES key must be 64 hex digits (optionally 0x-prefixed) or base64 of 32 bytes");
        }
    }

    /** A copy of the 32 key bytes. */
    public byte[] bytes() {
        return key.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof AesKey k && Arrays.equals(key, k.key);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(key);
    }

    @Override
    public String toString() {
        return "AesKey[32 bytes]";
    }
}
