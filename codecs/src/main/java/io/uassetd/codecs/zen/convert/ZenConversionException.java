package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.error.FormatException;

/** A Zen package that cannot become a legacy package: it names the package and what failed (e.g. the unresolved import). */
public class ZenConversionException extends FormatException {
    private final String packageName;

    public ZenConversionException(String packageName, String message, Throwable cause) {
        super("Cannot convert " + packageName + ": " + message, packageName, -1, "ZenToLegacy", cause);
        this.packageName = packageName;
    }

    public String packageName() {
        return packageName;
    }
}
