package io.uassetd.codecs.iostore.header;

import io.uassetd.codecs.error.UnsupportedVersionException;

/** EIoContainerHeaderVersion, oldest first, each named by what it added. */
public enum ContainerHeaderVersion {
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
