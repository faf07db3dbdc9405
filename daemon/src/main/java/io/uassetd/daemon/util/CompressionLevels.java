package io.uassetd.daemon.util;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.daemon.action.ActionException;

/** The {@code compression_level} field the writers that compress share, and the codecs it selects. */
public final class CompressionLevels {
    /** The help text of {@code compression_level}. */
    public static final String HELP = "compression level as the method's library defines it: Zlib/Gzip 0-9 (default 6, UnrealPak's), "
            + "LZ4 0 = fast or 1-12 = HC (default 9, UnrealPak's), Zstd -7..22 (default 3), Oodle -4..9 (default 4)";

    private CompressionLevels() {
    }

    /** {@code codecs} with {@code method} at {@code level} (unchanged when level is null or nothing is compressed). */
    public static Codecs codecs(Integer level, CompressionMethod method, Codecs codecs) {
        if (level == null || method == CompressionMethod.NONE) {
            return codecs;
        }
        try {
            return codecs.withLevel(method, level);
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid("Field 'compression_level': " + e.getMessage());
        }
    }
}
