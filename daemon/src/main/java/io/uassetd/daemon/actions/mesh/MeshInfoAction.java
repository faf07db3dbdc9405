package io.uassetd.daemon.actions.mesh;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.asset.mesh.MeshException;
import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetEdits;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code skeletal_mesh_info} and {@code get_mesh_info}: a mesh's material slots, skeleton, LODs and
 * counts (see {@link MeshInfo}); {@code game} selects a game profile (Marvel Rivals' skeletal
 * materials carry gameplay tags).
 */
public final class MeshInfoAction {
    static final String GAME_HELP = "game profile whose mesh layout is read: " + GameProfile.NAMES;

    private MeshInfoAction() {
    }

    /** The request of both actions. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = GAME_HELP, dflt = "standard") String game) {
    }

    public static List<ActionHandler> all() {
        return List.of(new SkeletalInfo(), new MeshInfoOf());
    }

    /** A material slot. */
    public record Slot(int index, String slot_name, int material_index, String material_path, String imported_slot_name,
                       String overlay_material_path, List<String> gameplay_tags) {
    }

    public record Bone(int index, String name, int parent_index) {
    }

    public record Socket(String name, String bone_name, Object location, Object rotation, Object scale, String tag) {
    }

    /** skeletal_mesh_info's reply data. */
    public record Skeletal(String file_path, String mesh_name, int material_count, int bone_count, List<Slot> materials,
                           List<Bone> bones, Integer lod_count, String profile) {
    }

    /**
     * get_mesh_info's reply data: UAssetTool's fields with its types ({@code material_slots} the
     * count, counts 0 and flags false when not known), then the slots themselves ({@code materials})
     * and what uassetd adds; {@code *_known} say which of UAssetTool's values were read rather than defaulted.
     */
    public record Mesh(String file_path, String mesh_type, String mesh_name, int material_count, int material_slots,
                       int lod_count, int vertex_count, int triangle_count, int bone_count,
                       boolean has_vertex_colors, boolean has_morph_targets, List<Slot> materials, List<String> morph_targets,
                       List<Bone> bones, List<Socket> sockets, String profile, boolean vertex_colors_known) {
    }

    /** The mesh of the request's package, read with its game's layout; null when the package holds no mesh (get_mesh_info only). */
    private static MeshInfo read(Request q, Args args, ActionContext ctx, boolean skeletalOnly) throws Exception {
        MeshProfile profile;
        try {
            profile = GameProfile.of(q.game()).mesh();
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'game': unknown game profile '" + q.game() + "' (" + GameProfile.names() + ")");
        }
        // the mesh data follows custom versions the detection probe did not consult: a release that reads the package
        // but not its mesh gives way to another the evidence left
        AssetEdits.Read<Object> r = AssetEdits.openAndRead(args, ctx, (pkg, usmap) -> {
            try {
                return MeshInfo.read(pkg, usmap, profile);
            } catch (MeshException e) {
                return e;
            }
        });
        if (r.value() instanceof MeshException e) {
            var pkg = r.session().pkg();
            boolean mesh = pkg.exports().stream().map(pkg::className).anyMatch(c -> c.equals("SkeletalMesh") || c.equals("StaticMesh"));
            if (mesh || skeletalOnly) {
                throw ActionException.invalid(e.getMessage());
            }
            return null;
        }
        return (MeshInfo) r.value();
    }

    private static List<Slot> slots(MeshInfo m) {
        return m.materials().stream().map(s -> new Slot(s.index(), s.slotName(), s.materialIndex(), s.materialPath(),
                s.importedSlotName(), s.overlayMaterialPath(), s.gameplayTags())).toList();
    }

    private static List<Bone> bones(MeshInfo m) {
        return m.bones().stream().map(b -> new Bone(b.index(), b.name(), b.parentIndex())).toList();
    }

    /** {@code skeletal_mesh_info} (CLI {@code skeletal_mesh_info <file> [usmap]}). */
    static final class SkeletalInfo extends TypedAction<Request, Skeletal> {
        SkeletalInfo() {
            super("skeletal_mesh_info", "A SkeletalMesh's material slots (FSkeletalMaterial) and reference skeleton (bones)",
                    "skeletal_mesh_info", "file_path", "usmap_path");
        }

        @Override
        protected Done<Skeletal> run(Request q, Args args, ActionContext ctx) throws Exception {
            Path file = q.file_path();
            MeshInfo m = read(q, args, ctx, true);
            if (!"SkeletalMesh".equals(m.meshType())) {
                throw ActionException.invalid(file.getFileName() + " holds a " + m.meshType() + ", not a SkeletalMesh");
            }
            List<Slot> slots = slots(m);
            List<Bone> bones = bones(m);
            return Done.of(slots.size() + " materials, " + bones.size() + " bones",
                    new Skeletal(file.toString(), m.exportName(), slots.size(), m.boneCount(), slots, bones, m.lodCount(), m.profile()));
        }
    }

    /** {@code get_mesh_info} (CLI {@code get_mesh_info <file>}). */
    static final class MeshInfoOf extends TypedAction<Request, Mesh> {
        MeshInfoOf() {
            super("get_mesh_info",
                    "A SkeletalMesh's or StaticMesh's material slots, LOD count, bones, sockets and counts (null where the package does not say)",
                    "get_mesh_info", "file_path");
        }

        @Override
        protected Done<Mesh> run(Request q, Args args, ActionContext ctx) throws Exception {
            Path file = q.file_path();
            MeshInfo m = read(q, args, ctx, false);
            if (m == null) {
                // not a mesh: UAssetTool answers its defaults
                return Done.of("Not a mesh", new Mesh(file.toString(), "Unknown", null, 0, 0, 0, 0, 0, 0, false, false, List.of(),
                        List.of(), List.of(), List.of(), null, false));
            }
            List<Slot> slots = slots(m);
            List<Socket> sockets = m.sockets().stream().map(s -> new Socket(s.name(), s.boneName(), s.location(), s.rotation(), s.scale(),
                    s.tag())).toList();
            return Done.of(m.meshType() + ": " + slots.size() + " material slots, " + m.lodCount() + " LODs",
                    new Mesh(file.toString(), m.meshType(), m.exportName(), slots.size(), slots.size(), zero(m.lodCount()),
                            zero(m.vertexCount()), zero(m.triangleCount()), zero(m.boneCount()), Boolean.TRUE.equals(m.hasVertexColors()),
                            Boolean.TRUE.equals(m.hasMorphTargets()), slots, m.morphTargets(), bones(m), sockets, m.profile(),
                            m.hasVertexColors() != null));
        }
    }

    private static int zero(Integer v) {
        return v == null ? 0 : v;
    }
}
