package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.Deflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compression_level} on create_pak (daemon and CLI) and create_mod_iostore, on the repak pack root and CUE4Parse packages. */
class CompressionLevelTest extends SharedDaemon {
    private static final List<String> FILES = List.of("directory/nested.txt", "test.png", "test.txt", "zeros.bin");

    /** What create_pak must store for a file at a Zlib level: 64 KiB blocks deflated, or the file itself when that is no smaller. */
    private static long zlibStored(byte[] data, int level) {
        Deflater d = new Deflater(level);
        byte[] out = new byte[(1 << 17) + 1024];
        long total = 0;
        for (int off = 0; off < data.length; off += 1 << 16) {
            d.reset();
            d.setInput(data, off, Math.min(1 << 16, data.length - off));
            d.finish();
            while (!d.finished()) {
                total += d.deflate(out);
            }
        }
        d.end();
        return total >= data.length ? data.length : total;
    }

    private static Map<String, JsonNode> entries(Reply r) {
        Map<String, JsonNode> m = new HashMap<>();
        r.dataTree().get("entry_details").forEach(e -> m.put(e.get("path").textValue(), e));
        return m;
    }

    @Test
    void zlibLevelsGiveExactlyTheDeflaterSizesAndRoundTrip(@TempDir Path out) throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        byte[] defaultPak = null;
        for (Integer level : new Integer[] {null, 0, 1, 6, 9}) {
            Path pak = out.resolve("zlib-" + level + ".pak");
            Map<String, Object> f = new HashMap<>(Map.of("output_path", pak.toString(), "input_dir", root.toString(), "compress", "Zlib"));
            if (level != null) {
                f.put("compression_level", level);
            }
            Reply r = call("create_pak", f);
            assertThat(r.success()).as(r.message()).isTrue();
            Map<String, JsonNode> e = entries(r);
            assertThat(e.keySet()).containsExactlyInAnyOrderElementsOf(FILES);
            for (String name : FILES) {
                byte[] data = Files.readAllBytes(root.resolve(name));
                long expect = zlibStored(data, level == null ? 6 : level);
                assertThat(e.get(name).get("compressed_size").longValue()).as(level + " " + name).isEqualTo(expect);
                assertThat(e.get(name).get("compression").textValue()).as(level + " " + name)
                        .isEqualTo(expect < data.length ? "Zlib" : "None");
            }
            Path dest = out.resolve("x-" + level);
            Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString()));
            assertThat(x.success()).as(x.message()).isTrue();
            for (String name : FILES) {
                assertThat(Files.readAllBytes(dest.resolve(name))).isEqualTo(Files.readAllBytes(root.resolve(name)));
            }
            if (level == null) {
                defaultPak = Files.readAllBytes(pak);
            } else if (level == 6) {
                // UnrealPak's Zlib level (Z_DEFAULT_COMPRESSION) is the default: the same bytes.
                assertThat(Files.readAllBytes(pak)).isEqualTo(defaultPak);
            } else {
                assertThat(Files.readAllBytes(pak)).isNotEqualTo(defaultPak);
            }
        }
        // Level 1 and 9 differ on the text file; 9 is never larger.
        long l1 = zlibStored(Files.readAllBytes(root.resolve("test.txt")), 1);
        long l9 = zlibStored(Files.readAllBytes(root.resolve("test.txt")), 9);
        assertThat(l9).isLessThanOrEqualTo(l1);
    }

    @Test
    void lz4AndZstdLevelsRoundTripAndBadLevelsFailCleanly(@TempDir Path out) throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        for (Object[] c : new Object[][] {{"LZ4", 0}, {"LZ4", 1}, {"LZ4", 12}, {"Zstd", -7}, {"Zstd", 1}, {"Zstd", 19}, {"Gzip", 1}}) {
            Path pak = out.resolve(c[0] + "-" + c[1] + ".pak");
            Reply r = call("create_pak", Map.of("output_path", pak.toString(), "input_dir", root.toString(), "compress", c[0],
                    "compression_level", c[1]));
            assertThat(r.success()).as(c[0] + " " + c[1] + ": " + r.message()).isTrue();
            assertThat(entries(r).get("zeros.bin").get("compression").textValue()).isEqualTo(c[0]);
            Path dest = out.resolve("x-" + c[0] + c[1]);
            Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString(), "verify", true));
            assertThat(x.success()).as(x.message()).isTrue();
            assertThat(x.dataTree().get("extracted_count").intValue()).isEqualTo(4);
            for (String name : FILES) {
                assertThat(Files.readAllBytes(dest.resolve(name))).as(c[0] + " " + c[1] + " " + name)
                        .isEqualTo(Files.readAllBytes(root.resolve(name)));
            }
        }
        // LZ4's fast compressor (level 0, as repak) and UnrealPak's LZ4 HC 9 (the default) write different bytes.
        Path fast = out.resolve("LZ4-0.pak");
        Path hc = out.resolve("LZ4-default.pak");
        assertThat(call("create_pak", Map.of("output_path", hc.toString(), "input_dir", root.toString(), "compress", "LZ4")).success()).isTrue();
        assertThat(Files.readAllBytes(hc)).isNotEqualTo(Files.readAllBytes(fast));
        for (Object[] c : new Object[][] {{"Zlib", 10}, {"Zlib", -1}, {"LZ4", 13}, {"Zstd", 23}, {"Gzip", 99}}) {
            Path bad = out.resolve("bad-" + c[0] + c[1] + ".pak");
            Reply r = call("create_pak", Map.of("output_path", bad.toString(), "input_dir", root.toString(), "compress", c[0],
                    "compression_level", c[1]));
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
            assertThat(r.message()).contains("compression_level").contains(String.valueOf(c[1])).contains("out of range");
            assertThat(Files.exists(bad)).isFalse();
        }
    }

    @Test
    void cliTakesCompressionLevel(@TempDir Path out) throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        Path pak = out.resolve("cli.pak");
        Daemon.Result r = Daemon.run("create_pak", pak.toString(), "--input-dir", root.toString(), "--compress", "Zlib",
                "--compression-level", "9", "--json");
        assertThat(r.status()).as(r.stderr()).isZero();
        JsonNode reply = io.uassetd.protocol.Json.mapper().readTree(r.stdout().trim());
        for (JsonNode e : reply.get("data").get("entry_details")) {
            byte[] data = Files.readAllBytes(root.resolve(e.get("path").textValue()));
            assertThat(e.get("compressed_size").longValue()).as(e.toString()).isEqualTo(zlibStored(data, 9));
        }
        Daemon.Result bad = Daemon.run("create_pak", out.resolve("bad.pak").toString(), "--input-dir", root.toString(),
                "--compress", "Zlib", "--compression-level", "12");
        assertThat(bad.status()).as("exit 3: nothing done").isEqualTo(3);
        assertThat(bad.stderr() + bad.stdout()).contains("out of range");
        assertThat(Files.exists(out.resolve("bad.pak"))).isFalse();
    }

    @Test
    void modIoStoreTakesZlibLevels(@TempDir Path out) throws Exception {
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Reply legacy = call("extract_iostore_legacy", Map.of("game_paks", game.toString(),
                "aes_key", BundleActionsTest.KEY_HEX, "output_path", out.resolve("in").toString()));
        assertThat(legacy.success()).as(legacy.message()).isTrue();
        long[] sizes = new long[3];
        int i = 0;
        for (Integer level : new Integer[] {1, 9, null}) {
            Map<String, Object> f = new HashMap<>(Map.of("output_path", out.resolve("L" + level + "/Mod_P").toString(),
                    "input_dir", out.resolve("in").toString(), "compression", "Zlib"));
            if (level != null) {
                f.put("compression_level", level);
            }
            Reply r = call("create_mod_iostore", f);
            assertThat(r.success()).as(r.message()).isTrue();
            assertThat(r.dataTree().get("package_count").intValue()).isEqualTo(97);
            sizes[i++] = Files.size(out.resolve("L" + level + "/Mod_P.ucas"));
        }
        // level 9 packs tighter than level 1; the default (6) lies between
        assertThat(sizes[1]).isLessThan(sizes[0]);
        assertThat(sizes[2]).isBetween(sizes[1], sizes[0]);
        Reply bad = call("create_mod_iostore", Map.of("output_path", out.resolve("bad/Mod_P").toString(),
                "input_dir", out.resolve("in").toString(), "compression", "Zlib", "compression_level", 11));
        assertThat(bad.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(bad.message()).contains("out of range");
        assertThat(Files.exists(out.resolve("bad/Mod_P.utoc"))).isFalse();
    }
}
