package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;

/** FStripDataFlags: what the cooker stripped (bit 0 of the global flags: editor data; bit 1: server data). */
public record StripDataFlags(int globalFlags, int classFlags) {
    public static StripDataFlags read(PackageReader r) {
        return new StripDataFlags(r.readU8(), r.readU8());
    }

    public void write(PackageWriter w) {
        w.writeU8(globalFlags);
        w.writeU8(classFlags);
    }

    public boolean editorDataStripped() {
        return (globalFlags & 1) != 0;
    }

    /** A class-specific flag (e.g. a mesh's stripped adjacency data). */
    public boolean classDataStripped(int flag) {
        return (classFlags & flag) != 0;
    }
}
