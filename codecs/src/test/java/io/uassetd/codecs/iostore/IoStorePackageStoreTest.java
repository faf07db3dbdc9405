package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IoStorePackageStoreTest {
    private static final ContainerKeys KEY = ContainerKeys.of(AesKey.of(IoStoreFixtures.CUE4PARSE_KEY));

    @Test
    void patchLevelsFollowUnrealsNaming() {
        assertThat(PackageStore.patchLevel("pakchunk0-Windows")).isZero();
        assertThat(PackageStore.patchLevel("pakchunk0-Windows_P")).isEqualTo(1);
        assertThat(PackageStore.patchLevel("CUE4ParseFixtures-PatchBase_0_P")).isEqualTo(2);
        assertThat(PackageStore.patchLevel("Mod_12_P")).isEqualTo(14);
        assertThat(PackageStore.patchLevel("MyMod_Pack")).isZero();
    }

    @Test
    void laterContainersWinAndModsOverrideTheGame() {
        Path tagged = Fixtures.path(IoStoreFixtures.UE58 + "Tagged");
        try (PackageStore store = PackageStore.open(tagged, KEY, Codecs.standard())) {
            assertThat(store.problems()).isEmpty();
            assertThat(store.containers()).hasSize(6);
            assertThat(store.packageCount()).isEqualTo(97);
            assertThat(store.scriptObjects()).isPresent();
            assertThat(store.scriptObjects().get().size()).isEqualTo(36_979);
            for (long id : store.packageIds()) {
                assertThat(store.providers(id)).hasSize(5);
                assertThat(store.lookup(id).orElseThrow().container().name())
                        .isEqualTo("CUE4ParseFixtures-Minimal-Zlib-Windows");
            }
            long any = store.packageIds().iterator().next();
            PackageLocation loc = store.lookup(any).orElseThrow();
            assertThat(store.readPackage(any)).isEqualTo(loc.container().readChunk(loc.chunkIndex()));
        }
        Path mod = IoStoreFixtures.ue58("Tagged", "Uncompressed");
        try (PackageStore store = PackageStore.builder(KEY, Codecs.standard()).addFolder(tagged, PackageStore.GAME_PRIORITY)
                .addContainer(mod, PackageStore.MOD_PRIORITY).build()) {
            assertThat(store.containers()).hasSize(6);
            IoStoreContainer winner = store.containers().get(5);
            assertThat(winner.name()).isEqualTo("CUE4ParseFixtures-Minimal-Uncompressed-Windows");
            assertThat(store.packagesWonBy(winner)).hasSize(97);
            for (long id : store.packageIds()) {
                assertThat(store.lookup(id).orElseThrow().container()).isSameAs(winner);
            }
        }
    }

    @Test
    void patchContainerOverridesItsBase() {
        Path folder = Fixtures.path("cue4parse/UE5_8/Patch/IoStore");
        try (PackageStore store = PackageStore.open(folder, ContainerKeys.none(), Codecs.standard())) {
            assertThat(store.containers()).extracting(IoStoreContainer::name)
                    .containsExactly("CUE4ParseFixtures-PatchBase", "CUE4ParseFixtures-PatchBase_0_P");
            IoStoreContainer patch = store.containers().get(1);
            ContainerHeader ph = patch.containerHeader().orElseThrow();
            assertThat(ph.packageIds()).isNotEmpty();
            for (long id : ph.packageIds()) {
                assertThat(store.lookup(id).orElseThrow().container()).isSameAs(patch);
                assertThat(store.providers(id)).hasSize(2);
            }
            assertThat(store.packagesWonBy(store.containers().get(0))).isNotEmpty();
        }
    }

    @Test
    void unreadableContainersAreReportedOrRefusedWhenStrict() {
        Path tagged = Fixtures.path(IoStoreFixtures.UE58 + "Tagged");
        try (PackageStore store = PackageStore.open(tagged, ContainerKeys.none(), Codecs.standard())) {
            assertThat(store.problems()).singleElement().asString().contains("OodleEncrypted").contains("no AES key");
            assertThat(store.containers()).hasSize(5);
        }
        assertThatThrownBy(() -> PackageStore.builder(ContainerKeys.none(), Codecs.standard()).strict(true)
                .addFolder(tagged, 0).build()).isInstanceOf(WrongKeyException.class);
    }
}
