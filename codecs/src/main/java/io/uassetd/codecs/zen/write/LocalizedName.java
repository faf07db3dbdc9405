package io.uassetd.codecs.zen.write;

import java.util.Locale;

/**
 * A localized package's path split into its source package and culture: {@code /Game/L10N/fr/UI/Menu}
 * is the French variant of {@code /Game/UI/Menu}. The container header maps the source package to
 * it per culture; UE4 Zen headers name the source package and hash exports under its path.
 */
record LocalizedName(String sourcePackage, String culture) {
    private static final String L10N = "l10n";

    /** The source and culture of {@code packageName}, or null when it is not under a {@code /<Root>/L10N/<culture>/} folder. */
    static LocalizedName of(String packageName) {
        if (!packageName.startsWith("/")) {
            return null;
        }
        int root = packageName.indexOf('/', 1);
        if (root < 0) {
            return null;
        }
        int l10n = packageName.indexOf('/', root + 1);
        if (l10n < 0 || !packageName.substring(root + 1, l10n).toLowerCase(Locale.ROOT).equals(L10N)) {
            return null;
        }
        int culture = packageName.indexOf('/', l10n + 1);
        if (culture < 0 || culture == l10n + 1 || culture == packageName.length() - 1) {
            return null;
        }
        return new LocalizedName(packageName.substring(0, root) + packageName.substring(culture),
                packageName.substring(l10n + 1, culture));
    }
}
