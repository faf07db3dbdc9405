package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * engine_version left out (auto) through the packaged daemon: every legacy fixture package, the
 * CUE4Parse UE5.8 containers and the retoc Zen packages are read without it, as they are with the
 * engine they are known to be from, and each reply says which engine was used and why.
 */
class EngineDetectionActionsTest extends SharedDaemon {
    static final String KEY_HEX = IoStoreActionsTest.KEY_HEX;

    /** Set prefix -> "known engine, engine found, source" (the codecs' EngineDetectionTest explains the choices). */
    static final Map<String, String[]> SETS = new LinkedHashMap<>();

    static {
        put("retoc/UE4.27/", "UE4_27", "UE4_27", "probe");
        put("retoc/UE5.4/", "UE5_4", "UE5_5", "probe");
        put("retoc/UE5.5/", "UE5_5", "UE5_5", "probe");
        put("uassetapi/TestCustomSerializationStructsInMap/", "UE4_25", "UE4_27", "probe");
        put("uassetapi/TestDuplicateNameMapEntries/", "UE4_25", "UE4_27", "probe");
        put("uassetapi/TestEditorAssets/", "UE4_27", "UE4_27", "package");
        put("uassetapi/TestEditorUE5_7/", "UE5_7", "UE5_7", "package");
        put("uassetapi/TestImproperNameMapHashes/", "UE4_25", "UE4_27", "probe");
        put("uassetapi/TestJson/ABP_SMG_A", "UE4_25", "UE4_25", "package");
        put("uassetapi/TestJson/Items", "UE4_23", "UE4_27", "probe");
        put("uassetapi/TestJson/Map_FrontEnd_Hotel_LS_Night", "UE4_27", "UE4_27", "probe");
        put("uassetapi/TestJson/RaceSimDataAsset", "UE4_27", "UE4_27", "probe");
        put("uassetapi/TestJson/TurboAcres_Environment", "UE4_27", "UE4_27", "probe");
        put("uassetapi/TestJson/", "UE4_25", "UE4_27", "probe");
        put("uassetapi/TestManyAssets/Astroneer/", "UE4_23", "UE4_27", "probe");
        put("uassetapi/TestManyAssets/Bloodstained/", "UE4_18", "UE4_27", "probe");
        put("uassetapi/TestManyAssets/Clay/", "UE5_1", "UE5_1", "probe");
        put("uassetapi/TestManyAssets/CodeVein/", "UE4_18", "UE4_27", "probe");
        put("uassetapi/TestUE5_1/", "UE5_1", "UE5_1", "probe");
        put("uassetapi/TestUE5_4/", "UE5_4", "UE5_5", "probe");
        put("uassetapi/TestUE5_5/BlankGame/T_pl01_001_body_D", "UE5_5", "UE5_4", "package");
        put("uassetapi/TestUE5_5/", "UE5_5", "UE5_5", "probe");
        put("uassetapi/TestUE5_6/", "UE5_6", "UE5_6", "probe");
        put("uassetapi/TestUnknownProperties/", "UE4_25", "UE4_27", "probe");
        put("unrealmodding/general/npc_onop/", "UE4_25", "UE4_27", "probe");
        put("unrealmodding/general/pseudoregalia/", "UE5_1", "UE5_1", "probe");
        put("unrealmodding/ue5/", "UE5_1", "UE5_1", "probe");
        put("unrealmodding/user_defined_struct/", "UE4_26", "UE4_27", "probe");
    }

    private static void put(String prefix, String known, String found, String source) {
        SETS.put(prefix, new String[] {known, found, source});
    }

    static String[] set(String rel) {
        for (Map.Entry<String, String[]> e : SETS.entrySet()) {
            if (rel.startsWith(e.getKey())) {
                return e.getValue();
            }
        }
        throw new IllegalArgumentException(rel);
    }

