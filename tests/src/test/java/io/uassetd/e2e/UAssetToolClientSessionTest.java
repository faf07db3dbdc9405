package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.NiagaraTestSystem;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session as UAssetTool's GUI clients play it: one daemon process started with {@code USMAP_PATH}
 * in its environment (and umask 022), requests without ids sent one at a time, every stdout line
 * that does not start with {@code {} skipped, each reply read as the next line. Checks the exact
 * reply shapes those clients read (UAssetTool's keys and defaults), and, in the same process, that a
 * request reusing an id in flight is rejected with a line no client can take for the other's reply.
 */
@Timeout(300)
class UAssetToolClientSessionTest {
    static final String KEY = ZenActionsTest.KEY;
    static final String WRONG_KEY = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

    @TempDir
    static Path dir;
    static Path tagged;
    static Path unversioned;
    static Client session;

    /** A UAssetTool-style client over a spawned daemon: no ids, one request at a time, non-JSON lines skipped. */
    static final class Client implements AutoCloseable {
        final Process process;
        final OutputStream in;
        final BufferedReader out;
        final Path stderr;

        Client(Map<String, String> env, Path stderr) throws IOException {
            List<String> cmd = new ArrayList<>(List.of("sh", "-c", "umask 022; exec \"$@\"", "sh"));
            cmd.addAll(Daemon.command());
            ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(stderr.toFile());
            pb.environment().remove("USMAP_PATH");
            pb.environment().putAll(env);
            this.process = pb.start();
            this.in = process.getOutputStream();
            this.out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
            this.stderr = stderr;
        }

        void send(String line) throws IOException {
            in.write(line.getBytes(StandardCharsets.UTF_8));
            in.write('\n');
            in.flush();
        }

        /** The next line that starts with '{' (what UAssetTool's client reads as the reply). */
        JsonNode next() throws IOException {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("{")) {
                    return Json.mapper().readTree(line);
                }
            }
            throw new AssertionError("daemon closed its output; stderr: " + Files.readString(stderr));
        }

        JsonNode request(Map<String, ?> fields) throws IOException {
            send(Json.mapper().writeValueAsString(fields));
            return next();
        }

        /** Closes the daemon's input (end of session) and waits for it to exit. */
        @Override
        public void close() throws IOException {
            in.close();
            try {
                process.waitFor();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                process.destroy();
            }
        }
    }

    static ObjectNode req(String action, Object... kv) {
        ObjectNode n = Json.mapper().createObjectNode().put("action", action);
        for (int i = 0; i < kv.length; i += 2) {
            n.set((String) kv[i], Json.mapper().valueToTree(kv[i + 1]));
        }
        return n;
    }

    static JsonNode call(ObjectNode request) throws IOException {
        session.send(request.toString());
        return session.next();
    }

    static JsonNode ok(ObjectNode request) throws IOException {
        JsonNode r = call(request);
        assertThat(r.get("success").booleanValue()).as(request.get("action") + ": " + r).isTrue();
        assertThat(r.has("id")).as("a reply to a request without id carries none").isFalse();
        return r;
    }

    static List<String> keys(JsonNode n) {
        List<String> k = new ArrayList<>();
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            k.add(it.next());
        }
        return k;
    }

    @BeforeAll
    static void start() throws Exception {
        tagged = NiagaraTestSystem.write(dir.resolve("tagged"));
        unversioned = NiagaraTestSystem.writeUnversioned(dir.resolve("unversioned"));
        session = new Client(Map.of("USMAP_PATH", ZenLegacyFixtures.usmap().toString()), dir.resolve("session.stderr"));
    }

    @AfterAll
    static void stop() throws Exception {
        if (session != null) {
            session.close();
        }
    }

    @Test
    void niagaraDetailsHaveUAssetToolsShapeAndUsmapPathComesFromTheEnvironment() throws Exception {
        // unversioned: the mappings come from USMAP_PATH, and the reply says so
        JsonNode r = ok(req("niagara_details", "file_path", unversioned.toString()));
        assertThat(keys(r)).containsExactly("success", "message", "data", "warnings");
        assertThat(r.get("warnings").toString()).contains("mappings read from USMAP_PATH (" + ZenLegacyFixtures.usmap() + ")");
        JsonNode d = r.get("data");
        assertThat(keys(d)).startsWith("fileName", "filePath", "totalExports").contains("colorExports", "exports");
        JsonNode glow = d.get("colorCurves").get(0);
        assertThat(keys(glow)).containsExactly("exportIndex", "classType", "name", "exportName", "emitter", "valueProperty",
                "entryCount", "lutSize", "minTime", "maxTime", "shaderLut", "sampleColors", "values", "previewPath",
                // UAssetTool's ColorExportInfo fields
                "channels", "colorCount", "outerIndex", "parentName", "parentChain", "emitterName", "emitterHasEnemyParams", "enemyParams");
        assertThat(glow.get("channels").intValue()).isEqualTo(4);
        assertThat(glow.get("colorCount").intValue()).isEqualTo(NiagaraTestSystem.GLOW_COLORS);
        assertThat(glow.get("parentChain").textValue()).endsWith("NiagaraDataInterfaceColorCurve:NiagaraDataInterfaceColorCurve_Glow");
        assertThat(glow.get("emitterHasEnemyParams").isBoolean()).isTrue();
        assertThat(glow.get("name").textValue()).isEqualTo("NiagaraDataInterfaceColorCurve_Glow");
        assertThat(glow.get("exportIndex").intValue()).isEqualTo(NiagaraTestSystem.COLOR_GLOW);
        assertThat(glow.get("classType").textValue()).isEqualTo("NiagaraDataInterfaceColorCurve");
        JsonNode lut = glow.get("shaderLut");
        assertThat(keys(lut)).containsExactly("floatCount", "sampleCount", "minTime", "maxTime", "samples");
        assertThat(lut.get("floatCount").intValue()).isEqualTo(NiagaraTestSystem.GLOW_COLORS * 4);
        assertThat(lut.get("sampleCount").intValue()).isEqualTo(NiagaraTestSystem.GLOW_COLORS);
        assertThat(lut.get("minTime").doubleValue()).isEqualTo(0.0);
        assertThat(lut.get("maxTime").doubleValue()).isEqualTo(2.0);
        assertThat(lut.get("samples").size()).isEqualTo(NiagaraTestSystem.GLOW_COLORS);
        float[] g = NiagaraTestSystem.glow();
        for (int i = 0; i < NiagaraTestSystem.GLOW_COLORS; i++) {
            JsonNode s = lut.get("samples").get(i);
            for (int c = 0; c < 4; c++) {
                assertThat(s.get(c).floatValue()).as("sample %d channel %d", i, c).isEqualTo(g[i * 4 + c]);
            }
        }
        // arrays carry colorData (every element), curves do not; curves carry shaderLut, arrays do not
        JsonNode array = d.get("arrayColors").get(0);
        assertThat(array.has("shaderLut")).isFalse();
        assertThat(glow.has("colorData")).isFalse();
        assertThat(array.get("name").textValue()).isEqualTo("NiagaraDataInterfaceArrayColor_0");
        assertThat(array.get("colorData").toString()).isEqualTo("[[1.0,0.0,0.0,1.0],[0.0,1.0,0.0,0.5],[0.0,0.0,4.0,1.0]]");
        JsonNode vector = d.get("vector3Curves").get(0).get("shaderLut");
        assertThat(vector.get("floatCount").intValue()).isEqualTo(15);
        assertThat(vector.get("samples").get(1).toString()).isEqualTo("[1.5,2.0,2.5]");
        // every interface is in exports, with the same entry
        assertThat(d.get("exports").size()).isEqualTo(9);
        assertThat(d.get("exports").get(0).get("shaderLut")).isEqualTo(lut);
    }

    @Test
    void niagaraAuditCountsWhatAColourEditMeets() throws Exception {
        JsonNode d = ok(req("niagara_audit", "file_path", tagged.toString())).get("data");
        assertThat(keys(d)).containsExactly("file_path", "total_exports", "data_interface_count", "color_editable_count",
                "hdr_count", "non_finite_count", "interfaces", "other_interfaces", "engine_version", "engine_source", "engine_candidates");
        assertThat(d.get("data_interface_count").intValue()).isEqualTo(9);
        // two colour curves, the vector curve, the colour array, the Float3 array
        assertThat(d.get("color_editable_count").intValue()).isEqualTo(5);
        // the vector curve ramps to 7.0, the colour array has a blue of 4
        assertThat(d.get("hdr_count").intValue()).isEqualTo(2);
        assertThat(d.get("non_finite_count").intValue()).isZero();
        JsonNode glow = d.get("interfaces").get(0);
        assertThat(glow.get("export_name").textValue()).isEqualTo("NiagaraDataInterfaceColorCurve_Glow");
        assertThat(glow.get("min").toString()).isEqualTo("[1.0,0.0,0.0,0.3]");
        assertThat(glow.get("max").toString()).isEqualTo("[1.0,1.0,0.0,1.0]");
        assertThat(glow.get("hdr").booleanValue()).isFalse();
        assertThat(d.get("other_interfaces").get(0).get("className").textValue()).isEqualTo("NiagaraDataInterfaceTexture");
    }

    @Test
    void exportIndexLeftOutIsRefusedAsUAssetToolRefusesItsDefaultOfMinusOne() throws Exception {
        for (String action : List.of("get_export_properties", "get_export_raw_data", "set_property_value", "remove_property")) {
            ObjectNode q = req(action, "file_path", tagged.toString());
            if (!action.startsWith("get")) {
                q.put("property_path", "ShaderLUT").put("property_value", 1);
            }
            JsonNode r = call(q);
            assertThat(r.get("success").booleanValue()).as(action).isFalse();
            assertThat(r.get("message").textValue()).as(action).startsWith("Export index is required");
            assertThat(r.get("error").get("code").textValue()).isEqualTo("INVALID_ARGUMENT");
            assertThat(r.get("data").isNull()).isTrue();
        }
    }

    @Test
    void createPakCompressesByDefaultAndListPakNamesOnlyUsedMethods() throws Exception {
        Path pak = dir.resolve("paks/default.pak");
        JsonNode c = ok(req("create_pak", "output_path", pak.toString(), "input_dir", Fixtures.path("repak/pack/root").toString()))
                .get("data");
        List<String> methods = new ArrayList<>();
        c.get("entry_details").forEach(e -> methods.add(e.get("compression").textValue()));
        assertThat(methods).contains("Zlib").doesNotContain("Oodle", "Zstd");
        JsonNode l = ok(req("list_pak", "file_path", pak.toString())).get("data");
        assertThat(l.get("compression_methods").toString()).isEqualTo("[\"Zlib\"]");
        // the repak fixture pak with compressed entries lists its one method, without the footer's empty slots
        JsonNode fixture = ok(req("list_pak", "file_path", Fixtures.path("repak/packs/pack_v11_compress.pak").toString())).get("data");
        assertThat(fixture.get("compression_methods").toString()).isEqualTo("[\"Zlib\"]");
        assertThat(mode(pak)).isEqualTo("rw-r--r--");
    }

    @Test
    void extractIoStoreLegacyListsTheWrittenFiles() throws Exception {
        Path out = dir.resolve("legacy");
        JsonNode d = ok(req("extract_iostore_legacy", "game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/Tagged").toString(),
                "output_path", out.toString(), "aes_key", KEY,
                "filter_patterns", List.of("**/NS_Fixture", "**/SM_Fixture"))).get("data");
        assertThat(keys(d)).containsExactly("output_dir", "extracted_count", "failed_count", "bytes", "files", "failures",
                "total", "succeeded", "failed", "skipped", "items", "engine_version", "engine_source");
        assertThat(d.get("extracted_count").intValue()).isEqualTo(2);
        List<String> files = new ArrayList<>();
        d.get("files").forEach(f -> files.add(f.textValue()));
        List<String> onDisk;
        try (Stream<Path> s = Files.walk(out)) {
            onDisk = s.filter(Files::isRegularFile).map(p -> out.relativize(p).toString().replace('\\', '/')).sorted().toList();
        }
        assertThat(files).containsExactlyInAnyOrderElementsOf(onDisk)
                .contains("Game/Fixtures/Effects/NS_Fixture.uasset", "Game/Fixtures/Effects/NS_Fixture.uexp");
        long bytes = 0;
        for (String f : files) {
            bytes += Files.size(out.resolve(f));
            assertThat(mode(out.resolve(f))).as(f).isEqualTo("rw-r--r--");
        }
        assertThat(d.get("bytes").longValue()).isEqualTo(bytes);
    }

    @Test
    void extractIoStoreTakesAPlainPackagePath() throws Exception {
        Path utoc = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Zlib/CUE4ParseFixtures-Minimal-Zlib-Windows.utoc");
        JsonNode d = ok(req("extract_iostore", "file_path", utoc.toString(), "output_path", dir.resolve("one").toString(),
                "package", "/Game/Fixtures/Effects/NS_Fixture")).get("data");
        assertThat(d.get("extracted_count").intValue()).isEqualTo(1);
        assertThat(d.get("files").get(0).textValue()).endsWith("/Content/Fixtures/Effects/NS_Fixture.uasset");
        JsonNode none = ok(req("extract_iostore", "file_path", utoc.toString(), "output_path", dir.resolve("none").toString(),
                "package", "/Game/Fixtures/Effects/NS_Nothing")).get("data");
        assertThat(none.get("extracted_count").intValue()).isZero();
    }

    @Test
    void inPlaceEditsKeepTheModeAndTheirBackupsNeverGoIntoAMod() throws Exception {
        Path mod = dir.resolve("mod/Game/Fixtures/Effects");
        Files.createDirectories(mod);
        Path system = mod.resolve("NS_Fixture.uasset");
        Files.copy(tagged, system);
        Files.copy(tagged.resolveSibling("NS_Fixture.uexp"), mod.resolve("NS_Fixture.uexp"));
        Files.setPosixFilePermissions(system, PosixFilePermissions.fromString("rw-r-----"));
        Files.setPosixFilePermissions(mod.resolve("NS_Fixture.uexp"), PosixFilePermissions.fromString("rw-rw-r--"));
        JsonNode e = ok(req("niagara_edit", "file_path", system.toString(), "r", 0, "g", 0, "b", 1,
                "export_index", NiagaraTestSystem.COLOR_GLOW));
        assertThat(e.get("data").get("backup_path").textValue()).isEqualTo(system + ".bak");
        assertThat(mode(system)).isEqualTo("rw-r-----");
        assertThat(mode(mod.resolve("NS_Fixture.uexp"))).isEqualTo("rw-rw-r--");
        assertThat(mod.resolve("NS_Fixture.uexp.bak")).isRegularFile();
        Path readme = dir.resolve("mod/readme.txt");
        Files.writeString(readme, "not a package");
        JsonNode b = ok(req("create_mod_iostore", "output_path", dir.resolve("bundle/Mod_P").toString(),
                "input_dir", dir.resolve("mod").toString(), "hybrid", true, "compress", false));
        assertThat(b.get("warnings").toString())
                .contains("Left out 2 backup files (*.bak): Game/Fixtures/Effects/NS_Fixture.uasset.bak, Game/Fixtures/Effects/NS_Fixture.uexp.bak");
        List<String> packed = new ArrayList<>();
        b.get("data").get("file_paths").forEach(f -> packed.add(f.textValue()));
        assertThat(packed).anyMatch(p -> p.endsWith("readme.txt")).noneMatch(p -> p.endsWith(".bak"));
        assertThat(b.get("data").get("converted_count").intValue()).isEqualTo(1);
        for (String f : List.of("Mod_P.utoc", "Mod_P.ucas", "Mod_P.pak")) {
            assertThat(mode(dir.resolve("bundle").resolve(f))).as(f).isEqualTo("rw-r--r--");
        }
    }

    @Test
    void theMeshMaterialFixTakesTheMappingsFromUsmapPathOnlyWhenAMeshNeedsThem() throws Exception {
        // the unversioned SK_Fixture needs mappings to read its properties: with none, the Rivals fix says so; with the
        // session's USMAP_PATH it reads them (and then finds the layout cannot be told, as with usmap_path)
        Path in = dir.resolve("meshfix/in");
        ok(req("extract_iostore_legacy", "game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned").toString(),
                "aes_key", KEY, "output_path", in.toString(), "filter_patterns", List.of("/SK_Fixture")));
        JsonNode r = ok(req("create_mod_iostore", "output_path", dir.resolve("meshfix/out/Unv_P").toString(), "input_dir",
                in.toString(), "game", "marvel_rivals", "compress", false));
        List<String> warnings = new ArrayList<>();
        r.get("warnings").forEach(w -> warnings.add(w.textValue()));
        assertThat(warnings).anyMatch(w -> w.contains("SkeletalMesh 'SK_Fixture' keeps its material layout") && w.contains("cannot be told"))
                .noneMatch(w -> w.contains("need the game's mappings"))
                .containsOnlyOnce("usmap_path not given: mappings read from USMAP_PATH (" + ZenLegacyFixtures.usmap() + ")");
        // a bundle without skeletal meshes never reads them
        JsonNode plain = ok(req("create_mod_iostore", "output_path", dir.resolve("meshfix/plain/P_P").toString(), "file_paths",
                List.of(tagged.toString(), tagged.resolveSibling("NS_Fixture.uexp").toString()), "game", "marvel_rivals", "compress", false));
        assertThat(plain.toString()).doesNotContain("USMAP_PATH");
    }

    @Test
    void textureBatchesSayOnceThatTheyReadUsmapPathAndOnlyForUnversionedPackages() throws Exception {
        String said = "usmap_path not given: mappings read from USMAP_PATH (" + ZenLegacyFixtures.usmap() + ")";
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Path in = dir.resolve("textures-" + flavour);
            ok(req("extract_iostore_legacy", "game_paks", Fixtures.path("cue4parse/UE5_8/IoStore/" + flavour).toString(),
                    "aes_key", KEY, "output_path", in.toString(),
                    "filter_patterns", List.of("/Game/Fixtures/Textures/")));
            JsonNode r = ok(req("batch_extract_texture_png", "file_paths", List.of(in.toString()),
                    "output_path", dir.resolve("textures-" + flavour + "-png").toString()));
            assertThat(r.get("data").get("total").intValue()).as(flavour).isEqualTo(21);
            if (flavour.equals("Tagged")) {
                assertThat(r.toString()).as(flavour).doesNotContain("USMAP_PATH");
            } else {
                List<String> warnings = new ArrayList<>();
                r.get("warnings").forEach(w -> warnings.add(w.textValue()));
                assertThat(warnings).as(flavour).containsOnlyOnce(said);
            }
        }
    }

    @Test
    void jsonRoundTripsReadUsmapPathOnlyForUnversionedPackages() throws Exception {
        String said = "usmap_path not given: mappings read from USMAP_PATH (" + ZenLegacyFixtures.usmap() + ")";
        for (Path pkg : List.of(tagged, unversioned)) {
            boolean needs = pkg == unversioned;
            Path json = dir.resolve("json-" + (needs ? "unversioned" : "tagged") + "/NS_Fixture.json");
            JsonNode to = ok(req("to_json", "file_path", pkg.toString(), "output_path", json.toString()));
            JsonNode from = ok(req("from_json", "file_path", json.toString(), "output_path",
                    json.resolveSibling("NS_Fixture.uasset").toString()));
            for (JsonNode r : List.of(to, from)) {
                if (needs) {
                    assertThat(r.get("warnings").toString()).as(pkg.toString()).contains(said);
                } else {
                    assertThat(r.toString()).as(pkg.toString()).doesNotContain("USMAP_PATH");
                }
            }
            assertThat(Files.readAllBytes(json.resolveSibling("NS_Fixture.uasset"))).as(pkg.toString()).isEqualTo(Files.readAllBytes(pkg));
            assertThat(Files.readAllBytes(json.resolveSibling("NS_Fixture.uexp"))).as(pkg.toString())
                    .isEqualTo(Files.readAllBytes(pkg.resolveSibling("NS_Fixture.uexp")));
        }
    }

    @Test
    void aRequestReusingAnIdInFlightIsRejectedWithoutThatId() throws Exception {
        // this client otherwise sends no ids; the daemon's id extension in the same process
        session.send("{\"action\":\"sleep\",\"id\":\"dup\",\"duration_ms\":1500,\"steps\":1}");
        session.send("{\"action\":\"ping\",\"id\":\"dup\"}");
        JsonNode rejection = session.next();
        assertThat(rejection.toString()).isEqualTo("{\"event\":\"rejected\",\"duplicate_id\":\"dup\",\"success\":false,"
                + "\"message\":\"A request with id \\\"dup\\\" is already in flight; this request was not run\",\"data\":null,"
                + "\"error\":{\"code\":\"DUPLICATE_ID\"}}");
        JsonNode sleep = session.next();
        assertThat(sleep.get("id").textValue()).isEqualTo("dup");
        assertThat(sleep.get("success").booleanValue()).isTrue();
        assertThat(sleep.get("data").get("duration_ms").intValue()).isEqualTo(1500);
        // once the first is done, the id is free again
        JsonNode again = call(req("ping", "id", "dup"));
        assertThat(again.get("id").textValue()).isEqualTo("dup");
        assertThat(again.get("success").booleanValue()).isTrue();
    }

    @Test
    void aStaleUsmapPathOnlyMattersWhereMappingsAreNeeded() throws Exception {
        Path stale = dir.resolve("gone/Mappings.usmap");
        try (Client c = new Client(Map.of("USMAP_PATH", stale.toString()), dir.resolve("stale.stderr"))) {
            JsonNode t = c.request(Map.of("action", "get_exports", "file_path", tagged.toString()));
            assertThat(t.get("success").booleanValue()).as(t.toString()).isTrue();
            assertThat(t.has("warnings")).as("a tagged package consults no mappings").isFalse();
            assertThat(t.get("data").size()).isEqualTo(14);
            assertThat(t.get("data").get(NiagaraTestSystem.COLOR_GLOW).get("property_count").intValue()).isEqualTo(3);
            JsonNode u = c.request(Map.of("action", "get_exports", "file_path", unversioned.toString()));
            assertThat(u.get("success").booleanValue()).isFalse();
            assertThat(u.get("error").get("code").textValue()).isEqualTo("NOT_FOUND");
            assertThat(u.get("message").textValue()).isEqualTo("Mappings file not found: " + stale
                    + " (from the USMAP_PATH environment variable; the package has unversioned properties and no usmap_path was given)");
            // a given usmap_path wins over the variable, and nothing is said about it
            JsonNode given = c.request(Map.of("action", "get_exports", "file_path", unversioned.toString(),
                    "usmap_path", ZenLegacyFixtures.usmap().toString()));
            assertThat(given.get("success").booleanValue()).as(given.toString()).isTrue();
            assertThat(given.has("warnings")).isFalse();
        }
    }

    static String mode(Path p) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
    }
}
