package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.version.ObjectVersion;
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

    /** FFortniteMainBranchObjectVersion, whose MeshMaterialSlotOverlayMaterialAdded (196) added the overlay material. */
    static final FGuid FORTNITE_MAIN = FGuid.parse("601D1886-AC644F84-AA16D3DE-0DEAC7D6");
    static final int OVERLAY_MATERIAL_VERSION = 196;
    /** FCoreObjectVersion, whose SkeletalMaterialEditorDataStripping (3) added the imported-name flag. */
    static final FGuid CORE = FGuid.parse("375EC13C-06E448FB-B50084F0-262A717E");
    static final int IMPORTED_NAME_FLAG_VERSION = 3;
    /** FSkeletalMeshCustomVersion, whose SplitModelAndRenderData (15, UE4.19) put bCooked before the LODs. */
    static final FGuid SKELETAL_MESH = FGuid.parse("D78A4A00-E8584697-BAA819B5-487D46B4");
    static final int SPLIT_MODEL_AND_RENDER_DATA = 15;

    public SkeletalMeshData {
        materials = List.copyOf(materials);
    }

    /**
     * Reads from {@code r} positioned just after the export's properties. The optional parts of
     * FSkeletalMaterial follow the package's custom versions (FCoreObjectVersion for the
     * imported-name flag, FFortniteMainBranchObjectVersion for the overlay material); a package
     * without custom versions (unversioned) is read with each candidate layout in turn and the first
     * whose materials and reference skeleton read consistently is taken.
     */
    public static SkeletalMeshData read(AssetPackage pkg, PackageReader r, MeshProfile profile) {
        long start = r.position();
        FormatException first = null;
        for (boolean flag : choices(pkg, CORE, IMPORTED_NAME_FLAG_VERSION, true)) {
            for (boolean overlay : choices(pkg, FORTNITE_MAIN, OVERLAY_MATERIAL_VERSION, false)) {
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

    /** Whether a custom version reaches {@code value}: one answer when the package records custom versions, both otherwise. */
    private static List<Boolean> choices(AssetPackage pkg, FGuid key, int value, boolean likelyFirst) {
        var versions = pkg.summary().customVersions();
        if (!versions.versions().isEmpty()) {
            return List.of(versions.get(key).orElse(0) >= value);
        }
        return List.of(likelyFirst, !likelyFirst);
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

    /** True when bCooked precedes the LOD render data (UE4.19+); before, the LOD models follow the skeleton directly. */
    static boolean splitRenderData(AssetPackage pkg) {
        var versions = pkg.summary().customVersions();
        if (!versions.versions().isEmpty()) {
            return versions.get(SKELETAL_MESH).orElse(0) >= SPLIT_MODEL_AND_RENDER_DATA;
        }
        return pkg.version().isUE5() || pkg.version().atLeast(ObjectVersion.ADDED_PACKAGE_SUMMARY_LOCALIZATION_ID);
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
