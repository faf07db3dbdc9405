package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code convert_to_zen} / {@code to_zen} through the packaged daemon on the retoc legacy/Zen pairs. */
class ZenWriteActionsTest extends SharedDaemon {
    record Pair(String base, String engine, String name) {
    }

    static final List<Pair> PAIRS = List.of(
            new Pair("retoc/UE5.4/BP_Table_Lamp", "UE5_4", "/Game/Billiards/Blueprints/BP_Table_Lamp"),
            new Pair("retoc/UE5.5/BP_ThirdPersonCharacter", "UE5_5", "/Game/ThirdPerson/Blueprints/BP_ThirdPersonCharacter"),
            new Pair("retoc/UE5.5/SM_Cube", "UE5_5", "/Game/Meshes/SM_Cube"),
            new Pair("retoc/UE5.5/T_Test", "UE5_5", "/Game/Textures/T_Test"));

    @Test
    void everyRetocPairConvertsToItsZenPackageByteForByte(@TempDir Path out) throws Exception {
        for (Pair p : PAIRS) {
            Path dest = out.resolve(Path.of(p.base()).getFileName() + ".uzenasset");
            Reply r = call("convert_to_zen", Map.of("file_path", Fixtures.path(p.base() + ".uasset").toString(),
                    "output_path", dest.toString()));
            assertThat(r.success()).as(p.base() + ": " + r.message()).isTrue();
            byte[] expected = Files.readAllBytes(Fixtures.path(p.base() + ".uzenasset"));
            assertThat(Files.readAllBytes(dest)).as(p.base()).isEqualTo(expected);
            JsonNode d = r.dataTree();
            assertThat(d.get("output_path").textValue()).isEqualTo(dest.toString());
            assertThat(d.get("size").longValue()).isEqualTo(expected.length);
            assertThat(d.get("package_name").textValue()).as(p.base()).isEqualTo(p.name());
            Reply hash = call("cityhash", Map.of("file_path", p.name()));
            assertThat(d.get("package_id").textValue()).isEqualTo(hash.dataTree().get("hash_hex").textValue());
            // no engine named: an unversioned UE5.4 or 5.5 cook does not say which of the two it is (both read it alike and
            // write its Zen package alike); the reply names the newest and lists exactly the releases that write these bytes
            assertThat(d.get("engine_version").textValue()).as(p.base()).isEqualTo("UE5_5");
            List<String> engines = new java.util.ArrayList<>();
            d.path("engine_candidates").forEach(e -> engines.add(e.textValue()));
            assertThat(engines).as(p.base()).containsExactly("UE5_5", "UE5_4").contains(p.engine());
            Reply inspect = call("inspect_zen", Map.of("file_path", dest.toString()));
            assertThat(d.get("export_count").intValue()).isEqualTo(inspect.dataTree().get("export_map_count").intValue());
            assertThat(d.get("import_count").intValue()).isEqualTo(inspect.dataTree().get("import_map_count").intValue());
            boolean bulk = Files.exists(Fixtures.root().resolve(p.base() + ".ubulk"));
            assertThat(d.get("bulk_chunks").size()).as(p.base()).isEqualTo(bulk ? 1 : 0);
            if (bulk) {
                assertThat(d.get("bulk_chunks").get(0).get("size").longValue())
                        .isEqualTo(Files.size(Fixtures.path(p.base() + ".ubulk")));
            }
        }
    }

