package io.uassetd.codecs.zen;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.zen.write.LegacyToZen;
import io.uassetd.codecs.zen.write.ZenTarget;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * What tells the release of an unversioned UE5 cook for a Zen conversion, on retoc's legacy/Zen pairs: the legacy
 * package reads identically under UE5_1 ... UE5_5 (nothing in it is versioned by what sets these apart), and a
 * legacy package records no Zen layout, so the conversion's candidates are the releases whose Zen layout it is
 * written with: exactly those whose conversion gives the pair's Zen package, byte for byte.
 */
class ZenEngineCandidatesTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"retoc/UE5.4/BP_Table_Lamp", "retoc/UE5.5/BP_ThirdPersonCharacter", "retoc/UE5.5/SM_Cube",
        "retoc/UE5.5/T_Test"})
    void theCandidatesOfAConversionAreTheReleasesThatWriteTheSameZenPackage(String base) throws Exception {
        Path uasset = Fixtures.path(base + ".uasset");
        byte[] expected = Files.readAllBytes(Fixtures.path(base + ".uzenasset"));
        EngineChoice detected = PackageEngine.open(uasset, null, null).choice();
        assertThat(detected.candidates()).containsExactly(EngineVersion.UE5_5, EngineVersion.UE5_4, EngineVersion.UE5_3,
                EngineVersion.UE5_2, EngineVersion.UE5_1);
        EngineChoice kept = detected.keeping(c -> c.zenLayout() == detected.engine().zenLayout());
        assertThat(kept.engine()).isEqualTo(EngineVersion.UE5_5);
        assertThat(kept.candidates()).containsExactly(EngineVersion.UE5_5, EngineVersion.UE5_4);
        for (EngineVersion c : detected.candidates()) {
            byte[] zen = LegacyToZen.convertFile(uasset, null, ZenTarget.of(c)).zenPackage();
            assertThat(java.util.Arrays.equals(zen, expected)).as(base + " under " + c).isEqualTo(kept.candidates().contains(c));
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"retoc/UE5.4/BP_Table_Lamp"})
    void aNamedEngineKeepsItsChoice(String base) {
        EngineChoice named = PackageEngine.open(Fixtures.path(base + ".uasset"), EngineVersion.UE5_3, null).choice();
        assertThat(named.keeping(c -> false)).isEqualTo(named);
        assertThat(named.candidates()).isEqualTo(List.of(EngineVersion.UE5_3));
    }
}
