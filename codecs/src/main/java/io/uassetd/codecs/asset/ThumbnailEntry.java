package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.io.FString;

/**
 * FObjectFullNameAndThumbnail as the thumbnail table stores it, at least 12 bytes: FString class
 * name, FString object path without the package name, int32 absolute offset of the FObjectThumbnail
 * data (kept raw).
 */
public record ThumbnailEntry(FString objectClassName, FString objectPathWithoutPackageName, int fileOffset) {
    static final int MIN_SIZE = 12;

    static ThumbnailEntry read(PackageReader r) {
        return new ThumbnailEntry(r.readFString(), r.readFString(), r.readI32());
    }

    void write(PackageWriter w) {
        w.writeFString(objectClassName);
        w.writeFString(objectPathWithoutPackageName);
        w.writeI32(fileOffset);
    }
}
