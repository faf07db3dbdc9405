package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.NiagaraTestSystem;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Niagara actions through the packaged daemon: NS_Fixture extracted from the CUE4Parse
 * containers by the daemon itself, and NS_Fixture extended with curve and array data interfaces
 * (the fixtures hold no NiagaraSystem that has them; see {@link NiagaraTestSystem}).
 */
class NiagaraActionsTest extends SharedDaemon {
    static final String KEY = ZenActionsTest.KEY;
    @TempDir
    static Path dir;
    static Path system;

    @BeforeAll
    static void setUp() throws Exception {
        system = NiagaraTestSystem.write(dir.resolve("built"));
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Map<String, Object> f = ZenActionsTest.request(flavour, dir.resolve(flavour));
            f.put("filter_patterns", List.of("**/NS_Fixture", "**/SM_Fixture"));
            Reply r = call("extract_iostore_legacy", f);
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("extracted_count").intValue()).isEqualTo(2);
        }
    }

    static Map<String, Object> on(Path file) {
        return new HashMap<>(Map.of("file_path", file.toString()));
    }

    static JsonNode ok(String action, Map<String, Object> fields) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + ": " + r.message()).isTrue();
        return r.dataTree();
    }

    @Test
    void detailsOfTheExtractedFixtureInBothFlavours() throws Exception {
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Map<String, Object> f = on(dir.resolve(flavour + "/Game/Fixtures/Effects/NS_Fixture.uasset"));
            if (flavour.equals("Unversioned")) {
                f.put("usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString());
            }
            JsonNode d = ok("niagara_details", f);
            assertThat(d.get("totalExports").intValue()).as(flavour).isEqualTo(4);
            // NS_Fixture's only data interface is a NiagaraDataInterfaceTexture, neither a curve nor an array
            assertThat(d.get("dataInterfaceCount").intValue()).isZero();
            assertThat(d.get("colorCurveCount").intValue()).isZero();
            assertThat(d.get("colorCurves").size()).isZero();
            JsonNode other = d.get("otherDataInterfaces");
            assertThat(other.size()).isEqualTo(1);
            assertThat(other.get(0).get("exportIndex").intValue()).isZero();
            assertThat(other.get(0).get("className").textValue()).isEqualTo("NiagaraDataInterfaceTexture");
            assertThat(other.get(0).get("exportName").textValue()).isEqualTo("NiagaraDataInterfaceTexture_0");
        }
    }

    @Test
    void detailsListEveryInterfaceWithItsLutSizeAndPreviews() throws Exception {
        Map<String, Object> f = on(system);
        f.put("preview_dir", dir.resolve("previews").toString());
        JsonNode d = ok("niagara_details", f);
        assertThat(d.get("totalExports").intValue()).isEqualTo(14);
        assertThat(d.get("dataInterfaceCount").intValue()).isEqualTo(9);
        assertThat(d.get("colorCurveCount").intValue()).isEqualTo(2);
        assertThat(d.get("totalColorCount").intValue()).isEqualTo(NiagaraTestSystem.GLOW_COLORS + NiagaraTestSystem.ALPHA_COLORS);
        JsonNode glow = d.get("colorCurves").get(0);
        assertThat(glow.get("exportIndex").intValue()).isEqualTo(NiagaraTestSystem.COLOR_GLOW);
        assertThat(glow.get("exportName").textValue()).isEqualTo("NiagaraDataInterfaceColorCurve_Glow");
        assertThat(glow.get("classType").textValue()).isEqualTo("NiagaraDataInterfaceColorCurve");
        assertThat(glow.get("emitter").textValue()).isEqualTo("Fire");
        assertThat(glow.get("lutSize").intValue()).isEqualTo(32);
        assertThat(glow.get("entryCount").intValue()).isEqualTo(8);
        assertThat(glow.get("maxTime").doubleValue()).isEqualTo(2.0);
        assertThat(glow.get("sampleColors").get(0).toString()).isEqualTo("[1.0,0.0,0.0,1.0]");
        assertThat(d.get("floatCurves").get(0).get("lutSize").intValue()).isEqualTo(6);
        assertThat(d.get("vector3Curves").get(0).get("lutSize").intValue()).isEqualTo(15);
        assertThat(d.get("vector2DCurves").get(0).get("lutSize").intValue()).isEqualTo(6);
        assertThat(d.get("arrayColorCount").intValue()).isEqualTo(1);
        assertThat(d.get("totalArrayColorValues").intValue()).isEqualTo(3);
        assertThat(d.get("arrayColors").get(0).get("lutSize").isNull()).isTrue();
        assertThat(d.get("arrayFloat3s").get(0).get("valueProperty").textValue()).isEqualTo("InternalFloatData");
        assertThat(d.get("arrayInt32s").get(0).get("sampleColors").toString()).isEqualTo("[[7.0],[8.0],[9.0]]");
        assertThat(Path.of(glow.get("previewPath").textValue())).isRegularFile();
        try (Stream<Path> s = Files.list(dir.resolve("previews"))) {
            // one strip per interface with three or more channels: 2 colour curves, the vector curve, the two arrays
            assertThat(s.count()).isEqualTo(5);
        }
        JsonNode p = ok("niagara_preview", Map.of("file_path", system.toString(),
                "output_path", dir.resolve("one").toString(), "export_index", NiagaraTestSystem.ARRAY_COLOR));
        assertThat(p.get("image_count").intValue()).isEqualTo(1);
        assertThat(p.get("images").get(0).get("width").intValue()).isEqualTo(258);
    }

    static List<String> propertyViews(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            Map<String, Object> f = on(file);
            f.put("export_index", i);
            out.add(ok("get_export_properties", f).toString());
        }
        return out;
    }

    @Test
    void aRangeEditChangesExactlyThoseValues() throws Exception {
        Path out = dir.resolve("edited/NS_Fixture.uasset");
        List<String> before = propertyViews(system);
        JsonNode valuesBefore = values(system, NiagaraTestSystem.COLOR_GLOW);
        Map<String, Object> f = on(system);
        f.putAll(Map.of("r", 0, "g", 10, "b", 0.5, "export_index", NiagaraTestSystem.COLOR_GLOW, "color_index_start", 2,
                "color_index_end", 4, "modify_a", false, "output_path", out.toString()));
        JsonNode e = ok("niagara_edit", f);
        assertThat(e.get("exports_touched").intValue()).isEqualTo(1);
        assertThat(e.get("colors_changed").intValue()).isEqualTo(3);
        assertThat(e.get("values_changed").intValue()).isEqualTo(9);
        assertThat(e.get("backup_path").isNull()).isTrue();
        assertThat(Files.readAllBytes(Path.of(system.toString()))).isNotEmpty();
        List<String> after = propertyViews(out);
        for (int i = 0; i < before.size(); i++) {
            if (i != NiagaraTestSystem.COLOR_GLOW) {
                assertThat(after.get(i)).as("export %d", i).isEqualTo(before.get(i));
            }
        }
        JsonNode valuesAfter = values(out, NiagaraTestSystem.COLOR_GLOW);
        for (int i = 0; i < 8; i++) {
            for (int c = 0; c < 4; c++) {
                double expected = i >= 2 && i <= 4 && c < 3 ? new double[] {0, 10, 0.5}[c] : valuesBefore.get(i).get(c).doubleValue();
                assertThat(valuesAfter.get(i).get(c).doubleValue()).as("entry %d channel %d", i, c).isEqualTo(expected);
            }
        }
    }

    /** Issue 8's whole modding loop: edit a colour range, build a mod bundle, extract it again over the game. */
    @Test
    void anEditSurvivesABundleBuildAndComesBackFromExtraction() throws Exception {
        Path in = dir.resolve("loop/in");
        Path edited = in.resolve("Game/Fixtures/Effects/NS_Fixture.uasset");
        Map<String, Object> f = on(system);
        f.putAll(Map.of("r", 3.5, "g", 0.25, "b", 7, "a", 0.5, "export_index", NiagaraTestSystem.COLOR_GLOW, "color_index_start", 1,
                "color_index_end", 6, "output_path", edited.toString()));
        assertThat(ok("niagara_edit", f).get("colors_changed").intValue()).isEqualTo(6);
        JsonNode expected = values(edited, NiagaraTestSystem.COLOR_GLOW);

        Path mods = dir.resolve("loop/mods");
        JsonNode bundle = ok("create_mod_iostore", Map.of("output_path", mods.resolve("Edited_P").toString(), "input_dir", in.toString(),
                "compress", false));
        assertThat(bundle.get("converted_count").intValue()).isEqualTo(1);
        assertThat(bundle.get("errors")).isEmpty();

        Map<String, Object> x = ZenActionsTest.request("Tagged", dir.resolve("loop/back"));
        x.put("mod_path", List.of(mods.toString()));
        x.put("filter_patterns", List.of("**/NS_Fixture"));
        JsonNode back = ok("extract_iostore_legacy", x);
        assertThat(back.get("extracted_count").intValue()).isEqualTo(1);
        Path returned = dir.resolve("loop/back/Game/Fixtures/Effects/NS_Fixture.uasset");
        assertThat(values(returned, NiagaraTestSystem.COLOR_GLOW)).isEqualTo(expected);
        assertThat(values(returned, NiagaraTestSystem.COLOR_GLOW).get(1).get(0).doubleValue()).isEqualTo(3.5);
        // the export data went through Zen and back unchanged
        assertThat(Files.readAllBytes(returned.resolveSibling("NS_Fixture.uexp")))
                .isEqualTo(Files.readAllBytes(edited.resolveSibling("NS_Fixture.uexp")));
    }

    static JsonNode values(Path file, int exportIndex) throws Exception {
        Map<String, Object> f = on(file);
        f.put("include_values", true);
        for (JsonNode e : ok("niagara_details", f).get("exports")) {
            if (e.get("exportIndex").intValue() == exportIndex) {
                return e.get("values");
            }
        }
        throw new AssertionError("no interface " + exportIndex);
    }

    @Test
    void rawEditsInPlaceKeepABackup() throws Exception {
        Path copy = dir.resolve("inplace/NS_Fixture.uasset");
        Files.createDirectories(copy.getParent());
        Files.copy(system, copy);
        Files.copy(Path.of(system.toString().replace(".uasset", ".uexp")), Path.of(copy.toString().replace(".uasset", ".uexp")));
        Map<String, Object> f = on(copy);
        f.put("edits", List.of(Map.of("exportIndex", NiagaraTestSystem.ARRAY_COLOR,
                "colorData", List.of(List.of(0, 0, 1, 1), List.of(0, 1, 0, 0.5), List.of(0, 0, 4, 1)))));
        Reply r = call("niagara_edit", f);
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("colors_changed").intValue()).isEqualTo(1);
        assertThat(r.dataTree().get("backup_path").textValue()).endsWith("NS_Fixture.uasset.bak");
        assertThat(r.warnings()).anyMatch(w -> w.contains("in place"));
        assertThat(Path.of(copy + ".bak")).hasSameBinaryContentAs(system);
        assertThat(values(copy, NiagaraTestSystem.ARRAY_COLOR).get(0).toString()).isEqualTo("[0.0,0.0,1.0,1.0]");
        // the edits from a file, as UAssetTool's --edits-file: a whole float LUT replaced
        Path edits = dir.resolve("edits.json");
        Files.writeString(edits, "[{\"exportIndex\": " + NiagaraTestSystem.FLOAT_CURVE + ", \"flatLut\": [9, 9, 9, 9, 9, 9]}]");
        Map<String, Object> g = on(copy);
        g.put("edits_file", edits.toString());
        g.put("output_path", dir.resolve("fromfile/NS_Fixture.uasset").toString());
        assertThat(ok("niagara_edit", g).get("values_changed").intValue()).isEqualTo(6);
        assertThat(values(dir.resolve("fromfile/NS_Fixture.uasset"), NiagaraTestSystem.FLOAT_CURVE).toString())
                .isEqualTo("[[9.0],[9.0],[9.0],[9.0],[9.0],[9.0]]");
    }

    @Test
    void badEditsAreInvalidArgumentsAndWriteNothing() throws Exception {
        Path out = dir.resolve("bad/NS_Fixture.uasset");
        record Bad(Map<String, Object> fields, String message) {
        }
        Path sm = dir.resolve("Tagged/Game/Fixtures/Meshes/SM_Fixture.uasset");
        List<Bad> cases = List.of(
                new Bad(Map.of("export_index", NiagaraTestSystem.SYSTEM), "not a curve or array data interface"),
                new Bad(Map.of("export_index", NiagaraTestSystem.COLOR_GLOW, "color_index_start", 6, "color_index_end", 8),
                        "outside export"),
                new Bad(Map.of("export_index", NiagaraTestSystem.COLOR_GLOW, "color_index", -1), "outside export"),
                new Bad(Map.of("file_path", sm.toString()), "not a NiagaraSystem"),
                new Bad(Map.of("edits", "[{\"exportIndex\": 5, \"flatLut\": [1, 2]}]"), "holds 32 values"));
        for (Bad c : cases) {
            Map<String, Object> f = on(system);
            f.putAll(Map.of("r", 1, "g", 1, "b", 1, "output_path", out.toString()));
            f.putAll(c.fields());
            Reply r = call("niagara_edit", f);
            assertThat(r.errorCode()).as(c.toString()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(r.message()).contains(c.message());
            assertThat(out.getParent()).doesNotExist();
        }
    }

    @Test
    void theUnversionedSystemNeedsItsMappingsAndReadsAndEditsTheSame() throws Exception {
        Path unversioned = NiagaraTestSystem.writeUnversioned(dir.resolve("unversioned"));
        Reply noMappings = call("niagara_details", on(unversioned));
        assertThat(noMappings.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(noMappings.message()).contains("usmap_path");
        Map<String, Object> f = on(unversioned);
        f.put("usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString());
        f.put("include_values", true);
        JsonNode u = ok("niagara_details", f);
        Map<String, Object> t = on(system);
        t.put("include_values", true);
        assertThat(u.get("exports")).isEqualTo(ok("niagara_details", t).get("exports"));
        Map<String, Object> e = new HashMap<>(f);
        e.remove("include_values");
        Path out = dir.resolve("unversioned-edited/NS_Fixture.uasset");
        e.putAll(Map.of("r", 2, "g", 3, "b", 4, "export_name_filter", "Float3", "output_path", out.toString()));
        JsonNode edit = ok("niagara_edit", e);
        assertThat(edit.get("exports").get(0).get("export_index").intValue()).isEqualTo(NiagaraTestSystem.ARRAY_FLOAT3);
        assertThat(edit.get("values_changed").intValue()).isEqualTo(6);
        Map<String, Object> back = on(out);
        back.put("usmap_path", f.get("usmap_path"));
        back.put("include_values", true);
        for (JsonNode i : ok("niagara_details", back).get("exports")) {
            if (i.get("exportIndex").intValue() == NiagaraTestSystem.ARRAY_FLOAT3) {
                assertThat(i.get("values").toString()).isEqualTo("[[2.0,3.0,4.0],[2.0,3.0,4.0]]");
            }
        }
    }

    @Test
    void listNiagaraFilesAndTheCommandLine() throws Exception {
        JsonNode l = ok("list_niagara_files", Map.of("file_path", dir.toString(),
                "usmap_path", Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString()));
        List<String> names = new ArrayList<>();
        for (JsonNode n : l.get("files")) {
            names.add(n.get("path").textValue());
            if (n.get("path").textValue().equals(system.toString())) {
                assertThat(n.get("color_curve_count").intValue()).isEqualTo(2);
                assertThat(n.get("total_color_count").intValue()).isEqualTo(12);
            }
        }
        assertThat(names).contains(system.toString(), dir.resolve("Tagged/Game/Fixtures/Effects/NS_Fixture.uasset").toString(),
                dir.resolve("Unversioned/Game/Fixtures/Effects/NS_Fixture.uasset").toString());
        assertThat(names).noneMatch(n -> n.contains("SM_Fixture"));
        Daemon.Result cli = Daemon.run("niagara_details", system.toString());
        assertThat(cli.status()).as(cli.stderr()).isZero();
        assertThat(cli.stdout()).contains("NiagaraDataInterfaceColorCurve_Glow");
        // UAssetTool's form: colour as positionals, an export-name filter and the channels as letters
        Path out = dir.resolve("cli/glow.uasset");
        Daemon.Result edit = Daemon.run("niagara_edit", system.toString(), "0", "10", "0", "1", "--export-name", "Glow",
                "--channels", "rgb", "--color-index", "7", "--output-path", out.toString(), "--json");
        assertThat(edit.status()).as(edit.stdout() + edit.stderr()).isZero();
        assertThat(edit.stdout()).contains("\"colors_changed\":1").contains("\"values_changed\":2");
        JsonNode glow = values(out, NiagaraTestSystem.COLOR_GLOW);
        // entry 7 was (1, 1, 0, 0.3): red and green change, blue already 0, alpha kept
        assertThat(glow.get(7).toString()).isEqualTo("[0.0,10.0,0.0,0.3]");
        Daemon.Result bad = Daemon.run("niagara_edit", system.toString(), "--r", "1", "--g", "1",
                "--b", "1", "--export-index", "0", "--output-path", dir.resolve("cli/x.uasset").toString());
        assertThat(bad.status()).as("nothing done").isEqualTo(3);
        assertThat(dir.resolve("cli/x.uasset")).doesNotExist();
    }

    /**
     * niagara_details' enemyParams (UAssetTool's) come from the game's Niagara conventions:
     * Marvel Rivals' (the default) names an emitter's team colour parameters
     * {@code <Emitter>.EnemyColor...}; {@code game: none} has no team parameters.
     */
    @Test
    void teamParametersComeFromTheGameProfile() throws Exception {
        for (String game : new String[] {null, "marvel_rivals", "none"}) {
            Map<String, Object> f = on(system);
            if (game != null) {
                f.put("game", game);
            }
            JsonNode d = ok("niagara_details", f);
            boolean rivals = !"none".equals(game);
            int underFire = 0;
            for (JsonNode e : d.get("exports")) {
                // an interface outside an emitter (the system's own) has no emitter and so no team parameters
                boolean fire = "Fire".equals(e.get("emitterName").textValue());
                underFire += fire ? 1 : 0;
                assertThat(e.get("emitterHasEnemyParams").booleanValue()).as(game + " " + e.get("exportName")).isEqualTo(rivals && fire);
                assertThat(e.get("enemyParams").toString()).as(game + " " + e.get("exportName"))
                        .isEqualTo(rivals && fire ? "[\"" + NiagaraTestSystem.TEAM_PARAMETER + "\"]" : "[]");
            }
            assertThat(underFire).isEqualTo(8);
            assertThat(d.get("exports").size()).isEqualTo(9);
        }
        Reply bad = call("niagara_details", new HashMap<>(Map.of("file_path", system.toString(), "game", "nosuch")));
        assertThat(bad.success()).isFalse();
        assertThat(bad.error().code()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(bad.message()).contains("nosuch", "none, marvel_rivals");
    }
}
