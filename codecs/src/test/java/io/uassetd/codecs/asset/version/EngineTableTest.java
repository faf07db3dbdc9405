package io.uassetd.codecs.asset.version;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.zen.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.Test;

/**
 * The engine table against the fixtures that exist for each release: the pak version UnrealPak
 * wrote, the TOC and container header versions of the containers, the Zen layout the packages read
 * with (byte for byte), and the LegacyFileVersion and file versions of the legacy packages.
 */
class EngineTableTest {
    static final String KEY = "435545345061727365466978747572654145534b657930313233343536373839";

    @ParameterizedTest(name = "{0}: pak {1}")
    @CsvSource({"UE4_20, repak/packs/pack_v5.pak", "UE4_21, repak/packs/pack_v7.pak", "UE4_22, repak/packs/pack_v8a.pak",
        "UE4_23, repak/packs/pack_v8b.pak", "UE4_25, repak/packs/pack_v9.pak", "UE4_27, repak/packs/pack_v11.pak",
        "UE5_8, cue4parse/UE5_8/Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak",
        "UE5_8, cue4parse/UE5_8/LegacyPak/Tagged/Zlib/CUE4ParseFixtures-Legacy-Tagged-Zlib.pak",
        "UE6_0, cue4parse/UE6_0/Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak",
        "UE6_0, cue4parse/UE6_0/Pak/Oodle/CUE4ParseFixtures-Minimal-Oodle.pak",
        "UE6_0, cue4parse/UE6_0/LegacyPak/Tagged/Zlib/CUE4ParseFixtures-Legacy-Tagged-Zlib.pak",
        "UE6_0, cue4parse/UE6_0/LegacyPak/Tagged/OodleEncrypted/CUE4ParseFixtures-Legacy-Tagged-OodleEncrypted.pak"})
    void pakVersionsMatchThePaksEachReleaseWrote(String engine, String pak) {
        try (PakReader r = PakReader.open(Fixtures.path(pak), PakReadOptions.defaults().withKey(KEY))) {
            assertThat(r.info().version().onDisk()).isEqualTo(EngineVersion.valueOf(engine).pakVersion());
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"UE5_8, cue4parse/UE5_8/IoStore/Tagged/Oodle/CUE4ParseFixtures-Minimal-Oodle-Windows.utoc",
        "UE5_8, cue4parse/UE5_8/IoStore/Unversioned/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc",
        "UE5_8, cue4parse/UE5_8/Patch/IoStore/CUE4ParseFixtures-PatchBase.utoc",
        "UE6_0, cue4parse/UE6_0/IoStore/Tagged/Oodle/CUE4ParseFixtures-Minimal-Oodle-Windows.utoc",
        "UE6_0, cue4parse/UE6_0/IoStore/Tagged/OodleEncrypted/CUE4ParseFixtures-Minimal-OodleEncrypted-Windows.utoc",
        "UE6_0, cue4parse/UE6_0/IoStore/Tagged/OodlePartitioned/CUE4ParseFixtures-Minimal-OodlePartitioned-Windows.utoc",
        "UE6_0, cue4parse/UE6_0/IoStore/Tagged/Zlib/CUE4ParseFixtures-Minimal-Zlib-Windows.utoc",
        "UE6_0, cue4parse/UE6_0/IoStore/Tagged/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc"})
    void tocAndContainerHeaderVersionsMatchTheContainers(String engine, String utoc) {
        EngineVersion e = EngineVersion.valueOf(engine);
        try (IoStoreContainer c = IoStoreContainer.open(Fixtures.path(utoc), ContainerKeys.of(AesKey.parse(KEY)), Codecs.standard())) {
            assertThat(c.tocVersion().value()).isEqualTo(e.tocVersion());
            assertThat(c.containerHeader()).isPresent();
            assertThat(c.containerHeader().get().version().value()).isEqualTo(e.headerVersion());
            // every package chunk reads with the release's Zen layout and writes back the same bytes
            int packages = 0;
            for (long id : c.containerHeader().get().packageIds()) {
                int index = c.find(io.uassetd.codecs.iostore.IoChunkId.of(id, 0, io.uassetd.codecs.iostore.IoChunkType.EXPORT_BUNDLE_DATA));
                byte[] data = c.readChunk(index);
                assertThat(ZenPackage.read(data, utoc, e).toBytes()).isEqualTo(data);
                packages++;
            }
            assertThat(packages).isPositive();
        }
    }

