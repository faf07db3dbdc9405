package io.uassetd.codecs.zen;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * FZenPackageVersioningInfo, 20 bytes plus 20 per custom version: EZenPackageVersion (u32),
 * FPackageFileVersion (i32 UE4, i32 UE5), i32 licensee version, then the custom versions as an i32
 * count of (FGuid, i32) pairs.
 */
public record ZenVersioningInfo(long zenVersion, PackageVersion packageVersion, List<CustomVersion> customVersions) {
    /**
     * The newest EZenPackageVersion known: Initial 0, DataResourceTable 1, ImportedPackageNames 2,
     * ExtraDependencies 3 (the UE5.8 fixtures write it).
     */
    public static final long LATEST_ZEN_VERSION = 3;

    public ZenVersioningInfo {
        customVersions = List.copyOf(customVersions);
    }

    static ZenVersioningInfo read(ByteReader r) {
        r.structure("FZenPackageVersioningInfo");
        long at = r.offset();
        long zen = r.u32();
        if (zen > LATEST_ZEN_VERSION) {
            throw new UnsupportedVersionException("Zen package version " + zen + " is newer than the newest supported "
                    + LATEST_ZEN_VERSION + " (ExtraDependencies)", r.source(), at, "FZenPackageVersioningInfo");
        }
        int ue4 = r.i32();
        int ue5 = r.i32();
        int licensee = r.i32();
        int n = r.count(20, "custom version");
        List<CustomVersion> list = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            FGuid key = new FGuid(r.i32(), r.i32(), r.i32(), r.i32());
            list.add(CustomVersion.of(key, r.i32()));
        }
        return new ZenVersioningInfo(zen, new PackageVersion(ue4, ue5, licensee), list);
    }

    void write(ByteWriter w) {
        w.u32(zenVersion);
        ZenSummary.i32(w, packageVersion.fileVersionUE4());
        ZenSummary.i32(w, packageVersion.fileVersionUE5());
        ZenSummary.i32(w, packageVersion.licenseeVersion());
        ZenSummary.i32(w, customVersions.size());
        for (CustomVersion c : customVersions) {
            ZenSummary.i32(w, c.key().a());
            ZenSummary.i32(w, c.key().b());
            ZenSummary.i32(w, c.key().c());
            ZenSummary.i32(w, c.key().d());
            ZenSummary.i32(w, c.version());
        }
    }
}
