package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.PackageIndex;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of what a cooked StaticMesh serializes after its properties: the UObject GUID flag,
 * FStripDataFlags, bCooked, the body setup and navigation collision objects, the lighting GUID,
 * the sockets, and (cooked) the LOD count of the render data that follows, kept raw in
 * {@link #rest}. A mesh with editor data (not stripped) keeps everything after bCooked raw.
 * Writing it gives back the bytes read.
 */
public record StaticMeshData(FGuid objectGuid, StripDataFlags strip, boolean cooked, PackageIndex bodySetup,
        PackageIndex navCollision, FGuid lightingGuid, List<PackageIndex> sockets, Integer lodCount, byte[] rest) {
    public StaticMeshData {
        sockets = sockets == null ? null : List.copyOf(sockets);
    }

    /** Reads from {@code r} positioned just after the export's properties. */
    public static StaticMeshData read(AssetPackage pkg, PackageReader r) {
        r.structure("StaticMesh");
        FGuid guid = MeshHeaders.readObjectGuid(r);
        StripDataFlags strip = StripDataFlags.read(r);
        boolean cooked = r.readBool32();
        if (!strip.editorDataStripped()) {
            return new StaticMeshData(guid, strip, cooked, null, null, null, null, null, r.readBytes(r.remaining()));
        }
        PackageIndex body = index(pkg, r, "body setup");
        PackageIndex nav = index(pkg, r, "navigation collision");
        FGuid lighting = r.readGuid();
        int n = r.readCount(4);
        List<PackageIndex> sockets = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            sockets.add(index(pkg, r, "socket " + i));
        }
        Integer lods = null;
        if (cooked) {
            lods = MeshHeaders.readLodCount(r, "StaticMesh");
        }
        return new StaticMeshData(guid, strip, cooked, body, nav, lighting, sockets, lods, r.readBytes(r.remaining()));
    }

    private static PackageIndex index(AssetPackage pkg, PackageReader r, String what) {
        long at = r.position();
        PackageIndex i = r.readPackageIndex();
        if (i.isImport() && i.importIndex() >= pkg.imports().size() || i.isExport() && i.exportIndex() >= pkg.exports().size()) {
            throw r.corrupt("StaticMesh " + what + " " + i + " is outside the import/export maps", at);
        }
        return i;
    }

    public void write(PackageWriter w) {
        MeshHeaders.writeObjectGuid(w, objectGuid);
        strip.write(w);
        w.writeBool32(cooked);
        if (sockets != null) {
            w.writePackageIndex(bodySetup);
            w.writePackageIndex(navCollision);
            w.writeGuid(lightingGuid);
            w.writeI32(sockets.size());
            sockets.forEach(w::writePackageIndex);
            if (cooked) {
                w.writeI32(lodCount);
            }
        }
        w.writeBytes(rest);
    }
}
