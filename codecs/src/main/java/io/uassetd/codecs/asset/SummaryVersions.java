package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.LegacyFileVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;

/**
 * The first segment of FPackageFileSummary: the tag, LegacyFileVersion, LegacyUE3Version (absent from
 * REMOVED_UE3_VERSION on), FileVersionUE4, FileVersionUE5 (from UE5_VERSION on) and
 * FileVersionLicenseeUE. {@code version} is what the rest of the package is read with: the stored
 * versions, or the caller's engine's when the package is unversioned (all stored versions zero).
 */
public record SummaryVersions(LegacyFileVersion legacyFileVersion, int legacyUE3Version, int fileVersionUE4,
        int fileVersionUE5, int fileVersionLicensee, PackageVersion version, boolean unversioned) {

    /**
     * Versions for a new package (stored as zero when {@code unversioned}); a versioned package
     * keeps the file versions only (its custom versions are its container's).
     */
    static SummaryVersions of(LegacyFileVersion legacy, int legacyUE3Version, PackageVersion version, boolean unversioned) {
        return new SummaryVersions(legacy, legacyUE3Version,
                unversioned ? 0 : version.fileVersionUE4(), unversioned ? 0 : version.fileVersionUE5(),
                unversioned ? 0 : version.licenseeVersion(), unversioned ? version : version.fileVersions(), unversioned);
    }

    /** Reads the tag and the versions and sets the reader's version to the effective one. */
    static SummaryVersions read(PackageReader r, EngineVersion engine) {
        int tag = r.readI32();
        if (tag == PackageFileSummary.PACKAGE_FILE_TAG_SWAPPED) {
            throw new UnsupportedVersionException("Byte-swapped (big-endian) packages are not supported", r.file(), 0,
                    "PackageFileSummary");
        }
        if (tag != PackageFileSummary.PACKAGE_FILE_TAG) {
            throw new CorruptDataException("Bad package tag " + FormatException.hex(tag & 0xFFFFFFFFL) + " (expected "
                    + FormatException.hex(PackageFileSummary.PACKAGE_FILE_TAG & 0xFFFFFFFFL) + ")", r.file(), 0,
                    "PackageFileSummary");
        }
        int legacyValue = r.readI32();
        LegacyFileVersion legacy = LegacyFileVersion.of(legacyValue).orElseThrow(() -> new UnsupportedVersionException(
                "Unsupported legacy file version " + legacyValue + " (supported -2 to -9, UE4 and UE5 packages)", r.file(), 4,
                "PackageFileSummary"));
        int ue3 = legacy != LegacyFileVersion.REMOVED_UE3_VERSION ? r.readI32() : 0;
        int ue4 = r.readI32();
        int ue5 = legacy.atLeast(LegacyFileVersion.UE5_VERSION) ? r.readI32() : 0;
        int licensee = r.readI32();
        PackageVersion onDisk = new PackageVersion(ue4, ue5, licensee);
        PackageVersion version;
        boolean unversioned = onDisk.isUnversioned();
        if (unversioned) {
            if (engine == null) {
                throw new UnsupportedVersionException("Unversioned package: an engine version is required (e.g. UE4_27, UE5_3)",
                        r.file(), r.position(), "PackageFileSummary");
            }
            version = engine.packageVersion();
        } else {
            if (ue4 < ObjectVersion.OLDEST_LOADABLE_PACKAGE.value()) {
                throw new UnsupportedVersionException("Package file version " + ue4 + " is older than UE4's oldest loadable ("
                        + ObjectVersion.OLDEST_LOADABLE_PACKAGE.value() + ")", r.file(), 8, "PackageFileSummary");
            }
            version = onDisk;
        }
        r.setVersion(version);
        return new SummaryVersions(legacy, ue3, ue4, ue5, licensee, version, unversioned);
    }

    void write(PackageWriter w) {
        w.writeI32(PackageFileSummary.PACKAGE_FILE_TAG);
        w.writeI32(legacyFileVersion.value());
        if (legacyFileVersion != LegacyFileVersion.REMOVED_UE3_VERSION) {
            w.writeI32(legacyUE3Version);
        }
        w.writeI32(fileVersionUE4);
        if (legacyFileVersion.atLeast(LegacyFileVersion.UE5_VERSION)) {
            w.writeI32(fileVersionUE5);
        }
        w.writeI32(fileVersionLicensee);
    }
}
