package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The localization actions through the packaged daemon, on the en/de CUE4ParseFixtures.locres that
 * extract_pak_file takes out of the UE5.8 minimal paks (Oodle and Uncompressed).
 */
class LocResActionsTest extends SharedDaemon {
    static final String NS = "CUE4ParseFixtures.Tests";
    static final String INNER = "Content/Localization/CUE4ParseFixtures/%s/CUE4ParseFixtures.locres";

    @TempDir
    static Path dir;
    @TempDir
    Path tmp;

    /** {variant}/{culture}.locres for both paks and both cultures. */
    @BeforeAll
    static void extract() throws Exception {
        for (String variant : List.of("Oodle", "Uncompressed")) {
            Path pak = Fixtures.path("cue4parse/UE5_8/Pak/" + variant + "/CUE4ParseFixtures-Minimal-" + variant + ".pak");
            for (String culture : List.of("en", "de")) {
                Path out = dir.resolve(variant).resolve(culture + ".locres");
                Files.createDirectories(out.getParent());
                Reply r = call("extract_pak_file", Map.of("file_path", pak.toString(), "internal_path", String.format(INNER, culture),
                        "output_path", out.toString()));
                assertThat(r.success()).as(r.message()).isTrue();
            }
        }
    }

    static Path file(String variant, String culture) {
        return dir.resolve(variant).resolve(culture + ".locres");
    }

