package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.NativeUnavailableException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.Coverage;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The UE 5.8 paks (pak version 12) from the CUE4Parse fixtures. */
class PakCue4ParseFixtureTest {
    static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";
    static final String DIR = "cue4parse/UE5_8/";
    static final String MINIMAL_MOUNT = "../../../CUE4ParseFixtures/";
    static final String LEGACY_MOUNT = "../../../CUE4ParseFixtures/Content/Fixtures/";

    @TempDir
    Path tmp;

    static Map<String, byte[]> contents(Path pak, PakReadOptions o) {
        Map<String, byte[]> out = new LinkedHashMap<>();
        try (PakReader r = PakReader.open(pak, o)) {
            for (PakEntry e : r.entries()) {
                out.put(e.path(), r.readEntry(e));
            }
        }
        return out;
    }

    static Path legacy(String mode, String variant) {
        return Fixtures.path(DIR + "LegacyPak/" + mode + "/" + variant + "/CUE4ParseFixtures-Legacy-" + mode + "-" + variant + ".pak");
    }

    @Test
    void minimalUncompressedPakListsAndExtracts() throws Exception {
        Path file = Fixtures.path(DIR + "Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak");
        Coverage cov = new Coverage();
        try (PakReader pak = PakReader.open(file, PakReadOptions.defaults(), cov)) {
            assertThat(pak.info().version()).isEqualTo(PakVersion.UTF8_PAK_DIRECTORY);
            assertThat(pak.info().mountPoint()).isEqualTo(MINIMAL_MOUNT);
            assertThat(pak.entries()).extracting(PakEntry::path).containsExactlyInAnyOrder("AssetRegistry.bin",
                    "Config/DefaultGame.ini", "Content/Localization/CUE4ParseFixtures/en/CUE4ParseFixtures.locres",
                    "Content/Localization/CUE4ParseFixtures/de/CUE4ParseFixtures.locres");
            assertThat(pak.entries()).noneMatch(PakEntry::compressed);
            PakExtractResult r = pak.extractAll(tmp, p -> true, TaskMonitor.NONE);
            assertThat(r.failures()).isEmpty();
            assertThat(r.extractedCount()).isEqualTo(4);
            assertThat(pak.verifyAll(TaskMonitor.NONE)).isEmpty();
            String locres = new String(Files.readAllBytes(tmp.resolve(
                    "Content/Localization/CUE4ParseFixtures/en/CUE4ParseFixtures.locres")), StandardCharsets.ISO_8859_1);
            assertThat(locres).contains("CUE4ParseFixtures.Tests").contains("CityGreeting");
            assertThat(Files.readString(tmp.resolve("Config/DefaultGame.ini"), StandardCharsets.ISO_8859_1)).contains("[");
            // everything except nothing: data, records, index, path hash index (with pruned directories), directory index, footer
            assertThat(cov.gaps(Files.size(file))).isEmpty();
        }
    }

    static Stream<String> modes() {
        return Stream.of("Tagged", "Unversioned");
    }

    @ParameterizedTest
    @MethodSource("modes")
    void legacyZlibPakMatchesItsUncompressedTwin(String mode) {
        Map<String, byte[]> plain = contents(legacy(mode, "Uncompressed"), PakReadOptions.defaults());
        Map<String, byte[]> zlib;
        try (PakReader r = PakReader.open(legacy(mode, "Zlib"))) {
            assertThat(r.info().mountPoint()).isEqualTo(LEGACY_MOUNT);
            assertThat(r.info().version()).isEqualTo(PakVersion.UTF8_PAK_DIRECTORY);
            assertThat(r.entries()).hasSize(11);
            assertThat(r.entries()).anyMatch(e -> e.method() == CompressionMethod.ZLIB);
            assertThat(r.verifyAll(TaskMonitor.NONE)).isEmpty();
        }
        zlib = contents(legacy(mode, "Zlib"), PakReadOptions.defaults());
        assertThat(plain).hasSize(11);
        assertThat(zlib.keySet()).isEqualTo(plain.keySet());
        plain.forEach((k, v) -> assertThat(zlib.get(k)).as(k).isEqualTo(v));
        assertThat(plain.keySet()).anyMatch(p -> p.endsWith(".uasset")).anyMatch(p -> p.endsWith(".uexp"));
    }

