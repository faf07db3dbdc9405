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
 * The newest formats through the packaged daemon: paks of version 12 to 14 written by create_pak and
 * listed back (synthetic: no engine-written V13/V14 pak exists); pak 15 and TOC 9/10, which no public
 * source defines, read with the newest known layout and a warning when the file fits it exactly, else
 * UNSUPPORTED_VERSION naming the version, and never written; pak 16, TOC 11 and Zen package version 4
 * refused as UNSUPPORTED_VERSION naming the version found. Versions 15/16 and TOC 9+ are made by
 * patching real or written files.
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
    void paksOfVersion12To14AreWrittenAndListed(@TempDir Path tmp) throws Exception {
        for (String v : List.of("12", "13", "14")) {
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

    @Test
    void aPak15ThatFitsTheV14LayoutIsReadWithAWarning(@TempDir Path tmp) throws Exception {
        byte[] v14 = Files.readAllBytes(createPak(tmp, "14"));
        byte[] v15 = v14.clone();
        ByteBuffer.wrap(v15).order(ByteOrder.LITTLE_ENDIAN).putInt(v14.length - 225 + 21, 15);
        Path p = tmp.resolve("v15.pak");
        Files.write(p, v15);
        Reply list = call("list_pak", Map.of("file_path", p.toString()));
        assertThat(list.success()).as(list.message()).isTrue();
        assertThat(list.warnings()).containsExactly("v15.pak: pak version 15 has no public definition; read with the V14 layout"
                + " (PakFile_Version_PakchunkIndex), which the file fits exactly (footer size and magic, index inside the file,"
                + " index SHA-1)");
        assertThat(list.dataTree().get("version_name").asText()).isEqualTo("V14");
        assertThat(list.dataTree().get("total_files").intValue()).isEqualTo(4);
        Reply x = call("extract_pak_all", Map.of("file_path", p.toString(), "output_path", tmp.resolve("x").toString(),
                "verify", true));
        assertThat(x.success()).as(x.message()).isTrue();
        assertThat(x.warnings()).hasSize(1);
        for (String f : List.of("directory/nested.txt", "test.txt", "test.png", "zeros.bin")) {
            assertThat(Files.readAllBytes(tmp.resolve("x").resolve(f))).as(f)
                    .isEqualTo(Files.readAllBytes(Fixtures.path("repak/pack/root/" + f)));
        }
        // writing version 15 is refused: no public definition
        Reply w = call("create_pak", Map.of("output_path", tmp.resolve("w15.pak").toString(), "pak_version", "15",
                "file_paths", List.of(Fixtures.path("repak/pack/root").toString()),
                "base_path", Fixtures.path("repak/pack/root").toString()));
        assertThat(w.success()).isFalse();
        assertThat(w.errorCode()).as(w.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(w.message()).contains("Pak version 15 cannot be written: no public source defines its layout");
        assertThat(tmp.resolve("w15.pak")).doesNotExist();
    }

    @Test
    void pakVersions15ThatDoNotFitAnd16AreUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        byte[] v14 = Files.readAllBytes(createPak(tmp, "14"));
        int versionAt = v14.length - 225 + 21;
        byte[] v15 = v14.clone();
        ByteBuffer bb = ByteBuffer.wrap(v15).order(ByteOrder.LITTLE_ENDIAN);
        bb.putInt(versionAt, 15);
        v15[(int) bb.getLong(versionAt + 4) + 8] ^= 1; // a byte of the index: its SHA-1 no longer matches
        byte[] v16 = Arrays.copyOf(v14, v14.length + 4);
        ByteBuffer.wrap(v16).order(ByteOrder.LITTLE_ENDIAN).putInt(versionAt, 16);
        for (Map.Entry<String, byte[]> e : Map.of("15", v15, "16", v16).entrySet()) {
            Path p = tmp.resolve("patched" + e.getKey() + ".pak");
            Files.write(p, e.getValue());
            Reply r = call("list_pak", Map.of("file_path", p.toString()));
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
            assertThat(r.message()).contains("version " + e.getKey()).doesNotContain("Not a pak file");
        }
    }

    @Test
    void tocVersions9And10ThatFitVersion8AreReadWithAWarning(@TempDir Path tmp) throws Exception {
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
            assertThat(r.warnings()).containsExactly("v" + v + ".utoc: TOC version " + v + " has no public definition; read with"
                    + " the TOC version 8 layout (REPLACE_IO_CHUNK_HASH_WITH_IO_HASH), which the file fits exactly (header size,"
                    + " every section adding up to the file size)");
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
    void containersForUE60AreNotWrittenWithAnInventedTocVersion10(@TempDir Path tmp) throws Exception {
        Map<String, Object> m = new java.util.HashMap<>();
        m.put("input_dir", Fixtures.path("uassetapi/TestManyAssets/Clay/Engine/Content/BasicShapes").toString());
        m.put("output_path", tmp.resolve("Six_P").toString());
        m.put("game", "none");
        m.put("engine_version", "UE6_0");
        m.put("compress", false);
        Reply r = call("create_mod_iostore", m);
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(r.message()).contains("TOC version 10 has no public definition").contains("never written");
        assertThat(tmp.resolve("Six_P.utoc")).doesNotExist();
    }

    @Test
    void aToc10ContainerIsFoundAsUE60AndConvertsAsTheToc8One(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        String name = "Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows";
        Map<Integer, JsonNode> found = new java.util.TreeMap<>();
        Map<Integer, List<String>> warnings = new java.util.TreeMap<>();
        for (int v : new int[] {8, 10}) {
            Path game = Files.createDirectories(tmp.resolve("game" + v));
            for (String f : List.of("global.utoc", "global.ucas")) {
                Files.copy(dir.resolve(f), game.resolve(f));
            }
            byte[] toc = Files.readAllBytes(dir.resolve(name + ".utoc"));
            toc[16] = (byte) v;
            Files.write(game.resolve("c.utoc"), toc);
            Files.copy(dir.resolve(name + ".ucas"), game.resolve("c.ucas"));
            Reply r = call("extract_iostore_legacy", Map.of("game_paks", game.toString(), "output_path",
                    tmp.resolve("out" + v).toString()));
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("extracted_count").intValue()).isEqualTo(97);
            assertThat(r.dataTree().get("failed_count").intValue()).isZero();
            warnings.put(v, r.warnings());
            found.put(v, r.dataTree());
        }
        // TOC 10 with container header 5: only UE6_0 writes that; the versioned packages agree (UE6_0 shares 5.8's versions)
        // the same conversion notes (imports of engine packages outside the store; packages convert in parallel, so in
        // any order), after the TOC version's warning
        List<String> want = new java.util.ArrayList<>(List.of("c.utoc: TOC version 10 has no public definition; read with the"
                + " TOC version 8 layout (REPLACE_IO_CHUNK_HASH_WITH_IO_HASH), which the file fits exactly (header size, every"
                + " section adding up to the file size)"));
        want.addAll(warnings.get(8));
        assertThat(warnings.get(8)).noneMatch(w -> w.contains("TOC version"));
        assertThat(warnings.get(10)).containsExactlyInAnyOrderElementsOf(want).first().isEqualTo(want.get(0));
        assertThat(found.get(8).get("engine_version").textValue()).isEqualTo("UE5_8");
        assertThat(found.get(10).get("engine_version").textValue()).isEqualTo("UE6_0");
        assertThat(found.get(10).get("engine_source").textValue()).isEqualTo("package");
        assertThat(tree(tmp.resolve("out10"))).hasSize(208).isEqualTo(tree(tmp.resolve("out8")));
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
    void tocVersions9And10ThatDoNotFitAnd11AreUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Uncompressed");
        byte[] toc = Files.readAllBytes(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"));
        assertThat(toc[16]).isEqualTo((byte) 8);
        for (int v : new int[] {9, 10, 11}) {
            // one byte more than the sections add up to: 9 and 10 no longer fit version 8's layout
            byte[] patched = Arrays.copyOf(toc, toc.length + 1);
            patched[16] = (byte) v;
            Path p = tmp.resolve("v" + v + ".utoc");
            Files.write(p, patched);
            Files.copy(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas"), tmp.resolve("v" + v + ".ucas"));
            Reply r = call("inspect_iostore", Map.of("file_path", p.toString()));
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
            assertThat(r.message()).contains("TOC version " + v);
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
        Reply ok = call("inspect_zen", Map.of("file_path", zen.toString(), "engine_version", "UE5_8"));
        assertThat(ok.success()).as(ok.message()).isTrue();
        byte[] b = Files.readAllBytes(zen);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(bb.getInt(0)).as("bHasVersioningInfo").isEqualTo(1);
        assertThat(bb.getInt(0x34)).as("EZenPackageVersion of the UE5.8 cook").isEqualTo(3);
        bb.putInt(0x34, 4);
        Path p = tmp.resolve("v4.uasset");
        Files.write(p, b);
        Reply r = call("inspect_zen", Map.of("file_path", p.toString(), "engine_version", "UE5_8"));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(r.message()).contains("Zen package version 4");
    }
}
