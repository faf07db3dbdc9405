package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The newest formats through the packaged daemon: paks of version 12 to 15 written by create_pak and
 * listed back; the UE6.0 fixtures (pak 15 with AES-CTR, TOC 10 containers) listed, extracted and
 * converted, found as UE6_0; TOC 9/10 fields checked; pak 16, TOC 11, an unknown encryption method and
 * Zen package version 4 refused as UNSUPPORTED_VERSION naming what was found.
 */
class NewerVersionsActionsTest extends SharedDaemon {

    private static Path createPak(Path dir, String version) throws Exception {
        Path out = dir.resolve("v" + version + ".pak");
        Reply r = call("create_pak", Map.of("output_path", out.toString(), "pak_version", version,
                "file_paths", List.of(Fixtures.path("repak/pack/root").toString()),
                "base_path", Fixtures.path("repak/pack/root").toString(), "compress", "Zlib"));
        assertThat(r.success()).as(r.message()).isTrue();
        return out;
    }

    @Test
    void paksOfVersion12To15AreWrittenAndListed(@TempDir Path tmp) throws Exception {
        for (String v : List.of("12", "13", "14", "15")) {
            Path pak = createPak(tmp, v);
            JsonNode list = call("list_pak", Map.of("file_path", pak.toString())).dataTree();
            assertThat(list.get("version_name").asText()).isEqualTo("V" + v);
            assertThat(list.get("version").intValue()).isEqualTo(Integer.parseInt(v));
            assertThat(list.get("total_files").intValue()).isEqualTo(4);
            Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path",
                    tmp.resolve("x" + v).toString(), "verify", true));
            assertThat(x.success()).as(x.message()).isTrue();
            assertThat(Files.readAllBytes(tmp.resolve("x" + v).resolve("directory/nested.txt")))
                    .isEqualTo(Files.readAllBytes(Fixtures.path("repak/pack/root/directory/nested.txt")));
        }
    }

    static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    @Test
    void theUE60EncryptedPakListsAndExtractsWithItsKey(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE6_0/LegacyPak/Tagged");
        Path enc = dir.resolve("OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak");
        Path plain = dir.resolve("Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak");
        Reply list = call("list_pak", Map.of("file_path", enc.toString(), "aes_key", KEY));
        assertThat(list.success()).as(list.message()).isTrue();
        assertThat(list.warnings()).isEmpty();
        assertThat(list.dataTree().get("version_name").asText()).isEqualTo("V15");
        assertThat(list.dataTree().get("total_files").intValue()).isEqualTo(11);
        Reply noKey = call("list_pak", Map.of("file_path", enc.toString()));
        assertThat(noKey.success()).isFalse();
        for (Path p : List.of(enc, plain)) {
            Reply x = call("extract_pak_all", Map.of("file_path", p.toString(), "aes_key", KEY, "output_path",
                    tmp.resolve(p.getFileName().toString()).toString(), "verify", true));
            assertThat(x.success()).as(x.message()).isTrue();
        }
        assertThat(tree(tmp.resolve(enc.getFileName().toString()))).hasSize(11)
                .isEqualTo(tree(tmp.resolve(plain.getFileName().toString())));
        // and a V15 pak written encrypted (AES-CTR) lists back with the key
        Path out = tmp.resolve("w15.pak");
        Reply w = call("create_pak", Map.of("output_path", out.toString(), "pak_version", "15", "aes_key", KEY,
                "file_paths", List.of(Fixtures.path("repak/pack/root").toString()),
                "base_path", Fixtures.path("repak/pack/root").toString()));
        assertThat(w.success()).as(w.message()).isTrue();
        Reply back = call("list_pak", Map.of("file_path", out.toString(), "aes_key", KEY));
        assertThat(back.success()).as(back.message()).isTrue();
        assertThat(back.dataTree().get("version_name").asText()).isEqualTo("V15");
        assertThat(back.dataTree().get("total_files").intValue()).isEqualTo(4);
    }

    @Test
    void pakVersion16AndUnknownEncryptionMethodsAreUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        byte[] v15 = Files.readAllBytes(createPak(tmp, "15"));
        int versionAt = v15.length - 262 + 21;
        byte[] v16 = Arrays.copyOf(v15, v15.length + 4);
        ByteBuffer.wrap(v16).order(ByteOrder.LITTLE_ENDIAN).putInt(versionAt, 16);
        byte[] method = v15.clone();
        method[method.length - 37] = 9;
        for (Map.Entry<String, byte[]> e : Map.of("version 16", v16, "encryption method 9", method).entrySet()) {
            Path p = tmp.resolve(e.getKey().replace(' ', '_') + ".pak");
            Files.write(p, e.getValue());
            Reply r = call("list_pak", Map.of("file_path", p.toString()));
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
            assertThat(r.message()).containsIgnoringCase(e.getKey()).doesNotContain("Not a pak file");
        }
    }

    @Test
    void tocVersions9And10WithoutSourceHashesOrEncryptionReadAsVersion8(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Uncompressed");
        Path source = dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc");
        byte[] toc = Files.readAllBytes(source);
        JsonNode want = call("list_iostore", Map.of("file_path", source.toString())).dataTree().get("containers").get(0).get("files");
        for (int v : new int[] {9, 10}) {
            byte[] patched = toc.clone();
            patched[16] = (byte) v;
            Path p = tmp.resolve("v" + v + ".utoc");
            Files.write(p, patched);
            Files.copy(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas"), tmp.resolve("v" + v + ".ucas"));
            Reply r = call("list_iostore", Map.of("file_path", p.toString()));
            assertThat(r.success()).as(r.message()).isTrue();
            // 9 adds the source hash count (0 here), 10 the encryption method (0, None) and IV count (0) in former
            // reserved header fields: the patched file is a valid TOC of either version
            assertThat(r.warnings()).isEmpty();
            assertThat(want.size()).isPositive();
            assertThat(r.dataTree().get("containers").get(0).get("files")).isEqualTo(want);
            Path out = tmp.resolve("x" + v);
            Reply x = call("extract_iostore", Map.of("file_path", p.toString(), "output_path", out.toString()));
            assertThat(x.success()).as(x.message()).isTrue();
            Reply y = call("extract_iostore", Map.of("file_path", source.toString(), "output_path", tmp.resolve("y" + v).toString()));
            assertThat(y.success()).as(y.message()).isTrue();
            assertThat(tree(out)).isEqualTo(tree(tmp.resolve("y" + v)));
        }
    }

    @Test
    void containersForUE60AreWrittenWithTocVersion10(@TempDir Path tmp) throws Exception {
        // the UE6.0 set's own legacy packages (cooked by UE6.0, the same bytes as UE5.8's)
        Reply x = call("extract_pak_all", Map.of("file_path", Fixtures.path(
                "cue4parse/UE6_0/LegacyPak/Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak").toString(),
                "output_path", tmp.resolve("in").toString()));
        assertThat(x.success()).as(x.message()).isTrue();
        Map<String, Object> m = new java.util.HashMap<>();
        m.put("input_dir", tmp.resolve("in").toString());
        m.put("output_path", tmp.resolve("Six_P").toString());
        m.put("game", "none");
        m.put("engine_version", "UE6_0");
        m.put("compress", false);
        Reply r = call("create_mod_iostore", m);
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(Files.readAllBytes(tmp.resolve("Six_P.utoc"))[16]).isEqualTo((byte) 10);
        Reply i = call("inspect_iostore", Map.of("file_path", tmp.resolve("Six_P.utoc").toString()));
        assertThat(i.success()).as(i.message()).isTrue();
    }

    @Test
    void theUE60ContainersAreFoundAsUE60AndConvertToLegacy(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE6_0/IoStore/Tagged");
        for (String variant : List.of("Uncompressed", "OodleEncrypted")) {
            Path game = Files.createDirectories(tmp.resolve("game" + variant));
            for (String f : List.of("global.utoc", "global.ucas")) {
                Files.copy(dir.resolve(f), game.resolve(f));
            }
            String name = "CUE4ParseFixtures-Minimal-" + variant + "-Windows";
            for (String ext : List.of(".utoc", ".ucas")) {
                Files.copy(dir.resolve(variant).resolve(name + ext), game.resolve(name + ext));
            }
            Reply r = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", List.of(KEY), "output_path",
                    tmp.resolve("out" + variant).toString()));
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("failed_count").intValue()).as(variant).isZero();
            assertThat(r.dataTree().get("engine_version").textValue()).isEqualTo("UE6_0");
            assertThat(r.dataTree().get("extracted_count").intValue()).as(variant).isPositive();
        }
        assertThat(tree(tmp.resolve("outOodleEncrypted"))).isEqualTo(tree(tmp.resolve("outUncompressed")));
    }

    /** Every file under {@code root} by relative path, with its bytes' hash. */
    private static Map<String, Integer> tree(Path root) throws Exception {
        Map<String, Integer> out = new java.util.TreeMap<>();
        try (var s = Files.walk(root)) {
            for (Path f : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(f).toString(), Arrays.hashCode(Files.readAllBytes(f)));
            }
        }
        assertThat(out).isNotEmpty();
        return out;
    }

    @Test
    void tocVersions9And10ThatDoNotAddUpAreCorruptAnd11IsUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Uncompressed");
        byte[] toc = Files.readAllBytes(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"));
        assertThat(toc[16]).isEqualTo((byte) 8);
        for (int v : new int[] {9, 10, 11}) {
            // one byte more than the sections add up to
            byte[] patched = Arrays.copyOf(toc, toc.length + 1);
            patched[16] = (byte) v;
            Path p = tmp.resolve("v" + v + ".utoc");
            Files.write(p, patched);
            Files.copy(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas"), tmp.resolve("v" + v + ".ucas"));
            Reply r = call("inspect_iostore", Map.of("file_path", p.toString()));
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).as(r.message()).isEqualTo(v == 11 ? ErrorCode.UNSUPPORTED_VERSION : ErrorCode.CORRUPT_DATA);
            assertThat(r.message()).contains(v == 11 ? "TOC version 11" : "do not add up");
        }
    }

    @Test
    void zenPackageVersion4IsUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        Reply x = call("extract_iostore", Map.of("file_path", Fixtures.path(
                "cue4parse/UE5_8/IoStore/Tagged/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc").toString(),
                "output_path", tmp.resolve("x").toString(), "filter_patterns", List.of("**/DT_AllProperties.uasset")));
        assertThat(x.success()).as(x.message()).isTrue();
        Path zen;
        try (var s = Files.walk(tmp.resolve("x"))) {
            zen = s.filter(p -> p.getFileName().toString().equals("DT_AllProperties.uasset")).findFirst().orElseThrow();
        }
        Reply ok = call("inspect_zen", Map.of("file_path", zen.toString()));
        assertThat(ok.success()).as(ok.message()).isTrue();
        byte[] b = Files.readAllBytes(zen);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(bb.getInt(0)).as("bHasVersioningInfo").isEqualTo(1);
        assertThat(bb.getInt(0x34)).as("EZenPackageVersion of the UE5.8 cook").isEqualTo(3);
        bb.putInt(0x34, 4);
        Path p = tmp.resolve("v4.uasset");
        Files.write(p, b);
        Reply r = call("inspect_zen", Map.of("file_path", p.toString()));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(r.message()).contains("Zen package version 4");
    }
}
