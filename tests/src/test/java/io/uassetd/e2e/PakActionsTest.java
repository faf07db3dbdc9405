package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** PAK actions through the packaged daemon on the real repak and CUE4Parse paks. */
class PakActionsTest extends SharedDaemon {
    static final String REPAK_KEY = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de";
    static final String REPAK_KEY_B64 = "lNJbw660IOC+kU7cnVQ1oeqrXyhk4J6UAZrCBbcnp94=";
    static final String CUE_KEY = "0x435545345061727365466978747572654145534b657930313233343536373839";

    static String sha256(Path p) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p)));
    }

    @Test
    void everyRepakPackListsAndExtractsTheSourceFiles(@TempDir Path out) throws Exception {
        Path packs = Fixtures.path("repak/packs");
        Path root = Fixtures.path("repak/pack/root");
        List<Path> all;
        try (Stream<Path> s = Files.list(packs)) {
            all = s.filter(p -> p.toString().endsWith(".pak")).sorted().toList();
        }
        assertThat(all).hasSize(48);
        for (Path pak : all) {
            boolean encrypted = pak.getFileName().toString().contains("encrypt");
            Map<String, Object> f = new java.util.HashMap<>(Map.of("file_path", pak.toString()));
            if (encrypted) {
                f.put("aes_key", pak.getFileName().toString().hashCode() % 2 == 0 ? REPAK_KEY : REPAK_KEY_B64);
            }
            Reply list = call("list_pak", f);
            assertThat(list.success()).as(pak + ": " + list.message()).isTrue();
            JsonNode d = list.dataTree();
            assertThat(d.get("mount_point").textValue()).isEqualTo("../mount/point/root/");
            assertThat(d.get("total_files").intValue()).as(pak.toString()).isEqualTo(4);
            Path dest = out.resolve(pak.getFileName().toString());
            f.put("output_path", dest.toString());
            Reply x = call("extract_pak_all", f);
            assertThat(x.success()).as(pak + ": " + x.message()).isTrue();
            assertThat(x.dataTree().get("extracted_count").intValue()).isEqualTo(4);
            assertThat(x.dataTree().get("failed_count").intValue()).isZero();
            for (String name : List.of("test.txt", "test.png", "zeros.bin", "directory/nested.txt")) {
                assertThat(sha256(dest.resolve(name))).as(pak + " " + name).isEqualTo(sha256(root.resolve(name)));
            }
        }
    }

    @Test
    void listShapesFiltersAndSingleFileExtraction(@TempDir Path out) throws Exception {
        String pak = Fixtures.path("repak/packs/pack_v11_compress.pak").toString();
        Reply plain = call("list_pak_files", Map.of("file_path", pak));
        JsonNode d = plain.dataTree();
        assertThat(d.get("file_count").intValue()).isEqualTo(4);
        assertThat(d.get("version").intValue()).as("UAssetTool's number").isEqualTo(11);
        assertThat(d.get("version_name").textValue()).isEqualTo("V11");
        assertThat(d.get("files").get(0).has("compressed_size")).isTrue();
        Reply filtered = call("list_pak", Map.of("file_path", pak, "filter_patterns", List.of("*.png", "nested")));
        JsonNode fd = filtered.dataTree();
        assertThat(fd.get("filtered_count").intValue()).isEqualTo(2);
        assertThat(fd.get("total_files").intValue()).isEqualTo(4);
        Reply v11 = call("list_pak", Map.of("file_path", Fixtures.path("repak/packs/pack_v11.pak").toString()));
        assertThat(v11.dataTree().get("path_hash_seed").longValue()).isEqualTo(0x205C5A7DL);
        Reply one = call("extract_pak_file", Map.of("file_path", pak, "internal_path", "../mount/point/root/test.png",
                "output_path", out.resolve("x/picture.png").toString()));
        assertThat(one.success()).as(one.message()).isTrue();
        assertThat(one.dataTree().get("size").longValue()).isEqualTo(10_257);
        assertThat(sha256(out.resolve("x/picture.png"))).isEqualTo(sha256(Fixtures.path("repak/pack/root/test.png")));
        Reply missing = call("extract_pak_file", Map.of("file_path", pak, "internal_path", "dir/test.png", "output_path", out.toString()));
        assertThat(missing.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(missing.message()).contains("did you mean test.png");
    }

    @Test
    void wrongOrMissingKeyIsWrongKeyAndMissingFileNotFound(@TempDir Path out) throws Exception {
        String pak = Fixtures.path("repak/packs/pack_v11_encryptindex.pak").toString();
        Reply none = call("list_pak", Map.of("file_path", pak));
        assertThat(none.errorCode()).isEqualTo(ErrorCode.WRONG_KEY);
        assertThat(none.error().file()).isEqualTo("pack_v11_encryptindex.pak");
        Reply wrong = call("list_pak", Map.of("file_path", pak, "aes_key", CUE_KEY));
        assertThat(wrong.errorCode()).isEqualTo(ErrorCode.WRONG_KEY);
        Reply gone = call("list_pak", Map.of("file_path", out.resolve("nope.pak").toString()));
        assertThat(gone.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        Reply badKey = call("list_pak", Map.of("file_path", pak, "aes_key", "xyz"));
        assertThat(badKey.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(Files.list(out).count()).isZero();
    }

    @Test
    void cue4parsePakVersion12ListsAndExtractsWithProgressAndTheCacheServesRepeats(@TempDir Path out) throws Exception {
        List<Path> paks = new ArrayList<>();
        for (String dir : List.of("cue4parse/UE5_8/Pak", "cue4parse/UE5_8/LegacyPak")) {
            try (Stream<Path> s = Files.walk(Fixtures.path(dir))) {
                s.filter(p -> p.toString().endsWith(".pak")).sorted().forEach(paks::add);
            }
        }
        assertThat(paks).hasSize(10);
        for (Path pak : paks) {
            boolean enc = pak.getFileName().toString().toLowerCase().contains("encrypt");
            Map<String, Object> f = new java.util.HashMap<>(Map.of("file_path", pak.toString(), "output_path", out.resolve(pak.getFileName().toString()).toString()));
            if (enc) {
                f.put("aes_key", CUE_KEY);
            }
            Reply list = call("list_pak", f);
            assertThat(list.success()).as(pak + ": " + list.message()).isTrue();
            assertThat(list.dataTree().get("version_name").textValue()).as(pak.toString()).isEqualTo("V12");
            boolean minimal = pak.getFileName().toString().contains("Minimal");
            assertThat(list.dataTree().get("mount_point").textValue()).isEqualTo(minimal
                    ? "../../../CUE4ParseFixtures/" : "../../../CUE4ParseFixtures/Content/Fixtures/");
            assertThat(list.dataTree().get("total_files").intValue()).isEqualTo(minimal ? 4 : 11);
            List<JsonNode> events = new CopyOnWriteArrayList<>();
            var req = io.uassetd.protocol.Json.mapper().valueToTree(f);
            ((com.fasterxml.jackson.databind.node.ObjectNode) req).put("action", "extract_pak_all");
            Reply x = daemon.send((com.fasterxml.jackson.databind.node.ObjectNode) req,
                    e -> events.add(io.uassetd.protocol.Json.mapper().valueToTree(e))).get(120, TimeUnit.SECONDS);
            assertThat(x.success()).as(pak + ": " + x.message()).isTrue();
            assertThat(x.dataTree().get("failed_count").intValue()).as(pak + " " + x.dataTree()).isZero();
            assertThat(events).isNotEmpty();
            assertThat(events.get(events.size() - 1).get("done").intValue()).isEqualTo(x.dataTree().get("extracted_count").intValue());
        }
        // Oodle, Zlib and encrypted Oodle paks extract to the same files as their uncompressed twins.
        for (Path pak : paks) {
            String name = pak.getFileName().toString();
            if (name.contains("Uncompressed")) {
                continue;
            }
            String twin = name.replaceAll("-(Oodle|Zlib|OodleEncrypted)\\.pak$", "-Uncompressed.pak");
            Path a = out.resolve(name);
            Path b = out.resolve(twin);
            List<Path> files;
            try (Stream<Path> s = Files.walk(b)) {
                files = s.filter(Files::isRegularFile).toList();
            }
            assertThat(files).as(twin).isNotEmpty();
            for (Path f : files) {
                assertThat(sha256(a.resolve(b.relativize(f)))).as(name + " " + b.relativize(f)).isEqualTo(sha256(f));
            }
        }
        JsonNode stats = call("cache_stats", Map.of()).dataTree();
        assertThat(stats.get("hits").longValue()).isGreaterThanOrEqualTo(paks.size());
        List<String> kinds = new ArrayList<>();
        stats.get("items").forEach(i -> kinds.add(i.get("kind").textValue()));
        assertThat(kinds).contains("pak");
    }

    @Test
    void createPakReproducesEveryUnencryptedRepakPackByteForByte(@TempDir Path out) throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        List<Path> plain;
        try (Stream<Path> s = Files.list(Fixtures.path("repak/packs"))) {
            plain = s.filter(p -> p.toString().endsWith(".pak") && !p.getFileName().toString().contains("encrypt")).sorted().toList();
        }
        assertThat(plain).hasSize(12);
        boolean fsync = false;
        for (Path pak : plain) {
            fsync = !fsync; // every other pak forced to disk before its rename (fsync true): the same bytes either way
            JsonNode info = call("list_pak", Map.of("file_path", pak.toString())).dataTree();
            boolean compress = pak.getFileName().toString().contains("compress");
            Path made = out.resolve(pak.getFileName());
            Reply r = call("create_pak", Map.of("output_path", made.toString(), "input_dir", root.toString(),
                    "pak_version", info.get("version_name").textValue(), "mount_point", info.get("mount_point").textValue(),
                    "path_hash_seed", info.get("path_hash_seed").longValue(), "compress", compress ? "Zlib" : "false",
                    // UnrealPak was told per file whether to compress: take the same choice from the original.
                    "compress_only", compressedEntries(info), "fsync", fsync));
            assertThat(r.success()).as(pak + ": " + r.message()).isTrue();
            assertThat(Files.readAllBytes(made)).as(pak.toString()).isEqualTo(Files.readAllBytes(pak));
            try (Stream<Path> s = Files.list(out)) {
                assertThat(s.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList()).as("temporary files left").isEmpty();
            }
        }
    }

    @Test
    void createPakRoundTripsEveryModeAndFailsCleanly(@TempDir Path out) throws Exception {
        Path root = Fixtures.path("repak/pack/root");
        for (String version : List.of("3", "5", "7", "V8A", "V8B", "9", "11")) {
            for (String compress : List.of("false", "Zlib", "Gzip", "LZ4", "Zstd")) {
                for (String mode : List.of("plain", "index", "entries", "rivals")) {
                    if (mode.equals("index") && version.equals("3")) {
                        continue;
                    }
                    Path made = out.resolve(version + "_" + compress + "_" + mode + ".pak");
                    Map<String, Object> f = new java.util.HashMap<>(Map.of("output_path", made.toString(),
                            "file_paths", List.of(root.toString()), "pak_version", version, "compress", compress));
                    if (!mode.equals("plain")) {
                        f.put("aes_key", REPAK_KEY);
                        f.put("encrypt_index", !mode.equals("entries"));
                        f.put("encrypt_entries", !mode.equals("index"));
                        if (mode.equals("rivals")) {
                            f.put("encryption_scheme", "rivals");
                        }
                    }
                    Reply c = call("create_pak", f);
                    boolean byName = !List.of("3", "5", "7").contains(version);
                    if (!byName && (compress.equals("LZ4") || compress.equals("Zstd"))) {
                        // Before V8 a pak names only Zlib, Gzip and Oodle.
                        assertThat(c.success()).isFalse();
                        assertThat(c.errorCode()).isIn(ErrorCode.INVALID_ARGUMENT, ErrorCode.UNSUPPORTED_VERSION);
                        assertThat(Files.exists(made)).isFalse();
                        continue;
                    }
                    assertThat(c.success()).as(made + ": " + c.message()).isTrue();
                    Map<String, Object> x = new java.util.HashMap<>(f);
                    x.remove("pak_version");
                    x.remove("compress");
                    x.remove("encrypt_index");
                    x.remove("encrypt_entries");
                    x.remove("file_paths");
                    x.put("file_path", made.toString());
                    Path dest = out.resolve(made.getFileName() + ".out");
                    x.put("output_path", dest.toString());
                    Reply e = call("extract_pak_all", x);
                    assertThat(e.success()).as(made + ": " + e.message()).isTrue();
                    assertThat(e.dataTree().get("extracted_count").intValue()).as(made.toString()).isEqualTo(4);
                    for (String name : List.of("test.txt", "test.png", "zeros.bin", "directory/nested.txt")) {
                        assertThat(sha256(dest.resolve(name))).as(made + " " + name).isEqualTo(sha256(root.resolve(name)));
                    }
                    x.remove("output_path");
                    Reply v = call("verify_pak", x);
                    assertThat(v.dataTree().get("bad_count").intValue()).as(made + " " + v.dataTree()).isZero();
                }
            }
        }
        // A failed write leaves nothing behind.
        Path bad = out.resolve("bad.pak");
        Reply missing = call("create_pak", Map.of("output_path", bad.toString(), "file_paths", List.of(out.resolve("nope").toString())));
        assertThat(missing.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        Reply oodle = call("create_pak", Map.of("output_path", bad.toString(), "input_dir", root.toString(), "compress", "Oodle"));
        assertThat(oodle.success()).isTrue();
        assertThat(oodle.warnings()).isNotEmpty();
        assertThat(oodle.warnings().get(0)).containsIgnoringCase("oodle");
        try (Stream<Path> s = Files.list(out)) {
            assertThat(s.filter(p -> p.getFileName().toString().contains(".tmp")).toList()).isEmpty();
        }
    }

    private static List<String> compressedEntries(JsonNode listing) {
        List<String> out = new ArrayList<>();
        listing.get("files").forEach(f -> {
            if (f.get("compressed").booleanValue()) {
                out.add(f.get("path").textValue());
            }
        });
        return out.isEmpty() ? List.of("-none-") : out;
    }

    @Test
    void companionPakListsTheBundleFilesAndIsRivalsEncryptedWithAKey(@TempDir Path out) throws Exception {
        List<String> files = List.of("Marvel/Content/Mods/MyMod.utoc", "Marvel/Content/Mods/MyMod.ucas");
        Path plain = out.resolve("plain.pak");
        Reply c = call("create_companion_pak", Map.of("output_path", plain.toString(), "file_paths", files));
        assertThat(c.success()).as(c.message()).isTrue();
        assertThat(c.dataTree().get("file_count").intValue()).isEqualTo(2);
        Reply l = call("list_pak", Map.of("file_path", plain.toString()));
        assertThat(l.dataTree().get("mount_point").textValue()).isEqualTo("../../../");
        assertThat(l.dataTree().get("files").get(0).get("path").textValue()).isEqualTo("chunknames");
        Path enc = out.resolve("enc.pak");
        assertThat(call("create_companion_pak", Map.of("output_path", enc.toString(), "file_paths", files, "aes_key", REPAK_KEY)).success()).isTrue();
        assertThat(call("list_pak", Map.of("file_path", enc.toString())).errorCode()).isEqualTo(ErrorCode.WRONG_KEY);
        Path dest = out.resolve("x");
        Reply x = call("extract_pak_all", Map.of("file_path", enc.toString(), "aes_key", REPAK_KEY, "encryption_scheme", "rivals",
                "output_path", dest.toString()));
        assertThat(x.success()).as(x.message()).isTrue();
        assertThat(Files.readString(dest.resolve("chunknames"))).isEqualTo(String.join("\n", files));
    }

    @Test
    void entryEscapingTheOutputFolderIsRefusedAndTheRestExtract(@TempDir Path out) throws Exception {
        Path in = out.resolve("in");
        Files.createDirectories(in.resolve("aa"));
        Files.writeString(in.resolve("aa/evil.txt"), "evil");
        Files.writeString(in.resolve("good.txt"), "good");
        Path pak = out.resolve("evil.pak");
        assertThat(call("create_pak", Map.of("output_path", pak.toString(), "input_dir", in.toString(), "pak_version", "V8B")).success()).isTrue();
        // Rename the entry "aa/evil.txt" to "../evil.txt" inside the index and fix the index SHA-1 in the footer.
        byte[] b = Files.readAllBytes(pak);
        int footer = b.length - 221;
        java.nio.ByteBuffer f = java.nio.ByteBuffer.wrap(b, footer + 25, 36).order(java.nio.ByteOrder.LITTLE_ENDIAN);
        int indexOffset = (int) f.getLong();
        int indexSize = (int) f.getLong();
        String index = new String(b, indexOffset, indexSize, java.nio.charset.StandardCharsets.ISO_8859_1);
        int at = index.indexOf("aa/evil.txt");
        assertThat(at).isPositive();
        b[indexOffset + at] = '.';
        b[indexOffset + at + 1] = '.';
        byte[] sha = MessageDigest.getInstance("SHA-1").digest(java.util.Arrays.copyOfRange(b, indexOffset, indexOffset + indexSize));
        System.arraycopy(sha, 0, b, footer + 41, 20);
        Files.write(pak, b);
        Path dest = out.resolve("dest");
        Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString(), "verify", true));
        assertThat(x.success()).as(x.message()).isFalse();
        assertThat(x.dataTree().get("extracted_count").intValue()).isEqualTo(1);
        assertThat(x.dataTree().get("failed_count").intValue()).isEqualTo(1);
        JsonNode failure = x.dataTree().get("failures").get(0);
        assertThat(failure.get("item").textValue()).isEqualTo("../evil.txt");
        assertThat(failure.get("error").textValue()).contains("refusing to write outside");
        assertThat(Files.readString(dest.resolve("good.txt"))).isEqualTo("good");
        assertThat(Files.exists(out.resolve("evil.txt"))).isFalse();
    }

    /** repak's pack_v11.pak with one byte of its stored entry directory/nested.txt flipped, written to {@code pak}. */
    static Path alteredPak(Path pak) throws Exception {
        byte[] b = Files.readAllBytes(Fixtures.path("repak/packs/pack_v11.pak"));
        int at = new String(b, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf("Proin urna leo");
        assertThat(at).isPositive();
        b[at] ^= 0x20;
        Files.write(pak, b);
        return pak;
    }

    @Test
    void flippedDataByteIsCaughtByVerifyAndNothingIsWrittenForThatEntry(@TempDir Path out) throws Exception {
        Path pak = alteredPak(out.resolve("flip.pak"));
        JsonNode v = call("verify_pak", Map.of("file_path", pak.toString())).dataTree();
        assertThat(v.get("bad_count").intValue()).isEqualTo(1);
        assertThat(v.get("bad").get(0).get("code").textValue()).isEqualTo("CORRUPT_DATA");
        Path dest = out.resolve("d");
        JsonNode x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString(), "verify", true)).dataTree();
        assertThat(x.get("extracted_count").intValue()).isEqualTo(3);
        assertThat(x.get("failed_count").intValue()).isEqualTo(1);
        String bad = x.get("failures").get(0).get("item").textValue();
        assertThat(Files.exists(dest.resolve(bad))).isFalse();
    }

    @Test
    void anAlteredStoredEntryFailsToExtractByDefaultAndExtractsWithTheHashCheckOff(@TempDir Path out) throws Exception {
        Path pak = alteredPak(out.resolve("altered.pak"));
        Path root = Fixtures.path("repak/pack/root");

        Path dest = out.resolve("checked");
        Reply x = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", dest.toString()));
        // the outcome rule: an item failed, so the reply fails (with the first failure's code) and keeps its data
        assertThat(x.success()).as(x.message()).isFalse();
        assertThat(x.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(x.dataTree().get("succeeded").intValue()).isEqualTo(3);
        assertThat(x.dataTree().get("failed").intValue()).isEqualTo(1);
        assertThat(x.dataTree().get("extracted_count").intValue()).isEqualTo(3);
        assertThat(x.dataTree().get("failed_count").intValue()).isEqualTo(1);
        JsonNode failure = x.dataTree().get("failures").get(0);
        assertThat(failure.get("item").textValue()).isEqualTo("directory/nested.txt");
        assertThat(failure.get("code").textValue()).isEqualTo("CORRUPT_DATA");
        assertThat(failure.get("error").textValue()).contains("SHA-1 of 'directory/nested.txt' is ").contains("the record says");
        assertThat(dest.resolve("directory/nested.txt")).doesNotExist();
        for (String ok : List.of("test.png", "zeros.bin", "test.txt")) {
            assertThat(sha256(dest.resolve(ok))).as(ok).isEqualTo(sha256(root.resolve(ok)));
        }

        Path one = out.resolve("one/nested.txt");
        Reply single = call("extract_pak_file", Map.of("file_path", pak.toString(), "internal_path", "directory/nested.txt",
                "output_path", one.toString()));
        assertThat(single.success()).isFalse();
        assertThat(single.errorCode()).isEqualTo(ErrorCode.CORRUPT_DATA);
        assertThat(one).doesNotExist();

        // the opt-out writes the altered bytes
        Path unchecked = out.resolve("unchecked");
        JsonNode y = call("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", unchecked.toString(),
                "hash_check", false)).dataTree();
        assertThat(y.get("extracted_count").intValue()).isEqualTo(4);
        assertThat(y.get("failed_count").intValue()).isZero();
        byte[] got = Files.readAllBytes(unchecked.resolve("directory/nested.txt"));
        byte[] want = Files.readAllBytes(root.resolve("directory/nested.txt"));
        assertThat(got).isNotEqualTo(want).hasSameSizeAs(want);
        Reply unsingle = call("extract_pak_file", Map.of("file_path", pak.toString(), "internal_path", "directory/nested.txt",
                "output_path", one.toString(), "hash_check", false));
        assertThat(unsingle.success()).as(unsingle.message()).isTrue();
        assertThat(Files.readAllBytes(one)).isEqualTo(got);

        // the unaltered pak extracts whole with the check on
        JsonNode clean = call("extract_pak_all", Map.of("file_path", Fixtures.path("repak/packs/pack_v11.pak").toString(),
                "output_path", out.resolve("clean").toString())).dataTree();
        assertThat(clean.get("extracted_count").intValue()).isEqualTo(4);
        assertThat(clean.get("failed_count").intValue()).isZero();
    }
}
