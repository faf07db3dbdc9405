package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Legacy package inspection actions through the packaged daemon on real cooked and editor assets. */
class AssetActionsTest extends SharedDaemon {

    static String f(String rel) {
        return Fixtures.path(rel).toString();
    }

    @Test
    void detectsTypesOfRealAssets() throws Exception {
        record Case(String file, String engine, String type) {
        }
        List<Case> cases = List.of(
                new Case("uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset", "UE4_18", "DataTable"),
                new Case("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset", "UE4_18", "SkeletalMesh"),
                new Case("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D.uasset", "UE5_5", "Texture2D"),
                new Case("uassetapi/TestEditorAssets/TestActorBP.uasset", "UE4_27", "Blueprint"),
                new Case("uassetapi/TestJson/Items.uasset", "UE4_27", "StringTable"));
        for (Case c : cases) {
            Reply r = call("detect_type", Map.of("file_path", f(c.file())));
            assertThat(r.success()).as(c.file() + ": " + r.message()).isTrue();
            assertThat(r.dataTree().get("asset_type").textValue()).as(c.file()).isEqualTo(c.type());
        }
        String sk = f("uassetapi/TestManyAssets/CodeVein/SK_Inner_Female1.uasset");
        String tex = f("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D.uasset");
        assertThat(call("detect_skeletal_mesh", Map.of("file_path", sk)).dataTree().booleanValue()).isTrue();
        assertThat(call("detect_mesh", Map.of("file_path", sk)).dataTree().booleanValue()).isTrue();
        assertThat(call("detect_static_mesh", Map.of("file_path", sk)).dataTree().booleanValue()).isFalse();
        assertThat(call("detect_texture", Map.of("file_path", tex)).dataTree().booleanValue()).isTrue();
        assertThat(call("batch_detect_texture", Map.of("file_paths", List.of(sk))).dataTree().booleanValue()).isFalse();
        String bp = f("uassetapi/TestEditorAssets/TestActorBP.uasset");
        assertThat(call("detect_blueprint", Map.of("file_path", bp)).dataTree().booleanValue()).isTrue();
        assertThat(call("detect_blueprint", Map.of("file_path", sk)).dataTree().booleanValue()).isFalse();
        assertThat(call("batch_detect_blueprint", Map.of("file_paths", List.of(bp))).dataTree().booleanValue())
                .isTrue();
        assertThat(call("batch_detect_skeletal_mesh", Map.of("file_paths", List.of(tex, sk))).dataTree()
                .booleanValue()).isTrue();
        assertThat(call("batch_detect_static_mesh", Map.of("file_paths", List.of(sk))).dataTree()
                .booleanValue()).isFalse();
        JsonNode many = call("batch_detect", Map.of("file_paths", List.of(sk, bp))).dataTree();
        assertThat(many.get("total_files").intValue()).isEqualTo(2);
        assertThat(many.get("results").get(0).get("asset_type").textValue()).isEqualTo("SkeletalMesh");
        Reply batch = call("detect_type", Map.of("file_paths", List.of(sk, f("repak/pack/root/test.txt"))));
        JsonNode results = batch.dataTree().get("results");
        assertThat(batch.dataTree().get("total_files").intValue()).isEqualTo(2);
        assertThat(results.get(0).get("asset_type").textValue()).isEqualTo("SkeletalMesh");
        assertThat(results.get(1).get("asset_type").isNull()).isTrue();
        assertThat(results.get(1).get("error").textValue()).isNotEmpty();
    }

    @Test
    void tablesAndSummaryOfACookedDataTable() throws Exception {
        Map<String, Object> a = Map.of("file_path", f("uassetapi/TestManyAssets/Bloodstained/PB_DT_RandomizerRoomCheck.uasset"));
        JsonNode s = call("get_asset_summary", a).dataTree();
        assertThat(s.get("detected_type").textValue()).isEqualTo("DataTable");
        assertThat(s.get("export_count").intValue()).isEqualTo(1);
        assertThat(s.get("import_count").intValue()).isEqualTo(4);
        assertThat(s.get("name_count").intValue()).isEqualTo(452);
        JsonNode names = call("get_name_map", a).dataTree();
        assertThat(names).hasSize(452);
        assertThat(names.get(0).get("index").intValue()).isZero();
        JsonNode imports = call("get_imports", a).dataTree();
        assertThat(imports).hasSize(4);
        assertThat(imports.findValuesAsText("object_name")).contains("DataTable");
        JsonNode exports = call("get_exports", a).dataTree();
        assertThat(exports.get(0).get("class_name").textValue()).isEqualTo("DataTable");
        JsonNode dump = call("dump", a).dataTree();
        assertThat(dump.get("exports").get(0).get("serial_size").longValue()).isEqualTo(exports.get(0).get("serial_size").longValue());
        Map<String, Object> raw = new java.util.HashMap<>(a);
        raw.put("export_index", 0);
        JsonNode r = call("get_export_raw_data", raw).dataTree();
        assertThat(r.get("raw_data_size").longValue()).isEqualTo(exports.get(0).get("serial_size").longValue());
        assertThat(r.get("raw_data_base16").textValue()).hasSize(2 * r.get("raw_data_size").intValue());
        // UAssetTool writes base64 under raw_data_hex
        assertThat(java.util.Base64.getDecoder().decode(r.get("raw_data_hex").textValue()))
                .isEqualTo(java.util.HexFormat.of().parseHex(r.get("raw_data_base16").textValue()));
        raw.put("export_index", 5);
        assertThat(call("get_export_raw_data", raw).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void badInputsAreClearErrors() throws Exception {
        Reply zen = call("get_asset_summary", Map.of("file_path", f("retoc/UE4.27/T_Emissive.uasset")));
        assertThat(zen.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(zen.message()).contains("T_Emissive.uasset");
        Reply missing = call("dump", Map.of("file_path", "/nonexistent/X.uasset"));
        assertThat(missing.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        Reply engine = call("dump", Map.of("file_path", f("uassetapi/TestJson/Items.uasset"), "engine_version", "UE9_9"));
        assertThat(engine.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(Files.exists(Fixtures.path("uassetapi/TestJson"))).isTrue();
    }
}
