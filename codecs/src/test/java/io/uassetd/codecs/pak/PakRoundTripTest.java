package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.Coverage;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Our writer's paks read back through our reader: every version x method x encryption mode. */
class PakRoundTripTest {
    static final AesKey KEY = AesKey.parse(RepakFixtures.KEY);
    static final List<PakVersion> WRITABLE = Stream.of(PakVersion.values()).filter(PakVersion::writable).toList();
    static final List<CompressionMethod> METHODS = List.of(CompressionMethod.NONE, CompressionMethod.ZLIB,
            CompressionMethod.GZIP, CompressionMethod.LZ4, CompressionMethod.ZSTD);

    enum Mode { PLAIN, ENCRYPTED_INDEX, ENCRYPTED_ENTRIES, RIVALS }

    @TempDir
    Path tmp;

    static Map<String, byte[]> inputs() {
        Random rnd = new Random(42);
        Map<String, byte[]> m = new LinkedHashMap<>();
        StringBuilder sb = new StringBuilder();
        while (sb.length() < 150_000) {
            sb.append("line ").append(rnd.nextInt(1000)).append(" of some compressible text\n");
        }
        m.put("a.txt", sb.substring(0, 1000).getBytes(StandardCharsets.US_ASCII));
        m.put("dir/sub/b.txt", sb.substring(0, 150_000).getBytes(StandardCharsets.US_ASCII));
        m.put("empty.dat", new byte[0]);
        byte[] random = new byte[5000];
        rnd.nextBytes(random);
        m.put("dir/\u00fcn\u00ef\u4e16.bin", random);
        m.put("z/zeros.bin", new byte[70_000]);
        // the first-block rule: an entry whose first 64 KiB block does not shrink is stored whole...
        byte[] randomHead = new byte[200_000];
        rnd.nextBytes(randomHead);
        System.arraycopy(m.get("dir/sub/b.txt"), 0, randomHead, 65_536, 134_464);
        m.put("mix/random-head.bin", randomHead);
        byte[] bigRandom = new byte[200_000];
        rnd.nextBytes(bigRandom);
        m.put("mix/random.bin", bigRandom);
        // ...and so is one whose first 16 KiB do not, though the rest of that block would
        byte[] randomStart = m.get("dir/sub/b.txt").clone();
        System.arraycopy(randomHead, 0, randomStart, 0, PakWriter.PROBE);
        m.put("mix/random-start.bin", randomStart);
        // ...and one whose first block shrinks is compressed, even when a later block does not
        byte[] textHead = new byte[150_000];
        rnd.nextBytes(textHead);
        System.arraycopy(m.get("dir/sub/b.txt"), 0, textHead, 0, 65_536);
        m.put("mix/text-head.bin", textHead);
        return m;
    }

    static List<PakSource> sources(Map<String, byte[]> in) {
        List<PakSource> out = new ArrayList<>();
        in.forEach((k, v) -> out.add(PakSource.bytes(k, v)));
        return out;
    }

    static Stream<Arguments> matrix() {
        List<Arguments> out = new ArrayList<>();
        for (PakVersion v : WRITABLE) {
            for (CompressionMethod m : METHODS) {
                for (Mode mode : Mode.values()) {
                    out.add(Arguments.of(v, m, mode));
                }
            }
        }
        return out.stream();
    }

