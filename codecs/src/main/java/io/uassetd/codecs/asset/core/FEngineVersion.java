package io.uassetd.codecs.asset.core;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;

/**
 * FEngineVersion, 14 bytes plus the branch string: uint16 major, minor, patch, uint32 changelist
 * (top bit = licensee changelist), FString branch.
 */
public record FEngineVersion(int major, int minor, int patch, int changelist, FString branch) {

    public static FEngineVersion read(PackageReader r) {
        return new FEngineVersion(r.readU16(), r.readU16(), r.readU16(), r.readI32(), r.readFString());
    }

    public void write(PackageWriter w) {
        w.writeU16(major);
        w.writeU16(minor);
        w.writeU16(patch);
        w.writeI32(changelist);
        w.writeFString(branch);
    }

    public boolean isLicenseeVersion() {
        return (changelist & 0x80000000) != 0;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + "-" + (changelist & 0x7FFFFFFF) + "+" + branch.text();
    }
}
