package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Zen -> legacy through the packaged daemon on the CUE4Parse UE5.8 containers. */
class ZenActionsTest extends SharedDaemon {
    static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    static Map<String, Object> request(String flavour, Path out) {
        return new HashMap<>(Map.of("game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/" + flavour).toString(),
                "output_path", out.toString(), "aes_key", KEY));
    }

    static JsonNode exportsOf(Path uasset, String usmap) throws Exception {
        Map<String, Object> f = new HashMap<>(Map.of("file_path", uasset.toString()));
        if (usmap != null) {
            f.put("usmap_path", usmap);
        }
        Reply r = call("get_exports", f);
        assertThat(r.success()).as(uasset + ": " + r.message()).isTrue();
        return r.dataTree();
    }

    @Test
    void everyPackageOfBothFlavoursConvertsAndTheKnownValuesHold(@TempDir Path out) throws Exception {
        String usmap = Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString();
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Path dest = out.resolve(flavour);
            Reply r = call("extract_iostore_legacy", request(flavour, dest));
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("extracted_count").intValue()).as(flavour).isEqualTo(97);
            assertThat(r.dataTree().get("failed_count").intValue()).as(flavour + " " + r.dataTree().get("failures")).isZero();
            String mappings = flavour.equals("Unversioned") ? usmap : null;
            Path da = dest.resolve("Game/Fixtures/Properties/DA_AllProperties.uasset");
            JsonNode exports = exportsOf(da, mappings);
            int index = -1;
            for (JsonNode e : exports) {
                if (e.get("object_name").textValue().equals("DA_AllProperties")) {
                    index = e.get("index").intValue();
                }
            }
            Map<String, Object> p = new HashMap<>(Map.of("file_path", da.toString(), "export_index", index));
            if (mappings != null) {
                p.put("usmap_path", mappings);
            }
            JsonNode rows = call("get_export_properties", p).dataTree();
            long integer = -1;
            for (JsonNode row : rows) {
                if (row.get("name").textValue().equals("Integer")) {
                    integer = row.get("value").longValue();
                }
            }
            assertThat(integer).as(flavour).isEqualTo(0x12345678L);
            Map<String, Object> d = new HashMap<>(Map.of("file_path", dest.resolve("Game/Fixtures/Effects/NS_Fixture.uasset").toString()));
            assertThat(call("detect_type", d).dataTree().get("asset_type").textValue()).isEqualTo("NiagaraSystem");
            d.put("file_path", dest.resolve("Game/Fixtures/Meshes/SM_Fixture.uasset").toString());
            assertThat(call("detect_type", d).dataTree().get("asset_type").textValue()).isEqualTo("StaticMesh");
            assertThat(call("detect_static_mesh", d).dataTree().booleanValue()).isTrue();
        }
    }

    @Test
    void filterWithDepsAndMissingGlobal(@TempDir Path out) throws Exception {
        Map<String, Object> f = request("Tagged", out.resolve("one"));
        f.put("filter_patterns", List.of("**/DA_AllProperties"));
        JsonNode one = call("extract_iostore_legacy", f).dataTree();
        assertThat(one.get("extracted_count").intValue()).isEqualTo(1);
        // UAssetTool's shape: the files written, relative to the output folder
        assertThat(one.get("files").toString())
                .isEqualTo("[\"Game/Fixtures/Properties/DA_AllProperties.uasset\",\"Game/Fixtures/Properties/DA_AllProperties.uexp\"]");
        f.put("filter_patterns", List.of("BP_Fixture"));
        f.put("with_deps", true);
        f.put("output_path", out.resolve("deps").toString());
        JsonNode deps = call("extract_iostore_legacy", f).dataTree();
        assertThat(deps.get("failed_count").intValue()).isZero();
        assertThat(deps.get("extracted_count").intValue()).isGreaterThanOrEqualTo(1);
        // A folder without global.utoc cannot resolve script imports: a clear NOT_FOUND, nothing written.
        Path noGlobal = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Zlib");
        Map<String, Object> g = new HashMap<>(Map.of("game_paks", noGlobal.toString(), "output_path", out.resolve("none").toString()));
        Reply r = call("extract_iostore_legacy", g);
        assertThat(r.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(r.message()).contains("global.utoc");
        assertThat(Files.exists(out.resolve("none"))).isFalse();
    }

    @Test
    void inspectZenReadsTheRetocPackagesOfEveryLayout() throws Exception {
        record Case(String file, String engine, String name, int exports) {
        }
        for (Case c : List.of(new Case("retoc/UE5.4/BP_Table_Lamp.uzenasset", "UE5_4", "/Game/Billiards/Blueprints/BP_Table_Lamp", 9),
                new Case("retoc/UE5.5/SM_Cube.uzenasset", "UE5_5", "/Game/Meshes/SM_Cube", 3),
                new Case("retoc/UE4.27/T_Emissive.uasset", "UE4_27", "/Engine/Engine_MI_Shaders/T_Emissive", 1))) {
            Reply r = call("inspect_zen", Map.of("file_path", Fixtures.path(c.file()).toString()));
            assertThat(r.success()).as(c.file() + ": " + r.message()).isTrue();
            assertThat(r.dataTree().get("package_name").textValue()).isEqualTo(c.name());
            assertThat(r.dataTree().get("export_map_count").intValue()).isEqualTo(c.exports());
        }
        Reply legacy = call("inspect_zen", Map.of("file_path", Fixtures.path("retoc/UE5.5/SM_Cube.uasset").toString()));
        assertThat(legacy.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
    }
}
