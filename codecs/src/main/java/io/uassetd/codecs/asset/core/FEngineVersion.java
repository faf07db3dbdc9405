package io.uassetd.codecs.asset.core;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.io.FString;

/**
 * FEngineVersion, 14 bytes plus the branch string: uint16 major, minor, patch, uint32 changelist
 * (top bit = licensee changelist), FString branch.
 */
public record FEngineVersion(int major, int minor, int patch, int changelist, FString branch) {

    public static FEngineVersion read(ByteReader r) {
        return new FEngineVersion(r.u16(), r.u16(), r.u16(), r.i32(), FString.read(r));
    }

    public void write(ByteWriter w) {
        w.u16(major);
        w.u16(minor);
        w.u16(patch);
        w.u32(changelist & 0xFFFFFFFFL);
        branch.write(w);
    }

    public boolean isLicenseeVersion() {
        return (changelist & 0x80000000) != 0;
    }

    @Override
    public String toString() {
        return major + "." + minor + "." + patch + "-" + (changelist & 0x7FFFFFFF) + "+" + branch.text();
    }
}
