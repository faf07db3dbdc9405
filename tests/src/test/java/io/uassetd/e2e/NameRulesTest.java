package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Output names the file system cannot hold, sent to the packaged daemon: a file named {@code .} or
 * {@code sub/..}, a name over 255 bytes, and one extraction in which a name is both a file and a
 * folder. Each is refused with INVALID_PATH naming the path and the rule it breaks (never
 * INTERNAL), and leaves no file behind.
 */
class NameRulesTest extends SharedDaemon {
    private static Reply refused(Reply r, String path, String rule) {
        assertThat(r.success()).as(r.message()).isFalse();
        assertThat(r.errorCode()).as(r.message()).isEqualTo(ErrorCode.INVALID_PATH);
        assertThat(r.message()).as("names the path").contains(path);
        assertThat(r.message()).as("names the rule").contains(rule);
        return r;
    }

    private static List<Path> everything(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> !p.equals(dir)).toList();
        }
    }

    private static Path input(Path tmp) throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Files.writeString(in.resolve("a.txt"), "some text");
        return in;
    }

    @Test
    void aFileNamedDotIsRefused(@TempDir Path tmp) throws Exception {
        Path in = input(tmp);
        Path out = Files.createDirectories(tmp.resolve("out"));
        refused(call("create_pak", Map.of("output_path", out + "/.", "input_dir", in.toString())), out.toString(), "'.'");
        assertThat(everything(out)).isEmpty();
    }

    @Test
    void aFileNamedSubDotDotIsRefused(@TempDir Path tmp) throws Exception {
        Path in = input(tmp);
        Path out = Files.createDirectories(tmp.resolve("out/sub"));
        refused(call("create_pak", Map.of("output_path", out + "/..", "input_dir", in.toString())), "sub", "'..'");
        assertThat(everything(out.getParent())).containsExactly(out);
    }

    @Test
    void aNameOver255BytesIsRefused(@TempDir Path tmp) throws Exception {
        Path in = input(tmp);
        Path out = Files.createDirectories(tmp.resolve("out"));
        String name = "n".repeat(252) + ".pak"; // 256 bytes
        refused(call("create_pak", Map.of("output_path", out.resolve(name).toString(), "input_dir", in.toString())), name,
                "255 bytes");
        // multi-byte characters count as their UTF-8 bytes: 100 x 3 bytes
        String wide = "\u00e9\u00e9\u00e9".repeat(50) + ".pak"; // 150 chars, 304 bytes
        assertThat(wide.getBytes(StandardCharsets.UTF_8).length).isGreaterThan(255);
        refused(call("create_pak", Map.of("output_path", out.resolve(wide).toString(), "input_dir", in.toString())), wide,
                "255 bytes");
        assertThat(everything(out)).isEmpty();
    }

    @Test
    void aNameThatIsBothAFileAndAFolderInOneExtraction(@TempDir Path tmp) throws Exception {
        // entries "Content/a" (a file) and "Content/a/b.txt" (which needs Content/a to be a folder)
        Path pak = tmp.resolve("both.pak");
        PakWriter.create(pak, List.of(PakSource.bytes("Content/a", "a file".getBytes(StandardCharsets.UTF_8)),
                PakSource.bytes("Content/a/b.txt", "under a folder".getBytes(StandardCharsets.UTF_8)),
                PakSource.bytes("Content/c.txt", "beside".getBytes(StandardCharsets.UTF_8))),
                PakWriteOptions.defaults().withCompression(CompressionMethod.NONE));
        Path out = Files.createDirectories(tmp.resolve("out"));
        Reply r = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", out.toString()));
        String said = r.message() + " " + (r.error() == null ? "" : r.error().toString()) + " "
                + (r.data() == null ? "" : r.dataTree().toString());
        assertThat(said).as("never INTERNAL").doesNotContain("INTERNAL");
        assertThat(said).as("names the rule").contains("both a file and a folder");
        assertThat(said).as("names the path").contains(out.resolve("Content/a").toString());
        if (!r.success()) {
            assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_PATH);
        }
        // the entry that fits is extracted, and one of the two clashing ones; no hidden file is left
        assertThat(out.resolve("Content/c.txt")).hasContent("beside");
        assertThat(everything(out).stream().map(p -> p.getFileName().toString()).filter(n -> n.startsWith("."))).isEmpty();
    }
}
