package io.uassetd.codecs.iostore.scriptobjects;

import io.uassetd.codecs.hash.Hashes;
import java.util.Locale;

/**
 * FPackageObjectIndex, 8 bytes: a 62-bit value and a 2-bit kind in the top bits (export 0, script
 * import 1, package import 2); all ones is null. Script imports hold the hash of the object's path.
 */
public record PackageObjectIndex(long raw) {
    public static final int SIZE = 8;
    public static final PackageObjectIndex NULL = new PackageObjectIndex(-1L);
    private static final int TYPE_SHIFT = 62;
    private static final long INDEX_MASK = (1L << TYPE_SHIFT) - 1;

    /** EPackageObjectIndexType. */
    public enum Kind {
        EXPORT, SCRIPT_IMPORT, PACKAGE_IMPORT, NULL
    }

    public Kind kind() {
        return Kind.values()[(int) (raw >>> TYPE_SHIFT)];
    }

    public boolean isNull() {
        return raw == -1L;
    }

    public boolean isScriptImport() {
        return kind() == Kind.SCRIPT_IMPORT;
    }

    /** The low 62 bits. */
    public long value() {
        return raw & INDEX_MASK;
    }

    /**
     * The script-import index of an object path such as {@code /Script/Engine.StaticMesh}: CityHash64
     * of the path with '.' and ':' turned into '/', lower-cased, as UTF-16LE, top 2 bits cleared.
     */
    public static PackageObjectIndex scriptImport(String objectPath) {
        String p = objectPath.replace('.', '/').replace(':', '/').toLowerCase(Locale.ROOT);
        long h = Hashes.cityHash64LowerUtf16(p) & INDEX_MASK;
        return new PackageObjectIndex(h | (1L << TYPE_SHIFT));
    }

    @Override
    public String toString() {
        return isNull() ? "Null" : kind() + ":" + Long.toHexString(value());
    }
}
