package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Builds "installs" and "mods" for the install actions' tests out of real fixture packages, every
 * edit made through uassetd's own actions (from_json, to_json, create_pak, create_mod_iostore), so
 * that every expected difference is known exactly.
 */
final class InstallsFixture {
    /** UAssetGUI's UE4.27 DataTable (rows ThrowTorch and MoonstoneFlare, DurationSeconds 20.0 each). */
    static final String THROW_LIGHTS = "uassetgui-json/DT_ThrowLights.json";
    static final String STRING_TABLE = "uassetgui-json/World_StringTable.json";
    static final String CHAPTERS = "uassetgui-json/DT_Moria_Chapters.json";
    static final String ZONES = "uassetgui-json/DT_Moria_ZoneFilters.json";
    /** CUE4Parse's UE5.8 tagged packages (DT_AllProperties: rows Alpha, Beta, Defaults). */
    static final String UE58_PAK = "cue4parse/UE5_8/LegacyPak/Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";
    static final String UE58_MOUNT = "CUE4ParseFixtures/Content/Fixtures/";
    /** The UE5.8 game's uncompressed container (cue4parse/UE5_8/IoStore/Tagged/Uncompressed), without its global.utoc. */
    static final String UE58_CONTAINER = "CUE4ParseFixtures-Minimal-Uncompressed-Windows";

    private InstallsFixture() {
    }

    static Map<String, Object> fields(Object... kv) {
        return SharedDaemon.fields(kv);
    }

    static Reply ok(String action, Map<String, ?> fields) throws Exception {
        Reply r = SharedDaemon.call(action, fields);
        assertThat(r.success()).as(action + ": " + r.message() + " " + r.dataTree()).isTrue();
        return r;
    }

    static ObjectNode json(String fixture) throws Exception {
        return (ObjectNode) Json.mapper().readTree(Fixtures.path(fixture).toFile());
    }

    /** Writes {@code tree} as the package {@code target} through from_json. */
    static Path fromJson(ObjectNode tree, Path target) throws Exception {
        Files.createDirectories(target.getParent());
        Path json = Files.createTempFile(target.getParent(), "edit", ".json");
        Files.write(json, Json.mapper().writeValueAsBytes(tree));
        ok("from_json", fields("file_path", json.toString(), "output_path", target.toString()));
        Files.delete(json);
        return target;
    }

    /** The package's JSON through to_json. */
    static ObjectNode toJson(Path pkg) throws Exception {
        Path out = Files.createTempFile("uassetd-installs", ".json");
        ok("to_json", fields("file_path", pkg.toString(), "output_path", out.toString()));
        ObjectNode t = (ObjectNode) Json.mapper().readTree(out.toFile());
        Files.delete(out);
        return t;
    }

    /** The rows (DataTable) of the first export. */
    static ArrayNode rows(ObjectNode tree) {
        return (ArrayNode) tree.get("Exports").get(0).get("Table").get("Data");
    }

    /** Sets the first property of a DataTable row (DT_ThrowLights: DurationSeconds; DT_AllProperties: Number). */
    static ObjectNode setFirst(ObjectNode tree, String row, double value) {
        for (var r : rows(tree)) {
            if (r.get("Name").asText().equals(row)) {
                ObjectNode p = (ObjectNode) r.get("Value").get(0);
                if (p.get("Value").isIntegralNumber()) {
                    p.put("Value", (long) value);
                } else {
                    p.put("Value", value);
                }
                return tree;
            }
        }
        throw new AssertionError("no row " + row);
    }

    /** Sets entry {@code i}'s text of a StringTable. */
    static ObjectNode setString(ObjectNode tree, int i, String text) {
        ((ArrayNode) tree.get("Exports").get(0).get("Table").get("Value").get(i)).set(1, Json.mapper().getNodeFactory().textNode(text));
        return tree;
    }

    /** The key of StringTable entry {@code i}. */
    static String stringKey(ObjectNode tree, int i) {
        return tree.get("Exports").get(0).get("Table").get("Value").get(i).get(0).asText();
    }

    /** Packs folder {@code root} into {@code pak}. */
    static Path pak(Path root, Path pak, Object... extra) throws Exception {
        Files.createDirectories(pak.getParent());
        Map<String, Object> f = fields("output_path", pak.toString(), "input_dir", root.toString(), "base_path", root.toString());
        f.putAll(fields(extra));
        ok("create_pak", f);
        return pak;
    }

    /** The UE5.8 fixture packages under {@code root/CUE4ParseFixtures/Content/Fixtures/}. */
    static Path ue58(Path root) throws Exception {
        ok("extract_pak_all", fields("file_path", Fixtures.path(UE58_PAK).toString(), "output_path", root.resolve(UE58_MOUNT).toString()));
        return root;
    }

    /** An IoStore mod bundle (X.utoc/.ucas/.pak) of the packages under {@code root}, uncompressed, UE5.8. */
    static void container(Path root, Path base) throws Exception {
        Files.createDirectories(base.getParent());
        ok("create_mod_iostore", fields("output_path", base.toString(), "input_dir", root.toString(),
                "game", "none", "compress", false));
    }
}
