package io.uassetd.codecs.locres;

/**
 * The .locres data versions (the engine's {@code ELocResVersion}): a legacy file has no magic and
 * stores every string inline; Compact moves the localized strings to a table; Optimized_CRC32 adds
 * the entry count, a hash before every namespace and key and a reference count per table string;
 * Optimized_CityHash64_UTF16 changes that hash to CityHash64 of the UTF-16 text.
 */
public enum LocResVersion {
    LEGACY("Legacy"),
    COMPACT("Compact"),
    OPTIMIZED_CRC32("Optimized_CRC32"),
    OPTIMIZED_CITYHASH64_UTF16("Optimized_CityHash64_UTF16");

    private final String engineName;

    LocResVersion(String engineName) {
        this.engineName = engineName;
    }

    /** The number stored in the file (0 for a legacy file, which stores none). */
    public int number() {
        return ordinal();
    }

    /** The engine's enumerator name ({@code Optimized_CityHash64_UTF16}). */
    public String engineName() {
        return engineName;
    }

    /** True from Compact on: localized strings live in a table after the entries. */
    public boolean hasStringTable() {
        return this != LEGACY;
    }

    /** True from Optimized_CRC32 on: entry count, key hashes and string reference counts. */
    public boolean isOptimized() {
        return ordinal() >= OPTIMIZED_CRC32.ordinal();
    }

    /** The version stored as {@code number}, or null when unknown. */
    public static LocResVersion ofNumber(int number) {
        LocResVersion[] all = values();
        return number >= 0 && number < all.length ? all[number] : null;
    }

    /**
     * Parses a version given by a user: the number (0..3), the engine name or this enum's name,
     * case-insensitive; null when it names none.
     */
    public static LocResVersion parse(String s) {
        if (s == null) {
            return null;
        }
        String t = s.trim();
        for (LocResVersion v : values()) {
            if (t.equals(Integer.toString(v.number())) || t.equalsIgnoreCase(v.engineName) || t.equalsIgnoreCase(v.name())) {
                return v;
            }
        }
        return null;
    }
}