    /** Every legacy package fixture (a .uasset/.umap with the package tag), relative to the fixtures. */
    static List<String> legacyPackages() throws Exception {
        Path root = Fixtures.root();
        List<String> out = new ArrayList<>();
        for (String dir : List.of("uassetapi", "unrealmodding", "retoc")) {
            try (Stream<Path> s = Files.walk(root.resolve(dir))) {
                for (Path p : s.filter(Files::isRegularFile).filter(p -> p.toString().endsWith(".uasset") || p.toString().endsWith(".umap"))
                        .toList()) {
                    byte[] b = new byte[4];
                    try (var in = Files.newInputStream(p)) {
                        if (in.readNBytes(b, 0, 4) == 4 && (b[0] & 0xFF) == 0xC1 && (b[1] & 0xFF) == 0x83 && (b[2] & 0xFF) == 0x2A
                                && (b[3] & 0xFF) == 0x9E) {
                            out.add(root.relativize(p).toString().replace('\\', '/'));
                        }
                    }
                }
            }
        }
        out.sort(String::compareTo);
        return out;
    }

    @Test
    void everyLegacyFixtureIsReadWithoutAnEngineAndTheReplyNamesIt() throws Exception {
        List<String> all = legacyPackages();
        assertThat(all).hasSize(67);
        Map<String, Integer> perEngine = new HashMap<>();
        for (String rel : all) {
            String[] s = set(rel);
            String file = Fixtures.path(rel).toString();
            Reply auto = call("get_asset_summary", Map.of("file_path", file));
            assertThat(auto.success()).as(rel + ": " + auto.message()).isTrue();
            JsonNode a = auto.dataTree();
            assertThat(a.get("engine_version").textValue() + " " + a.get("engine_source").textValue()).as(rel)
                    .isEqualTo(s[1] + " " + s[2]);
            assertThat(auto.warnings()).as(rel).isEmpty();
            List<String> fit = candidates(rel, s);
            if (fit.size() > 1) {
                assertThat(names(a.get("engine_candidates"))).as(rel).isEqualTo(fit);
            } else {
                assertThat(a.has("engine_candidates")).as(rel).isFalse();
            }
            Reply named = call("get_asset_summary", Map.of("file_path", file, "engine_version", s[0]));
            assertThat(named.success()).as(rel).isTrue();
            JsonNode n = named.dataTree();
            assertThat(n.get("engine_source").textValue()).isEqualTo("request");
            assertThat(n.has("engine_candidates")).isFalse();
            assertThat(n.get("engine_version").textValue()).isEqualTo(s[0]);
            for (String f : List.of("asset_type", "package_flags", "name_count", "import_count", "export_count", "unversioned",
                    "legacy_file_version")) {
                assertThat(a.get(f)).as(rel + " " + f).isEqualTo(n.get(f));
            }
            perEngine.merge(s[1], 1, Integer::sum);
        }
        assertThat(perEngine).isEqualTo(Map.of("UE4_25", 1, "UE4_27", 19, "UE5_1", 23, "UE5_4", 1, "UE5_5", 14, "UE5_6", 4,
                "UE5_7", 5));
    }

    static final List<String> UE4_16_TO_27 = List.of("UE4_27", "UE4_26", "UE4_25", "UE4_24", "UE4_23", "UE4_22", "UE4_21", "UE4_20",
            "UE4_19", "UE4_18", "UE4_17", "UE4_16");
    static final List<String> UE5_1_TO_5 = List.of("UE5_5", "UE5_4", "UE5_3", "UE5_2", "UE5_1");

    /**
     * The releases a package fits (engine_candidates): identical reads of unversioned cooks; the versioned
     * ABP_SMG_A (file version 518, 4.24 and 4.25) only UE4_25, whose custom versions it carries.
     */
    static List<String> candidates(String rel, String[] set) {
        if (!set[2].equals("probe")) {
            return List.of(set[1]);
        }
        return set[1].equals("UE4_27") ? UE4_16_TO_27 : set[1].equals("UE5_5") ? UE5_1_TO_5 : List.of(set[1]);
    }

