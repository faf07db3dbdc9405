package io.uassetd.codecs.mods;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The pak order rules of Unreal's pak platform file as {@link MountOrder} states them (docs/game-diff-and-conflicts.md). */
class MountOrderTest {
    @Test
    void patchPaksGainOneHundredPerChunkVersion() {
        assertThat(MountOrder.order("pakchunk0-Windows")).isEqualTo(3);
        assertThat(MountOrder.order("Mod_P")).isEqualTo(103);
        assertThat(MountOrder.order("Mod_p")).as("the suffix is matched without case").isEqualTo(103);
        assertThat(MountOrder.order("Mod_0_P")).as("a chunk version below 1 is the single patch's").isEqualTo(103);
        assertThat(MountOrder.order("Mod_1_P")).isEqualTo(203);
        assertThat(MountOrder.order("Mod_9_P")).isEqualTo(1003);
        assertThat(MountOrder.order("Mod_9999999_P")).isEqualTo(1_000_000_003L);
        assertThat(MountOrder.order("03_AllSkills_P")).as("a numeric prefix is not a chunk version").isEqualTo(103);
        assertThat(MountOrder.order("Skins_x9_P")).isEqualTo(103);
        assertThat(MountOrder.order("Mod_P_Extra")).isEqualTo(3);
        assertThat(MountOrder.explain("Mod_2_P")).isEqualTo("_P patch pak, chunk version 3: +300");
        assertThat(MountOrder.explain("Mod")).isEqualTo("no _P suffix");
    }
}
