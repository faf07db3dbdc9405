package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.UnsupportedVersionException;

/** EIoContainerHeaderVersion, oldest first, each named by what it added. */
public enum ContainerHeaderVersion {
    /**
     * The UE4 layout of {@link #UE4} with 16-byte store entries (int32 export count, int32 export-bundle
     * count, the imported-packages view; no export bundles size or load order), as shipped UE4.26.2 and
     * UE4.27.2 games have it (retoc issues 7 and 18; retoc calls it PreInitial). Told from {@link #UE4}
     * by which entry size accounts for the whole store-entries buffer.
     */
    UE4_SHORT_ENTRIES(-2),
    /**
     * UE4.26 and UE4.27 (TOC versions 2 and 3), before the version was added: no signature or version,
     * the container id, package count, the container's own name map as two byte arrays (strings,
     * hashes), package ids, 32-byte store entries (export bundles size, export and bundle counts, load
     * order, imported packages), the culture package map and package redirects without names. retoc
     * writes this layout for UE4.25 to UE4.27 (its "Initial").
     */
    UE4(-1),
    /** Signature, package count and ids, store entries, redirect name map, redirects (UE 5.0). */
    INITIAL(0),
    /** Localized packages follow the redirect name map. */
    LOCALIZED_PACKAGES(1),
    /** Optional-segment package ids and store entries; no separate package count. */
    OPTIONAL_SEGMENT_PACKAGES(2),
    /** Store entries lose their export and export-bundle counts, 16 bytes instead of 24 (the retoc UE 5.3 fixture). */
    NO_EXPORT_INFO(3),
    /** Soft package references follow the redirects. */
    SOFT_PACKAGE_REFERENCES(4),
    /** An int64 offset/size pair locates the soft package references (the UE 5.8 fixtures). */
    SOFT_PACKAGE_REFERENCES_OFFSET(5);

    private final int value;

    ContainerHeaderVersion(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    /** True for the two UE4.26/4.27 layouts (no signature). */
    public boolean isUe4() {
        return this == UE4 || this == UE4_SHORT_ENTRIES;
    }

    public boolean atLeast(ContainerHeaderVersion v) {
        return compareTo(v) >= 0;
    }

    public static ContainerHeaderVersion of(long value, String source, long offset) {
        for (ContainerHeaderVersion v : values()) {
            if (v.value == value) {
                return v;
            }
        }
        throw new UnsupportedVersionException("Container header version " + value + " is not supported (newest known: "
                + values()[values().length - 1].value + ")", source, offset, "FIoContainerHeader");
    }
}
