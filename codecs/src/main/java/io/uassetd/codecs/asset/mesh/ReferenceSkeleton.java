package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import java.util.ArrayList;
import java.util.List;

/**
 * FReferenceSkeleton: the bones (FMeshBoneInfo), the reference pose (one FTransform per bone:
 * rotation quaternion, translation, scale; doubles in large-world-coordinate packages, kept as raw
 * bytes) and the name-to-index map. Reading checks that the three agree (same count, parents
 * before children), which is what tells a misread layout from the real one.
 */
public record ReferenceSkeleton(List<MeshBoneInfo> bones, int poseCount, byte[] pose, List<NameIndex> nameToIndex) {

    /** One entry of the name-to-index map. */
    public record NameIndex(FName name, int index) {
    }

    public ReferenceSkeleton {
        bones = List.copyOf(bones);
        nameToIndex = List.copyOf(nameToIndex);
    }

    public static ReferenceSkeleton read(PackageReader r, boolean doubles, int nameCount) {
        long at = r.position();
        int n = r.readCount(12);
        List<MeshBoneInfo> bones = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            MeshBoneInfo b = MeshBoneInfo.read(r);
            if (b.name().index() < 0 || b.name().index() >= nameCount) {
                throw r.corrupt("FReferenceSkeleton: bone " + i + " names entry " + b.name().index() + " of a " + nameCount
                        + "-entry name map", at);
            }
            if (b.parentIndex() >= i || b.parentIndex() < -1 || (i == 0) != (b.parentIndex() == -1)) {
                throw r.corrupt("FReferenceSkeleton: bone " + i + " has parent " + b.parentIndex(), at);
            }
            bones.add(b);
        }
        int transformSize = doubles ? 80 : 40;
        long poseAt = r.position();
        int poses = r.readCount(transformSize);
        if (poses != n) {
            throw r.corrupt("FReferenceSkeleton: " + poses + " reference pose transforms for " + n + " bones", poseAt);
        }
        byte[] pose = r.readBytes((long) poses * transformSize);
        long mapAt = r.position();
        int m = r.readCount(12);
        if (m != n) {
            throw r.corrupt("FReferenceSkeleton: name-to-index map has " + m + " entries for " + n + " bones", mapAt);
        }
        List<NameIndex> map = new ArrayList<>(m);
        for (int i = 0; i < m; i++) {
            map.add(new NameIndex(r.readFName(), r.readI32()));
        }
        return new ReferenceSkeleton(bones, poses, pose, map);
    }

    public void write(PackageWriter w) {
        w.writeI32(bones.size());
        bones.forEach(b -> b.write(w));
        w.writeI32(poseCount);
        w.writeBytes(pose);
        w.writeI32(nameToIndex.size());
        for (NameIndex e : nameToIndex) {
            w.writeFName(e.name());
            w.writeI32(e.index());
        }
    }
}
