package io.uassetd.codecs.game;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.asset.niagara.NiagaraConventions;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The profiles' names as help text shows them, and the Niagara conventions each selects. */
class GameProfileTest {
    @Test
    void theNamesConstantIsTheProfiles() {
        assertThat(GameProfile.NAMES).isEqualTo(GameProfile.names());
    }

    @Test
    void onlyMarvelRivalsHasNiagaraTeamParameters() {
        List<String> names = List.of("Fire", "Fire.EnemyColor_Core", "Fire.enemyvalue", "Fire.FriendColor", "Smoke.EnemyColor",
                "EnemyColor", "FireEnemyColor");
        assertThat(GameProfile.of("rivals").niagara().teamParameters(names, "fire"))
                .containsExactly("Fire.EnemyColor_Core", "Fire.enemyvalue");
        assertThat(GameProfile.of("rivals").niagara().teamParameters(names, null)).isEmpty();
        assertThat(GameProfile.NONE.niagara()).isEqualTo(NiagaraConventions.STANDARD);
        assertThat(GameProfile.NONE.niagara().teamParameters(names, "Fire")).isEmpty();
    }
}
