package io.uassetd.daemon.util;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;

/** The {@code compression_level} field the writers that compress share, and the codecs it selects. */
public final class CompressionLevels {
    public static final FieldSpec FIELD = FieldSpec.optional("compression_level", FieldType.INTEGER, null,
            "compression level as the method's library defines it: Zlib/Gzip 0-9 (default 6, UnrealPak's), "
                    + "LZ4 0 = fast or 1-12 = HC (default 9, UnrealPak's), Zstd -7..22 (default 3), Oodle -4..9 (default 4)");

    private CompressionLevels() {
    }

    /** {@code codecs} with {@code method} at the requested level (unchanged when none is given or nothing is compressed). */
    public static Codecs codecs(Args args, CompressionMethod method, Codecs codecs) {
        if (!args.has("compression_level") || method == CompressionMethod.NONE) {
            return codecs;
        }
        try {
            return codecs.withLevel(method, (int) args.integer("compression_level", Integer.MIN_VALUE, Integer.MAX_VALUE));
        } catch (IllegalArgumentException e) {
            throw ActionException.invalid("Field 'compression_level': " + e.getMessage());
        }
    }
}
