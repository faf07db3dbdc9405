package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FEngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.PackageVersion;

/**
 * SavedByEngineVersion (from ENGINE_VERSION_OBJECT on; an EngineChangelist before, else null) and
 * CompatibleWithEngineVersion (from PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION on, else null).
 */
public record SummaryEngineVersions(FEngineVersion savedBy, int engineChangelist, FEngineVersion compatibleWith) {

    static SummaryEngineVersions read(PackageReader r, PackageVersion v) {
        FEngineVersion savedBy = null;
        int changelist = 0;
        if (v.atLeast(ObjectVersion.ENGINE_VERSION_OBJECT)) {
            savedBy = FEngineVersion.read(r.bytes());
        } else {
            changelist = r.readI32();
        }
        FEngineVersion compatible = v.atLeast(ObjectVersion.PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION)
                ? FEngineVersion.read(r.bytes()) : null;
        return new SummaryEngineVersions(savedBy, changelist, compatible);
    }

    void write(PackageWriter w, PackageVersion v) {
        if (v.atLeast(ObjectVersion.ENGINE_VERSION_OBJECT)) {
            savedBy.write(w.bytes());
        } else {
            w.writeI32(engineChangelist);
        }
        if (v.atLeast(ObjectVersion.PACKAGE_SUMMARY_HAS_COMPATIBLE_ENGINE_VERSION)) {
            compatibleWith.write(w.bytes());
        }
    }
}
