package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;

/**
 * FSoftObjectPath as the summary's soft object path list stores it (UE5.1+): FTopLevelAssetPath
 * (FName package name, FName asset name) then the sub path, at least 20 bytes. The sub path is an
 * FString, or (from FFortniteMainBranchObjectVersion::SoftObjectPathUtf8SubPaths, UE5.6+) an
 * FUtf8String; like the engine's own loader, the reader tells them apart by the terminator, and
 * the entry remembers which form it was.
 *
 * @param utf8SubPath true when the sub path is stored as FUtf8String
 */
public record SoftObjectPathEntry(FName packageName, FName assetName, FString subPath, boolean utf8SubPath) {
    static final int MIN_SIZE = 20;

    static SoftObjectPathEntry read(PackageReader r) {
        FName pkg = r.readFName();
        FName asset = r.readFName();
        int n = r.peekI32();
        if (n > 0 && r.byteAt(r.position() + 4 + n - 1) != 0) {
            return new SoftObjectPathEntry(pkg, asset, new FString(r.readUtf8String(), false), true);
        }
        return new SoftObjectPathEntry(pkg, asset, r.readFString(), false);
    }

    void write(PackageWriter w) {
        w.writeFName(packageName);
        w.writeFName(assetName);
        if (utf8SubPath) {
            w.writeUtf8String(subPath.text());
        } else {
            w.writeFString(subPath);
        }
    }
}
