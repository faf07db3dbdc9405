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
 * listed back (synthetic: no engine-written V13/V14 pak exists), and newer versions than supported
 * (pak 15 and 16, TOC 9 to 11, Zen package version 4) refused as UNSUPPORTED_VERSION naming the
 * version found. Versions 15/16 and TOC 9+ are made by patching real or written files.
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
            assertThat(list.get("version").asText()).isEqualTo("V" + v);
            assertThat(list.get("total_files").intValue()).isEqualTo(4);
            Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path",
                    tmp.resolve("x" + v).toString(), "verify", true));
            assertThat(x.success()).as(x.message()).isTrue();
            assertThat(Files.readAllBytes(tmp.resolve("x" + v).resolve("directory/nested.txt")))
                    .isEqualTo(Files.readAllBytes(Fixtures.path("repak/pack/root/directory/nested.txt")));
        }
    }

    @Test
    void pakVersions15And16AreUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        byte[] v14 = Files.readAllBytes(createPak(tmp, "14"));
        int versionAt = v14.length - 225 + 21;
        byte[] v15 = v14.clone();
        ByteBuffer.wrap(v15).order(ByteOrder.LITTLE_ENDIAN).putInt(versionAt, 15);
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
    void tocVersions9To11AreUnsupportedAndNamed(@TempDir Path tmp) throws Exception {
        Path dir = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Uncompressed");
        byte[] toc = Files.readAllBytes(dir.resolve("CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"));
        assertThat(toc[16]).isEqualTo((byte) 8);
        for (int v : new int[] {9, 10, 11}) {
            byte[] patched = toc.clone();
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
