package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.NiagaraTestSystem;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * UAssetTool's contract, one row per action and CLI command, from the table
 * {@code tests/src/test/resources/uassettool/contract.json} (taken from UAssetTool's Program.cs;
 * rendered into docs/uassettool-compat.md, which {@link #theDocsAreTheTable()} keeps equal to it).
 * Each action row is sent through the packaged daemon as UAssetTool's clients send it: one
 * process with {@code USMAP_PATH} set, no id, no engine_version, on real fixture files (the UE5.8
 * unversioned fixture set, extracted at the start the way a client extracts a game); the reply must
 * carry UAssetTool's fields with UAssetTool's JSON types. Each CLI row runs the packaged CLI with
 * UAssetTool's argument order and checks the exit code. The concrete bugs of issue 24 and the
 * repeat-safety of edits have their own tests below.
 */
@Timeout(600)
class UAssetToolContractTest {
    static final String KEY = ZenActionsTest.KEY;
    static final Path TABLE = Path.of("src/test/resources/uassettool/contract.json");

    @TempDir
    static Path work;
    static UAssetToolClientSessionTest.Client session;
    static final Map<String, String> vars = new LinkedHashMap<>();
    static final AtomicInteger fresh = new AtomicInteger();

    static Path game() {
        return work.resolve("u/Game/Fixtures");
    }

    static Path usmap() {
        return Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap");
    }

    @BeforeAll
    static void start() throws Exception {
        session = new UAssetToolClientSessionTest.Client(Map.of("USMAP_PATH", usmap().toString()), work.resolve("session.stderr"));
        // the client first extracts the game's packages, as UAssetTool's clients do
        ok(req("extract_iostore_legacy", "game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned").toString(),
                "output_path", work.resolve("u").toString(), "aes_key", KEY));
        vars.put("$G", game().toString());
        vars.put("$W", work.toString());
        vars.put("$FX", Fixtures.root().toString());
        vars.put("$USMAP", usmap().toString());
        vars.put("$KEY", KEY);
        Path json = work.resolve("json/DA_AllProperties.json");
        ok(req("to_json", "file_path", game().resolve("Properties/DA_AllProperties.uasset").toString(), "output_path", json.toString()));
        vars.put("$JSON", json.toString());
        vars.put("$JSONTEXT", Files.readString(json));
        Path zen = copy(game().resolve("Meshes/SM_Fixture.uasset"));
        ok(req("convert_to_zen", "file_path", zen.toString()));
        vars.put("$ZEN", zen.resolveSibling("SM_Fixture.uzenasset").toString());
        Path mod = work.resolve("mod");
        copyPackage(game().resolve("Meshes/SM_Fixture.uasset"), mod.resolve("Game/Fixtures/Meshes"));
        vars.put("$MODDIR", mod.toString());
        ok(req("create_mod_iostore", "output_path", work.resolve("modout/Base_P").toString(), "input_dir", mod.toString(), "compress", false));
        vars.put("$MODUTOC", work.resolve("modout/Base_P.utoc").toString());
        Path paks = work.resolve("pak");
        ok(req("extract_pak_all", "file_path", Fixtures.path("cue4parse/UE5_8/Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak")
                .toString(), "output_path", paks.toString()));
        try (Stream<Path> s = Files.walk(paks)) {
            vars.put("$LOCRES", s.filter(p -> p.toString().endsWith(".locres")).sorted().findFirst().orElseThrow().toString());
        }
        Path tex = work.resolve("tex");
        Path images = Files.createDirectories(work.resolve("images"));
        for (String t : List.of("T_BC1", "T_G8")) {
            copyPackage(game().resolve("Textures/" + t + ".uasset"), tex);
        }
        Files.copy(Fixtures.path("cue4parse/UE5_8/SourceTextures/rgb.png"), images.resolve("T_BC1.png"));
        Files.copy(Fixtures.path("cue4parse/UE5_8/SourceTextures/grayscale.png"), images.resolve("T_G8.png"));
        vars.put("$NS", NiagaraTestSystem.write(work.resolve("niagara-table")).toString());
        vars.put("$TEXDIR", tex.toString());
        vars.put("$IMAGEDIR", images.toString());
        for (JsonNode a : ok(req("capabilities")).get("data").get("actions")) {
            if (a.path("reply").isObject()) {
                declaredReplies.put(a.get("name").asText(), a.get("reply"));
            }
        }
    }

    /** The reply shape each typed action declares in capabilities. */
    static final Map<String, JsonNode> declaredReplies = new LinkedHashMap<>();

    @AfterAll
    static void stop() throws Exception {
        session.close();
    }

    // ---- the table ---------------------------------------------------------------------------------

    static JsonNode table() throws IOException {
        return Json.mapper().readTree(TABLE.toFile());
    }

    @TestFactory
    Stream<DynamicTest> everyActionAnswersInUAssetToolsShape() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode row : table().get("actions")) {
            String name = row.get("action").asText() + (row.has("case") ? " (" + row.get("case").asText() + ")" : "");
            tests.add(DynamicTest.dynamicTest(name, () -> checkAction(row)));
        }
        return tests.stream();
    }

    @TestFactory
    Stream<DynamicTest> everyCliCommandTakesUAssetToolsArguments() throws IOException {
        List<DynamicTest> tests = new ArrayList<>();
        for (JsonNode row : table().get("cli")) {
            String name = row.get("usage").asText();
            tests.add(DynamicTest.dynamicTest(name, () -> checkCli(row)));
        }
        return tests.stream();
    }

    static void checkAction(JsonNode row) throws Exception {
        ObjectNode q = Json.mapper().createObjectNode().put("action", row.get("action").asText());
        Path lastCopy = null;
        for (Iterator<Map.Entry<String, JsonNode>> it = row.get("request").properties().iterator(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            JsonNode v = e.getValue();
            if (v.isTextual() && v.textValue().startsWith("sibling:")) {
                q.put(e.getKey(), lastCopy.resolveSibling(lastCopy.getFileName().toString().replaceFirst("\\.[^.]*$", "")
                        + v.textValue().substring("sibling:".length())).toString());
                continue;
            }
            JsonNode r = resolve(v);
            if (v.isTextual() && v.textValue().startsWith("copy:")) {
                lastCopy = Path.of(r.textValue());
            }
            q.set(e.getKey(), r);
        }
        assertThat(q.has("engine_version")).as("UAssetTool's clients send no engine_version").isFalse();
        JsonNode reply = call(q);
        String what = row.get("action").asText() + " " + q + " -> " + reply;
        assertThat(reply.has("id")).as(what).isFalse();
        assertThat(reply.get("success").isBoolean()).as(what).isTrue();
        assertThat(reply.get("message").isTextual()).as(what).isTrue();
        boolean success = !row.has("success") || row.get("success").booleanValue();
        assertThat(reply.get("success").booleanValue()).as(what).isEqualTo(success);
        assertThat(reply.path("error").path("code").asText()).as(what).isNotEqualTo("INTERNAL");
        JsonNode data = reply.get("data");
        JsonNode declared = declaredReplies.get(row.get("action").asText());
        if (declared != null && data != null && !data.isNull()) {
            // UAssetTool's fields are in the reply the action declares (what capabilities and the clients' types say)
            assertThat(ReplyShapes.mismatches(data, declared)).as(what + ": differs from the declared reply").isEmpty();
        }
        String type = row.get("data").asText();
        if (!type.equals("any")) {
            assertType(what + " data", data, type);
        }
        if (row.has("fields")) {
            row.get("fields").properties().forEach(f -> {
                assertThat(data.has(f.getKey())).as(what + ": field " + f.getKey()).isTrue();
                assertType(what + ": " + f.getKey(), data.get(f.getKey()), f.getValue().asText());
            });
        }
        if (row.has("items")) {
            row.get("items").properties().forEach(f -> {
                JsonNode list = f.getKey().equals("[]") ? data : data.get(f.getKey());
                assertThat(list.isArray()).as(what + ": " + f.getKey() + " is a list").isTrue();
                assertThat(list.size()).as(what + ": " + f.getKey() + " has items to check").isPositive();
                for (JsonNode item : list) {
                    if (f.getValue().isTextual()) {
                        assertType(what + ": item of " + f.getKey(), item, f.getValue().asText());
                        continue;
                    }
                    f.getValue().properties().forEach(x -> {
                        assertThat(item.has(x.getKey())).as(what + ": " + f.getKey() + "[]." + x.getKey()).isTrue();
                        assertType(what + ": " + f.getKey() + "[]." + x.getKey(), item.get(x.getKey()), x.getValue().asText());
                    });
                }
            });
        }
        if (row.has("values")) {
            row.get("values").properties().forEach(f -> {
                if (f.getKey().isEmpty()) {
                    assertThat(data).as(what).isEqualTo(f.getValue());
                } else if (f.getKey().equals("length")) {
                    assertThat(data.size()).as(what).isEqualTo(f.getValue().intValue());
                } else {
                    assertThat(data.get(f.getKey()).asText()).as(what + ": " + f.getKey()).isEqualTo(f.getValue().asText());
                }
            });
        }
        if (row.path("struct_members").asBoolean()) {
            // a struct's value is the list of its members' entries, as UAssetTool serializes it
            boolean sawStruct = false;
            for (JsonNode p : data) {
                if (p.get("type").asText().equals("StructProperty")) {
                    sawStruct = true;
                    assertThat(p.get("value").isArray()).as(what + ": struct value").isTrue();
                    assertThat(p.get("value").get(0).has("name")).isTrue();
                }
            }
            assertThat(sawStruct).as(what).isTrue();
        }
        if (row.path("map_of_maps").asBoolean()) {
            assertThat(data.size()).as(what).isPositive();
            data.properties().forEach(ns -> {
                assertThat(ns.getValue().isObject()).as(what + ": namespace " + ns.getKey()).isTrue();
                ns.getValue().properties().forEach(k -> assertThat(k.getValue().isTextual()).as(what).isTrue());
            });
        }
        if (row.has("writes_file")) {
            Path out = Path.of(q.get(row.get("writes_file").asText()).asText());
            assertThat(out).as(what + ": the output is the file named").isRegularFile();
        }
    }

    static void assertType(String what, JsonNode n, String type) {
        boolean ok = false;
        for (String t : type.split("\\|")) {
            ok |= switch (t) {
                case "string" -> n.isTextual();
                case "integer" -> n.isIntegralNumber();
                case "number" -> n.isNumber();
                case "boolean" -> n.isBoolean();
                case "array" -> n.isArray();
                case "object" -> n.isObject();
                case "null" -> n.isNull();
                case "base64" -> n.isTextual() && decodes(n.textValue());
                default -> throw new IllegalArgumentException("type " + t);
            };
        }
        assertThat(ok).as(what + " is " + type + ", got " + n).isTrue();
    }

    private static boolean decodes(String s) {
        try {
            Base64.getDecoder().decode(s);
            return true;
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static void checkCli(JsonNode row) throws Exception {
        List<String> args = new ArrayList<>();
        args.add(row.get("command").asText());
        for (JsonNode a : row.get("args")) {
            args.add(resolve(a).asText());
        }
        List<String> cmd = Daemon.command(args.toArray(new String[0]));
        Path err = work.resolve("cli-" + fresh.incrementAndGet() + ".stderr");
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                .redirectError(err.toFile());
        pb.environment().remove("USMAP_PATH");
        Process p = pb.start();
        String out;
        try (InputStream in = p.getInputStream()) {
            out = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
        int status = p.waitFor();
        String what = String.join(" ", args) + " -> exit " + status + "\nstdout: " + abbreviate(out) + "\nstderr: "
                + abbreviate(Files.readString(err));
        if (row.get("exit").isTextual()) {
            assertThat(status).as(what).isNotZero();
        } else {
            assertThat(status).as(what).isEqualTo(row.get("exit").intValue());
        }
        if (row.has("stdout")) {
            assertThat(out).as(what).contains(row.get("stdout").asText());
        }
        if (row.has("stdout_not")) {
            assertThat(out).as(what).doesNotContain(row.get("stdout_not").asText());
        }
        if (row.has("stderr")) {
            assertThat(Files.readString(err)).as(what).contains(row.get("stderr").asText());
        }
    }

    static String abbreviate(String s) {
        return s.length() > 2000 ? s.substring(0, 2000) + "..." : s;
    }

    /** A table value with its variables, copies (copy:) and fresh output paths (new:, newdir:) made. */
    static JsonNode resolve(JsonNode v) throws IOException {
        if (v.isArray()) {
            var a = Json.mapper().createArrayNode();
            for (JsonNode e : v) {
                a.add(resolve(e));
            }
            return a;
        }
        if (!v.isTextual()) {
            return v;
        }
        String s = v.textValue();
        if (s.startsWith("copy:")) {
            return Json.mapper().getNodeFactory().textNode(copy(Path.of(subst(s.substring(5)))).toString());
        }
        if (s.startsWith("new:")) {
            return Json.mapper().getNodeFactory().textNode(work.resolve("out/" + fresh.incrementAndGet()).resolve(s.substring(4)).toString());
        }
        if (s.startsWith("newdir:")) {
            return Json.mapper().getNodeFactory().textNode(work.resolve("out/" + fresh.incrementAndGet()).resolve(s.substring(7)).toString());
        }
        return Json.mapper().getNodeFactory().textNode(subst(s));
    }

    static String subst(String s) {
        String out = s;
        // longest names first ($JSONTEXT before $JSON)
        List<String> names = new ArrayList<>(vars.keySet());
        names.sort((a, b) -> b.length() - a.length());
        for (String k : names) {
            out = out.replace(k, vars.get(k));
        }
        return out;
    }

    /** Copies a package's files (every file of its name beside it) into a fresh folder; returns the copy of {@code file}. */
    static Path copy(Path file) throws IOException {
        Path dir = Files.createDirectories(work.resolve("copies/" + fresh.incrementAndGet()));
        return copyPackage(file, dir);
    }

    static Path copyPackage(Path file, Path dir) throws IOException {
        Files.createDirectories(dir);
        String stem = file.getFileName().toString().replaceFirst("\\.[^.]*$", "");
        try (Stream<Path> s = Files.list(file.getParent())) {
            for (Path f : s.filter(f -> f.getFileName().toString().startsWith(stem + ".")).toList()) {
                Files.copy(f, dir.resolve(f.getFileName()));
            }
        }
        return dir.resolve(file.getFileName());
    }

    static ObjectNode req(String action, Object... kv) {
        return UAssetToolClientSessionTest.req(action, kv);
    }

    static JsonNode call(ObjectNode request) throws IOException {
        session.send(request.toString());
        return session.next();
    }

    static JsonNode ok(ObjectNode request) throws IOException {
        JsonNode r = call(request);
        assertThat(r.get("success").booleanValue()).as(request.get("action") + ": " + r).isTrue();
        return r;
    }

    static JsonNode fails(ObjectNode request, String code) throws IOException {
        JsonNode r = call(request);
        assertThat(r.get("success").booleanValue()).as(request.get("action") + ": " + r).isFalse();
        assertThat(r.get("error").get("code").asText()).as(r.toString()).isEqualTo(code);
        return r;
    }

    // ---- the docs ----------------------------------------------------------------------------------

    @Test
    void theDocsAreTheTable() throws Exception {
        Path doc = Fixtures.repoRoot().resolve("docs/uassettool-compat.md");
        String rendered = UAssetToolCompatDoc.render(table());
        if (Boolean.getBoolean("uassetd.writeDocs") || "1".equals(System.getenv("UASSETD_WRITE_DOCS"))) {
            Files.createDirectories(doc.getParent());
            Files.writeString(doc, rendered);
        }
        assertThat(Files.readString(doc)).as("docs/uassettool-compat.md is rendered from " + TABLE
                + " (rerun this test with UASSETD_WRITE_DOCS=1)").isEqualTo(rendered);
    }

    @Test
    void everyActionOfUAssetToolHasARow() throws Exception {
        List<String> rows = new ArrayList<>();
        table().get("actions").forEach(r -> rows.add(r.get("action").asText()));
        // the 61 action names of UAssetTool's ProcessRequest
        assertThat(rows.stream().distinct().toList()).containsExactlyInAnyOrder("detect_type", "detect_texture", "detect_mesh",
                "detect_skeletal_mesh", "detect_static_mesh", "detect_blueprint", "batch_detect_skeletal_mesh", "batch_detect_static_mesh",
                "batch_detect_texture", "batch_detect_blueprint", "get_texture_info", "strip_mipmaps_native", "batch_strip_mipmaps_native",
                "has_inline_texture_data", "batch_has_inline_texture_data", "patch_mesh", "get_mesh_info", "fix_serialize_size",
                "convert_to_zen", "convert_from_zen", "get_asset_summary", "get_name_map", "get_imports", "get_exports",
                "get_export_properties", "get_export_raw_data", "set_property_value", "add_property", "remove_property", "save_asset",
                "export_to_json", "import_from_json", "debug_asset_info", "list_pak_files", "list_pak", "extract_pak_file",
                "extract_pak_all", "create_pak", "create_companion_pak", "list_iostore_files", "create_iostore", "is_iostore_compressed",
                "is_iostore_encrypted", "recompress_iostore", "extract_iostore", "extract_iostore_legacy", "extract_script_objects",
                "create_mod_iostore", "dump", "skeletal_mesh_info", "to_json", "batch_to_json", "compact_json", "from_json",
                "batch_from_json", "cityhash", "clone_mod_iostore", "inspect_zen", "parse_locres", "extract_texture_png",
                "batch_extract_texture_png");
    }

    @Test
    void everyCliCommandOfUAssetToolHasARow() throws Exception {
        List<String> rows = new ArrayList<>();
        table().get("cli").forEach(r -> rows.add(r.get("command").asText()));
        // the 43 command names of UAssetTool's RunCliMode (39 commands; version and help under three spellings each)
        assertThat(rows.stream().distinct().toList()).containsExactlyInAnyOrder("detect", "fix", "batch_detect", "dump", "to_zen",
                "inspect_zen", "create_pak", "create_companion_pak", "create_iostore_bundle", "create_mod_iostore", "extract_iostore",
                "extract_iostore_legacy", "is_iostore_compressed", "is_iostore_encrypted", "extract_script_objects",
                "recompress_iostore", "cityhash", "from_json", "to_json", "dump_zen_from_game", "clone_mod_iostore", "list_iostore",
                "probe_chunks", "roundtrip", "test_objinject", "extract_pak", "list_pak", "niagara_poc", "niagara_details",
                "niagara_edit", "niagara_audit", "skeletal_mesh_info", "inject_texture", "extract_texture", "batch_inject_texture",
                "batch_extract_texture", "parse_locres", "version", "--version", "-v", "help", "--help", "-h");
    }

    // ---- the concrete bugs of issue 24 --------------------------------------------------------------

    @Test
    void aConversionThatConvertsNothingIsNoSuccess() throws Exception {
        for (String action : List.of("to_json", "compact_json")) {
            JsonNode r = fails(req(action, "file_path", work.resolve("missing.uasset").toString(), "output_path",
                    work.resolve("out/none-" + action + ".json").toString()), "NOT_FOUND");
        }
        JsonNode from = fails(req("from_json", "file_path", work.resolve("missing.json").toString(), "output_path",
                work.resolve("out/none.uasset").toString()), "NOT_FOUND");
        assertThat(from.get("message").asText()).contains("missing.json");
        JsonNode png = call(req("batch_extract_texture_png", "file_paths", List.of(work.resolve("missing.uasset").toString()),
                "output_path", work.resolve("out/nopng").toString()));
        assertThat(png.get("success").booleanValue()).as(png.toString()).isFalse();
    }

    @Test
    void strippingTwiceInPlaceKeepsTheOriginalAsBackupAndWritesNothingTheSecondTime() throws Exception {
        Path t = copy(game().resolve("Textures/T_Mips.uasset"));
        byte[] uasset = Files.readAllBytes(t);
        byte[] uexp = Files.readAllBytes(t.resolveSibling("T_Mips.uexp"));
        JsonNode first = ok(req("strip_mipmaps_native", "file_path", t.toString())).get("data");
        assertThat(first.get("original_mips").intValue()).isEqualTo(7);
        byte[] stripped = Files.readAllBytes(t.resolveSibling("T_Mips.uexp"));
        long modified = Files.getLastModifiedTime(t.resolveSibling("T_Mips.uexp")).toMillis();
        JsonNode second = ok(req("strip_mipmaps_native", "file_path", t.toString()));
        assertThat(second.get("message").asText()).contains("nothing written");
        assertThat(second.get("data").get("changed").booleanValue()).isFalse();
        assertThat(Files.readAllBytes(t.resolveSibling("T_Mips.uexp"))).isEqualTo(stripped);
        assertThat(Files.getLastModifiedTime(t.resolveSibling("T_Mips.uexp")).toMillis()).isEqualTo(modified);
        assertThat(Files.readAllBytes(t.resolveSibling("T_Mips.uasset.bak"))).isEqualTo(uasset);
        assertThat(Files.readAllBytes(t.resolveSibling("T_Mips.uexp.bak"))).as("the original survives").isEqualTo(uexp);
    }

    @Test
    void anEditRepeatedInPlaceKeepsTheFirstBackupAndANoOpEditWritesNothing() throws Exception {
        Path da = copy(game().resolve("Properties/DA_AllProperties.uasset"));
        byte[] original = Files.readAllBytes(da.resolveSibling("DA_AllProperties.uexp"));
        ok(req("set_property_value", "file_path", da.toString(), "export_index", 0, "property_path", "Marker", "property_value", 1));
        ok(req("set_property_value", "file_path", da.toString(), "export_index", 0, "property_path", "Marker", "property_value", 2));
        assertThat(Files.readAllBytes(da.resolveSibling("DA_AllProperties.uexp.bak"))).as("the first backup is kept").isEqualTo(original);
        byte[] edited = Files.readAllBytes(da.resolveSibling("DA_AllProperties.uexp"));
        long modified = Files.getLastModifiedTime(da.resolveSibling("DA_AllProperties.uexp")).toMillis();
        JsonNode same = ok(req("set_property_value", "file_path", da.toString(), "export_index", 0, "property_path", "Marker",
                "property_value", 2));
        assertThat(same.get("warnings").toString()).contains("nothing written");
        assertThat(Files.readAllBytes(da.resolveSibling("DA_AllProperties.uexp"))).isEqualTo(edited);
        assertThat(Files.getLastModifiedTime(da.resolveSibling("DA_AllProperties.uexp")).toMillis()).isEqualTo(modified);
        JsonNode read = ok(req("get_export_properties", "file_path", da.toString(), "export_index", 0)).get("data");
        assertThat(read.get(0).get("value").intValue()).isEqualTo(2);
    }

    @Test
    void niagaraEditTakesUAssetToolsCamelCaseTargetAndRefusesAnUnknownField() throws Exception {
        Path system = NiagaraTestSystem.write(work.resolve("niagara"));
        JsonNode before = ok(req("niagara_details", "file_path", system.toString())).get("data");
        Path out = work.resolve("niagara-out/NS_Fixture.uasset");
        ok(req("niagara_edit", "file_path", system.toString(), "output_path", out.toString(), "r", 0, "g", 0, "b", 1,
                "exportIndex", NiagaraTestSystem.COLOR_GLOW, "colorIndexStart", 0, "colorIndexEnd", 0));
        JsonNode after = ok(req("niagara_details", "file_path", out.toString())).get("data");
        // the glow curve's first entry changed; the alpha curve (another colour interface) did not
        JsonNode glowBefore = curve(before, NiagaraTestSystem.COLOR_GLOW);
        JsonNode glowAfter = curve(after, NiagaraTestSystem.COLOR_GLOW);
        assertThat(glowAfter.get("shaderLut").get("samples").get(0).toString()).isNotEqualTo(glowBefore.get("shaderLut").get("samples").get(0).toString());
        assertThat(glowAfter.get("shaderLut").get("samples").get(1)).isEqualTo(glowBefore.get("shaderLut").get("samples").get(1));
        assertThat(curve(after, NiagaraTestSystem.COLOR_ALPHA)).isEqualTo(curve(before, NiagaraTestSystem.COLOR_ALPHA));
        // a misspelt field in a request that writes is refused, naming it and the nearest known field; nothing is written
        Path out2 = work.resolve("niagara-out2/NS_Fixture.uasset");
        JsonNode bad = fails(req("niagara_edit", "file_path", system.toString(), "output_path", out2.toString(), "r", 0, "g", 0, "b", 1,
                "exportIndx", NiagaraTestSystem.COLOR_GLOW), "INVALID_ARGUMENT");
        assertThat(bad.get("message").asText()).contains("'exportIndx'", "'export_index'");
        assertThat(out2).doesNotExist();
    }

    static JsonNode curve(JsonNode details, int exportIndex) {
        for (JsonNode e : details.get("exports")) {
            if (e.get("exportIndex").intValue() == exportIndex) {
                return e;
            }
        }
        throw new AssertionError("no export " + exportIndex + " in " + details);
    }

    @Test
    void createModIoStoreTakesAUassetAloneWithItsUexpBeside() throws Exception {
        Path sm = copy(game().resolve("Meshes/SM_Fixture.uasset"));
        JsonNode d = ok(req("create_mod_iostore", "output_path", work.resolve("alone/Alone_P").toString(), "file_paths",
                List.of(sm.toString()), "compress", false)).get("data");
        assertThat(d.get("converted_count").intValue()).isEqualTo(1);
        assertThat(work.resolve("alone/Alone_P.utoc")).isRegularFile();
    }

    @Test
    void aByteOrderMarkBeforeTheFirstLineIsNoParseError() throws Exception {
        try (var c = new UAssetToolClientSessionTest.Client(Map.of("USMAP_PATH", usmap().toString()), work.resolve("bom.stderr"))) {
            c.in.write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF});
            c.send("{\"action\":\"cityhash\",\"file_path\":\"/Game/A\"}");
            JsonNode r = c.next();
            assertThat(r.get("success").booleanValue()).as(r.toString()).isTrue();
            assertThat(r.get("data").get("input").asText()).isEqualTo("/Game/A");
        }
    }

    @Test
    void convertFromZenGivesBackTheLegacyPackageConvertToZenStartedFrom() throws Exception {
        Path sm = copy(game().resolve("Meshes/SM_Fixture.uasset"));
        ok(req("convert_to_zen", "file_path", sm.toString()));
        Path back = work.resolve("fromzen/SM_Fixture.uasset");
        JsonNode d = ok(req("convert_from_zen", "file_path", sm.resolveSibling("SM_Fixture.uzenasset").toString(), "output_path",
                back.toString(), "game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned").toString())).get("data");
        assertThat(d.get("package_name").asText()).isEqualTo("/Game/Fixtures/Meshes/SM_Fixture");
        assertThat(Files.readAllBytes(back)).isEqualTo(Files.readAllBytes(sm));
        assertThat(Files.readAllBytes(back.resolveSibling("SM_Fixture.uexp"))).isEqualTo(Files.readAllBytes(sm.resolveSibling("SM_Fixture.uexp")));
    }

    /**
     * UAssetTool's {@code create_iostore_bundle ... --encrypt --aes-key K}: the container is encrypted
     * as UE and CUE4Parse read it (FIoStoreTocHeader.ContainerFlags has Encrypted, 0x02, at byte 80;
     * EncryptionKeyGuid at bytes 64..79 is the zero GUID, UE's main key, as UAssetTool writes it; TOC
     * version 8, so every block is AES-256-ECB over its size aligned to 16 bytes). Checked from the
     * bytes: the .ucas decrypted with the key, 16 bytes at a time, holds every chunk uassetd's reader
     * extracts, and the raw .ucas does not; uassetd's reader gives back what the unencrypted bundle
     * of the same inputs holds; the wrong key is refused; {@code --encrypt} without a key is refused.
     */
    @Test
    void createIoStoreBundleEncryptsTheContainerAsUAssetToolsEncryptFlagDoes() throws Exception {
        Path out = work.resolve("encrypt");
        Daemon.Result plain = Daemon.run("create_iostore_bundle", out.resolve("plain/B_P").toString(), vars.get("$MODDIR"), "--no-compress",
                "--no-material-tags");
        assertThat(plain.status()).as(plain.stderr()).isZero();
        Daemon.Result enc = Daemon.run("create_iostore_bundle", out.resolve("enc/B_P").toString(), vars.get("$MODDIR"), "--no-compress",
                "--no-material-tags", "--encrypt", "--aes-key", KEY);
        assertThat(enc.status()).as(enc.stderr()).isZero();
        byte[] toc = Files.readAllBytes(out.resolve("enc/B_P.utoc"));
        assertThat(new String(toc, 0, 16, StandardCharsets.US_ASCII)).isEqualTo("-==--==--==--==-");
        assertThat(toc[16]).as("TOC version").isEqualTo((byte) 8);
        assertThat(toc[80] & 0x02).as("ContainerFlags.Encrypted").isEqualTo(0x02);
        assertThat(java.util.Arrays.copyOfRange(toc, 64, 80)).as("EncryptionKeyGuid: the zero GUID").isEqualTo(new byte[16]);
        assertThat(Files.readAllBytes(out.resolve("plain/B_P.utoc"))[80] & 0x02).isZero();
        byte[] ucas = Files.readAllBytes(out.resolve("enc/B_P.ucas"));
        assertThat(ucas.length % 16).as("blocks aligned to the AES block").isZero();
        javax.crypto.Cipher aes = javax.crypto.Cipher.getInstance("AES/ECB/NoPadding");
        aes.init(javax.crypto.Cipher.DECRYPT_MODE, new javax.crypto.spec.SecretKeySpec(java.util.HexFormat.of().parseHex(
                KEY.startsWith("0x") ? KEY.substring(2) : KEY), "AES"));
        byte[] decrypted = aes.doFinal(ucas);
        // uassetd's reader: the encrypted bundle reads back (with the key) to what the plain one of the same name holds
        Daemon.Result x1 = Daemon.run("extract_iostore", out.resolve("plain/B_P.utoc").toString(), out.resolve("x-plain").toString());
        Daemon.Result x2 = Daemon.run("extract_iostore", out.resolve("enc/B_P.utoc").toString(), out.resolve("x-enc").toString(), "--aes", KEY);
        assertThat(x1.status()).as(x1.stderr()).isZero();
        assertThat(x2.status()).as(x2.stderr()).isZero();
        List<Path> chunks;
        try (Stream<Path> s = Files.walk(out.resolve("x-plain"))) {
            chunks = s.filter(Files::isRegularFile).sorted().toList();
        }
        assertThat(chunks).hasSizeGreaterThanOrEqualTo(2);
        for (Path c : chunks) {
            byte[] want = Files.readAllBytes(c);
            assertThat(Files.readAllBytes(out.resolve("x-enc").resolve(out.resolve("x-plain").relativize(c).toString())))
                    .as("read back: " + c).isEqualTo(want);
            byte[] head = java.util.Arrays.copyOf(want, Math.min(want.length, 4096));
            assertThat(ByteSearch.indexOf(decrypted, head)).as("AES-ECB plaintext holds " + c).isNotNegative();
            assertThat(ByteSearch.indexOf(decrypted, head) % 16).as("a block starts on the AES block").isZero();
            assertThat(ByteSearch.indexOf(ucas, head)).as("the raw .ucas does not hold " + c).isNegative();
        }
        Daemon.Result wrong = Daemon.run("extract_iostore", out.resolve("enc/B_P.utoc").toString(), out.resolve("x-wrong").toString(), "--aes",
                "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff");
        assertThat(wrong.status()).as(wrong.stdout()).isNotZero();
        Daemon.Result noKey = Daemon.run("create_iostore_bundle", out.resolve("NoKey_P").toString(), vars.get("$MODDIR"), "--encrypt");
        assertThat(noKey.status()).isEqualTo(3);
        assertThat(noKey.stderr()).contains("--aes-key");
        assertThat(out.resolve("NoKey_P.utoc")).doesNotExist();
    }
}
