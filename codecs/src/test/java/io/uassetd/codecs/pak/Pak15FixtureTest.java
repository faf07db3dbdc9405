package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.Coverage;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The UE6.0 paks of the CUE4Parse fixtures (pak version 15, PakFile_Version_EncryptionMethod): the
 * trailer's EncryptionMethod and index IVs, AES-CTR encrypted index regions and entries (one IV per
 * entry), every variant equal to its uncompressed twin; written back byte for byte at V15.
 */
class Pak15FixtureTest {
    static final String DIR = "cue4parse/UE6_0/";

    @TempDir
    Path tmp;

    static Path legacy(String variant) {
        return Fixtures.path(DIR + "LegacyPak/Tagged/" + variant + "/CUE4ParseFixtures-Legacy-Tagged-" + variant + ".pak");
    }

    static Path minimal(String variant) {
        return Fixtures.path(DIR + "Pak/" + variant + "/CUE4ParseFixtures-Minimal-" + variant + ".pak");
    }

    static PakReadOptions key() {
        return PakReadOptions.defaults().withKey(PakCue4ParseFixtureTest.KEY);
    }

    @Test
    void minimalUncompressedPakReadsEveryByte() throws Exception {
        Path file = minimal("Uncompressed");
        Coverage cov = new Coverage();
        try (PakReader pak = PakReader.open(file, PakReadOptions.defaults(), cov)) {
            assertThat(pak.info().version()).isEqualTo(PakVersion.ENCRYPTION_METHOD);
            assertThat(pak.footer().encryptionMethod()).isEqualTo(EncryptionMethod.AES_ECB);
            assertThat(pak.footer().ivs()).containsOnly(0);
            assertThat(pak.footer().pakchunkIndex()).isEqualTo(-1);
            assertThat(pak.info().mountPoint()).isEqualTo(PakCue4ParseFixtureTest.MINIMAL_MOUNT);
            assertThat(pak.entries()).extracting(PakEntry::path).containsExactlyInAnyOrder("AssetRegistry.bin",
                    "Config/DefaultGame.ini", "Content/Localization/CUE4ParseFixtures/en/CUE4ParseFixtures.locres",
                    "Content/Localization/CUE4ParseFixtures/de/CUE4ParseFixtures.locres");
            PakExtractResult r = pak.extractAll(tmp, p -> true, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
            assertThat(pak.verifyAll(TaskMonitor.NONE)).isEmpty();
            assertThat(pak.warnings()).isEmpty();
            assertThat(cov.gaps(Files.size(file))).isEmpty();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"Zlib", "Oodle", "OodleEncrypted"})
    void legacyPaksHoldTheUncompressedTwinsBytes(String variant) {
        Map<String, byte[]> plain = PakCue4ParseFixtureTest.contents(legacy("Uncompressed"), PakReadOptions.defaults());
        assertThat(plain).hasSize(11);
        Map<String, byte[]> other = PakCue4ParseFixtureTest.contents(legacy(variant), key());
        assertThat(other.keySet()).isEqualTo(plain.keySet());
        plain.forEach((k, v) -> assertThat(other.get(k)).as(variant + " " + k).isEqualTo(v));
        try (PakReader r = PakReader.open(legacy(variant), key())) {
            assertThat(r.info().version()).isEqualTo(PakVersion.ENCRYPTION_METHOD);
            assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
        }
    }

    @Test
    void theEncryptedPakIsAesCtrWithIndexIvsAndAnIvPerEntry() {
        try (PakReader r = PakReader.open(legacy("OodleEncrypted"), key())) {
            assertThat(r.footer().encryptionMethod()).isEqualTo(EncryptionMethod.AES_CTR);
            assertThat(r.info().encryptedIndex()).isTrue();
            assertThat(r.entries()).hasSize(11).allMatch(PakEntry::encrypted).allMatch(e -> e.record().iv() != null);
            assertThat(r.entries().stream().map(e -> java.util.HexFormat.of().formatHex(e.record().iv())).distinct()).hasSize(11);
            assertThat(r.entries()).anyMatch(e -> e.method() == CompressionMethod.OODLE).anyMatch(e -> !e.compressed());
        }
        assertThatThrownBy(() -> PakReader.open(legacy("OodleEncrypted"))).isInstanceOf(WrongKeyException.class)
                .hasMessageContaining("key is required");
        assertThatThrownBy(() -> PakReader.open(legacy("OodleEncrypted"), PakReadOptions.defaults().withKey(RepakFixtures.KEY)))
                .isInstanceOf(WrongKeyException.class);
    }

    @Test
    void anUnknownEncryptionMethodIsUnsupportedNamingIt() throws Exception {
        for (String variant : List.of("Zlib", "OodleEncrypted")) {
            byte[] b = Files.readAllBytes(legacy(variant));
            int methodAt = b.length - 37;
            assertThat(b[methodAt]).isEqualTo((byte) (variant.equals("Zlib") ? 1 : 2));
            b[methodAt] = 7;
            Path p = tmp.resolve(variant + "-7.pak");
            Files.write(p, b);
            assertThatThrownBy(() -> PakReader.open(p, key())).isInstanceOf(UnsupportedVersionException.class)
                    .hasMessageContaining("Unknown encryption method 7").hasMessageContaining(variant + "-7.pak");
        }
        // method None with the encrypted-index flag
        byte[] b = Files.readAllBytes(legacy("OodleEncrypted"));
        b[b.length - 37] = 0;
        Path p = tmp.resolve("none.pak");
        Files.write(p, b);
        assertThatThrownBy(() -> PakReader.open(p, key())).hasMessageContaining("EncryptionMethod is None");
    }

    /** Every entry of {@code pak} as a source, in the pak's data order, with its own compression. */
    static List<PakSource> sources(Path pak, PakReadOptions o) {
        List<PakSource> out = new ArrayList<>();
        try (PakReader r = PakReader.open(pak, o)) {
            for (PakEntry e : r.entries()) {
                out.add(PakSource.bytes(e.path(), r.readEntry(e)));
            }
        }
        return out;
    }

    private byte[] rewrite(Path src) throws Exception {
        PakInfo info;
        try (PakReader r = PakReader.open(src)) {
            info = r.info();
        }
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(PakVersion.ENCRYPTION_METHOD).withMountPoint(info.mountPoint())
                .withPathHashSeed(info.pathHashSeed());
        Path out = tmp.resolve("out.pak");
        PakWriter.create(out, sources(src, PakReadOptions.defaults()), o);
        return Files.readAllBytes(out);
    }

    @Test
    void theLegacyUncompressedPakWritesBackByteForByteAtV15() throws Exception {
        Path src = legacy("Uncompressed");
        byte[] want = Files.readAllBytes(src);
        byte[] got = rewrite(src);
        assertThat(Arrays.mismatch(got, want)).as("first differing byte of %d/%d", got.length, want.length).isEqualTo(-1);
    }

    /**
     * The minimal pak differs in one region only: UnrealPak keeps the directories of its .ini and
     * .locres files in the pruned directory index inside the path hash index (the engine's
     * DirectoryIndexKeep* rules, not in the pak); this writer leaves the pruned index empty. Entry
     * data, records, primary index fields other than the regions' sizes and offsets, and the full
     * directory index are the same, and both read to the same entries.
     */
    @Test
    void theMinimalPakDiffersOnlyInThePrunedDirectoryIndex() throws Exception {
        Path src = minimal("Uncompressed");
        byte[] want = Files.readAllBytes(src);
        byte[] got = rewrite(src);
        long indexOffset;
        try (PakReader r = PakReader.open(src)) {
            indexOffset = r.footer().indexOffset();
        }
        assertThat(Arrays.mismatch(Arrays.copyOf(got, (int) indexOffset), Arrays.copyOf(want, (int) indexOffset))).isEqualTo(-1);
        // the full directory index (flat) and the footer's tail are identical
        int fdi = ByteSearch.indexOf(want, new byte[] {'Q', 'D', 'F', 'P'});
        int fdiGot = ByteSearch.indexOf(got, new byte[] {'Q', 'D', 'F', 'P'});
        assertThat(Arrays.copyOfRange(got, fdiGot, got.length - 262 + 25)).isEqualTo(Arrays.copyOfRange(want, fdi, want.length - 262 + 25));
        assertThat(want.length - got.length).isEqualTo(310);
        Path out = tmp.resolve("again.pak");
        Files.write(out, got);
        Map<String, byte[]> a = PakCue4ParseFixtureTest.contents(src, PakReadOptions.defaults());
        Map<String, byte[]> b = PakCue4ParseFixtureTest.contents(out, PakReadOptions.defaults());
        assertThat(b.keySet()).isEqualTo(a.keySet());
        a.forEach((k, v) -> assertThat(b.get(k)).isEqualTo(v));
    }

    /**
     * An encrypted V15 pak is written as UE6.0 writes the fixture: AES-CTR, a fresh IV per encrypted
     * entry (in its encoded record) and per index region (in the footer); it reads back through the
     * same code that reads the fixture, and the entry hashes cover the encrypted bytes as the
     * fixture's do (verifyAll passes on both).
     */
    @Test
    void encryptedV15PaksAreWrittenWithAesCtr() throws Exception {
        List<PakSource> in = sources(legacy("Uncompressed"), PakReadOptions.defaults());
        for (CompressionMethod m : List.of(CompressionMethod.NONE, CompressionMethod.ZLIB)) {
            Path out = tmp.resolve("ctr-" + m + ".pak");
            PakWriteOptions o = PakWriteOptions.defaults().withVersion(PakVersion.ENCRYPTION_METHOD).withCompression(m)
                    .withEncryption(AesKey.parse(PakCue4ParseFixtureTest.KEY), io.uassetd.codecs.crypto.EncryptionScheme.STANDARD,
                            true, true);
            assertThat(o.ctr()).isTrue();
            PakWriter.create(out, in, o);
            try (PakReader r = PakReader.open(out, key())) {
                assertThat(r.footer().encryptionMethod()).isEqualTo(EncryptionMethod.AES_CTR);
                assertThat(r.footer().ivs()).isNotEqualTo(new byte[PakFooter.IVS_SIZE]);
                assertThat(r.entries()).hasSize(11).allMatch(e -> e.encrypted() && e.record().iv() != null);
                assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
                for (PakSource src : in) {
                    PakEntry e = r.find(src.path()).orElseThrow();
                    assertThat(r.readEntry(e)).as(m + " " + src.path()).isEqualTo(PakCue4ParseFixtureTest.contents(
                            legacy("Uncompressed"), PakReadOptions.defaults()).get(src.path()));
                }
            }
            assertThatThrownBy(() -> PakReader.open(out)).isInstanceOf(WrongKeyException.class);
        }
        try (PakReader r = PakReader.open(legacy("OodleEncrypted"), key())) {
            assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
        }
    }

    /** Opens the pak and reads every entry: normally, or a FormatException; anything else fails the test. */
    private Throwable attempt(byte[] bytes, String what) throws Exception {
        Path p = tmp.resolve("bad.pak");
        Files.write(p, bytes);
        try (PakReader r = PakReader.open(p, key())) {
            for (PakEntry e : r.entries()) {
                r.readEntry(e);
            }
            return r.verifyAll(TaskMonitor.NONE).isEmpty() ? null : new IllegalStateException("hash mismatch");
        } catch (io.uassetd.codecs.error.FormatException e) {
            return e;
        } catch (RuntimeException e) {
            throw new AssertionError(what + " raised " + e, e);
        }
    }

    /**
     * The AES-CTR pak damaged: every truncation is a FormatException; a flipped byte of the index
     * regions (primary, path hash, directory index: CTR-encrypted, each with its SHA-1), of the
     * footer's IVs or of an entry is caught (hash mismatch or a FormatException), never another error.
     */
    @Test
    void aDamagedAesCtrPakFailsCleanly() throws Exception {
        byte[] full = Files.readAllBytes(legacy("OodleEncrypted"));
        for (int len = 0; len < full.length; len += 97) {
            assertThat(attempt(Arrays.copyOf(full, len), "cut at " + len)).as("cut at " + len).isNotNull();
        }
        long indexOffset;
        try (PakReader r = PakReader.open(legacy("OodleEncrypted"), key())) {
            indexOffset = r.footer().indexOffset();
        }
        int ivs = full.length - PakFooter.IVS_SIZE;
        for (int pos = 0; pos < full.length; pos += pos >= indexOffset ? 3 : 41) {
            byte[] bad = full.clone();
            bad[pos] ^= 0x21;
            Throwable t = attempt(bad, "flip at " + pos);
            if ((pos >= indexOffset && pos < full.length - 262) || pos >= ivs) {
                assertThat(t).as("flip at " + pos).isNotNull();
            }
        }
    }
}
