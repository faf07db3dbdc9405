package io.uassetd.codecs.pak;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import java.util.Objects;

/**
 * How to open a pak: the AES key (null for none), the encryption scheme, and the codecs.
 */
public record PakReadOptions(AesKey key, EncryptionScheme scheme, Codecs codecs) {
    public PakReadOptions {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(codecs, "codecs");
    }

    /** No key, standard scheme, {@link Codecs#standard()}. */
    public static PakReadOptions defaults() {
        return new PakReadOptions(null, EncryptionScheme.STANDARD, Codecs.standard());
    }

    public PakReadOptions withKey(AesKey k) {
        return new PakReadOptions(k, scheme, codecs);
    }

    /** Parses a hex/base64 key; null or blank means no key. */
    public PakReadOptions withKey(String k) {
        return withKey(k == null || k.isBlank() ? null : AesKey.parse(k));
    }

    public PakReadOptions withScheme(EncryptionScheme s) {
        return new PakReadOptions(key, s, codecs);
    }

    public PakReadOptions withCodecs(Codecs c) {
        return new PakReadOptions(key, scheme, c);
    }
}
