package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * JSON in UAssetAPI's own shape (as UAssetGUI writes it: no Uassetd block, enum names for versions
 * and flags, native structs nested in StructPropertyData) through the packaged daemon: from_json and
 * import_from_json write a package whose properties the property actions read back.
 */
class UAssetApiJsonActionsTest extends SharedDaemon {
    /** The hand-written document the codecs tests also read (uassetd's own test data, not a fixture). */
    private static final Path DOCUMENT = Path.of("../codecs/src/test/resources/uassetapi-json/SimpleDataAsset.json");

    private static JsonNode row(JsonNode rows, String name) {
        for (JsonNode r : rows) {
            if (r.get("name").textValue().equals(name)) {
                return r;
            }
        }
        throw new AssertionError("no property " + name + " in " + rows);
    }

    private static void checkProperties(Path pkg) throws Exception {
        Map<String, Object> f = new HashMap<>();
        f.put("file_path", pkg.toString());
        f.put("export_index", 0);
        Reply r = call("get_export_properties", f);
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode rows = r.dataTree();
        assertThat(row(rows, "Count").get("value").intValue()).isEqualTo(42);
        assertThat(row(rows, "Enabled").get("value").booleanValue()).isTrue();
        assertThat(row(rows, "Offset").get("struct_type").textValue()).isEqualTo("Vector");
        assertThat(row(rows, "Offset").get("value_tree").get("Z").doubleValue()).isEqualTo(100.25);
        // UAssetTool's form: a struct's value lists its members (a native struct: one member named after it)
        assertThat(row(rows, "Offset").get("value").get(0).get("value").get("Z").doubleValue()).isEqualTo(100.25);
        assertThat(row(rows, "Values").get("value_tree")).extracting(JsonNode::intValue).containsExactly(1, 2, 3);
        assertThat(row(rows, "Values").get("value")).extracting(e -> e.get("value").intValue()).containsExactly(1, 2, 3);
        assertThat(row(rows, "Label").get("value").textValue()).isEqualTo("Hello from UAssetGUI");
    }

