package io.uassetd.codecs.compression;

import java.util.Locale;
import java.util.Optional;

/** The compression methods Unreal containers name, with the names they are stored under. */
public enum CompressionMethod {
    NONE("None"),
    ZLIB("Zlib"),
    GZIP("Gzip"),
    LZ4("LZ4"),
    ZSTD("Zstd"),
    OODLE("Oodle");

    private final String unrealName;

    CompressionMethod(String unrealName) {
        this.unrealName = unrealName;
    }

    /** The name as Unreal writes it in a pak footer or a .utoc compression-method table. */
    public String unrealName() {
        return unrealName;
    }

    /** Looks a method up by its Unreal name, case-insensitively ("zlib", "Oodle", "zstd", ...). */
    public static Optional<CompressionMethod> byName(String name) {
        if (name == null) {
            return Optional.empty();
        }
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (n.isEmpty() || n.equals("none")) {
            return Optional.of(NONE);
        }
        if (n.equals("zstandard")) {
            return Optional.of(ZSTD);
        }
        for (CompressionMethod m : values()) {
            if (m.unrealName.toLowerCase(Locale.ROOT).equals(n)) {
                return Optional.of(m);
            }
        }
        return Optional.empty();
    }
}
