package io.uassetd.codecs.zen;

import io.uassetd.codecs.iostore.ZenLayout;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.stream.Stream;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every Zen fixture reads and writes back byte for byte. */
class ZenRoundTripTest {

    static Stream<Arguments> retocPackages() {
        return Stream.concat(Stream.of(Arguments.of("retoc/UE5.4/BP_Table_Lamp.uzenasset", EngineVersion.UE5_4),
                Arguments.of("retoc/UE5.5/BP_ThirdPersonCharacter.uzenasset", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/SM_Cube.uzenasset", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/T_Test.uzenasset", EngineVersion.UE5_5)),
                ZenFixtures.ue427().map(p -> Arguments.of(p, EngineVersion.UE4_27)));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("retocPackages")
    void retocPackageRoundTrips(String fixture, EngineVersion engine) throws Exception {
        byte[] data = Files.readAllBytes(Fixtures.path(fixture));
        ZenPackage p = ZenPackage.read(data, fixture, engine);
        assertThat(p.toBytes()).isEqualTo(data);
        assertThat(p.exportMap()).isNotEmpty();
        assertThat(p.packageName()).startsWith("/");
        long[] at = p.exportDataOffsets();
        assertThat(at).doesNotContain(-1L);
        assertThat(ZenPackage.readAny(data, fixture).layout()).isEqualTo(p.layout());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.zen.ZenFixtures#ue58Variants")
    void everyPackageChunkOfAContainerRoundTrips(String variant) {
        assertEveryPackageChunkRoundTrips(ZenFixtures.ue58Toc(variant), variant, EngineVersion.UE5_8);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("io.uassetd.codecs.zen.ZenFixtures#ue60Variants")
    void everyPackageChunkOfAUE60ContainerRoundTrips(String variant) {
        assertEveryPackageChunkRoundTrips(ZenFixtures.ue60Toc(variant), variant, EngineVersion.UE6_0);
    }

    /** Each of the container's 97 packages reads under {@code engine} and writes back identical, in the VerseCells layout. */
    private static void assertEveryPackageChunkRoundTrips(Path toc, String variant, EngineVersion engine) {
        try (IoStoreContainer c = IoStoreContainer.open(toc, ContainerKeys.of(AesKey.of(ZenFixtures.CUE4PARSE_KEY)), Codecs.standard())) {
            int packages = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                if (c.chunkType(i) != IoChunkType.EXPORT_BUNDLE_DATA) {
                    continue;
                }
                byte[] data = c.readChunk(i);
                String name = variant + " chunk " + i;
                ZenPackage p = ZenPackage.read(data, name, engine);
                assertThat(p.toBytes()).as(name).isEqualTo(data);
                assertThat(p.exportDataOffsets()).as(name).doesNotContain(-1L);
                assertThat(ZenPackage.readAny(data, name).layout()).as(name).isEqualTo(ZenLayout.VERSE_CELLS);
                packages++;
            }
            assertThat(packages).isEqualTo(97);
        }
    }
}
