package io.uassetd.codecs.asset;

/**
 * One span of a package as read: a parsed header table, an export's data, or raw bytes kept as they
 * are (gaps, unparsed tables, the trailing package tag). The writer lays regions out in their
 * original order; offsets that pointed into a region are moved with it. Public so a package can be
 * reassembled exactly from a serialized form (see {@link AssetPackage#assemble}).
 *
 * @param raw the bytes of a RAW region, else null
 */
public record Region(Kind kind, int exportIndex, long start, long length, byte[] raw) {

    /** What a region holds. */
    public enum Kind {
        SUMMARY, NAME_MAP, SOFT_OBJECT_PATHS, IMPORT_MAP, EXPORT_MAP, DEPENDS_MAP, SOFT_PACKAGE_REFERENCES,
        SEARCHABLE_NAMES, THUMBNAIL_TABLE, PRELOAD_DEPENDENCIES, DATA_RESOURCES, EXPORT_DATA, RAW
    }

    public long end() {
        return start + length;
    }

    static Region table(Kind kind, long start, long end) {
        return new Region(kind, -1, start, end - start, null);
    }
}
