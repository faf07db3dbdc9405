package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The bundle actions' engine with {@code game: none} and no {@code engine_version}: detected from
 * the input packages (legacy: their versions or the probe; Zen: versioning info or the layout probe)
 * instead of a fixed release; the game profile's engine otherwise, and a named engine as it is.
 */
class BundleEngineDetectionTest extends SharedDaemon {

    private static Map<String, Object> request(Path out, String name, Map<String, Object> more) {
        Map<String, Object> m = new HashMap<>(more);
        m.put("output_path", out.resolve(name).toString());
        m.put("compress", false);
        return m;
    }

    private static JsonNode ok(Reply r) {
        assertThat(r.success()).as(r.message()).isTrue();
        return r.dataTree();
    }

    @Test
    void legacyUE51CooksAreWrittenForUE51(@TempDir Path out) throws Exception {
        String in = Fixtures.path("uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes").toString();
        JsonNode d = ok(call("create_mod_iostore", request(out, "Shapes_P", Map.of("input_dir", in, "game", "none"))));
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE5_1");
        assertThat(d.get("engine_source").textValue()).isEqualTo("probe");
        assertThat(d.has("engine_candidates")).isFalse();
        assertThat(d.get("profile").textValue()).isEqualTo("UE5_1/none toc 5 header 2");
        assertThat(d.get("converted_count").intValue()).isEqualTo(6);
        // named: as it is (UE5_3 does not read these cooks: each package is an error, nothing is written)
        JsonNode named = ok(call("create_mod_iostore", request(out, "Named_P", Map.of("input_dir", in, "game", "none",
                "engine_version", "UE5_1"))));
        assertThat(named.get("profile").textValue()).isEqualTo("UE5_1/none toc 5 header 2");
        assertThat(named.get("engine_source").textValue()).isEqualTo("request");
        Reply wrong = call("create_mod_iostore", request(out, "Wrong_P", Map.of("input_dir", in, "game", "none",
                "engine_version", "UE5_3")));
        assertThat(wrong.success()).isFalse();
        assertThat(wrong.message()).contains("Unsupported data resource version");
        assertThat(out.resolve("Wrong_P.utoc")).doesNotExist();
        // no game and no engine: the default profile (Marvel Rivals, UE5_3) cannot read these packages, so they are written for
        // the engine they were found to be, without the profile, and a warning says so
        Reply rivals = call("create_mod_iostore", request(out, "Rivals_P", Map.of("input_dir", in)));
        assertThat(rivals.success()).as(rivals.message()).isTrue();
        assertThat(rivals.warnings()).anyMatch(w -> w.contains("not marvel_rivals's UE5_3") && w.contains("UE5_1"));
        assertThat(rivals.dataTree().get("engine_version").asText()).isEqualTo("UE5_1");
    }

    @Test
    void unversionedUE54CooksAreWrittenForTheNewestReleaseThatReadsThemAndSaySoWhichFit(@TempDir Path out) throws Exception {
        String in = Fixtures.path("uassetapi/TestUE5_4/BlankGame").toString();
        Reply r = call("create_iostore", request(out, "Blank_P", Map.of("input_dir", in, "game", "none")));
        JsonNode d = ok(r);
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE5_5");
        assertThat(d.get("engine_source").textValue()).isEqualTo("probe");
        List<String> fit = new ArrayList<>();
        d.get("engine_candidates").forEach(n -> fit.add(n.textValue()));
        assertThat(fit).containsExactly("UE5_5", "UE5_4", "UE5_3", "UE5_2", "UE5_1");
        // the inputs are all found as UE5_5 (no warning about differing engines); the folder's other files are left out
        assertThat(r.warnings()).containsExactlyInAnyOrder(
                "BP_CubePawn.combined: not an Unreal package; left out (hybrid puts such files in the companion pak)",
                "BlankGame_Dumper-7.usmap: not an Unreal package; left out (hybrid puts such files in the companion pak)");
        assertThat(Files.size(out.resolve("Blank_P.utoc"))).isPositive();
    }

    @Test
    void zenInputsAreFoundByTheirLayout(@TempDir Path out) throws Exception {
        Path dir = Fixtures.path("retoc/UE5.5");
        JsonNode d = ok(call("create_mod_iostore", request(out, "Zen_P", Map.of("file_paths",
                List.of(dir.resolve("SM_Cube.uzenasset").toString(), dir.resolve("SM_Cube.ubulk").toString()), "game", "none"))));
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE5_5");
        assertThat(d.get("engine_source").textValue()).isEqualTo("probe");
        assertThat(d.get("package_count").intValue()).isEqualTo(1);
        assertThat(d.get("converted_count").intValue()).isZero();
    }

    @Test
    void ue4InputsAreRefusedNamingTheEngineFound(@TempDir Path out) throws Exception {
        Path f = Fixtures.path("retoc/UE4.27/TestModUI.uzenasset");
        Reply r = call("create_mod_iostore", request(out, "Old_P", Map.of("file_paths", List.of(f.toString()), "game", "none")));
        assertThat(r.success()).isFalse();
        assertThat(r.message()).contains("UE5").contains("UE4_27");
        assertThat(out.resolve("Old_P.utoc")).doesNotExist();
    }
}
