package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.core.FString;

/**
 * FObjectFullNameAndThumbnail as the thumbnail table stores it: FString class name, FString object
 * path without the package name, int32 absolute offset of the FObjectThumbnail data.
 */
public record ThumbnailEntry(FString objectClassName, FString objectPathWithoutPackageName, int fileOffset) {
}
