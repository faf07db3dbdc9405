package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compact_json through the packaged daemon: a legacy string table returned in data; the CUE4Parse
 * UE5.8 enum, struct, string table and DataTable (converted from Zen by extract_iostore_legacy)
 * written as <name>.json files with their known values, for both cooks; the CLI form.
 */
class CompactJsonTest extends SharedDaemon {

    static JsonNode export(JsonNode exports, String name) {
        for (JsonNode e : exports) {
            if (e.get("Name").textValue().equals(name)) {
                return e;
            }
        }
        throw new AssertionError("no export " + name + " in " + exports);
    }

    @Test
    void stringTableInData() throws Exception {
        Reply r = call("compact_json", Map.of("file_path", Fixtures.path("uassetapi/TestJson/Items.uasset").toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode st = export(r.dataTree(), "Items");
        assertThat(st.get("Type").textValue()).isEqualTo("StringTable");
        assertThat(st.get("Class").textValue()).isEqualTo("UScriptClass'StringTable'");
        assertThat(st.get("StringTable").get("TableNamespace").textValue()).isEqualTo("Items");
        assertThat(st.get("StringTable").get("KeysToEntries").get("Name_PrinterSmall").textValue()).isEqualTo("Small Printer");
    }

    @Test
    void convertedZenPackagesToFiles(@TempDir Path out) throws Exception {
        String usmap = Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Uncompressed.usmap").toString();
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Map<String, Object> x = ZenActionsTest.request(flavour, out.resolve("legacy-" + flavour));
            x.put("filter_patterns", List.of("**/E_Fixture", "**/S_Fixture", "**/ST_Fixed", "**/DT_AllProperties"));
            Reply extracted = call("extract_iostore_legacy", x);
            assertThat(extracted.dataTree().get("extracted_count").intValue()).as(extracted.message()).isEqualTo(4);
            Path game = out.resolve("legacy-" + flavour).resolve("Game/Fixtures");
            List<String> files = List.of(game.resolve("Blueprints/E_Fixture.uasset").toString(),
                    game.resolve("Blueprints/S_Fixture.uasset").toString(), game.resolve("StringTables/ST_Fixed.uasset").toString(),
                    game.resolve("DataTables/DT_AllProperties.uasset").toString());
            Path json = out.resolve("json-" + flavour);
            Map<String, Object> req = new java.util.HashMap<>(Map.of("file_paths", files, "output_path", json.toString()));
            if (flavour.equals("Unversioned")) {
                req.put("usmap_path", usmap);
            }
            Reply r = call("compact_json", req);
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("success_count").intValue()).as(flavour + " " + r.dataTree()).isEqualTo(4);
            assertThat(r.dataTree().get("fail_count").intValue()).isZero();
            assertThat(r.dataTree().has("errors")).isFalse();

            JsonNode en = export(Json.mapper().readTree(json.resolve("E_Fixture.json").toFile()), "E_Fixture");
            assertThat(en.get("Names").get("E_Fixture::NewEnumerator2").intValue()).isEqualTo(2);
            assertThat(en.get("CppForm").textValue()).isEqualTo("Namespaced");
            JsonNode st = export(Json.mapper().readTree(json.resolve("ST_Fixed.json").toFile()), "ST_Fixed");
            assertThat(st.get("StringTable").get("TableNamespace").textValue()).isEqualTo("CUE4ParseFixtures.StringTable");
            assertThat(st.get("StringTable").get("KeysToEntries").get("Greeting").textValue()).isEqualTo("Hello from Frankfurt");
            JsonNode s = export(Json.mapper().readTree(json.resolve("S_Fixture.json").toFile()), "S_Fixture");
            assertThat(s.get("ChildProperties")).hasSize(4);
            assertThat(s.get("DefaultProperties").get("Label_4_2411429D414DC216B045299AAF2DEF6B").textValue())
                    .isEqualTo("Fixture user-defined string");
            JsonNode dt = export(Json.mapper().readTree(json.resolve("DT_AllProperties.json").toFile()), "DT_AllProperties");
            assertThat(dt.get("Rows").get("Alpha").get("Number").longValue()).isEqualTo(0x12345678L);
        }
    }

    @Test
    void unversionedWithoutMappingsFailsPerFile(@TempDir Path out) throws Exception {
        Map<String, Object> x = ZenActionsTest.request("Unversioned", out.resolve("legacy"));
        x.put("filter_patterns", List.of("**/E_Fixture"));
        assertThat(call("extract_iostore_legacy", x).success()).isTrue();
        String file = out.resolve("legacy/Game/Fixtures/Blueprints/E_Fixture.uasset").toString();
        Reply one = call("compact_json", Map.of("file_path", file));
        assertThat(one.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(one.message()).contains("usmap_path");
        Reply many = call("compact_json", Map.of("file_paths", List.of(file), "output_path", out.resolve("json").toString()));
        assertThat(many.dataTree().get("fail_count").intValue()).isEqualTo(1);
        assertThat(many.dataTree().get("errors").get(0).get("code").textValue()).isEqualTo("INVALID_ARGUMENT");
        assertThat(Files.exists(out.resolve("json/E_Fixture.json"))).isFalse();
    }

    @Test
    void basePathKeepsSameNamedPackagesApart(@TempDir Path work) throws Exception {
        Path items = Fixtures.path("uassetapi/TestJson/Items.uasset");
        for (String dir : List.of("a", "b")) {
            Files.createDirectories(work.resolve("in/" + dir));
            Files.copy(items, work.resolve("in/" + dir + "/Items.uasset"));
            Files.copy(items.resolveSibling("Items.uexp"), work.resolve("in/" + dir + "/Items.uexp"));
        }
        List<String> inputs = List.of(work.resolve("in/a/Items.uasset").toString(), work.resolve("in/b/Items.uasset").toString());
        Reply clash = call("compact_json", Map.of("file_paths", inputs, "output_path", work.resolve("out").toString()));
        assertThat(clash.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(clash.message()).contains("base_path").contains("Items.json");
        assertThat(Files.exists(work.resolve("out"))).isFalse();

        Reply r = call("compact_json", Map.of("file_paths", inputs, "output_path", work.resolve("out").toString(),
                "base_path", work.resolve("in").toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("success_count").intValue()).isEqualTo(2);
        for (String dir : List.of("a", "b")) {
            JsonNode json = Json.mapper().readTree(work.resolve("out/" + dir + "/Items.json").toFile());
            assertThat(json.get(0).get("StringTable").get("KeysToEntries")).hasSize(397);
        }
    }

    @Test
    void cliPrintsTheJson() throws Exception {
        Daemon.Result r = Daemon.run("compact_json", Fixtures.path("uassetapi/TestJson/Items.uasset").toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        JsonNode printed = Json.mapper().readTree(r.stdout());
        assertThat(printed.get(0).get("exports").get(0).get("StringTable").get("KeysToEntries")).hasSize(397);
    }
}
