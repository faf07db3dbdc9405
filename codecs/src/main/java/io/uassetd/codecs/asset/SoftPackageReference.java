package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.ObjectVersion;

/**
 * One soft package reference (the summary's SoftPackageReferences list): an FName from
 * ADDED_SOFT_OBJECT_PATH on, an FString before.
 *
 * @param name the package name (FName form), or null in the string form
 * @param path the package path (FString form), or null in the FName form
 */
public record SoftPackageReference(FName name, FString path) {

    static SoftPackageReference read(PackageReader r) {
        if (r.version().atLeast(ObjectVersion.ADDED_SOFT_OBJECT_PATH)) {
            return new SoftPackageReference(r.readFName(), null);
        }
        return new SoftPackageReference(null, r.readFString());
    }

    void write(PackageWriter w) {
        if (w.version().atLeast(ObjectVersion.ADDED_SOFT_OBJECT_PATH)) {
            w.writeFName(name);
        } else {
            w.writeFString(path);
        }
    }
}
