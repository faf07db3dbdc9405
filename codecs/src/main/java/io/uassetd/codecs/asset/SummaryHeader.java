package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.CustomVersionContainer;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;

/**
 * The segment after the versions: SavedHash (20 bytes, from PACKAGE_SAVED_HASH on, where it replaces
 * the package GUID), the custom versions, TotalHeaderSize (before the custom versions from
 * PACKAGE_SAVED_HASH on, after them before), FolderName and PackageFlags.
 */
public record SummaryHeader(byte[] savedHash, CustomVersionContainer customVersions, int totalHeaderSize,
        FString packageName, int packageFlags) {

    static SummaryHeader read(PackageReader r, SummaryVersions versions) {
        boolean hashed = versions.version().atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH);
        byte[] hash = null;
        int headerSize = 0;
        if (hashed) {
            hash = r.readBytes(20);
            headerSize = r.readI32();
        }
        r.structure("PackageFileSummary.CustomVersions");
        CustomVersionContainer custom = CustomVersionContainer.read(r.bytes(), versions.legacyFileVersion().customVersionFormat());
        r.structure("PackageFileSummary");
        if (!hashed) {
            headerSize = r.readI32();
        }
        FString name = r.readFString();
        int flags = r.readI32();
        return new SummaryHeader(hash, custom, headerSize, name, flags);
    }

    void write(PackageWriter w, SummaryVersions versions) {
        boolean hashed = versions.version().atLeast(ObjectVersionUE5.PACKAGE_SAVED_HASH);
        if (hashed) {
            w.writeBytes(savedHash);
            w.writeI32(totalHeaderSize);
        }
        customVersions.write(w.bytes());
        if (!hashed) {
            w.writeI32(totalHeaderSize);
        }
        w.writeFString(packageName);
        w.writeI32(packageFlags);
    }

    boolean filterEditorOnly() {
        return (packageFlags & PackageFileSummary.PKG_FILTER_EDITOR_ONLY) != 0;
    }

    SummaryHeader withTotalHeaderSize(int size) {
        return new SummaryHeader(savedHash, customVersions, size, packageName, packageFlags);
    }
}
