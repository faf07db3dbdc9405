package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.error.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * The start of what a SkeletalMesh serializes after its properties (seed 000's "extra data"): the
 * UObject GUID flag, FStripDataFlags, the imported FBoxSphereBounds, the FSkeletalMaterial array,
 * the FReferenceSkeleton, bCooked (UE4.19+) and the LOD count of the render data that follows, kept
 * raw in {@link #rest}. Writing it gives back the bytes read.
 */
public record SkeletalMeshData(FGuid objectGuid, StripDataFlags strip, BoxSphereBounds bounds, SkeletalMaterial.Layout layout,
        List<SkeletalMaterial> materials, ReferenceSkeleton skeleton, boolean splitRenderData, boolean cooked, Integer lodCount,
        byte[] rest) {

    public SkeletalMeshData {
        materials = List.copyOf(materials);
    }

    /**
     * Reads from {@code r} positioned just after the export's properties. The optional parts of
     * FSkeletalMaterial follow the package's custom versions (FCoreObjectVersion for the
     * imported-name flag, FFortniteMainBranchObjectVersion for the overlay material); a package
     * without custom versions (unversioned) is read with each candidate layout in turn, the one its
     * release's custom-version defaults name first, and the first whose materials and reference
     * skeleton read consistently is taken (a game may have changed the layout of its release).
     */
    public static SkeletalMeshData read(AssetPackage pkg, PackageReader r, MeshProfile profile) {
        long start = r.position();
        FormatException first = null;
        for (boolean flag : choices(pkg, CustomVersionGate.CORE_SKELETAL_MATERIAL_EDITOR_DATA_STRIPPING)) {
            for (boolean overlay : choices(pkg, CustomVersionGate.FORTNITE_MAIN_MESH_MATERIAL_SLOT_OVERLAY_MATERIAL_ADDED)) {
                r.seek(start);
                try {
                    return read(pkg, r, new SkeletalMaterial.Layout(flag, overlay, profile.gameplayTagsAfterSkeletalMaterial()));
                } catch (FormatException e) {
                    if (first == null) {
                        first = e;
                    } else {
                        first.addSuppressed(e);
                    }
                }
            }
        }
        throw first;
    }

    /**
     * Whether the package passes a custom-version gate: one answer when it records custom versions,
     * both otherwise, the answer of its release's defaults first.
     */
    private static List<Boolean> choices(AssetPackage pkg, CustomVersionGate gate) {
        boolean answer = pkg.summary().atLeast(gate);
        if (!pkg.summary().customVersions().versions().isEmpty()) {
            return List.of(answer);
        }
        return List.of(answer, !answer);
    }

    private static SkeletalMeshData read(AssetPackage pkg, PackageReader r, SkeletalMaterial.Layout layout) {
        boolean doubles = pkg.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
        r.structure("SkeletalMesh");
        FGuid guid = MeshHeaders.readObjectGuid(r);
        StripDataFlags strip = StripDataFlags.read(r);
        BoxSphereBounds bounds = BoxSphereBounds.read(r, doubles);
        r.structure("FSkeletalMaterial");
        int n = r.readCount(40);
        List<SkeletalMaterial> materials = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            SkeletalMaterial m = SkeletalMaterial.read(r, layout);
            checkIndex(pkg, r, m, i);
            materials.add(m);
        }
        r.structure("FReferenceSkeleton");
        ReferenceSkeleton skeleton = ReferenceSkeleton.read(r, doubles, pkg.names().size());
        r.structure("SkeletalMesh");
        Integer lods = null;
        boolean cooked = false;
        boolean split = splitRenderData(pkg);
        if (!split) {
            lods = MeshHeaders.readLodCount(r, "SkeletalMesh");
        } else if (strip.editorDataStripped()) {
            cooked = r.readBool32();
            if (cooked) {
                lods = MeshHeaders.readLodCount(r, "SkeletalMesh");
            }
        }
        byte[] rest = r.readBytes(r.remaining());
        return new SkeletalMeshData(guid, strip, bounds, layout, materials, skeleton, split, cooked, lods, rest);
    }

    /**
     * True when bCooked precedes the LOD render data (FSkeletalMeshCustomVersion SplitModelAndRenderData,
     * UE4.19 on); before, the LOD models follow the skeleton directly.
     */
    static boolean splitRenderData(AssetPackage pkg) {
        return pkg.summary().atLeast(CustomVersionGate.SKELETAL_MESH_SPLIT_MODEL_AND_RENDER_DATA);
    }

    private static void checkIndex(AssetPackage pkg, PackageReader r, SkeletalMaterial m, int i) {
        var idx = m.material();
        boolean ok = idx.isNull() || idx.isImport() && idx.importIndex() < pkg.imports().size()
                || idx.isExport() && idx.exportIndex() < pkg.exports().size();
        if (!ok || m.slotName().index() < 0 || m.slotName().index() >= pkg.names().size()) {
            throw r.corrupt("FSkeletalMaterial " + i + ": material " + idx + " or slot name " + m.slotName() + " is outside the package");
        }
    }

    public void write(PackageWriter w) {
        MeshHeaders.writeObjectGuid(w, objectGuid);
        strip.write(w);
        bounds.write(w);
        w.writeI32(materials.size());
        materials.forEach(m -> m.write(w));
        skeleton.write(w);
        if (!splitRenderData) {
            w.writeI32(lodCount);
        } else if (strip.editorDataStripped()) {
            w.writeBool32(cooked);
            if (cooked) {
                w.writeI32(lodCount);
            }
        }
        w.writeBytes(rest);
    }
}
