package io.uassetd.codecs.crypto;

/** Public access to the Marvel Rivals partial-encryption limit ({@code get_limit}). */
public final class RivalsLimits {
    private RivalsLimits() {
    }

    /** How many leading bytes of the entry at {@code path} the Rivals scheme encrypts. */
    public static long limit(String path) {
        return RivalsScheme.limit(path);
    }
}