    static Reply ok(String action, Map<String, ?> fields) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + ": " + r.message()).isTrue();
        return r;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Oodle", "Uncompressed"})
    void parseLocresGivesUAssetToolsShapeForBothCultures(String variant) throws Exception {
        JsonNode en = ok("parse_locres", Map.of("file_path", file(variant, "en").toString())).dataTree();
        JsonNode de = ok("parse_locres", Map.of("file_path", file(variant, "de").toString())).dataTree();
        assertThat(en.get(NS).get("CityGreeting").textValue()).isEqualTo("Greetings from Frankfurt");
        assertThat(de.get(NS).get("CityGreeting").textValue()).isEqualTo("Grüße aus Frankfurt");
        assertThat(en.get(NS).get("Unicode").textValue()).isEqualTo("Unicode source text – 日本語 – Ω – 🚀");
        assertThat(de.get(NS).get("Unicode").textValue()).isEqualTo("Unicode-Übersetzung – 日本語 – Ω – 🚀");
        List<String> keys = new ArrayList<>();
        de.get(NS).fieldNames().forEachRemaining(keys::add);
        assertThat(keys).containsExactly("CityGreeting", "Unicode", "SharedFirst", "SharedSecond", "CompressionPayload");
        assertThat(en.size()).isEqualTo(1);
        assertThat(Files.readAllBytes(file(variant, "en"))).isEqualTo(Files.readAllBytes(file("Uncompressed", "en")));
    }

    @Test
    void severalFilesMergeInOrderAndDetailedNamesEachFile() throws Exception {
        Reply merged = ok("parse_locres", Map.of("file_paths", List.of(file("Oodle", "en").toString(), file("Oodle", "de").toString())));
        assertThat(merged.message()).isEqualTo("Parsed 10 entries from 2 files");
        assertThat(merged.dataTree().get(NS).get("CityGreeting").textValue()).isEqualTo("Grüße aus Frankfurt");
        JsonNode d = ok("parse_locres", Map.of("file_paths", List.of(file("Oodle", "en").toString(), file("Oodle", "de").toString()),
                "detailed", true)).dataTree();
        assertThat(d.get("files")).hasSize(2);
        for (JsonNode f : d.get("files")) {
            assertThat(f.get("version").textValue()).isEqualTo("Optimized_CityHash64_UTF16");
            assertThat(f.get("version_number").intValue()).isEqualTo(3);
            assertThat(f.get("namespace_count").intValue()).isEqualTo(1);
            assertThat(f.get("entry_count").intValue()).isEqualTo(5);
        }
        assertThat(d.get("files").get(0).get("namespaces").get(NS).get("CityGreeting").textValue()).isEqualTo("Greetings from Frankfurt");
    }

    @ParameterizedTest
    @ValueSource(strings = {"en", "de"})
    void locresToJsonToLocresIsByteIdentical(String culture) throws Exception {
        Path json = tmp.resolve(culture + ".locres.json");
        JsonNode j = ok("locres_to_json", Map.of("file_path", file("Oodle", culture).toString(), "output_path", json.toString())).dataTree();
        assertThat(j.get("entry_count").intValue()).isEqualTo(5);
        assertThat(j.get("size").longValue()).isEqualTo(Files.size(json));
        assertThat(Files.readString(json)).contains("\"format\" : \"uassetd-locres\"").contains("\"key\" : \"CityGreeting\"");
        JsonNode back = ok("json_to_locres", Map.of("file_path", json.toString())).dataTree();
        Path written = tmp.resolve(culture + ".locres");
        assertThat(back.get("output_path").textValue()).isEqualTo(written.toString());
        assertThat(Files.readAllBytes(written)).isEqualTo(Files.readAllBytes(file("Oodle", culture)));
        // the default output of locres_to_json is the input with .json appended
        Path copy = tmp.resolve("copy-" + culture + ".locres");
        Files.copy(file("Oodle", culture), copy);
        ok("locres_to_json", Map.of("file_path", copy.toString()));
        assertThat(Files.readString(tmp.resolve("copy-" + culture + ".locres.json"))).isEqualTo(Files.readString(json));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Legacy", "Compact", "Optimized_CRC32", "Optimized_CityHash64_UTF16"})
    void olderVersionsWrittenFromJsonReadBackTheSame(String version) throws Exception {
        Path json = tmp.resolve("de.json");
        ok("locres_to_json", Map.of("file_path", file("Uncompressed", "de").toString(), "output_path", json.toString()));
        Path out = tmp.resolve("de-" + version + ".locres");
        JsonNode w = ok("json_to_locres", Map.of("file_path", json.toString(), "output_path", out.toString(), "version", version)).dataTree();
        assertThat(w.get("version").textValue()).isEqualTo(version);
        JsonNode parsed = ok("parse_locres", Map.of("file_path", out.toString(), "detailed", true)).dataTree().get("files").get(0);
        assertThat(parsed.get("version").textValue()).isEqualTo(version);
        JsonNode orig = ok("parse_locres", Map.of("file_path", file("Uncompressed", "de").toString())).dataTree();
        assertThat(parsed.get("namespaces")).isEqualTo(orig);
        byte[] bytes = Files.readAllBytes(out);
        boolean magic = bytes[0] == 0x0E && bytes[1] == 0x14 && bytes[2] == 0x74 && bytes[3] == 0x75;
        assertThat(magic).isEqualTo(!version.equals("Legacy"));
        // the written version converts to JSON and back unchanged
        Path json2 = tmp.resolve("de-" + version + ".json");
        ok("locres_to_json", Map.of("file_path", out.toString(), "output_path", json2.toString()));
        Path again = tmp.resolve("again-" + version + ".locres");
        ok("json_to_locres", Map.of("file_path", json2.toString(), "output_path", again.toString()));
        assertThat(Files.readAllBytes(again)).isEqualTo(bytes);
    }

    @Test
    void editsShowInParseLocresAndInPlaceEditsKeepABackup() throws Exception {
        Path src = tmp.resolve("de.locres");
        Files.copy(file("Oodle", "de"), src);
        byte[] original = Files.readAllBytes(src);
        Path out = tmp.resolve("edited.locres");
        JsonNode e = ok("edit_locres", Map.of("file_path", src.toString(), "namespace", NS, "key", "CityGreeting",
                "string", "Hallo aus Frankfurt", "output_path", out.toString())).dataTree();
        assertThat(e.get("edits").get(0).get("old_string").textValue()).isEqualTo("Grüße aus Frankfurt");
        assertThat(e.get("edits").get(0).get("source_hash").textValue()).isEqualTo("0x60DB9A0B");
        assertThat(e.get("backup_path").isNull()).isTrue();
        assertThat(Files.readAllBytes(src)).isEqualTo(original);
        JsonNode parsed = ok("parse_locres", Map.of("file_path", out.toString())).dataTree();
        assertThat(parsed.get(NS).get("CityGreeting").textValue()).isEqualTo("Hallo aus Frankfurt");
        assertThat(parsed.get(NS).get("SharedFirst").textValue()).isEqualTo("Gemeinsam verwendete Übersetzung");

        // in place: a list of edits (add, remove, set), the original kept as .bak
        Reply r = ok("edit_locres", Map.of("file_path", src.toString(), "edits", List.of(
                Map.of("op", "add", "namespace", "Mod", "key", "Greeting", "string", "Servus", "source_string", "Hello"),
                Map.of("op", "remove", "namespace", NS, "key", "SharedSecond"),
                Map.of("op", "set", "namespace", NS, "key", "Unicode", "string", "Ünïcödé"))));
        assertThat(r.warnings()).anyMatch(w -> w.contains("in place"));
        assertThat(Files.readAllBytes(tmp.resolve("de.locres.bak"))).isEqualTo(original);
        JsonNode d = r.dataTree();
        assertThat(d.get("entry_count").intValue()).isEqualTo(5);
        assertThat(d.get("namespace_count").intValue()).isEqualTo(2);
        JsonNode now = ok("parse_locres", Map.of("file_path", src.toString())).dataTree();
        assertThat(now.get("Mod").get("Greeting").textValue()).isEqualTo("Servus");
        assertThat(now.get(NS).has("SharedSecond")).isFalse();
        assertThat(now.get(NS).get("Unicode").textValue()).isEqualTo("Ünïcödé");
        assertThat(now.get(NS).get("CityGreeting").textValue()).isEqualTo("Grüße aus Frankfurt");
        // the added entry records the hash of its source text, as the engine would
        Path json = tmp.resolve("now.json");
        ok("locres_to_json", Map.of("file_path", src.toString(), "output_path", json.toString()));
        assertThat(Files.readString(json)).contains("\"key\" : \"Greeting\",\n      \"source_hash\" : \"0x");
    }

    @Test
    void aFailedEditWritesNothing() throws Exception {
        Path src = tmp.resolve("en.locres");
        Files.copy(file("Uncompressed", "en"), src);
        byte[] original = Files.readAllBytes(src);
        Reply missing = call("edit_locres", Map.of("file_path", src.toString(), "edits", List.of(
                Map.of("op", "set", "namespace", NS, "key", "CityGreeting", "string", "ok"),
                Map.of("op", "set", "namespace", NS, "key", "NoSuchKey", "string", "x"))));
        assertThat(missing.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(missing.message()).contains("NoSuchKey").contains("op add");
        Reply exists = call("edit_locres", Map.of("file_path", src.toString(), "op", "add", "namespace", NS, "key", "CityGreeting",
                "string", "x"));
        assertThat(exists.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        Reply badOp = call("edit_locres", Map.of("file_path", src.toString(), "op", "rename", "namespace", NS, "key", "CityGreeting"));
        assertThat(badOp.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(Files.readAllBytes(src)).isEqualTo(original);
        try (var files = Files.list(tmp)) {
            assertThat(files.map(p -> p.getFileName().toString())).containsExactly("en.locres");
        }
    }

    @Test
    void badInputIsAClearErrorNamingFileOffsetAndStructure() throws Exception {
        byte[] en = Files.readAllBytes(file("Uncompressed", "en"));
        Path cut = tmp.resolve("cut.locres");
        Files.write(cut, Arrays.copyOf(en, 0x60));
        Reply t = call("parse_locres", Map.of("file_path", cut.toString()));
        assertThat(t.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(t.error().file()).isEqualTo(cut.toString());
        assertThat(t.error().offset()).isEqualTo(17L);
        assertThat(t.error().structure()).isEqualTo("LocRes header");
        assertThat(t.message()).contains("String table offset");

        Path v = tmp.resolve("v9.locres");
        byte[] nine = en.clone();
        nine[16] = 9;
        Files.write(v, nine);
        Reply u = call("parse_locres", Map.of("file_path", v.toString()));
        assertThat(u.errorCode()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(u.error().offset()).isEqualTo(16L);

        Path count = tmp.resolve("count.locres");
        byte[] c = en.clone();
        c[29] = (byte) 0xFF;
        c[30] = (byte) 0xFF;
        Files.write(count, c);
        Reply bc = call("parse_locres", Map.of("file_path", count.toString()));
        assertThat(bc.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(bc.error().offset()).isEqualTo(29L);
        assertThat(bc.message()).contains("Implausible namespace count");

        Path text = tmp.resolve("text.locres");
        Files.writeString(text, "[Core.Log]\nLogTemp=Verbose\n");
        Reply legacy = call("parse_locres", Map.of("file_path", text.toString()));
        assertThat(legacy.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(legacy.error().structure()).startsWith("legacy LocRes (no magic)");

        assertThat(call("parse_locres", Map.of("file_path", tmp.resolve("absent.locres").toString())).errorCode())
                .isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(call("parse_locres", Map.of()).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        Path badJson = tmp.resolve("bad.json");
        Files.writeString(badJson, "{\"version\": 3, \"namespaces\": [");
        Reply pj = call("json_to_locres", Map.of("file_path", badJson.toString()));
        assertThat(pj.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR);
        Files.writeString(badJson, "{\"version\": 7, \"namespaces\": []}");
        Reply vj = call("json_to_locres", Map.of("file_path", badJson.toString()));
        assertThat(vj.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(vj.error().structure()).isEqualTo("$.version");
        assertThat(Files.exists(tmp.resolve("bad.locres"))).isFalse();
        Reply edit = call("edit_locres", Map.of("file_path", cut.toString(), "namespace", NS, "key", "CityGreeting", "string", "x"));
        assertThat(edit.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(Files.exists(tmp.resolve("cut.locres.bak"))).isFalse();
    }

    /** A .locmeta built byte by byte here (no fixture holds one). */
    static byte[] locmeta(int version) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        for (int w : new int[] {0xA14CEE4F, 0x83554868, 0xBD464C6C, 0x7C50DA70}) {
            b.writeBytes(new byte[] {(byte) w, (byte) (w >>> 8), (byte) (w >>> 16), (byte) (w >>> 24)});
        }
        b.write(version);
        for (String s : List.of("en", "Game/en/Game.locres")) {
            fstring(b, s);
        }
        if (version >= 1) {
            b.writeBytes(new byte[] {2, 0, 0, 0});
            fstring(b, "en");
            fstring(b, "de");
        }
        if (version >= 2) {
            b.writeBytes(new byte[] {1, 0, 0, 0});
        }
        return b.toByteArray();
    }

    static void fstring(ByteArrayOutputStream b, String s) {
        byte[] t = (s + "\0").getBytes(StandardCharsets.US_ASCII);
        b.writeBytes(new byte[] {(byte) t.length, 0, 0, 0});
        b.writeBytes(t);
    }

    @Test
    void parseLocmetaReadsEveryVersion() throws Exception {
        for (int v = 0; v <= 2; v++) {
            Path f = tmp.resolve("Game" + v + ".locmeta");
            Files.write(f, locmeta(v));
            JsonNode d = ok("parse_locmeta", Map.of("file_path", f.toString())).dataTree();
            assertThat(d.get("version").intValue()).isEqualTo(v);
            assertThat(d.get("version_name").textValue()).isEqualTo(List.of("Initial", "AddedCompiledCultures", "AddedIsUGC").get(v));
            assertThat(d.get("native_culture").textValue()).isEqualTo("en");
            assertThat(d.get("native_locres").textValue()).isEqualTo("Game/en/Game.locres");
            assertThat(d.get("compiled_cultures").isNull()).isEqualTo(v < 1);
            if (v >= 1) {
                assertThat(d.get("compiled_cultures").toString()).isEqualTo("[\"en\",\"de\"]");
            }
            assertThat(d.get("is_ugc").isNull()).isEqualTo(v < 2);
            if (v >= 2) {
                assertThat(d.get("is_ugc").booleanValue()).isTrue();
            }
        }
        Path meta = tmp.resolve("Game2.locmeta");
        Reply wrong = call("parse_locres", Map.of("file_path", meta.toString()));
        assertThat(wrong.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(wrong.message()).contains("parse_locmeta");
        Reply notMeta = call("parse_locmeta", Map.of("file_path", file("Oodle", "en").toString()));
        assertThat(notMeta.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(notMeta.message()).contains("LocMeta magic");
        Path cut = tmp.resolve("cut.locmeta");
        Files.write(cut, Arrays.copyOf(locmeta(1), 30));
        Reply t = call("parse_locmeta", Map.of("file_path", cut.toString()));
        assertThat(t.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(t.error().structure()).isEqualTo("LocMeta native LocRes path");
    }

    @Test
    void cliCommandsAndCapabilities() throws Exception {
        Daemon.Result p = Daemon.run("parse_locres", file("Oodle", "de").toString());
        assertThat(p.status()).as(p.stderr()).isZero();
        assertThat(p.stdout()).contains("CityGreeting: Grüße aus Frankfurt");
        Path src = tmp.resolve("de.locres");
        Files.copy(file("Oodle", "de"), src);
        Daemon.Result e = Daemon.run("edit_locres", src.toString(), "--namespace", NS, "--key", "CityGreeting", "--string", "Moin",
                "--output-path", tmp.resolve("cli.locres").toString(), "--json");
        assertThat(e.status()).as(e.stderr()).isZero();
        Daemon.Result j = Daemon.run("locres_to_json", tmp.resolve("cli.locres").toString(), tmp.resolve("cli.json").toString());
        assertThat(j.status()).as(j.stderr()).isZero();
        Daemon.Result b = Daemon.run("json_to_locres", tmp.resolve("cli.json").toString(), tmp.resolve("cli2.locres").toString());
        assertThat(b.status()).as(b.stderr()).isZero();
        assertThat(Files.readAllBytes(tmp.resolve("cli2.locres"))).isEqualTo(Files.readAllBytes(tmp.resolve("cli.locres")));
        Daemon.Result bad = Daemon.run("parse_locres", tmp.resolve("cli.json").toString());
        assertThat(bad.status()).as("exit 3: nothing done").isEqualTo(3);
        Files.write(tmp.resolve("m.locmeta"), locmeta(1));
        Daemon.Result m = Daemon.run("parse_locmeta", tmp.resolve("m.locmeta").toString());
        assertThat(m.status()).as(m.stderr()).isZero();
        assertThat(m.stdout()).contains("native_culture: en");
        JsonNode caps = ok("capabilities", Map.of()).dataTree().get("actions");
        List<String> names = new ArrayList<>();
        caps.forEach(a -> names.add(a.get("name").textValue()));
        assertThat(names).contains("parse_locres", "parse_locmeta", "locres_to_json", "json_to_locres", "edit_locres");
    }
}
