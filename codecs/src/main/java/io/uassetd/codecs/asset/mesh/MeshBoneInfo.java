package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;

/** FMeshBoneInfo: the bone's name and its parent's index (-1 for the root); editor packages add the export name. */
public record MeshBoneInfo(FName name, int parentIndex, FString exportName) {
    public static MeshBoneInfo read(PackageReader r) {
        FName name = r.readFName();
        int parent = r.readI32();
        FString export = r.filterEditorOnly() ? null : r.readFString();
        return new MeshBoneInfo(name, parent, export);
    }

    public void write(PackageWriter w) {
        w.writeFName(name);
        w.writeI32(parentIndex);
        if (exportName != null) {
            w.writeFString(exportName);
        }
    }
}