    @ParameterizedTest
    @MethodSource("modes")
    void legacyOodlePaksMatchTheirTwinsOrNeedTheNativeLibrary(String mode) {
        Codecs codecs = Codecs.standard();
        Map<String, byte[]> plain = contents(legacy(mode, "Uncompressed"), PakReadOptions.defaults());
        PakReadOptions enc = PakReadOptions.defaults().withKey(KEY);
        for (Path p : new Path[] {legacy(mode, "Oodle"), legacy(mode, "OodleEncrypted")}) {
            PakReadOptions o = p.toString().contains("Encrypted") ? enc : PakReadOptions.defaults();
            try (PakReader r = PakReader.open(p, o)) {
                assertThat(r.info().mountPoint()).isEqualTo(LEGACY_MOUNT);
                assertThat(r.entries()).hasSize(11);
                assertThat(r.entries()).anyMatch(e -> e.method() == CompressionMethod.OODLE);
            }
            if (codecs.canDecompress(CompressionMethod.OODLE)) {
                Map<String, byte[]> oodle = contents(p, o);
                plain.forEach((k, v) -> assertThat(oodle.get(k)).as(k).isEqualTo(v));
            } else {
                assertThatThrownBy(() -> contents(p, o)).isInstanceOf(NativeUnavailableException.class);
            }
        }
    }

    @Test
    void encryptedPakNeedsTheRightKey() {
        Path p = legacy("Tagged", "OodleEncrypted");
        try (PakReader r = PakReader.open(p, PakReadOptions.defaults().withKey(KEY))) {
            assertThat(r.info().encryptedIndex()).isTrue();
            assertThat(r.entries()).allMatch(PakEntry::encrypted);
            // uncompressed entries of the encrypted pak decrypt to their twins' bytes
            Map<String, byte[]> plain = contents(legacy("Tagged", "Uncompressed"), PakReadOptions.defaults());
            r.entries().stream().filter(e -> !e.compressed()).forEach(e -> assertThat(r.readEntry(e)).isEqualTo(plain.get(e.path())));
        }
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(WrongKeyException.class).hasMessageContaining("key is required");
        assertThatThrownBy(() -> PakReader.open(p, PakReadOptions.defaults().withKey(RepakFixtures.KEY)))
                .isInstanceOf(WrongKeyException.class).hasMessageContaining("Wrong AES key");
    }

    @Test
    void minimalOodlePakListsWithTheSameFiles() {
        Path oodle = Fixtures.path(DIR + "Pak/Oodle/CUE4ParseFixtures-Minimal-Oodle.pak");
        Path plainPak = Fixtures.path(DIR + "Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak");
        Map<String, byte[]> plain = contents(plainPak, PakReadOptions.defaults());
        try (PakReader r = PakReader.open(oodle)) {
            assertThat(r.info().mountPoint()).isEqualTo(MINIMAL_MOUNT);
            assertThat(r.entries()).extracting(PakEntry::path).containsExactlyInAnyOrderElementsOf(plain.keySet());
            PakEntry ini = r.find("Config/DefaultGame.ini").orElseThrow();
            assertThat(ini.compressed()).isFalse();
            assertThat(r.readEntry(ini)).isEqualTo(plain.get("Config/DefaultGame.ini"));
        }
        if (Codecs.standard().canDecompress(CompressionMethod.OODLE)) {
            assertThat(contents(oodle, PakReadOptions.defaults())).allSatisfy((k, v) -> assertThat(v).isEqualTo(plain.get(k)));
        } else {
            assertThatThrownBy(() -> contents(oodle, PakReadOptions.defaults())).isInstanceOf(NativeUnavailableException.class);
        }
    }

    @Test
    void otherVersion12PaksOpenAndExtract() {
        for (String rel : new String[] {"AndroidPak/CUE4ParseFixtures-Android-Textures.pak", "Patch/Pak/CUE4ParseFixtures-PatchBase.pak",
            "Patch/Pak/CUE4ParseFixtures-PatchBase_0_P.pak"}) {
            try (PakReader r = PakReader.open(Fixtures.path(DIR + rel))) {
                assertThat(r.entries()).as(rel).isNotEmpty();
                for (PakEntry e : r.entries()) {
                    if (!e.deleted() && (e.method() != CompressionMethod.OODLE || Codecs.standard().canDecompress(CompressionMethod.OODLE))) {
                        assertThat(r.readEntry(e)).as(rel + " " + e.path()).hasSize((int) e.size());
                    }
                }
            }
        }
    }
}
