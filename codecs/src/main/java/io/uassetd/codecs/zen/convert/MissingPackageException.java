package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.error.MissingInput;

/**
 * A Zen package imports from a package that is not in the package store (a mod container converted
 * without its base game): fails with NOT_FOUND naming that package, unless the conversion is asked
 * to write placeholders ({@link ZenToLegacy.Unresolved#PLACEHOLDER}).
 */
public final class MissingPackageException extends ZenConversionException implements MissingInput {
    private final String missing;

    public MissingPackageException(String packageName, String missing, String message) {
        super(packageName, message + " (give the base game's containers, or convert with unresolved: placeholder)", null);
        this.missing = missing;
    }

    @Override
    public String missing() {
        return missing;
    }
}
