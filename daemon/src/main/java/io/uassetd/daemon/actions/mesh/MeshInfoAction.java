package io.uassetd.daemon.actions.mesh;

import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.asset.mesh.MeshException;
import io.uassetd.codecs.asset.mesh.MeshInfo;
import io.uassetd.codecs.asset.mesh.MeshProfile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetEdits;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code skeletal_mesh_info} and {@code get_mesh_info}: a mesh's material slots, skeleton, LODs and
 * counts (see {@link MeshInfo}); {@code game} selects a game profile (Marvel Rivals' skeletal
 * materials carry gameplay tags).
 */
public final class MeshInfoAction implements ActionHandler {
    static final FieldSpec GAME = FieldSpec.optional("game", FieldType.STRING, "standard",
            "game profile whose mesh layout is read: " + GameProfile.names());

    private final ActionSpec spec;
    private final boolean skeletalOnly;

    private MeshInfoAction(ActionSpec spec, boolean skeletalOnly) {
        this.spec = spec;
        this.skeletalOnly = skeletalOnly;
    }

    public static List<ActionHandler> all() {
        return List.of(
                new MeshInfoAction(ActionSpec.of("skeletal_mesh_info",
                        "A SkeletalMesh's material slots (FSkeletalMaterial) and reference skeleton (bones)",
                        AssetFiles.FILE, AssetFiles.USMAP, AssetFiles.ENGINE, GAME).withCli("skeletal_mesh_info", "file_path", "usmap_path"), true),
                new MeshInfoAction(ActionSpec.of("get_mesh_info",
                        "A SkeletalMesh's or StaticMesh's material slots, LOD count, bones, sockets and counts (null where the package does not say)",
                        AssetFiles.FILE, AssetFiles.USMAP, AssetFiles.ENGINE, GAME).withCli("get_mesh_info", "file_path"), false));
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

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path file = args.requirePath("file_path");
        String game = args.string("game");
        MeshProfile profile;
        try {
            profile = GameProfile.of(game).mesh();
        } catch (UnsupportedVersionException e) {
            throw ActionException.invalid("Field 'game': unknown game profile '" + game + "' ("
                    + GameProfile.names() + ")");
        }
        AssetEdits.Session session = AssetEdits.open(args, ctx);
        MeshInfo m;
        try {
            m = MeshInfo.read(session.pkg(), session.usmap(), profile);
        } catch (MeshException e) {
            var pkg = session.pkg();
            boolean mesh = pkg.exports().stream().map(pkg::className).anyMatch(c -> c.equals("SkeletalMesh") || c.equals("StaticMesh"));
            if (mesh || skeletalOnly) {
                throw ActionException.invalid(e.getMessage());
            }
            // not a mesh: UAssetTool answers its defaults
            return ActionResult.of("Not a mesh", new Mesh(file.toString(), "Unknown", null, 0, 0, 0, 0, 0, 0, false, false, List.of(),
                    List.of(), List.of(), List.of(), null, false));
        }
        List<Slot> slots = m.materials().stream().map(s -> new Slot(s.index(), s.slotName(), s.materialIndex(), s.materialPath(),
                s.importedSlotName(), s.overlayMaterialPath(), s.gameplayTags())).toList();
        List<Bone> bones = m.bones().stream().map(b -> new Bone(b.index(), b.name(), b.parentIndex())).toList();
        if (skeletalOnly) {
            if (!"SkeletalMesh".equals(m.meshType())) {
                throw ActionException.invalid(file.getFileName() + " holds a " + m.meshType() + ", not a SkeletalMesh");
            }
            return ActionResult.of(slots.size() + " materials, " + bones.size() + " bones",
                    new Skeletal(file.toString(), m.exportName(), slots.size(), m.boneCount(), slots, bones, m.lodCount(), m.profile()));
        }
        List<Socket> sockets = m.sockets().stream().map(s -> new Socket(s.name(), s.boneName(), s.location(), s.rotation(), s.scale(),
                s.tag())).toList();
        return ActionResult.of(m.meshType() + ": " + slots.size() + " material slots, " + m.lodCount() + " LODs",
                new Mesh(file.toString(), m.meshType(), m.exportName(), slots.size(), slots.size(), zero(m.lodCount()), zero(m.vertexCount()),
                        zero(m.triangleCount()), zero(m.boneCount()), Boolean.TRUE.equals(m.hasVertexColors()),
                        Boolean.TRUE.equals(m.hasMorphTargets()), slots, m.morphTargets(), bones, sockets, m.profile(),
                        m.hasVertexColors() != null));
    }

    private static int zero(Integer v) {
        return v == null ? 0 : v;
    }
}
