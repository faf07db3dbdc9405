package io.uassetd.e2e;

import static io.uassetd.e2e.InstallsFixture.fields;
import static io.uassetd.e2e.InstallsFixture.fromJson;
import static io.uassetd.e2e.InstallsFixture.json;
import static io.uassetd.e2e.InstallsFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code mod_conflicts} through the packaged daemon, on a mods folder made of real fixture packages
 * edited through from_json/to_json and packed by create_pak and create_mod_iostore: three pak mods
 * changing rows of UAssetGUI's DT_ThrowLights (two the same row), two patch paks of one chunk version
 * changing different entries of World_StringTable (one in a subfolder), two IoStore mods holding one
 * Zen DataTable (read against the game's own IoStore copy, converted with its global.utoc), and a
 * container without its pak; the providers in load order, the winner and the rule that picks it, the
 * rows each mod changes against the base game, and the CLI report.
 */
class ModConflictsTest extends SharedDaemon {
    @TempDir
    static Path dir;
    static Path base;
    static Path mods;
    static String key0;
    static String key1;

    @BeforeAll
    static void modsFolder() throws Exception {
        Path data = Path.of("Moria/Content/Data");
        Path text = Path.of("Moria/Content/Text");
        Path b = dir.resolve("src/base");
        fromJson(json(InstallsFixture.THROW_LIGHTS), b.resolve(data).resolve("DT_ThrowLights.uasset"));
        fromJson(json(InstallsFixture.STRING_TABLE), b.resolve(text).resolve("World_StringTable.uasset"));
        base = dir.resolve("game/Paks");
        InstallsFixture.pak(b, base.resolve("Moria-Windows.pak"), "compress", "Zlib");
        // the UE5.8 game's IoStore containers with their global.utoc: the Zen mods' tables are read against them
        Path io = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        for (String f : List.of("global.utoc", "global.ucas", "Uncompressed/" + InstallsFixture.UE58_CONTAINER + ".utoc",
                "Uncompressed/" + InstallsFixture.UE58_CONTAINER + ".ucas")) {
            Files.copy(io.resolve(f), base.resolve(f.substring(f.lastIndexOf('/') + 1)));
        }
        mods = base.resolve("~mods");

        fromJson(InstallsFixture.setFirst(json(InstallsFixture.THROW_LIGHTS), "ThrowTorch", 25.5),
                dir.resolve("src/a").resolve(data).resolve("DT_ThrowLights.uasset"));
        InstallsFixture.pak(dir.resolve("src/a"), mods.resolve("A_Torch_P.pak"));
        fromJson(InstallsFixture.setFirst(json(InstallsFixture.THROW_LIGHTS), "MoonstoneFlare", 30),
                dir.resolve("src/b").resolve(data).resolve("DT_ThrowLights.uasset"));
        InstallsFixture.pak(dir.resolve("src/b"), mods.resolve("B_Flare_P.pak"));
        fromJson(InstallsFixture.setFirst(json(InstallsFixture.THROW_LIGHTS), "ThrowTorch", 40),
                dir.resolve("src/c").resolve(data).resolve("DT_ThrowLights.uasset"));
        fromJson(json(InstallsFixture.ZONES), dir.resolve("src/c").resolve(data).resolve("DT_Moria_ZoneFilters.uasset"));
        InstallsFixture.pak(dir.resolve("src/c"), mods.resolve("C_Torch.pak"), "compress", "Zlib");

        ObjectNode st = json(InstallsFixture.STRING_TABLE);
        key0 = InstallsFixture.stringKey(st, 0);
        key1 = InstallsFixture.stringKey(st, 1);
        fromJson(InstallsFixture.setString(json(InstallsFixture.STRING_TABLE), 1, "Changed by Y"),
                dir.resolve("src/y").resolve(text).resolve("World_StringTable.uasset"));
        InstallsFixture.pak(dir.resolve("src/y"), mods.resolve("Y_Text_9_P.pak"));
        fromJson(InstallsFixture.setString(json(InstallsFixture.STRING_TABLE), 0, "Changed by Z"),
                dir.resolve("src/z").resolve(text).resolve("World_StringTable.uasset"));
        InstallsFixture.pak(dir.resolve("src/z"), mods.resolve("sub/Z_Text_9_P.pak"));

        Path z = InstallsFixture.ue58(dir.resolve("src/zen1"));
        Path only = dir.resolve("src/m1/" + InstallsFixture.UE58_MOUNT + "DataTables");
        Files.createDirectories(only);
        for (String ext : List.of(".uasset", ".uexp")) {
            Files.copy(z.resolve(InstallsFixture.UE58_MOUNT + "DataTables/DT_AllProperties" + ext), only.resolve("DT_AllProperties" + ext));
        }
        InstallsFixture.container(dir.resolve("src/m1"), mods.resolve("M1_P"));
        Path dt = only.resolve("DT_AllProperties.uasset");
        fromJson(InstallsFixture.setFirst(InstallsFixture.toJson(dt), "Alpha", 7), dt);
        InstallsFixture.container(dir.resolve("src/m1"), mods.resolve("M2_P"));
        Files.copy(mods.resolve("M2_P.utoc"), mods.resolve("Orphan.utoc"));
        Files.copy(mods.resolve("M2_P.ucas"), mods.resolve("Orphan.ucas"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static List<String> providers(JsonNode conflict) {
        List<String> out = new ArrayList<>();
        conflict.get("providers").forEach(p -> out.add(p.get("archive").asText() + "@" + p.get("order").asLong()));
        return out;
    }

    private static Map<String, List<String>> map(JsonNode o) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        o.properties().forEach(e -> out.put(e.getKey(), texts(e.getValue())));
        return out;
    }

    @Test
    void providersInLoadOrderTheWinnerAndTheRowsEachModChanges() throws Exception {
        JsonNode d = ok("mod_conflicts", fields("mods_path", mods.toString(), "base_path", base.toString())).dataTree();
        assertThat(d.get("archives").intValue()).isEqualTo(10);
        assertThat(d.get("files").intValue()).isEqualTo(7);
        assertThat(texts(d.get("unmounted"))).containsExactly(
                "Orphan.utoc: no .pak of the same name beside it, so the engine does not mount it");
        assertThat(d.get("problems")).isEmpty();
        List<String> paths = new ArrayList<>();
        d.get("conflicts").forEach(c -> paths.add(c.get("path").asText()));
        assertThat(paths).containsExactly(
                "CUE4ParseFixtures/Content/Fixtures/DataTables/DT_AllProperties.uasset",
                "Moria/Content/Data/DT_ThrowLights.uasset",
                "Moria/Content/Data/DT_ThrowLights.uexp",
                "Moria/Content/Text/World_StringTable.uasset",
                "Moria/Content/Text/World_StringTable.uexp");
        assertThat(d.get("conflict_count").intValue()).isEqualTo(5);

        // two IoStore mods of one order: the package store takes the container mounted last, the one whose name sorts first
        JsonNode zen = d.get("conflicts").get(0);
        assertThat(providers(zen)).containsExactly("M2_P.utoc@103", "M1_P.utoc@103");
        assertThat(zen.get("winner").asText()).isEqualTo("M1_P.utoc");
        assertThat(zen.get("rule").asText()).startsWith("tied at order 103; a Zen package comes from the container mounted last");
        // their Zen tables are converted with the base game's global.utoc and compared with the game's own copy:
        // M1 carries the game's rows unchanged, M2 changed Alpha
        JsonNode zenRows = zen.get("rows");
        assertThat(zenRows.get("table_kind").asText()).as(zenRows.toString()).isEqualTo("DataTable");
        assertThat(zenRows.get("against_base").booleanValue()).isTrue();
        assertThat(map(zenRows.get("rows_by_mod"))).containsExactly(Map.entry("M2_P.utoc", List.of("Alpha")),
                Map.entry("M1_P.utoc", List.of()));
        assertThat(zenRows.get("verdict").asText()).isEqualTo("different rows");
        assertThat(zenRows.get("note").isNull()).isTrue();

        // a pak without _P loads first; of the two _P paks the path that sorts last wins; A and C change the same row
        JsonNode torch = d.get("conflicts").get(1);
        assertThat(providers(torch)).containsExactly("C_Torch.pak@3", "A_Torch_P.pak@103", "B_Flare_P.pak@103");
        assertThat(torch.get("winner").asText()).isEqualTo("B_Flare_P.pak");
        assertThat(torch.get("rule").asText()).isEqualTo("tied at order 103; a file in paks comes from the pak mounted first,"
                + " and paks mount in descending path order, so the path that sorts last wins: B_Flare_P.pak");
        assertThat(torch.get("providers").get(1).get("reason").asText()).isEqualTo("_P patch pak, chunk version 1: +100");
        JsonNode rows = torch.get("rows");
        assertThat(rows.get("table_kind").asText()).isEqualTo("DataTable");
        assertThat(rows.get("against_base").booleanValue()).isTrue();
        assertThat(map(rows.get("rows_by_mod"))).containsExactly(Map.entry("C_Torch.pak", List.of("ThrowTorch")),
                Map.entry("A_Torch_P.pak", List.of("ThrowTorch")), Map.entry("B_Flare_P.pak", List.of("MoonstoneFlare")));
        assertThat(map(rows.get("shared_rows"))).containsExactly(Map.entry("ThrowTorch", List.of("A_Torch_P.pak", "C_Torch.pak")));
        assertThat(rows.get("verdict").asText()).isEqualTo("same rows");
        assertThat(d.get("conflicts").get(2).get("rows").isNull()).isTrue();

        // chunk version 9 on both: +1000; "y_text_9_p.pak" sorts after "sub/z_text_9_p.pak"; different entries
        JsonNode st = d.get("conflicts").get(3);
        assertThat(providers(st)).containsExactly("sub/Z_Text_9_P.pak@1003", "Y_Text_9_P.pak@1003");
        assertThat(st.get("winner").asText()).isEqualTo("Y_Text_9_P.pak");
        JsonNode strings = st.get("rows");
        assertThat(strings.get("table_kind").asText()).isEqualTo("StringTable");
        assertThat(map(strings.get("rows_by_mod"))).containsExactly(Map.entry("sub/Z_Text_9_P.pak", List.of(key0)),
                Map.entry("Y_Text_9_P.pak", List.of(key1)));
        assertThat(strings.get("shared_rows")).isEmpty();
        assertThat(strings.get("verdict").asText()).isEqualTo("different rows");
    }

    @Test
    void withoutTheBaseTheModsTablesAreComparedWithEachOther() throws Exception {
        JsonNode d = ok("mod_conflicts", fields("mods_path", mods.toString())).dataTree();
        JsonNode rows = d.get("conflicts").get(1).get("rows");
        assertThat(rows.get("against_base").booleanValue()).isFalse();
        assertThat(map(rows.get("rows_by_mod"))).containsExactly(Map.entry("C_Torch.pak", List.of("MoonstoneFlare", "ThrowTorch")),
                Map.entry("A_Torch_P.pak", List.of("MoonstoneFlare", "ThrowTorch")),
                Map.entry("B_Flare_P.pak", List.of("MoonstoneFlare", "ThrowTorch")));
        assertThat(rows.get("verdict").asText()).isEqualTo("tables differ (give the base game to tell which mod changed which rows)");
        // the Zen tables need the game's global.utoc (script objects) to be read
        JsonNode zen = d.get("conflicts").get(0).get("rows");
        assertThat(zen.get("verdict").asText()).isEqualTo("not compared");
        assertThat(zen.get("note").asText()).isEqualTo(
                "rows of Zen packages are read with the base game's global.utoc: give base_path: M2_P.utoc, M1_P.utoc");
        JsonNode noRows = ok("mod_conflicts", fields("mods_path", mods.toString(), "compare_rows", false)).dataTree();
        assertThat(noRows.get("conflicts").get(1).get("rows").isNull()).isTrue();
        assertThat(noRows.get("conflict_count").intValue()).isEqualTo(5);
    }

    @Test
    void theCliPrintsTheLoadOrderAndTheRows() throws Exception {
        Daemon.Result r = Daemon.run("mod_conflicts", mods.toString(), "--base-path", base.toString());
        assertThat(r.status()).as(r.stderr()).isZero();
        List<String> lines = r.stdout().lines().toList();
        int at = lines.indexOf("Moria/Content/Data/DT_ThrowLights.uasset");
        assertThat(lines.subList(at, at + 10)).containsExactly(
                "Moria/Content/Data/DT_ThrowLights.uasset",
                "  1. C_Torch.pak  order 3 (no _P suffix)",
                "  2. A_Torch_P.pak  order 103 (_P patch pak, chunk version 1: +100)",
                "  3. B_Flare_P.pak  order 103 (_P patch pak, chunk version 1: +100)  <- loaded",
                "  why: tied at order 103; a file in paks comes from the pak mounted first, and paks mount in descending path order,"
                        + " so the path that sorts last wins: B_Flare_P.pak",
                "  rows (DataTable, against the base): same rows",
                "    C_Torch.pak: ThrowTorch",
                "    A_Torch_P.pak: ThrowTorch",
                "    B_Flare_P.pak: MoonstoneFlare",
                "    same row ThrowTorch: A_Torch_P.pak, C_Torch.pak");
        assertThat(lines).contains("! Orphan.utoc: no .pak of the same name beside it, so the engine does not mount it");
        assertThat(lines.get(lines.size() - 1)).isEqualTo("5 conflicts; 7 files in 10 archives");
    }
}
