package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every extracting action, given an output folder in which a folder of the output is a link (to a
 * folder elsewhere, to {@code ..}, or dangling): nothing is written through the link, and the reply
 * names it (INVALID_PATH, or a per-file failure naming it in a batch).
 */
class SymlinkConfinementTest extends SharedDaemon {
    private static final String PAK = "repak/packs/pack_v11.pak";

    private static List<Path> filesUnder(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    /** The reply refused the write through {@code link} and said so; {@code elsewhere} got nothing. */
    private static void assertConfined(Reply r, Path link, Path elsewhere) throws Exception {
        String said = r.message() + " " + (r.error() == null ? "" : r.error().toString()) + " "
                + (r.data() == null ? "" : r.dataTree().toString());
        assertThat(said).as("the reply names the link").contains(link.toString()).contains("link");
        if (!r.success()) {
            assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_PATH);
        }
        assertThat(filesUnder(elsewhere)).as("written through the link " + link).isEmpty();
    }

    @Test
    void extractPakWritesNothingThroughALinkedFolder(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path link = Files.createSymbolicLink(out.resolve("directory"), elsewhere);
        Reply r = call("extract_pak_all", Map.of("file_path", Fixtures.path(PAK).toString(), "output_path", out.toString()));
        assertConfined(r, link, elsewhere);
        assertThat(out.resolve("test.txt")).as("the other entries are extracted").isRegularFile();
        // a link to the parent of the output folder
        Path out2 = Files.createDirectories(tmp.resolve("sub/out2"));
        Path up = Files.createSymbolicLink(out2.resolve("directory"), Path.of(".."));
        Reply r2 = call("extract_pak_all", Map.of("file_path", Fixtures.path(PAK).toString(), "output_path", out2.toString()));
        assertConfined(r2, up, elsewhere);
        assertThat(tmp.resolve("sub/nested.txt")).doesNotExist();
        // a dangling link where a file goes
        Path out3 = Files.createDirectories(tmp.resolve("out3"));
        Path dangling = Files.createSymbolicLink(out3.resolve("test.txt"), tmp.resolve("nowhere/test.txt"));
        Reply r3 = call("extract_pak_all", Map.of("file_path", Fixtures.path(PAK).toString(), "output_path", out3.toString()));
        assertConfined(r3, dangling, elsewhere);
        assertThat(tmp.resolve("nowhere")).doesNotExist();
    }

    @Test
    void extractPakFileIntoAFolderIsConfinedToo(@TempDir Path tmp) throws Exception {
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path link = Files.createSymbolicLink(out.resolve("nested.txt"), elsewhere.resolve("nested.txt"));
        Reply r = call("extract_pak_file", Map.of("file_path", Fixtures.path(PAK).toString(), "internal_path",
                "directory/nested.txt", "output_path", out + "/"));
        assertConfined(r, link, elsewhere);
        Files.delete(link);
        Reply ok = call("extract_pak_file", Map.of("file_path", Fixtures.path(PAK).toString(), "internal_path",
                "directory/nested.txt", "output_path", out + "/"));
        assertThat(ok.success()).as(ok.message()).isTrue();
        assertThat(out.resolve("nested.txt")).isRegularFile();
    }

    @Test
    void extractIoStoreWritesNothingThroughALinkedFolder(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        // the container's files are CUE4ParseFixtures/Content/...
        Path link = Files.createSymbolicLink(out.resolve("CUE4ParseFixtures"), elsewhere);
        Path utoc = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc");
        Reply r = call("extract_iostore", Map.of("file_path", utoc.toString(), "output_path", out.toString()));
        assertConfined(r, link, elsewhere);
    }

    @Test
    void extractIoStoreLegacyWritesNothingThroughALinkedFolder(@TempDir Path tmp) throws Exception {
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path link = Files.createSymbolicLink(out.resolve("Game"), elsewhere);
        Map<String, Object> f = ZenActionsTest.request("Tagged", out);
        f.put("filter_patterns", List.of("**/DA_AllProperties"));
        Reply r = call("extract_iostore_legacy", f);
        assertConfined(r, link, elsewhere);
    }

    @Test
    void batchExtractTexturePngWritesNothingThroughALinkedFolder(@TempDir Path tmp) throws Exception {
        Path src = tmp.resolve("src");
        Map<String, Object> f = ZenActionsTest.request("Tagged", src);
        f.put("filter_patterns", List.of("/Game/Fixtures/Textures/"));
        Reply x = call("extract_iostore_legacy", f);
        assertThat(x.success()).as(x.message()).isTrue();
        Path elsewhere = Files.createDirectories(tmp.resolve("elsewhere"));
        Path out = Files.createDirectories(tmp.resolve("out"));
        Path link = Files.createSymbolicLink(out.resolve("Game"), elsewhere);
        Map<String, Object> b = new HashMap<>(Map.of("file_paths", List.of(src.toString()), "output_path", out.toString()));
        Reply r = call("batch_extract_texture_png", b);
        assertConfined(r, link, elsewhere);
    }
}
