package io.uassetd.codecs.zen;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.CustomVersion;
import io.uassetd.codecs.asset.version.PackageVersion;
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
    public ZenVersioningInfo {
        customVersions = List.copyOf(customVersions);
    }

    static ZenVersioningInfo read(ByteReader r) {
        r.structure("FZenPackageVersioningInfo");
        long zen = r.u32();
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
