package io.uassetd.codecs.open;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The engine a bundle request is written for, on real cooks: a game's engine is a default the packages' own versions overrule. */
class BundleEnginesTest {

    @Test
    void aNamedGameWhoseEngineThePackagesContradictGivesWayToTheirsAndKeepsTheRestOfItsProfile() {
        // UE5.6 cooks (LegacyFileVersion -9): Marvel Rivals' UE5_3 (-8) cannot read them
        List<BundleInput> in = BundleInput.of(List.of(Fixtures.path("uassetapi/TestUE5_6")), null, null);
        List<String> warnings = new ArrayList<>();
        BundleEngines.Chosen c = BundleEngines.profile(null, "marvel_rivals", in, warnings::add);
        assertThat(c.profile().engine()).isEqualTo(EngineVersion.UE5_6);
        assertThat(c.profile().game()).isEqualTo(GameProfile.MARVEL_RIVALS);
        assertThat(c.choice().source()).isEqualTo(EngineSource.PROBE);
        assertThat(warnings).containsExactly("The packages are UE5_6 (probe), not marvel_rivals's UE5_3: written for UE5_6 with the rest of"
                + " the marvel_rivals profile; the game loads packages cooked by its own engine (name engine_version to force one)");
        // named, the engine is as named and nothing is detected
        List<String> none = new ArrayList<>();
        BundleEngines.Chosen named = BundleEngines.profile(EngineVersion.UE5_3, "marvel_rivals", in, none::add);
        assertThat(named.profile().engine()).isEqualTo(EngineVersion.UE5_3);
        assertThat(named.choice().source()).isEqualTo(EngineSource.REQUEST);
        assertThat(none).isEmpty();
    }

    @Test
    void packagesTheGamesEngineReadsKeepIt() {
        List<BundleInput> ue54 = BundleInput.of(List.of(Fixtures.path("uassetapi/TestUE5_4/BlankGame")), null, null);
        List<String> warnings = new ArrayList<>();
        BundleEngines.Chosen c = BundleEngines.profile(null, "marvel_rivals", ue54, warnings::add);
        // unversioned UE5.4 cooks fit UE5_1 ... UE5_5, UE5_3 among them: the game's engine stands
        assertThat(c.profile().engine()).isEqualTo(EngineVersion.UE5_3);
        assertThat(c.choice().source()).isEqualTo(EngineSource.PROFILE);
        assertThat(warnings).isEmpty();
    }
}