    @Test
    void theUE52ContainerHasTheTocVersionOfUE52() {
        // unrealmodding's UE5.2 .utoc comes without its .ucas: the TOC alone (its container header is in the .ucas)
        try (IoStoreContainer c = IoStoreContainer.open(Fixtures.path("unrealmodding/iostore/IoStoreTesting-Windows.utoc"))) {
            assertThat(c.tocVersion().value()).isEqualTo(EngineVersion.UE5_2.tocVersion());
        }
        try (IoStoreContainer c = IoStoreContainer.open(Fixtures.path("unrealmodding/iostore/global.utoc"))) {
            assertThat(c.tocVersion().value()).isEqualTo(EngineVersion.UE5_2.tocVersion());
        }
    }

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource({"UE4_27, retoc/UE4.27/TestModUI.uzenasset", "UE5_4, retoc/UE5.4/BP_Table_Lamp.uzenasset",
        "UE5_5, retoc/UE5.5/SM_Cube.uzenasset", "UE5_5, retoc/UE5.5/T_Test.uzenasset",
        "UE5_5, retoc/UE5.5/BP_ThirdPersonCharacter.uzenasset"})
    void zenLayoutsReadTheZenPackagesOfEachRelease(String engine, String file) throws Exception {
        byte[] data = Files.readAllBytes(Fixtures.path(file));
        EngineVersion e = EngineVersion.valueOf(engine);
        ZenPackage z = ZenPackage.read(data, file, e);
        assertThat(z.layout()).isEqualTo(e.zenLayout());
        assertThat(z.toBytes()).isEqualTo(data);
        // and the layout is the one that fits among all of them
        assertThat(ZenPackage.readAny(data, file).layout()).isEqualTo(e.zenLayout());
    }

    static List<String> legacyPackages() {
        return PropertyFixtures.legacyPackages().toList();
    }

    @ParameterizedTest
    @MethodSource("legacyPackages")
    void legacyFileVersionsAndFileVersionsMatchTheLegacyPackages(String rel) {
        EngineVersion e = PropertyFixtures.engineFor(rel);
        AssetPackage p = PropertyFixtures.open(rel);
        int legacy = p.summary().legacyFileVersion().value();
        if (e.isUE5()) {
            assertThat(legacy).as(rel).isEqualTo(e.legacyFileVersion());
        } else {
            assertThat(legacy).as(rel).isGreaterThanOrEqualTo(e.legacyFileVersion()).isGreaterThan(-8);
        }
        if (!p.summary().isUnversioned()) {
            // a versioned package states the versions its release writes (the one UE5.5-set texture was saved by UE5.4)
            EngineVersion saved = rel.endsWith("T_pl01_001_body_D.uasset") ? EngineVersion.UE5_4 : e;
            assertThat(p.version().fileVersionUE5()).as(rel).isEqualTo(saved.fileVersionUE5());
            assertThat(p.version().fileVersionUE4()).as(rel).isEqualTo(saved.fileVersionUE4());
        }
    }

    @Test
    void theTableIsOrderedAndEveryRowIsComplete() {
        EngineVersion prev = null;
        for (EngineVersion e : EngineVersion.values()) {
            if (prev != null) {
                assertThat(e.fileVersionUE4()).as(e.name()).isGreaterThanOrEqualTo(prev.fileVersionUE4());
                assertThat(e.fileVersionUE5()).as(e.name()).isGreaterThanOrEqualTo(prev.fileVersionUE5());
                assertThat(e.pakVersion()).as(e.name()).isGreaterThanOrEqualTo(prev.pakVersion());
                assertThat(e.tocVersion()).as(e.name()).isGreaterThanOrEqualTo(prev.tocVersion());
                assertThat(e.legacyFileVersion()).as(e.name()).isLessThanOrEqualTo(prev.legacyFileVersion());
            }
            assertThat(e.hasZen()).as(e.name()).isEqualTo(e.atLeast(EngineVersion.UE4_26));
            assertThat(e.headerVersion() >= 0).as(e.name()).isEqualTo(e.isUE5());
            assertThat(ZenLayout.values()).as(e.name()).contains(e.hasZen() ? e.zenLayout() : ZenLayout.UE4_PACKAGE_SUMMARY);
            prev = e;
        }
        assertThat(EngineVersion.LATEST).isEqualTo(EngineVersion.UE6_0);
        assertThat(EngineVersion.range()).isEqualTo("UE4_0 ... UE6_0");
        assertThat(EngineVersion.parse("6.0")).isEqualTo(EngineVersion.UE6_0);
        assertThatThrownBy(() -> EngineVersion.parse("UE9_9")).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("UE4_0 ... UE6_0");
        assertThatThrownBy(() -> EngineVersion.UE4_25.zenLayout()).isInstanceOf(UnsupportedVersionException.class);
        // every release's pak and TOC versions are read (UE6_0: pak 15, TOC 10)
        assertThat(Arrays.stream(EngineVersion.values()).filter(e -> !e.formatsSupported())).isEmpty();
        assertThat(EngineChoice.detectable()).first().isEqualTo(EngineVersion.UE6_0);
        // UE6_0 writes UE5_8's packages (the fixture sets' cooked packages are the same bytes): only its containers tell
        assertThat(Arrays.stream(EngineVersion.values()).filter(EngineVersion::packagesLikePrevious))
                .containsExactly(EngineVersion.UE6_0);
        assertThat(EngineChoice.detectableFromPackages()).first().isEqualTo(EngineVersion.UE5_8);
    }
}