    @Test
    void defaultOutputIsBesideTheInputAndUe427StoreEntryHolds(@TempDir Path dir) throws Exception {
        for (String ext : List.of(".uasset", ".uexp")) {
            Files.copy(Fixtures.path("retoc/UE4.27/TestModUI" + ext), dir.resolve("TestModUI" + ext));
        }
        Reply r = call("convert_to_zen", Map.of("file_path", dir.resolve("TestModUI.uasset").toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        Path out = dir.resolve("TestModUI.uzenasset");
        assertThat(r.dataTree().get("output_path").textValue()).isEqualTo(out.toString());
        JsonNode meta = Json.read(Fixtures.path("retoc/UE4.27/TestModUI.metadata.json")).get("store_entry");
        assertThat(Files.size(out)).isEqualTo(meta.get("export_bundles_size").longValue());
        assertThat(r.dataTree().get("export_count").intValue()).isEqualTo(meta.get("export_count").intValue());
        assertThat(r.dataTree().get("export_bundle_count").intValue()).isEqualTo(meta.get("export_bundle_count").intValue());
        List<String> imported = new java.util.ArrayList<>();
        meta.get("imported_packages").forEach(x -> imported.add(String.format("0x%016X", x.bigIntegerValue().longValue())));
        List<String> got = new java.util.ArrayList<>();
        r.dataTree().get("imported_packages").forEach(x -> got.add(x.textValue()));
        assertThat(got).isEqualTo(imported);
        assertThat(r.dataTree().get("package_name").textValue()).isEqualTo("/Game/_AssemblyStorm/TestMod/TestModUI");
    }

    @Test
    void cliToZenWritesTheSameBytes(@TempDir Path out) throws Exception {
        Path dest = out.resolve("SM_Cube.uzenasset");
        Daemon.Result r = Daemon.run("to_zen", Fixtures.path("retoc/UE5.5/SM_Cube.uasset").toString(), "--output-path",
                dest.toString());
        assertThat(r.status()).as(r.stderr() + r.stdout()).isZero();
        assertThat(Files.readAllBytes(dest)).isEqualTo(Files.readAllBytes(Fixtures.path("retoc/UE5.5/SM_Cube.uzenasset")));
        JsonNode action = null;
        for (JsonNode a : call("capabilities", Map.of()).dataTree().get("actions")) {
            if (a.get("name").textValue().equals("convert_to_zen")) {
                action = a;
            }
        }
        assertThat(action).isNotNull();
        assertThat(action.get("cli").textValue()).isEqualTo("to_zen");
        List<String> fields = new java.util.ArrayList<>();
        action.get("fields").forEach(x -> fields.add(x.get("name").textValue()));
        assertThat(fields).contains("file_path", "usmap_path", "output_path", "engine_version", "package_name");
        Daemon.Result help = Daemon.run("help", "to_zen");
        assertThat(help.status()).isZero();
        assertThat(help.stdout()).contains("--output-path").contains("--engine-version").contains("--package-name");
    }

    @Test
    void badInputGetsAClearErrorAndWritesNothing(@TempDir Path dir) throws Exception {
        // an import whose outermost object is not a package path (/Game/... or /Script/...)
        byte[] uasset = Files.readAllBytes(Fixtures.path("retoc/UE5.4/BP_Table_Lamp.uasset"));
        byte[] name = "/Game/Billiards/Static_meshes/SM_table_lamp\0".getBytes(StandardCharsets.US_ASCII);
        int at = ByteSearch.indexOf(uasset, name);
        assertThat(at).isPositive();
        uasset[at] = 'X';
        Path bad = dir.resolve("bad");
        Files.createDirectories(bad);
        Files.write(bad.resolve("BP_Table_Lamp.uasset"), uasset);
        Files.copy(Fixtures.path("retoc/UE5.4/BP_Table_Lamp.uexp"), bad.resolve("BP_Table_Lamp.uexp"));
        Reply r = call("convert_to_zen", Map.of("file_path", bad.resolve("BP_Table_Lamp.uasset").toString()));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(r.message()).contains("Import").contains("XGame/Billiards/Static_meshes/SM_table_lamp")
                .contains("not a package path");
        try (var files = Files.list(bad)) {
            assertThat(files.map(f -> f.getFileName().toString()).sorted().toList())
                    .containsExactly("BP_Table_Lamp.uasset", "BP_Table_Lamp.uexp");
        }
        // a truncated .uasset
        Path cut = dir.resolve("cut");
        Files.createDirectories(cut);
        Files.write(cut.resolve("SM_Cube.uasset"), java.util.Arrays.copyOf(Files.readAllBytes(Fixtures.path("retoc/UE5.5/SM_Cube.uasset")), 700));
        Files.copy(Fixtures.path("retoc/UE5.5/SM_Cube.uexp"), cut.resolve("SM_Cube.uexp"));
        Map<String, Object> f = new HashMap<>(Map.of("file_path", cut.resolve("SM_Cube.uasset").toString(),
                "output_path", cut.resolve("out.uzenasset").toString()));
        Reply c = call("convert_to_zen", f);
        assertThat(c.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(c.message()).contains("SM_Cube.uasset");
        try (var files = Files.list(cut)) {
            assertThat(files.map(x -> x.getFileName().toString()).sorted().toList()).containsExactly("SM_Cube.uasset", "SM_Cube.uexp");
        }
        // an engine without a Zen writer, and a missing file
        f.put("file_path", Fixtures.path("retoc/UE5.5/SM_Cube.uasset").toString());
        f.put("engine_version", "UE4_25");
        assertThat(call("convert_to_zen", f).errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        f.put("file_path", cut.resolve("missing.uasset").toString());
        f.remove("engine_version");
        assertThat(call("convert_to_zen", f).errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
    }

    /** JSON of a fixture file. */
    static final class Json {
        static JsonNode read(Path p) throws Exception {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(p.toFile());
        }
    }
}
