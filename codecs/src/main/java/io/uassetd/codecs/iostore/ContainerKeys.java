package io.uassetd.codecs.iostore;

import java.util.HashMap;
import io.uassetd.codecs.crypto.AesKey;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where the AES key of an encrypted container comes from: none, one key for every container (the
 * {@code aes_key} of a request), or keys by encryption-key GUID (32 hex digits as Unreal prints
 * them; the all-zero GUID is the game's main key) with an optional fallback.
 */
@FunctionalInterface
public interface ContainerKeys {
    /** The key for a container, given its name (without extension) and its key GUID (32 hex digits). */
    Optional<AesKey> keyFor(String containerName, String keyGuid);

    static ContainerKeys none() {
        return (name, guid) -> Optional.empty();
    }

    /** The same key for every container; {@code key} may be null for none. */
    static ContainerKeys of(AesKey key) {
        Optional<AesKey> k = Optional.ofNullable(key);
        return (name, guid) -> k;
    }

    /** Keys by GUID (upper- or lower-case hex, dashes ignored); {@code fallback} (nullable) for others. */
    static ContainerKeys byGuid(Map<String, AesKey> keys, AesKey fallback) {
        Map<String, AesKey> norm = new HashMap<>();
        keys.forEach((g, k) -> norm.put(g.replace("-", "").toUpperCase(Locale.ROOT), k));
        return (name, guid) -> Optional.ofNullable(norm.getOrDefault(guid.toUpperCase(Locale.ROOT), fallback));
    }
}
