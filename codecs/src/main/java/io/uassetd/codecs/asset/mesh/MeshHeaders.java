package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;

/** Pieces the mesh classes share after their properties: the UObject GUID flag and the LOD count. */
final class MeshHeaders {
    /** More LODs than any engine allows: a count above it means the layout was misread. */
    static final int MAX_LODS = 64;

    private MeshHeaders() {
    }

    /** UObject's bool32 "has GUID" and the GUID; null when absent (cooked objects). */
    static FGuid readObjectGuid(PackageReader r) {
        return r.readBool32() ? r.readGuid() : null;
    }

    static void writeObjectGuid(PackageWriter w, FGuid guid) {
        w.writeBool32(guid != null);
        if (guid != null) {
            w.writeGuid(guid);
        }
    }

    /** The int32 LOD count of a mesh's render data, checked. */
    static int readLodCount(PackageReader r, String mesh) {
        long at = r.position();
        int lods = r.readI32();
        if (lods < 0 || lods > MAX_LODS) {
            throw r.corrupt(mesh + " LOD count " + lods, at);
        }
        return lods;
    }
}
