package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.testkit.Fixtures;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A store given a ScriptObjectsSource asks it every time, with its global container, and keeps
 * nothing (the daemon's cache owns, counts and evicts the database); without one it reads the
 * global container's once and keeps them. The CUE4Parse UE5.8 tagged containers (36,979 objects).
 */
class PackageStoreScriptObjectsSourceTest {
    @Test
    void aSourceIsAskedEveryTimeWithTheGlobalContainer() {
        List<String> asked = new ArrayList<>();
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), Codecs.standard())
                .addFolder(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged"), PackageStore.GAME_PRIORITY)
                .scriptObjectsFrom(global -> {
                    asked.add(global.name());
                    return ScriptObjectsChunk.fromContainer(global);
                }).build()) {
            ScriptObjectsDatabase a = store.scriptObjects().orElseThrow();
            ScriptObjectsDatabase b = store.scriptObjects().orElseThrow();
            assertThat(asked).containsExactly("global", "global");
            assertThat(a).isNotSameAs(b);
            assertThat(a.size()).isEqualTo(36_979);
            assertThat(a.retainedBytes()).isEqualTo(b.retainedBytes()).isGreaterThan(36_979L * 52); // columns and tables (docs/server.md, "Memory, round 2")
        }
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), Codecs.standard())
                .addFolder(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged"), PackageStore.GAME_PRIORITY).build()) {
            assertThat(store.scriptObjects().orElseThrow()).isSameAs(store.scriptObjects().orElseThrow());
        }
    }

    @Test
    void aStoreWithoutAGlobalContainerAsksWithNull() {
        List<Boolean> asked = new ArrayList<>();
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), Codecs.standard())
                .addFolder(Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Zlib"), PackageStore.GAME_PRIORITY)
                .scriptObjectsFrom(global -> {
                    asked.add(global == null);
                    return null;
                }).build()) {
            assertThat(store.scriptObjects()).isEmpty();
            assertThat(asked).containsExactly(true);
        }
    }
}
