package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;

/** FMeshUVChannelInfo as serialized: bInitialized and bOverrideDensities (bool32 each), four float LocalUVDensities (bits kept). */
public record MeshUVChannelInfo(boolean initialized, boolean overrideDensities, int[] densityBits) {
    public static final int SIZE = 24;

    public static MeshUVChannelInfo read(PackageReader r) {
        boolean init = r.readBool32();
        boolean override = r.readBool32();
        int[] d = new int[4];
        for (int i = 0; i < 4; i++) {
            d[i] = r.readI32();
        }
        return new MeshUVChannelInfo(init, override, d);
    }

    public void write(PackageWriter w) {
        w.writeBool32(initialized);
        w.writeBool32(overrideDensities);
        for (int b : densityBits) {
            w.writeI32(b);
        }
    }

    public float density(int i) {
        return Float.intBitsToFloat(densityBits[i]);
    }
}
