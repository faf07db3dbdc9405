package io.uassetd.codecs.zen.write;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The retoc UE5.4/5.5 pairs: X.uasset + X.uexp convert to X.uzenasset byte for byte. */
class LegacyToZenRetocTest {

    static Stream<Arguments> pairs() {
        return Stream.of(Arguments.of("retoc/UE5.4/BP_Table_Lamp", EngineVersion.UE5_4),
                Arguments.of("retoc/UE5.5/BP_ThirdPersonCharacter", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/SM_Cube", EngineVersion.UE5_5),
                Arguments.of("retoc/UE5.5/T_Test", EngineVersion.UE5_5));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("pairs")
    void legacyPairConvertsToItsZenPackage(String base, EngineVersion engine) throws Exception {
        byte[] expected = Files.readAllBytes(Fixtures.path(base + ".uzenasset"));
        ZenConversion z = LegacyToZen.convertFile(Fixtures.path(base + ".uasset"), null, ZenTarget.of(engine));
        ZenPackage want = ZenPackage.read(expected, base, engine);
        ZenModels.assertSameHeader(z.model(), want);
        assertThat(z.zenPackage()).isEqualTo(expected);
        assertThat(z.packageName()).isEqualTo(want.packageName());
        assertThat(z.packageId()).isEqualTo(Hashes.cityHash64LowerUtf16(want.packageName()));
        assertThat(z.storeEntry().exportCount()).isEqualTo(want.exportMap().size());
        assertThat(z.storeEntry().importedPackages()).hasSize(want.importedPackageNames().size());
        for (int i = 0; i < want.importedPackageNames().size(); i++) {
            assertThat(z.storeEntry().importedPackages().get(i))
                    .isEqualTo(Hashes.cityHash64LowerUtf16(want.importedPackageNames().name(i)));
        }
        // bulk data companions become chunks, unchanged
        for (BulkChunk c : z.bulkChunks()) {
            assertThat(c.data()).isEqualTo(Files.readAllBytes(Fixtures.path(base + c.extension())));
        }
        assertThat(z.bulkChunks()).hasSize((int) Stream.of(".ubulk", ".uptnl", ".m.ubulk")
                .filter(ext -> Files.exists(Fixtures.root().resolve(base + ext))).count());
        assertThat(Arrays.equals(z.model().toBytes(), z.zenPackage())).isTrue();
    }
}
