package io.uassetd.codecs.asset.version;

import java.util.Optional;

/**
 * The LegacyFileVersion tag at offset 4 of a package summary (negative numbers, newer is lower).
 * It decides which version fields follow and how custom versions are serialized.
 */
public enum LegacyFileVersion {
    /** -2: enum-based custom versions. */
    ENUM_CUSTOM_VERSIONS(-2),
    /** -3: guid-based custom versions (with friendly names). */
    GUID_CUSTOM_VERSIONS(-3),
    /** -4: the UE3 version is not written. */
    REMOVED_UE3_VERSION(-4),
    /** -5: the UE3 version is written again so older engines fail gracefully. */
    RESTORED_UE3_VERSION(-5),
    /** -6: optimized custom version serialization (guid + version). */
    OPTIMIZED_CUSTOM_VERSIONS(-6),
    /** -7: texture allocation info removed from the summary. */
    REMOVED_TEXTURE_ALLOCATIONS(-7),
    /** -8: the UE5 file version is added. */
    UE5_VERSION(-8),
    /** -9: summary layout may change after the licensee version based on earlier versions. */
    VERSIONED_SUMMARY_LAYOUT(-9);

    private final int value;

    LegacyFileVersion(int value) {
        this.value = value;
    }

    public int value() {
        return value;
    }

    /** This tag or a newer one (a lower number). */
    public boolean atLeast(LegacyFileVersion other) {
        return compareTo(other) >= 0;
    }

    public static Optional<LegacyFileVersion> of(int value) {
        for (LegacyFileVersion v : values()) {
            if (v.value == value) {
                return Optional.of(v);
            }
        }
        return Optional.empty();
    }

    /** How the custom version container is serialized under this tag. */
    public CustomVersionContainer.Format customVersionFormat() {
        if (this == ENUM_CUSTOM_VERSIONS) {
            return CustomVersionContainer.Format.ENUMS;
        }
        if (!atLeast(OPTIMIZED_CUSTOM_VERSIONS)) {
            return CustomVersionContainer.Format.GUIDS;
        }
        return CustomVersionContainer.Format.OPTIMIZED;
    }
}
