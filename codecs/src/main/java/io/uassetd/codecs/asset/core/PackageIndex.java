package io.uassetd.codecs.asset.core;

/**
 * FPackageIndex, 4 bytes: 0 is null, a positive value N is export N-1, a negative value -N is
 * import N-1.
 */
public record PackageIndex(int value) {
    public static final PackageIndex NULL = new PackageIndex(0);

    public static PackageIndex ofExport(int exportIndex) {
        return new PackageIndex(exportIndex + 1);
    }

    public static PackageIndex ofImport(int importIndex) {
        return new PackageIndex(-importIndex - 1);
    }

    public boolean isNull() {
        return value == 0;
    }

    public boolean isExport() {
        return value > 0;
    }

    public boolean isImport() {
        return value < 0;
    }

    /** The zero-based export index; only for exports. */
    public int exportIndex() {
        if (value <= 0) {
            throw new IllegalStateException("Not an export index: " + value);
        }
        return value - 1;
    }

    /** The zero-based import index; only for imports. */
    public int importIndex() {
        if (value >= 0) {
            throw new IllegalStateException("Not an import index: " + value);
        }
        return -value - 1;
    }

    @Override
    public String toString() {
        return value == 0 ? "null" : value > 0 ? "export " + (value - 1) : "import " + (-value - 1);
    }
}