    static List<String> names(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.textValue()));
        return out;
    }

    @Test
    void oneRequestOverEveryLegacyFixtureFindsWhatEachAloneIsFoundAs() throws Exception {
        List<String> all = legacyPackages();
        List<String> files = all.stream().map(r -> Fixtures.path(r).toString()).toList();
        Reply batch = call("batch_detect", Map.of("file_paths", files));
        assertThat(batch.success()).as(batch.message()).isTrue();
        JsonNode d = batch.dataTree();
        assertThat(d.get("total_files").intValue()).isEqualTo(67);
        Map<String, List<String>> fitOf = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            JsonNode r = d.get("results").get(i);
            assertThat(r.hasNonNull("error")).as(all.get(i)).isFalse();
            Reply alone = call("detect_type", Map.of("file_path", files.get(i)));
            assertThat(r.get("asset_type").textValue()).as(all.get(i)).isEqualTo(alone.dataTree().get("asset_type").textValue());
            String[] s = set(all.get(i));
            fitOf.computeIfAbsent(s[1], k -> new ArrayList<>()).addAll(candidates(all.get(i), s));
        }
        List<String> engines = names(d.get("engine_version"));
        assertThat(engines).containsExactlyInAnyOrder("UE4_25", "UE4_27", "UE5_1", "UE5_4", "UE5_5", "UE5_6", "UE5_7");
        List<String> sources = names(d.get("engine_source"));
        assertThat(sources.get(engines.indexOf("UE4_27"))).isEqualTo("probe");
        assertThat(sources.get(engines.indexOf("UE5_7"))).isEqualTo("package");
        for (int i = 0; i < engines.size(); i++) {
            assertThat(names(d.get("engine_candidates").get(i))).as(engines.get(i))
                    .isEqualTo(fitOf.get(engines.get(i)).stream().distinct().toList());
        }
        assertThat(batch.warnings()).isEmpty();
    }

    @Test
    void theUE58ContainersExtractWithoutAnEngineAsWithIt(@TempDir Path out) throws Exception {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Path game = Fixtures.path("cue4parse/UE5_8/IoStore/" + flavour);
            Reply auto = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                    "output_path", out.resolve(flavour + "-auto").toString()));
            assertThat(auto.success()).as(flavour + ": " + auto.message()).isTrue();
            JsonNode d = auto.dataTree();
            assertThat(d.get("extracted_count").intValue()).as(flavour).isEqualTo(97);
            assertThat(d.get("failed_count").intValue()).as(flavour).isZero();
            assertThat(d.get("engine_version").textValue()).isEqualTo("UE5_8");
            // versioned Zen packages carry their versions; unversioned ones leave the TOC 8 / header 5 releases, the newest
            assertThat(d.get("engine_source").textValue()).isEqualTo(flavour.equals("Tagged") ? "package" : "container");
            Reply named = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                    "output_path", out.resolve(flavour + "-named").toString(), "engine_version", "UE5_8"));
            assertThat(named.dataTree().get("engine_source").textValue()).isEqualTo("request");
            assertThat(BundleActionsTest.tree(out.resolve(flavour + "-auto"))).hasSize(208)
                    .isEqualTo(BundleActionsTest.tree(out.resolve(flavour + "-named")));
        }
        // a wrong engine named fails the packages; the reply says so per package (the engine is the user's)
        Reply wrong = call("extract_iostore_legacy", Map.of("game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned").toString(),
                "aes_key", KEY_HEX, "output_path", out.resolve("wrong").toString(), "engine_version", "UE5_3"));
        assertThat(wrong.dataTree().get("failed_count").intValue()).isEqualTo(97);
    }

    /**
     * The UE6.0 set (all five containers of its Tagged folder, one of them AES-CTR encrypted, TOC 10):
     * auto finds UE6_0 (only UE6_0 writes TOC 10; its versioned packages agree) and converts as
     * naming it does; a loose UE6.0 package alone is UE5_8's bytes and is found as UE5_8.
     */
    @Test
    void theUE60ContainersAreFoundAsUE60(@TempDir Path out) throws Exception {
        Path game = Fixtures.path("cue4parse/UE6_0/IoStore/Tagged");
        Reply auto = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                "output_path", out.resolve("auto").toString()));
        assertThat(auto.success()).as(auto.message()).isTrue();
        JsonNode d = auto.dataTree();
        assertThat(d.get("engine_version").textValue()).isEqualTo("UE6_0");
        assertThat(d.get("engine_source").textValue()).isEqualTo("package");
        assertThat(d.get("failed_count").intValue()).isZero();
        assertThat(d.get("extracted_count").intValue()).isEqualTo(97);
        Reply named = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                "output_path", out.resolve("named").toString(), "engine_version", "UE6_0"));
        assertThat(named.dataTree().get("engine_source").textValue()).isEqualTo("request");
        assertThat(BundleActionsTest.tree(out.resolve("auto"))).isEqualTo(BundleActionsTest.tree(out.resolve("named")));
        Reply list = call("list_pak", Map.of("file_path", Fixtures.path(
                "cue4parse/UE6_0/LegacyPak/Tagged/OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak").toString(),
                "aes_key", KEY_HEX));
        assertThat(list.success()).as(list.message()).isTrue();
        assertThat(list.dataTree().get("version_name").asText()).isEqualTo("V15");
    }

    @Test
    void zenPackagesAndConversionsFindTheirEngine(@TempDir Path out) throws Exception {
        record Case(String file, String engine, String name, int exports) {
        }
        for (Case c : List.of(new Case("retoc/UE5.4/BP_Table_Lamp.uzenasset", "UE5_5", "/Game/Billiards/Blueprints/BP_Table_Lamp", 9),
                new Case("retoc/UE5.5/SM_Cube.uzenasset", "UE5_5", "/Game/Meshes/SM_Cube", 3),
                new Case("retoc/UE4.27/T_Emissive.uasset", "UE4_27", "/Engine/Engine_MI_Shaders/T_Emissive", 1))) {
            Reply r = call("inspect_zen", Map.of("file_path", Fixtures.path(c.file()).toString()));
            assertThat(r.success()).as(c.file() + ": " + r.message()).isTrue();
            assertThat(r.dataTree().get("package_name").textValue()).isEqualTo(c.name());
            assertThat(r.dataTree().get("export_map_count").intValue()).isEqualTo(c.exports());
            assertThat(r.dataTree().get("engine_version").textValue()).as(c.file()).isEqualTo(c.engine());
        }
        // convert_to_zen without an engine writes what it writes with the engine the package is found as
        Path src = Fixtures.path("retoc/UE5.5/SM_Cube.uasset");
        Reply auto = call("convert_to_zen", Map.of("file_path", src.toString(), "output_path", out.resolve("auto.uzenasset").toString()));
        assertThat(auto.success()).as(auto.message()).isTrue();
        assertThat(auto.dataTree().get("engine_version").textValue()).isEqualTo("UE5_5");
        assertThat(auto.dataTree().get("engine_source").textValue()).isEqualTo("probe");
        Reply named = call("convert_to_zen", Map.of("file_path", src.toString(), "output_path", out.resolve("named.uzenasset").toString(),
                "engine_version", "UE5_5"));
        assertThat(Files.readAllBytes(out.resolve("auto.uzenasset"))).isEqualTo(Files.readAllBytes(out.resolve("named.uzenasset")));
        assertThat(named.dataTree().get("engine_source").textValue()).isEqualTo("request");
    }

    @Test
    void badEnginesAndNewerPackagesGetClearErrors(@TempDir Path out) throws Exception {
        Reply unknown = call("get_asset_summary", Map.of("file_path", Fixtures.path("retoc/UE5.5/SM_Cube.uasset").toString(),
                "engine_version", "UE9_9"));
        assertThat(unknown.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(unknown.message()).contains("auto").contains("UE4_0 ... UE6_0");
        Path src = Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson/SM_Cube.uasset");
        byte[] b = Files.readAllBytes(src);
        b[4] = (byte) 0xF6; // LegacyFileVersion -10
        Path f = out.resolve("SM_Cube.uasset");
        Files.write(f, b);
        Files.copy(src.resolveSibling("SM_Cube.uexp"), out.resolve("SM_Cube.uexp"));
        Reply newer = call("get_asset_summary", Map.of("file_path", f.toString()));
        assertThat(newer.errorCode()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(newer.message()).contains("-10");
        // a package no candidate engine reads: the engines tried and engine_version are named
        Files.write(f, java.util.Arrays.copyOf(Files.readAllBytes(src), 60));
        Reply cut = call("get_asset_summary", Map.of("file_path", f.toString()));
        assertThat(cut.success()).isFalse();
        assertThat(cut.message()).contains("tried UE5_8, UE5_7, UE5_6").contains("engine_version");
        // the field is described once, from the table
        JsonNode caps = call("capabilities", Map.of()).dataTree();
        int described = 0;
        for (JsonNode a : caps.get("actions")) {
            for (JsonNode field : a.get("fields")) {
                if (field.get("name").textValue().equals("engine_version")) {
                    assertThat(field.get("default_value").textValue()).as(a.get("name").textValue()).isEqualTo("auto");
                    assertThat(field.get("description").textValue()).contains("UE4_0 ... UE6_0");
                    described++;
                }
            }
        }
        assertThat(described).isGreaterThan(20);
    }
}
