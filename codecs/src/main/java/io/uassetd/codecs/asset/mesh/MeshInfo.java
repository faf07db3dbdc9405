package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.List;

/**
 * What a SkeletalMesh or StaticMesh package says about its mesh: material slots, bones, LODs,
 * sockets, counts. Skeletal materials and the reference skeleton come from the native data after
 * the mesh's properties ({@link SkeletalMeshData}); static materials from the StaticMaterials
 * property; LOD counts from the render data header; vertex and triangle counts (first LOD) from the
 * skeletal source models where the package keeps them, and from a static mesh's first LOD sections
 * ({@link StaticMeshSections}). What the package does not say is null.
 */
public record MeshInfo(String meshType, int exportIndex, String exportName, List<MaterialSlot> materials, Integer boneCount,
        List<Bone> bones, Integer lodCount, Integer vertexCount, Integer triangleCount, Boolean hasVertexColors,
        Boolean hasMorphTargets, List<String> morphTargets, List<Socket> sockets, String profile) {

    /** One material slot: its index, names and material (as package index and object path). */
    public record MaterialSlot(int index, String slotName, String importedSlotName, int materialIndex, String materialPath,
            String overlayMaterialPath, List<String> gameplayTags) {
    }

    public record Bone(int index, String name, int parentIndex) {
    }

    /** A StaticMeshSocket: name, bone, and its relative transform as the package stores it. */
    public record Socket(String name, String boneName, Object location, Object rotation, Object scale, String tag) {
    }

    /** Reads the first top-level SkeletalMesh or StaticMesh export. */
    public static MeshInfo read(AssetPackage pkg, Usmap mappings, MeshProfile profile) {
        for (Export e : pkg.exports()) {
            if (!e.entry().outerIndex().isNull()) {
                continue;
            }
            String cls = pkg.className(e);
            if ("SkeletalMesh".equals(cls)) {
                return skeletal(pkg, e, mappings, profile);
            }
            if ("StaticMesh".equals(cls)) {
                return staticMesh(pkg, e, mappings, profile);
            }
        }
        throw new MeshException(pkg.name() + " holds no SkeletalMesh or StaticMesh export");
    }

    private static PackageReader afterProperties(AssetPackage pkg, Export e, PropertyExportContent c) {
        PackageReader r = pkg.exportReader(e);
        r.seek(r.position() + c.scriptPropertiesSize());
        return r;
    }

    private static MeshInfo skeletal(AssetPackage pkg, Export e, Usmap mappings, MeshProfile profile) {
        PropertyExportContent c = PropertyParser.contentOf(pkg, e, mappings);
        SkeletalMeshData data = SkeletalMeshData.read(pkg, afterProperties(pkg, e, c), profile);
        List<MaterialSlot> slots = new ArrayList<>();
        for (int i = 0; i < data.materials().size(); i++) {
            SkeletalMaterial m = data.materials().get(i);
            slots.add(new MaterialSlot(i, pkg.name(m.slotName()), m.importedSlotName() == null ? null : pkg.name(m.importedSlotName()),
                    m.material().value(), path(pkg, m.material()), m.overlayMaterial() == null ? null : path(pkg, m.overlayMaterial()),
                    m.gameplayTags() == null ? null : m.gameplayTags().tags().stream().map(pkg::name).toList()));
        }
        List<Bone> bones = new ArrayList<>();
        for (int i = 0; i < data.skeleton().bones().size(); i++) {
            MeshBoneInfo b = data.skeleton().bones().get(i);
            bones.add(new Bone(i, pkg.name(b.name()), b.parentIndex()));
        }
        MeshProperties props = new MeshProperties(pkg, c.properties());
        List<PropertyValue> sources = props.array("SourceModels");
        Integer vertices = sources.isEmpty() ? null : number(MeshProperties.field(pkg, sources.get(0), "VertexCount"));
        Integer triangles = sources.isEmpty() ? null : number(MeshProperties.field(pkg, sources.get(0), "TriangleCount"));
        List<String> morphs = new ArrayList<>();
        for (PropertyValue v : props.array("MorphTargets")) {
            if (v instanceof ObjectValue o && !o.value().isNull()) {
                morphs.add(pkg.objectName(o.value()));
            }
        }
        return new MeshInfo("SkeletalMesh", e.index(), pkg.name(e.entry().objectName()), slots, bones.size(), bones,
                data.lodCount(), vertices, triangles, props.bool("bHasVertexColors"), !morphs.isEmpty(), morphs, List.of(),
                profile.name());
    }

    private static MeshInfo staticMesh(AssetPackage pkg, Export e, Usmap mappings, MeshProfile profile) {
        PropertyExportContent c = PropertyParser.contentOf(pkg, e, mappings);
        PackageReader r = afterProperties(pkg, e, c);
        StaticMeshData data = StaticMeshData.read(pkg, r);
        MeshProperties props = new MeshProperties(pkg, c.properties());
        List<MaterialSlot> slots = new ArrayList<>();
        List<PropertyValue> materials = props.array("StaticMaterials");
        for (int i = 0; i < materials.size(); i++) {
            PropertyValue m = materials.get(i);
            Object overlay = MeshProperties.field(pkg, m, "OverlayMaterialInterface");
            slots.add(new MaterialSlot(i, text(MeshProperties.field(pkg, m, "MaterialSlotName")),
                    text(MeshProperties.field(pkg, m, "ImportedMaterialSlotName")), MeshProperties.objectIndex(pkg, m, "MaterialInterface"),
                    text(MeshProperties.field(pkg, m, "MaterialInterface")), overlay == null ? null : overlay.toString(), null));
        }
        List<Socket> sockets = new ArrayList<>();
        for (PropertyValue v : props.array("Sockets")) {
            if (v instanceof ObjectValue o && o.value().isExport()) {
                sockets.add(socket(pkg, pkg.exports().get(o.value().exportIndex()), mappings));
            }
        }
        StaticMeshSections lod0 = null;
        if (data.lodCount() != null && data.lodCount() > 0) {
            r.seek(r.position() - data.rest().length);
            lod0 = StaticMeshSections.readFirstLod(r, slots.size());
        }
        return new MeshInfo("StaticMesh", e.index(), pkg.name(e.entry().objectName()), slots, 0, List.of(), data.lodCount(),
                lod0 == null ? null : lod0.vertexCount(), lod0 == null ? null : lod0.triangleCount(), null, false, List.of(), sockets,
                profile.name());
    }

    private static Socket socket(AssetPackage pkg, Export e, Usmap mappings) {
        MeshProperties p = new MeshProperties(pkg, PropertyParser.contentOf(pkg, e, mappings).properties());
        return new Socket(view(pkg, p, "SocketName"), view(pkg, p, "BoneName"), viewObject(pkg, p, "RelativeLocation"),
                viewObject(pkg, p, "RelativeRotation"), viewObject(pkg, p, "RelativeScale"), view(pkg, p, "Tag"));
    }

    private static String view(AssetPackage pkg, MeshProperties p, String name) {
        return text(viewObject(pkg, p, name));
    }

    private static Object viewObject(AssetPackage pkg, MeshProperties p, String name) {
        var prop = p.get(name);
        return prop == null ? null : prop.value().view(pkg);
    }

    private static String text(Object o) {
        return o == null ? null : o.toString();
    }

    private static Integer number(Object o) {
        return o instanceof Number n ? n.intValue() : null;
    }

    private static String path(AssetPackage pkg, PackageIndex i) {
        return i.isNull() ? null : pkg.objectPath(i);
    }

    /** The slot names of {@link #materials}, in order. */
    public List<String> slotNames() {
        return materials.stream().map(MaterialSlot::slotName).toList();
    }
}