    static PakWriteOptions options(PakVersion v, CompressionMethod m, Mode mode) {
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(v).withMountPoint("../../../Game/Content/")
                .withPathHashSeed(0x1234_5678_9ABCL).withCompression(m);
        return switch (mode) {
            case PLAIN -> o;
            case ENCRYPTED_INDEX -> o.withEncryption(KEY, EncryptionScheme.STANDARD, true, false);
            case ENCRYPTED_ENTRIES -> o.withEncryption(KEY, EncryptionScheme.STANDARD, false, true);
            case RIVALS -> o.withEncryption(KEY, EncryptionScheme.WORD_SWAP, v.atLeast(PakVersion.INDEX_ENCRYPTION), true);
        };
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("matrix")
    void roundTrip(PakVersion v, CompressionMethod m, Mode mode) throws Exception {
        Map<String, byte[]> in = inputs();
        Path out = tmp.resolve("out.pak");
        if (mode == Mode.ENCRYPTED_INDEX && v.before(PakVersion.INDEX_ENCRYPTION)) {
            assertThatThrownBy(() -> options(v, m, mode)).isInstanceOf(IllegalArgumentException.class);
            return;
        }
        PakWriteOptions o = options(v, m, mode);
        boolean byName = v.atLeast(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS);
        if (!byName && (m == CompressionMethod.LZ4 || m == CompressionMethod.ZSTD)) {
            assertThatThrownBy(() -> PakWriter.create(out, sources(in), o)).isInstanceOf(UnsupportedVersionException.class)
                    .hasMessageContaining("V8");
            assertThat(Files.list(tmp)).isEmpty();
            return;
        }
        PakWriteResult res = PakWriter.create(out, sources(in), o);
        assertThat(res.warnings()).isEmpty();
        assertThat(res.size()).isEqualTo(Files.size(out));
        PakReadOptions ro = PakReadOptions.defaults().withScheme(o.scheme()).withKey(o.key());
        Coverage cov = new Coverage();
        try (PakReader r = PakReader.open(out, ro, cov)) {
            assertThat(r.info().version()).isEqualTo(v);
            assertThat(r.info().mountPoint()).isEqualTo("../../../Game/Content/");
            assertThat(r.info().encryptedIndex()).isEqualTo(o.encryptIndex());
            if (v.atLeast(PakVersion.PATH_HASH_INDEX)) {
                assertThat(r.info().pathHashSeed()).isEqualTo(0x1234_5678_9ABCL);
            }
            assertThat(r.entries()).extracting(PakEntry::path).containsExactlyElementsOf(in.keySet());
            for (PakEntry e : r.entries()) {
                assertThat(r.readEntry(e)).as(e.path()).isEqualTo(in.get(e.path()));
                assertThat(e.encrypted()).isEqualTo(o.encryptEntries());
            }
            PakEntry big = r.find("dir/sub/b.txt").orElseThrow();
            assertThat(big.compressed()).isEqualTo(m != CompressionMethod.NONE);
            if (m != CompressionMethod.NONE) {
                assertThat(big.method()).isEqualTo(m);
                assertThat(big.record().blocks()).hasSize(3);
                assertThat(r.find("dir/\u00fcn\u00ef\u4e16.bin").orElseThrow().compressed()).as("incompressible is stored").isFalse();
                assertThat(r.find("mix/random.bin").orElseThrow().compressed()).as("incompressible is stored").isFalse();
                assertThat(r.find("mix/random-head.bin").orElseThrow().compressed()).as("first block does not shrink").isFalse();
                assertThat(r.find("mix/random-start.bin").orElseThrow().compressed()).as("first 16 KiB do not shrink").isFalse();
                PakEntry textHead = r.find("mix/text-head.bin").orElseThrow();
                assertThat(textHead.compressed()).as("first block shrinks").isTrue();
                assertThat(textHead.record().blocks()).hasSize(3);
            }
            assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
            assertThat(cov.gaps(Files.size(out))).as("bytes never read").isEmpty();
        }
        if (o.encryptIndex()) {
            assertThatThrownBy(() -> PakReader.open(out)).isInstanceOf(WrongKeyException.class);
            AesKey other = AesKey.parse("00".repeat(31) + "01");
            assertThatThrownBy(() -> PakReader.open(out, ro.withKey(other))).isInstanceOf(WrongKeyException.class);
        }
    }

    @Test
    void parallelAndSequentialWritesAreIdentical() throws Exception {
        Map<String, byte[]> in = inputs();
        PakWriteOptions o = options(PakVersion.FNV64_BUG_FIX, CompressionMethod.ZSTD, Mode.ENCRYPTED_ENTRIES);
        Path a = tmp.resolve("a.pak");
        Path b = tmp.resolve("b.pak");
        PakWriter.create(a, sources(in), o);
        ForkJoinPool one = new ForkJoinPool(1);
        try {
            PakWriter.create(b, sources(in), o.withExecutor(one));
        } finally {
            one.shutdown();
        }
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        PakWriteOptions plain = options(PakVersion.FNV64_BUG_FIX, CompressionMethod.ZLIB, Mode.PLAIN);
        ForkJoinPool single = new ForkJoinPool(1);
        try {
            PakWriter.create(a, sources(in), plain);
            PakWriter.create(b, sources(in), plain.withExecutor(single));
        } finally {
            single.shutdown();
        }
        assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
        // stream-only sources (no positional reads) give the same pak, here with Rivals encryption too
        for (PakWriteOptions opt : List.of(o, options(PakVersion.FNV64_BUG_FIX, CompressionMethod.ZLIB, Mode.RIVALS),
                options(PakVersion.FNV64_BUG_FIX, CompressionMethod.LZ4, Mode.PLAIN),
                options(PakVersion.FNV64_BUG_FIX, CompressionMethod.NONE, Mode.ENCRYPTED_ENTRIES))) {
            List<PakSource> streamed = new ArrayList<>();
            for (PakSource s : sources(in)) {
                streamed.add(new PakSource(s.path(), s.size(), s.opener(), s.compression()));
            }
            Path c = tmp.resolve("c.pak");
            Path d = tmp.resolve("d.pak");
            PakWriter.create(c, sources(in), opt);
            PakWriter.create(d, streamed, opt);
            assertThat(Files.readAllBytes(d)).isEqualTo(Files.readAllBytes(c));
        }
    }

    @Test
    void oodleWithoutTheNativeLibraryIsStoredWithAWarning() throws Exception {
        Codecs codecs = Codecs.standard();
        Map<String, byte[]> in = inputs();
        PakWriteResult res = PakWriter.create(tmp.resolve("o.pak"), sources(in),
                PakWriteOptions.defaults().withCompression(CompressionMethod.OODLE).withCodecs(codecs));
        if (codecs.canCompress(CompressionMethod.OODLE)) {
            assertThat(res.warnings()).isEmpty();
        } else {
            assertThat(res.warnings()).isNotEmpty().allMatch(w -> w.contains("Oodle"));
            assertThat(res.entries()).noneMatch(PakEntry::compressed);
        }
        try (PakReader r = PakReader.open(tmp.resolve("o.pak"))) {
            for (PakEntry e : r.entries()) {
                assertThat(r.readEntry(e)).isEqualTo(in.get(e.path()));
            }
        }
    }

    @Test
    void companionPakFollowsTheRivalsLayout() throws Exception {
        List<String> files = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            files.add("Marvel/Content/Mods/Asset_" + i + ".uasset");
        }
        byte[] payload = CompanionPak.chunkNames(files);
        assertThat(payload.length).isGreaterThan(1600);
        Path out = tmp.resolve("Mod_P.pak");
        PakWriteResult res = CompanionPak.write(out, files, KEY, io.uassetd.codecs.game.GameProfile.MARVEL_RIVALS.companionPak(), null, 0);
        assertThat(res.fileCount()).isEqualTo(1);
        byte[] pak = Files.readAllBytes(out);
        // record: 53 bytes, size = payload (no padding since the limit 1600 < length), flags = encrypted
        assertThat(java.nio.ByteBuffer.wrap(pak, 8, 8).order(java.nio.ByteOrder.LITTLE_ENDIAN).getLong()).isEqualTo(payload.length);
        assertThat(pak[48]).isEqualTo((byte) 1);
        // first 1600 bytes encrypted, the rest plain
        assertThat(java.util.Arrays.copyOfRange(pak, 53, 53 + 1600)).isNotEqualTo(java.util.Arrays.copyOfRange(payload, 0, 1600));
        assertThat(java.util.Arrays.copyOfRange(pak, 53 + 1600, 53 + payload.length))
                .isEqualTo(java.util.Arrays.copyOfRange(payload, 1600, payload.length));
        // 35-byte marker then the 221-byte V11 footer
        assertThat(pak[pak.length - 221 - 35]).isEqualTo((byte) 0x06);
        assertThat(pak[pak.length - 221 + 16]).isEqualTo((byte) 1);
        Coverage cov = new Coverage();
        try (PakReader r = PakReader.open(out, PakReadOptions.defaults().withScheme(EncryptionScheme.WORD_SWAP).withKey(KEY), cov)) {
            assertThat(r.info().mountPoint()).isEqualTo("../../../");
            assertThat(r.info().version()).isEqualTo(PakVersion.FNV64_BUG_FIX);
            assertThat(new String(r.readEntry(r.find("chunknames").orElseThrow()), StandardCharsets.UTF_8))
                    .isEqualTo(String.join("\n", files));
            assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
        }
        assertThat(cov.gaps(pak.length)).isEmpty();
        assertThatThrownBy(() -> PakReader.open(out, PakReadOptions.defaults().withKey(KEY)))
                .as("standard scheme cannot read it").isInstanceOf(WrongKeyException.class);
        // a short list is encrypted whole, padded to 16
        PakWriteResult small = CompanionPak.write(tmp.resolve("S_P.pak"), List.of("a.uasset"), KEY, io.uassetd.codecs.game.GameProfile.MARVEL_RIVALS.companionPak(), null, 0);
        assertThat(small.entries().get(0).compressedSize()).isEqualTo(16);
    }
}
