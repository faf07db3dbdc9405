package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * skeletal_mesh_info and get_mesh_info through the packaged daemon: SK_Fixture and SM_Fixture
 * extracted from the CUE4Parse containers by the daemon, and the UAssetAPI / retoc meshes. Slot
 * materials are checked against the packages' import maps (get_imports).
 */
class MeshActionsTest extends SharedDaemon {
    @TempDir
    static Path dir;

    @BeforeAll
    static void extract() throws Exception {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Map<String, Object> f = ZenActionsTest.request(flavour, dir.resolve(flavour));
            f.put("filter_patterns", List.of("**/SK_Fixture", "**/SM_Fixture"));
            Reply r = call("extract_iostore_legacy", f);
            assertThat(r.success()).as(r.message()).isTrue();
        }
    }

    static JsonNode ok(String action, Map<String, Object> fields) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + " " + fields.get("file_path") + ": " + r.message()).isTrue();
        return r.dataTree();
    }

    static Map<String, Object> on(Path file, String engine, String usmap) {
        Map<String, Object> f = new HashMap<>(Map.of("file_path", file.toString()));
        if (usmap != null) {
            f.put("usmap_path", Fixtures.path(usmap).toString());
        }
        return f;
    }

    static List<String> slotNames(JsonNode slots) {
        List<String> out = new ArrayList<>();
        slots.forEach(s -> out.add(s.get("slot_name").textValue()));
        return out;
    }

    /** The object names of the imports the slots' material indexes point at. */
    static List<String> materialImports(Map<String, Object> base, JsonNode slots) throws Exception {
        Map<String, Object> f = new HashMap<>(base);
        f.remove("usmap_path");
        f.remove("game");
        JsonNode imports = ok("get_imports", f);
        List<String> out = new ArrayList<>();
        slots.forEach(s -> out.add(imports.get(-s.get("material_index").intValue() - 1).get("object_name").textValue()));
        return out;
    }

    @Test
    void skeletalMeshInfoOfSkFixtureAndCodeVein() throws Exception {
        Map<String, Object> sk = on(dir.resolve("Tagged/Game/Fixtures/Meshes/SK_Fixture.uasset"), "UE5_8", null);
        JsonNode d = ok("skeletal_mesh_info", sk);
        assertThat(d.get("material_count").intValue()).isEqualTo(2);
        assertThat(d.get("bone_count").intValue()).isEqualTo(3);
        assertThat(slotNames(d.get("materials"))).containsExactly("Primary", "Secondary");
        assertThat(d.get("materials").get(1).get("index").intValue()).isEqualTo(1);
        assertThat(materialImports(sk, d.get("materials"))).containsOnly("WorldGridMaterial");
        assertThat(d.get("bones").get(0).get("name").textValue()).isEqualTo("Root");
        JsonNode m = ok("get_mesh_info", sk);
        assertThat(m.get("mesh_type").textValue()).isEqualTo("SkeletalMesh");
        assertThat(m.get("lod_count").intValue()).isEqualTo(2);
        assertThat(m.get("vertex_count").intValue()).isEqualTo(6);
        assertThat(m.get("triangle_count").intValue()).isEqualTo(2);
        assertThat(m.get("bone_count").intValue()).isEqualTo(3);
        assertThat(m.get("has_vertex_colors").booleanValue()).isTrue();
        assertThat(m.get("has_morph_targets").booleanValue()).isTrue();

        Map<String, Object> unversioned = on(dir.resolve("Unversioned/Game/Fixtures/Meshes/SK_Fixture.uasset"), "UE5_8",
                "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap");
        JsonNode u = ok("skeletal_mesh_info", unversioned);
        assertThat(u.get("materials")).isEqualTo(d.get("materials"));
        assertThat(u.get("bones")).isEqualTo(d.get("bones"));
        assertThat(ok("get_mesh_info", unversioned).get("lod_count").intValue()).isEqualTo(2);

        Map<String, Object> cv = on(Fixtures.path("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset"), "UE4_18", null);
        // no engine named: the package reads alike under UE4_16 ... UE4_27, its mesh data (bCooked after the skeleton from
        // 4.19 on) only under UE4_16 ... UE4_18
        JsonNode c = ok("skeletal_mesh_info", cv);
        assertThat(c.get("engine_version").textValue()).isEqualTo("UE4_18");
        assertThat(c.get("engine_source").textValue()).isEqualTo("probe");
        assertThat(c.get("engine_candidates").toString()).isEqualTo("[\"UE4_18\",\"UE4_17\",\"UE4_16\"]");
        assertThat(slotNames(c.get("materials"))).containsExactly("Skin", "Skin", "Inner", "Inner");
        assertThat(materialImports(cv, c.get("materials"))).containsExactly("MI_Skin_Female", "MI_Skin_Female_NoShadow",
                "MI_Inner_Female1", "MI_Inner_Female1");
        assertThat(c.get("bone_count").intValue()).isEqualTo(81);
    }

    @Test
    void meshInfoOfTheStaticMeshes() throws Exception {
        record Case(Path file, String engine, String usmap, List<String> slots, List<String> materials, int lods) {
        }
        String ue55 = "uassetapi/TestUE5_5/BlankGame/BlankUE5_5.usmap";
        List<Case> cases = List.of(
                new Case(dir.resolve("Tagged/Game/Fixtures/Meshes/SM_Fixture.uasset"), "UE5_8", null, List.of("Primary", "Secondary"),
                        List.of("WorldGridMaterial", "WorldGridMaterial"), 2),
                new Case(dir.resolve("Unversioned/Game/Fixtures/Meshes/SM_Fixture.uasset"), "UE5_8",
                        "cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap", List.of("Primary", "Secondary"),
                        List.of("WorldGridMaterial", "WorldGridMaterial"), 2),
                new Case(Fixtures.path("uassetapi/TestUE5_4/BlankGame/SM_BlueCube.uasset"), "UE5_4",
                        "uassetapi/TestUE5_4/BlankGame/BlankGame_Dumper-7.usmap", List.of("WorldGridMaterial"), List.of("MI_BlueCube"), 1),
                new Case(Fixtures.path("uassetapi/TestUE5_5/BlankGame/SM_Cube.uasset"), "UE5_5", ue55, List.of("Material", "MatB"),
                        List.of("M_Cube_1", "M_Cube_2"), 1),
                new Case(Fixtures.path("retoc/UE5.5/SM_Cube.uasset"), "UE5_5", ue55, List.of("Material", "MatB"),
                        List.of("M_Cube_1", "M_Cube_2"), 1));
        for (Case c : cases) {
            Map<String, Object> f = on(c.file(), c.engine(), c.usmap());
            JsonNode m = ok("get_mesh_info", f);
            assertThat(m.get("mesh_type").textValue()).isEqualTo("StaticMesh");
            assertThat(m.get("material_slots").intValue()).as("UAssetTool's count").isEqualTo(c.slots().size());
            assertThat(slotNames(m.get("materials"))).as(c.file().toString()).containsExactlyElementsOf(c.slots());
            assertThat(materialImports(f, m.get("materials"))).containsExactlyElementsOf(c.materials());
            assertThat(m.get("lod_count").intValue()).as(c.file().toString()).isEqualTo(c.lods());
            assertThat(m.get("bone_count").intValue()).isZero();
            // the cubes have four vertices and two triangles per face; SM_Fixture's first LOD is two triangles over six vertices
            assertThat(m.get("vertex_count").intValue()).isEqualTo(c.lods() == 1 ? 24 : 6);
            assertThat(m.get("triangle_count").intValue()).isEqualTo(c.lods() == 1 ? 12 : 2);
        }
        JsonNode sm = ok("get_mesh_info", on(cases.get(0).file(), "UE5_8", null));
        JsonNode socket = sm.get("sockets").get(0);
        assertThat(socket.get("name").textValue()).isEqualTo("FixtureSocket");
        assertThat(socket.get("rotation").toString()).isEqualTo("{\"Pitch\":10.0,\"Yaw\":20.0,\"Roll\":30.0}");
    }

    @Test
    void wrongKindsProfilesAndMissingMappingsAreClearErrors() throws Exception {
        Path sm = dir.resolve("Tagged/Game/Fixtures/Meshes/SM_Fixture.uasset");
        Reply notSkeletal = call("skeletal_mesh_info", on(sm, "UE5_8", null));
        assertThat(notSkeletal.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(notSkeletal.message()).contains("not a SkeletalMesh");
        Map<String, Object> unknownGame = on(sm, "UE5_8", null);
        unknownGame.put("game", "fortnite");
        assertThat(call("get_mesh_info", unknownGame).message()).contains("unknown game profile");
        Map<String, Object> rivals = on(dir.resolve("Tagged/Game/Fixtures/Meshes/SK_Fixture.uasset"), "UE5_8", null);
        rivals.put("game", "marvel_rivals");
        Reply r = call("skeletal_mesh_info", rivals);
        // SK_Fixture has no gameplay tag containers: read as Marvel Rivals' layout it does not parse
        assertThat(r.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(r.error().file()).contains("SK_Fixture");
        Reply noUsmap = call("get_mesh_info", on(dir.resolve("Unversioned/Game/Fixtures/Meshes/SM_Fixture.uasset"), "UE5_8", null));
        assertThat(noUsmap.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        Reply notMesh = call("get_mesh_info", on(Fixtures.path("uassetapi/TestUE5_5/BlankGame/T_Test.uasset"), "UE5_5",
                "uassetapi/TestUE5_5/BlankGame/BlankUE5_5.usmap"));
        // UAssetTool answers a package that holds no mesh with its defaults: success, mesh_type Unknown
        assertThat(notMesh.success()).as(notMesh.message()).isTrue();
        assertThat(notMesh.dataTree().get("mesh_type").textValue()).isEqualTo("Unknown");
        assertThat(notMesh.dataTree().get("material_slots").intValue()).isZero();
        Daemon.Result cli = Daemon.run("get_mesh_info", sm.toString());
        assertThat(cli.status()).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).contains("FixtureSocket");
    }
}
