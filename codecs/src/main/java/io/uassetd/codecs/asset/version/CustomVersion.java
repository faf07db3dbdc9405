package io.uassetd.codecs.asset.version;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.io.FString;

/**
 * FCustomVersion: one entry of a custom version container. Which fields are on disk depends on the
 * container format: {@code enumTag} only in the enum format, {@code friendlyName} only in the guid
 * format.
 *
 * @param key the custom version GUID (zero in the enum format)
 * @param version the version number
 * @param friendlyName the name written by the guid format, else null
 * @param enumTag the enum key written by the enum format, else 0
 */
public record CustomVersion(FGuid key, int version, FString friendlyName, int enumTag) {
    public CustomVersion {
        if (key == null) {
            throw new IllegalArgumentException("key is null");
        }
    }

    public static CustomVersion of(FGuid key, int version) {
        return new CustomVersion(key, version, null, 0);
    }
}
