package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.error.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The sections of a cooked StaticMesh's first LOD (FStaticMeshLODResources: FStripDataFlags, then
 * the FStaticMeshSection array): material index, first index, triangle count, vertex range, then
 * bool32 flags whose number grew over engine releases. Each flag count is tried and kept only when
 * the sections fit together (flags 0 or 1, materials within the slots, vertex ranges ordered, each
 * section's indices starting where the previous one's end); when flag counts disagree on the
 * result, nothing is claimed.
 */
public record StaticMeshSections(List<Section> sections) {
    /** Flag counts seen from UE4.20 to UE5.8. */
    private static final int[] FLAG_COUNTS = {5, 6, 4, 7, 3, 2};

    public record Section(int materialIndex, int firstIndex, int triangles, int minVertex, int maxVertex) {
    }

    public int triangleCount() {
        return sections.stream().mapToInt(Section::triangles).sum();
    }

    /** Vertices the sections address: one past the highest vertex index. */
    public int vertexCount() {
        return sections.stream().mapToInt(Section::maxVertex).max().orElse(-1) + 1;
    }

    /** The first LOD's sections from {@code r} positioned at the LOD's strip flags, or null when they cannot be told apart. */
    public static StaticMeshSections readFirstLod(PackageReader r, int slotCount) {
        long start = r.position();
        StaticMeshSections found = null;
        for (int flags : FLAG_COUNTS) {
            r.seek(start);
            StaticMeshSections s;
            try {
                s = read(r, slotCount, flags);
            } catch (FormatException e) {
                continue;
            }
            if (found == null) {
                found = s;
            } else if (found.triangleCount() != s.triangleCount() || found.vertexCount() != s.vertexCount()) {
                return null;
            }
        }
        return found;
    }

    private static StaticMeshSections read(PackageReader r, int slotCount, int flags) {
        r.structure("FStaticMeshSection");
        StripDataFlags.read(r);
        int n = r.readCount(20 + 4 * flags);
        if (n == 0) {
            throw r.corrupt("no sections");
        }
        List<Section> out = new ArrayList<>(n);
        int nextIndex = 0;
        for (int i = 0; i < n; i++) {
            long at = r.position();
            Section s = new Section(r.readI32(), r.readI32(), r.readI32(), r.readI32(), r.readI32());
            for (int f = 0; f < flags; f++) {
                r.readBool32();
            }
            if (s.materialIndex() < 0 || s.materialIndex() >= Math.max(slotCount, 1) || s.firstIndex() != nextIndex
                    || s.triangles() < 0 || s.minVertex() < 0 || s.minVertex() > s.maxVertex()) {
                throw r.corrupt("section " + i + " does not fit: " + s, at);
            }
            nextIndex = s.firstIndex() + 3 * s.triangles();
            out.add(s);
        }
        // FStaticMeshLODResources goes on with MaxDeviation, then bIsLODCookedOut and bInlined
        r.readI32();
        r.readBool32();
        r.readBool32();
        return new StaticMeshSections(List.copyOf(out));
    }
}
