package io.uassetd.codecs;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.io.PathFilter;
import java.util.List;
import org.junit.jupiter.api.Test;

class PathFilterTest {
    @Test
    void globsAndSubstrings() {
        PathFilter f = PathFilter.of(List.of("*.uasset", "Content/UI/**", "nested"));
        assertThat(f.matches("Game/Content/Hero/SK_Hero.uasset")).isTrue(); // name-only glob
        assertThat(f.matches("Game/Content/Hero/SK_Hero.uexp")).isFalse();
        assertThat(f.matches("content/ui/deep/a/b.txt")).isTrue();
        assertThat(f.matches("Game\\Content\\UI\\x.png")).isFalse(); // glob anchors at the start
        assertThat(f.matches("directory/NESTED.txt")).isTrue(); // case-insensitive substring
        assertThat(PathFilter.of(List.of()).matches("anything")).isTrue();
        PathFilter seg = PathFilter.of(List.of("Game/*/x.bin", "**/T_?.png", "data[0-9].bin"));
        assertThat(seg.matches("Game/A/x.bin")).isTrue();
        assertThat(seg.matches("Game/A/B/x.bin")).isFalse();
        assertThat(seg.matches("T_a.png")).isTrue();
        assertThat(seg.matches("a/b/T_b.png")).isTrue();
        assertThat(seg.matches("a/b/T_bb.png")).isFalse();
        assertThat(seg.matches("x/data7.bin")).isTrue();
        assertThat(seg.matches("x/dataA.bin")).isFalse();
    }
}
