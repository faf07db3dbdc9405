package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** IoStore actions through the packaged daemon on the CUE4Parse UE5.8 and UE5.2 containers. */
class IoStoreActionsTest extends SharedDaemon {
    static final String KEY = "CUE4ParseFixtureAESKey0123456789";
    static final String KEY_HEX = "435545345061727365466978747572654145534b657930313233343536373839";
    static final List<String> VARIANTS = List.of("Uncompressed", "Zlib", "Oodle", "OodlePartitioned", "OodleEncrypted");

    static Path utoc(String flavour, String variant) throws Exception {
        Path dir = Fixtures.root().resolve("cue4parse/UE5_8/IoStore").resolve(flavour).resolve(variant);
        if (!Files.isDirectory(dir)) {
            return null;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".utoc")).findFirst().orElseThrow();
        }
    }

    static Map<String, Object> fields(Path utoc, String variant) {
        Map<String, Object> f = new HashMap<>(Map.of("file_path", utoc.toString()));
        if (variant.contains("Encrypted")) {
            f.put("aes_key", KEY_HEX);
        }
        return f;
    }

    static String sha(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }

    @Test
    void everyVariantListsInspectsAndExtractsToTheSameBytes(@TempDir Path out) throws Exception {
        List<String> checked = new java.util.ArrayList<>();
        for (String flavour : List.of("Tagged", "Unversioned")) {
            Path base = out.resolve(flavour + "-Uncompressed");
            for (String variant : VARIANTS) {
                Path utoc = utoc(flavour, variant);
                if (utoc == null) {
                    continue;
                }
                Map<String, Object> f = fields(utoc, variant);
                Reply files = call("list_iostore_files", f);
                assertThat(files.success()).as(utoc + ": " + files.message()).isTrue();
                assertThat(files.dataTree().get("packages").intValue()).isEqualTo(97);
                assertThat(files.dataTree().get("package_count").intValue()).isEqualTo(111);
                assertThat(files.dataTree().get("file_count").intValue()).isEqualTo(111);
                JsonNode s = call("inspect_iostore", f).dataTree();
                assertThat(s.get("toc_version").intValue()).isEqualTo(8);
                assertThat(s.get("chunk_count").intValue()).isEqualTo(112);
                assertThat(s.get("chunks_by_type").get("EXPORT_BUNDLE_DATA").intValue()).isEqualTo(97);
                assertThat(s.get("chunks_by_type").get("BULK_DATA").intValue()).isEqualTo(14);
                assertThat(s.get("chunks_by_type").get("CONTAINER_HEADER").intValue()).isEqualTo(1);
                assertThat(s.get("package_count").intValue()).isEqualTo(97);
                assertThat(s.get("partition_count").intValue()).isEqualTo(variant.equals("OodlePartitioned") ? 5 : 1);
                assertThat(call("is_iostore_compressed", Map.of("file_path", utoc.toString())).dataTree().get("compressed").booleanValue())
                        .isEqualTo(!variant.equals("Uncompressed"));
                assertThat(call("is_iostore_encrypted", Map.of("file_path", utoc.toString())).dataTree().get("encrypted").booleanValue())
                        .isEqualTo(variant.contains("Encrypted"));
                Path dest = out.resolve(flavour + "-" + variant);
                f.put("output_path", dest.toString());
                Reply x = call("extract_iostore", f);
                assertThat(x.success()).as(x.message()).isTrue();
                assertThat(x.dataTree().get("extracted_count").intValue()).isEqualTo(112);
                assertThat(x.dataTree().get("failed_count").intValue()).isZero();
                if (!variant.equals("Uncompressed")) {
                    List<Path> ref;
                    try (Stream<Path> st = Files.walk(base)) {
                        ref = st.filter(Files::isRegularFile).filter(p -> !p.toString().contains("_chunks")).toList();
                    }
                    assertThat(ref).hasSize(111);
                    for (Path r : ref) {
                        assertThat(sha(dest.resolve(base.relativize(r)))).as(variant + " " + base.relativize(r)).isEqualTo(sha(r));
                    }
                }
                checked.add(flavour + "/" + variant);
            }
        }
        // every container of the fixture set, none skipped
        assertThat(checked).containsExactly("Tagged/Uncompressed", "Tagged/Zlib", "Tagged/Oodle", "Tagged/OodlePartitioned",
                "Tagged/OodleEncrypted", "Unversioned/Uncompressed", "Unversioned/Oodle");
    }

    @Test
    void encryptedContainerNeedsTheRightKey() throws Exception {
        Path utoc = utoc("Tagged", "OodleEncrypted");
        Reply none = call("list_iostore_files", Map.of("file_path", utoc.toString()));
        assertThat(none.errorCode()).isEqualTo(ErrorCode.WRONG_KEY);
        assertThat(none.error().structure()).isEqualTo("FIoDirectoryIndexResource");
        Reply wrong = call("list_iostore_files", Map.of("file_path", utoc.toString(), "aes_key", "ab".repeat(32)));
        assertThat(wrong.errorCode()).isEqualTo(ErrorCode.WRONG_KEY);
        Reply b64 = call("list_iostore_files", Map.of("file_path", utoc.toString(),
                "aes_key", java.util.Base64.getEncoder().encodeToString(KEY.getBytes(java.nio.charset.StandardCharsets.US_ASCII))));
        assertThat(b64.success()).as(b64.message()).isTrue();
    }

    @Test
    void ue52ContainersAndScriptObjects(@TempDir Path out) throws Exception {
        Path content = Fixtures.path("unrealmodding/iostore/IoStoreTesting-Windows.utoc");
        Reply l = call("list_iostore", Map.of("file_path", content.toString(), "filter_patterns", List.of("*.uasset")));
        assertThat(l.success()).as(l.message()).isTrue();
        assertThat(l.dataTree().get("containers").get(0).get("chunk_count").intValue()).isEqualTo(1208);
        assertThat(l.dataTree().get("total_files").intValue()).isEqualTo(337);
        assertThat(l.dataTree().get("filtered_count").intValue()).isEqualTo(240);
        JsonNode g = call("inspect_iostore", Map.of("file_path", Fixtures.path("unrealmodding/iostore/global.utoc").toString())).dataTree();
        assertThat(g.get("toc_version").intValue()).isEqualTo(5);
        Reply so = call("extract_script_objects", Map.of("file_path", Fixtures.path("unrealmodding/iostore").toString(),
                "output_path", out.resolve("so/ScriptObjects.bin").toString()));
        assertThat(so.success()).as(so.message()).isTrue();
        assertThat(so.dataTree().get("object_count").intValue()).isEqualTo(30_101);
        Reply so58 = call("extract_script_objects", Map.of("file_path", Fixtures.path("cue4parse/UE5_8/IoStore/Tagged").toString(),
                "output_path", out.resolve("ScriptObjects58.bin").toString()));
        assertThat(so58.dataTree().get("object_count").intValue()).isEqualTo(36_979);
        assertThat(Files.size(out.resolve("ScriptObjects58.bin"))).isEqualTo(so58.dataTree().get("size").longValue());
    }

    @Test
    void secondRequestOnAContainerIsServedFromTheCache() throws Exception {
        Path utoc = utoc("Tagged", "Zlib");
        call("list_iostore_files", Map.of("file_path", utoc.toString()));
        JsonNode before = call("cache_stats", Map.of()).dataTree();
        for (int i = 0; i < 3; i++) {
            assertThat(call("list_iostore", Map.of("file_path", utoc.toString())).success()).isTrue();
        }
        JsonNode after = call("cache_stats", Map.of()).dataTree();
        assertThat(after.get("misses").longValue()).isEqualTo(before.get("misses").longValue());
        assertThat(after.get("hits").longValue()).isEqualTo(before.get("hits").longValue() + 3);
    }

    @Test
    void packageStoreOverAPaksFolderWithModsIsCachedAndLocatesPackages() throws Exception {
        String paks = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged").toString();
        Map<String, Object> f = new HashMap<>(Map.of("game_paks", paks, "aes_key", KEY_HEX,
                "package", "/Game/Fixtures/Properties/DA_AllProperties"));
        Reply r = call("package_store_info", f);
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("package_count").intValue()).isEqualTo(97);
        assertThat(d.get("script_object_count").intValue()).isEqualTo(36_979);
        assertThat(d.get("problems")).isEmpty();
        JsonNode loc = d.get("package_location");
        assertThat(loc.get("providers")).hasSize(5);
        // Same priority: the last by name wins.
        assertThat(loc.get("container").textValue()).isEqualTo("CUE4ParseFixtures-Minimal-Zlib-Windows");
        // A mod container wins over the game's whatever its name.
        f.put("mod_path", List.of(utoc("Tagged", "Oodle").toString()));
        JsonNode modded = call("package_store_info", f).dataTree().get("package_location");
        assertThat(modded.get("container").textValue()).isEqualTo("CUE4ParseFixtures-Minimal-Oodle-Windows");
        // Without the key the encrypted container is reported, not fatal.
        JsonNode noKey = call("package_store_info", Map.of("game_paks", paks)).dataTree();
        assertThat(noKey.get("problems").toString()).contains("OodleEncrypted");
        // The script objects come from the cached store: no new load the second time.
        Path out = Files.createTempDirectory("so");
        Map<String, Object> so = Map.of("file_path", paks, "aes_key", KEY_HEX, "output_path", out.resolve("a.bin").toString());
        assertThat(call("extract_script_objects", so).success()).isTrue();
        long misses = call("cache_stats", Map.of()).dataTree().get("misses").longValue();
        assertThat(call("extract_script_objects", so).success()).isTrue();
        assertThat(call("cache_stats", Map.of()).dataTree().get("misses").longValue()).isEqualTo(misses);
    }
}