    @Test
    void fromJsonWritesThePackageUAssetApiJsonDescribes(@TempDir Path out) throws Exception {
        assertThat(DOCUMENT).exists();
        Path json = out.resolve("in/SimpleDataAsset.json");
        Files.createDirectories(json.getParent());
        Files.copy(DOCUMENT, json);
        Reply r = call("from_json", Map.of("file_path", json.toString(), "output_path", out.resolve("pkg").toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("success_count").intValue()).as(r.dataTree().toString()).isEqualTo(1);
        Path pkg = out.resolve("pkg/SimpleDataAsset.uasset");
        assertThat(pkg).exists();
        assertThat(out.resolve("pkg/SimpleDataAsset.uexp")).exists();
        checkProperties(pkg);

        Path imported = out.resolve("imported/SimpleDataAsset.uasset");
        Reply i = call("import_from_json", Map.of("file_path", imported.toString(), "json_data", Files.readString(DOCUMENT)));
        assertThat(i.success()).as(i.message()).isTrue();
        assertThat(Files.readAllBytes(imported)).isEqualTo(Files.readAllBytes(pkg));
        checkProperties(imported);
    }

    @Test
    void badEnumNamesAreRefusedWithTheirPath(@TempDir Path out) throws Exception {
        ObjectNode doc = (ObjectNode) Json.mapper().readTree(DOCUMENT.toFile());
        ((ObjectNode) doc.get("Exports").get(0)).put("ObjectFlags", "RF_Public, RF_NotAFlag");
        Path target = out.resolve("Bad.uasset");
        Reply r = call("import_from_json", Map.of("file_path", target.toString(), "json_data", doc.toString()));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(r.message()).contains("$.Exports[0].ObjectFlags").contains("RF_NotAFlag");
        assertThat(Files.exists(target)).as("nothing written").isFalse();
    }

    /** The real UAssetGUI 1.0.2 files (Return to Moria, UE4.27) of the fixtures. */
    private static final List<String> UASSETGUI = List.of("CPF_BearNest_Level", "DT_Moria_Chapters", "DT_Moria_ZoneFilters",
            "DT_ThrowLights", "World_StringTable");

    @Test
    void realUAssetGuiFilesBecomePackagesWithTheirOriginalLayout(@TempDir Path out) throws Exception {
        Path src = Fixtures.path("uassetgui-json");
        Reply r = call("from_json", Map.of("file_path", src.toString(), "output_path", out.resolve("pkg").toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("total").intValue()).isEqualTo(UASSETGUI.size());
        assertThat(d.get("success_count").intValue()).as(d.toString()).isEqualTo(UASSETGUI.size());
        assertThat(d.get("fail_count").intValue()).isZero();
        // the packages read back without engine_version (their summaries are unversioned: the engine is detected) ...
        Reply back = call("to_json", Map.of("file_path", out.resolve("pkg").toString(), "output_path", out.resolve("json").toString()));
        assertThat(back.success()).as(back.message()).isTrue();
        assertThat(back.dataTree().get("success_count").intValue()).as(back.dataTree().toString()).isEqualTo(UASSETGUI.size());
        for (String name : UASSETGUI) {
            JsonNode in = Json.mapper().readTree(src.resolve(name + ".json").toFile());
            JsonNode again = Json.mapper().readTree(out.resolve("json/" + name + ".json").toFile());
            assertThat(again.get("NameMap")).as(name).isEqualTo(in.get("NameMap"));
            assertThat(again.get("Imports").size()).as(name).isEqualTo(in.get("Imports").size());
            // ... with every export where UAssetAPI found it in the original binary, at its original size
            assertThat(again.get("Exports").size()).as(name).isEqualTo(in.get("Exports").size());
            for (int i = 0; i < in.get("Exports").size(); i++) {
                JsonNode a = in.get("Exports").get(i);
                JsonNode b = again.get("Exports").get(i);
                assertThat(b.get("ObjectName")).as(name + " export " + i).isEqualTo(a.get("ObjectName"));
                assertThat(b.get("SerialOffset").longValue()).as(name + " export " + i).isEqualTo(a.get("SerialOffset").longValue());
                assertThat(b.get("SerialSize").longValue()).as(name + " export " + i).isEqualTo(a.get("SerialSize").longValue());
                // the export types UAssetGUI wrote come back (the level as a LevelExport, with its fields)
                assertThat(b.get("$type")).as(name + " export " + i).isEqualTo(a.get("$type"));
                if (a.get("$type").asText().contains(".LevelExport,")) {
                    for (String f : List.of("ObjectGuid", "Owner", "Actors", "URL", "Model", "ModelComponents", "LevelScriptActor",
                            "NavListStart", "NavListEnd", "Extras")) {
                        assertThat(b.get(f)).as(name + " level " + f).isEqualTo(a.get(f));
                    }
                }
            }
            // ... and the JSON written back becomes the same package again
            Path again2 = out.resolve("again/" + name + ".json");
            Files.createDirectories(again2.getParent());
            Files.copy(out.resolve("json/" + name + ".json"), again2);
        }
        // the map (PKG_ContainsMap) is a .umap; its level, which UAssetAPI parsed as a LevelExport, in the export listing
        assertThat(out.resolve("pkg/CPF_BearNest_Level.umap")).exists();
        assertThat(out.resolve("pkg/CPF_BearNest_Level.uasset")).doesNotExist();
        assertThat(out.resolve("pkg/DT_ThrowLights.uasset")).exists();
        Reply exports = call("get_exports", Map.of("file_path", out.resolve("pkg/CPF_BearNest_Level.umap").toString()));
        assertThat(exports.success()).as(exports.message()).isTrue();
        JsonNode level = exports.dataTree().get(3);
        assertThat(level.get("object_name").textValue()).isEqualTo("PersistentLevel");
        assertThat(level.get("class_name").textValue()).isEqualTo("Level");
        assertThat(level.get("serial_size").longValue()).isEqualTo(319);
        assertThat(level.get("property_count").intValue()).isEqualTo(3);
        Reply rewritten = call("from_json", Map.of("file_path", out.resolve("again").toString(), "output_path",
                out.resolve("pkg2").toString()));
        assertThat(rewritten.success()).as(rewritten.message()).isTrue();
        assertThat(rewritten.dataTree().get("success_count").intValue()).as(rewritten.dataTree().toString()).isEqualTo(UASSETGUI.size());
        for (String name : UASSETGUI) {
            String file = name.equals("CPF_BearNest_Level") ? name + ".umap" : name + ".uasset";
            assertThat(Files.readAllBytes(out.resolve("pkg2/" + file))).as(name).isEqualTo(Files.readAllBytes(out.resolve("pkg/" + file)));
            Path uexp = out.resolve("pkg/" + name + ".uexp");
            assertThat(Files.readAllBytes(out.resolve("pkg2/" + name + ".uexp"))).as(name).isEqualTo(Files.readAllBytes(uexp));
        }
    }
}
