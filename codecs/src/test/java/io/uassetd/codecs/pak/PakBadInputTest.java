package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.fail;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Damaged paks: every failure is one of the project's format exceptions (corrupt, truncated,
 * wrong key, unsupported version), never another type, never garbage, nothing half-written.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class PakBadInputTest {
    static final List<Class<? extends FormatException>> ALLOWED = List.of(CorruptDataException.class,
            UnsupportedVersionException.class, WrongKeyException.class);

    @TempDir
    Path tmp;

    /** Opens, verifies and extracts everything; returns the extracted files or throws. */
    private Map<String, String> readAll(Path pak, PakReadOptions o, Path outDir) {
        try (PakReader r = PakReader.open(pak, o)) {
            for (PakEntry e : r.entries()) {
                r.verify(e);
                r.extractTo(e, outDir.resolve(e.path()));
            }
            return RepakFixtures.sha256Tree(outDir);
        }
    }

    /**
     * Runs {@link #readAll} on {@code bytes}; it must either throw an allowed exception or return
     * exactly the original files. Whatever it wrote must be complete files.
     *
     * @return the exception, or null when the pak read correctly
     */
    private Throwable attempt(byte[] bytes, PakReadOptions o, String what) throws Exception {
        Path pak = tmp.resolve("bad.pak");
        Files.write(pak, bytes);
        Path out = tmp.resolve("out");
        deleteTree(out);
        Files.createDirectories(out);
        Map<String, String> expected = expected();
        Throwable thrown = null;
        try {
            Map<String, String> got = readAll(pak, o, out);
            assertThat(got).as(what + ": read without error, so contents must be exact").isEqualTo(expected);
        } catch (FormatException e) {
            thrown = e;
            assertThat(ALLOWED).as(what + ": " + e).anyMatch(c -> c.isInstance(e));
            assertThat(e.file()).as(what + ": exception names the file").isEqualTo("bad.pak");
        } catch (Throwable t) {
            fail(what + ": unexpected " + t, t);
        }
        // nothing half-written: every file present is a complete original
        Map<String, String> present = RepakFixtures.sha256Tree(out);
        present.forEach((k, v) -> assertThat(v).as(what + ": partial file " + k).isEqualTo(expected.get(k)));
        return thrown;
    }

    private static Map<String, String> expectedTree;

    private static synchronized Map<String, String> expected() {
        if (expectedTree == null) {
            expectedTree = RepakFixtures.sha256Tree(RepakFixtures.root());
        }
        return expectedTree;
    }

    private static void deleteTree(Path p) throws Exception {
        if (Files.exists(p)) {
            try (Stream<Path> s = Files.walk(p)) {
                for (Path q : s.sorted((a, b) -> b.compareTo(a)).toList()) {
                    Files.delete(q);
                }
            }
        }
    }

    static Stream<String> damagedPacks() {
        return Stream.of("pack_v5_compress.pak", "pack_v8a_encrypt.pak", "pack_v9_compress_encryptindex.pak",
                "pack_v11.pak", "pack_v11_compress_encrypt_encryptindex.pak");
    }

    private static PakReadOptions optionsFor(String name) {
        return RepakFixtures.needsKey(name) ? PakReadOptions.defaults().withKey(RepakFixtures.KEY) : PakReadOptions.defaults();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damagedPacks")
    void truncationAtManyOffsetsIsReported(String name) throws Exception {
        byte[] full = Files.readAllBytes(RepakFixtures.pack(name));
        PakFooter footer;
        try (PakReader r = PakReader.open(RepakFixtures.pack(name), optionsFor(name))) {
            footer = r.footer();
        }
        int footerLen = footer.version().footerSize();
        byte[] tail = Arrays.copyOfRange(full, full.length - footerLen, full.length);
        for (int len = 0; len < full.length; len += 101) {
            Throwable t = attempt(Arrays.copyOf(full, len), optionsFor(name), name + " cut at " + len);
            assertThat(t).as("cut at " + len).isNotNull();
            // the same prefix with the original footer glued on: the index or data is now missing
            byte[] glued = new byte[len + footerLen];
            System.arraycopy(full, 0, glued, 0, len);
            System.arraycopy(tail, 0, glued, len, footerLen);
            Throwable g = attempt(glued, optionsFor(name), name + " cut at " + len + " + footer");
            if (len < footer.indexOffset() + footer.indexSize()) {
                assertThat(g).as("cut at " + len + " + footer").isNotNull();
            }
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("damagedPacks")
    void flippedBytesAreDetected(String name) throws Exception {
        byte[] full = Files.readAllBytes(RepakFixtures.pack(name));
        PakFooter footer;
        List<PakEntry> entries;
        try (PakReader r = PakReader.open(RepakFixtures.pack(name), optionsFor(name))) {
            footer = r.footer();
            entries = r.entries();
        }
        long indexStart = footer.indexOffset();
        long indexEnd = full.length - footer.version().footerSize();
        boolean entriesEncrypted = entries.get(0).encrypted();
        for (int pos = 0; pos < full.length; pos++) {
            boolean inIndex = pos >= indexStart && pos < indexEnd;
            int at = pos;
            boolean inPayload = !entriesEncrypted && entries.stream().anyMatch(e -> payloadContains(e, footer.version(), at));
            // AES padding after an encrypted stored entry is outside its SHA-1 (UnrealPak hashes the
            // ciphertext up to the plain size): a flip there cannot be detected by the format.
            boolean inPadding = entries.stream().anyMatch(e -> inAesPadding(e, footer.version(), at));
            if (inPadding || (!inIndex && !(inPayload && pos % 17 == 0) && pos % 61 != 0)) {
                continue;
            }
            byte[] bad = full.clone();
            bad[pos] ^= 0x5A;
            Throwable t = attempt(bad, optionsFor(name), name + " flip at " + pos);
            if (inIndex || inPayload) {
                assertThat(t).as(name + " flip at " + pos + (inIndex ? " (index)" : " (data)")).isNotNull();
            }
            if (inIndex && !footer.encryptedIndex()) {
                assertThat(t).isInstanceOf(CorruptDataException.class);
            }
        }
    }

    private static boolean inAesPadding(PakEntry e, PakVersion v, int pos) {
        long start = e.offset() + e.record().serializedSize(v);
        return e.encrypted() && !e.compressed() && pos >= start + e.size() && pos < start + ((e.size() + 15) & ~15L);
    }

    private static boolean payloadContains(PakEntry e, PakVersion v, int pos) {
        long start = e.offset() + e.record().serializedSize(v);
        return pos >= start && pos < start + e.compressedSize();
    }

    static Stream<String> encryptedIndexPacks() {
        return RepakFixtures.all().filter(n -> n.contains("encryptindex"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("encryptedIndexPacks")
    void wrongOrMissingKeyIsWrongKey(String name) {
        Path p = RepakFixtures.pack(name);
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(WrongKeyException.class)
                .hasMessageContaining("key is required").hasMessageContaining(name);
        String wrong = "0x" + RepakFixtures.KEY.substring(0, 62) + "00";
        assertThatThrownBy(() -> PakReader.open(p, PakReadOptions.defaults().withKey(wrong)))
                .isInstanceOf(WrongKeyException.class).hasMessageContaining("Wrong AES key").hasMessageContaining("PakIndex");
    }

    @Test
    void encryptedEntriesNeedAKeyAndCompressedOnesDetectAWrongOne() throws Exception {
        Path p = RepakFixtures.pack("pack_v11_compress_encrypt.pak");
        try (PakReader r = PakReader.open(p)) {
            PakEntry e = r.find("zeros.bin").orElseThrow();
            assertThatThrownBy(() -> r.extractTo(e, tmp.resolve("z"))).isInstanceOf(WrongKeyException.class)
                    .hasMessageContaining("key is required");
            assertThat(tmp.resolve("z")).doesNotExist();
        }
        String wrong = RepakFixtures.KEY.substring(0, 62) + "00";
        try (PakReader r = PakReader.open(p, PakReadOptions.defaults().withKey(wrong))) {
            PakEntry e = r.find("zeros.bin").orElseThrow();
            assertThatThrownBy(() -> r.extractTo(e, tmp.resolve("z"))).isInstanceOf(WrongKeyException.class);
            assertThat(Files.list(tmp)).isEmpty();
        }
    }

    /** Rewrites the name inside a V5 pak's (unencrypted) index and fixes the index hash. */
    private byte[] patchName(String from, String to) throws Exception {
        Path src = tmp.resolve("evil-src.pak");
        PakWriter.create(src, List.of(PakSource.bytes("ok.txt", "fine".getBytes(StandardCharsets.US_ASCII)),
                PakSource.bytes(from, "evil".getBytes(StandardCharsets.US_ASCII))),
                PakWriteOptions.defaults().withVersion(PakVersion.RELATIVE_CHUNK_OFFSETS).withCompression(CompressionMethod.NONE));
        byte[] b = Files.readAllBytes(src);
        Files.delete(src);
        ByteBuffer bb = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        int footerAt = b.length - PakVersion.RELATIVE_CHUNK_OFFSETS.footerSize();
        int indexOffset = (int) bb.getLong(footerAt + 1 + 8);
        int indexSize = (int) bb.getLong(footerAt + 1 + 16);
        byte[] f = from.getBytes(StandardCharsets.US_ASCII);
        byte[] t = to.getBytes(StandardCharsets.US_ASCII);
        int at = -1;
        for (int i = indexOffset; i < indexOffset + indexSize - f.length && at < 0; i++) {
            if (Arrays.equals(Arrays.copyOfRange(b, i, i + f.length), f)) {
                at = i;
            }
        }
        System.arraycopy(t, 0, b, at, t.length);
        byte[] hash = MessageDigest.getInstance("SHA-1").digest(Arrays.copyOfRange(b, indexOffset, indexOffset + indexSize));
        System.arraycopy(hash, 0, b, footerAt + 1 + 24, 20);
        return b;
    }

    @Test
    void entryPathsEscapingTheOutputFolderAreRefused() throws Exception {
        for (String[] c : new String[][] {{"aa/evil.txt", "../evil.txt"}, {"aa/evil.txt", "C:/evil.txt"},
            {"aa/evil.txt", "/a/evil.txt"}, {"aaa/b/c/evil.txt", "aaa/../../ev.txt"}}) {
            Path pak = tmp.resolve("evil.pak");
            Files.write(pak, patchName(c[0], c[1]));
            Path out = tmp.resolve("deep/out");
            try (PakReader r = PakReader.open(pak)) {
                assertThat(r.entries()).extracting(PakEntry::path).contains(c[1]);
                PakExtractResult res = r.extractAll(out, x -> true, TaskMonitor.NONE);
                assertThat(res.files()).containsExactly("ok.txt");
                assertThat(res.failures()).hasSize(1);
                assertThat(res.failures().get(0).error()).isInstanceOf(CorruptDataException.class)
                        .hasMessageContaining("refusing to write outside").hasMessageContaining("evil.pak");
            }
            try (Stream<Path> s = Files.walk(tmp)) {
                assertThat(s.filter(Files::isRegularFile).map(p -> p.getFileName().toString()))
                        .as(c[1]).containsExactlyInAnyOrder("ok.txt", "evil.pak");
            }
            deleteTree(tmp.resolve("deep"));
        }
    }

    private byte[] withFooterPatch(String name, int offsetInFooter, byte[] value) throws Exception {
        byte[] b = Files.readAllBytes(RepakFixtures.pack(name));
        int footerLen = RepakFixtures.version(name).footerSize();
        System.arraycopy(value, 0, b, b.length - footerLen + offsetInFooter, value.length);
        return b;
    }

    private static byte[] le32(int v) {
        return ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array();
    }

    private static byte[] le64(long v) {
        return ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array();
    }

    @Test
    void unknownVersionsAreUnsupportedAndSayWhatWasFound() throws Exception {
        for (int v : new int[] {15, 0, 99}) {
            Path p = tmp.resolve("v" + v + ".pak");
            Files.write(p, withFooterPatch("pack_v11.pak", 16 + 1 + 4, le32(v)));
            assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(UnsupportedVersionException.class)
                    .hasMessageContaining("version " + v).hasMessageContaining("magic at offset");
        }
    }

    @Test
    void frozenIndexIsRefusedClearly() throws Exception {
        Path p = tmp.resolve("frozen.pak");
        Files.write(p, withFooterPatch("pack_v9.pak", 16 + 1 + 4 + 4 + 8 + 8 + 20, new byte[] {1}));
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(UnsupportedVersionException.class).hasMessageContaining("Frozen");
    }

    @Test
    void indexBeyondTheFileIsTruncatedWithAPreciseMessage() throws Exception {
        Path p = tmp.resolve("foo.pak");
        Files.write(p, withFooterPatch("pack_v11.pak", 16 + 1 + 4 + 4 + 8, le64(0x1F4000)));
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(TruncatedDataException.class)
                .hasMessageContaining("Truncated pak: index size 0x1F4000 at offset 0x34F7 exceeds file size 14,113")
                .hasMessageContaining("foo.pak").hasMessageContaining("PakInfo");
    }

    @Test
    void notAPakIsCorrupt() throws Exception {
        Path p = tmp.resolve("text.pak");
        Files.write(p, "hello, this is not a pak at all".repeat(20).getBytes(StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(CorruptDataException.class).hasMessageContaining("Not a pak file");
        Path empty = tmp.resolve("empty.pak");
        Files.write(empty, new byte[0]);
        assertThatThrownBy(() -> PakReader.open(empty)).isInstanceOf(CorruptDataException.class);
    }
}
