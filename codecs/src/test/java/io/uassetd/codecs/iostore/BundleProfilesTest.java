package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.game.GameProfile;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Engine and game profiles, and how bundle inputs are placed and sorted into packages. */
class BundleProfilesTest {
    @ParameterizedTest
    @CsvSource({"UE5_0, 5, 1", "UE5_1, 5, 2", "UE5_2, 5, 2", "UE5_3, 5, 3", "UE5_4, 6, 3", "UE5_5, 8, 4", "UE5_6, 8, 4",
        "UE5_7, 8, 5", "UE5_8, 8, 5"})
    void engineProfilesPickTheTocAndHeaderVersions(String engine, int toc, int header) {
        IoStoreProfile p = IoStoreProfile.of(EngineVersion.valueOf(engine));
        assertThat(p.tocVersion().value()).isEqualTo(toc);
        assertThat(p.headerVersion().value()).isEqualTo(header);
        assertThat(p.game()).isEqualTo(GameProfile.NONE);
        assertThat(p.blockSize()).isEqualTo(0x10000);
    }

    @Test
    void theMarvelRivalsProfileIsNamedAndOverridesItsEngine() {
        for (String name : List.of("marvel_rivals", "MarvelRivals", "rivals", "Marvel-Rivals")) {
            assertThat(GameProfile.of(name)).isEqualTo(GameProfile.MARVEL_RIVALS);
        }
        assertThat(GameProfile.of(null)).isEqualTo(GameProfile.NONE);
        IoStoreProfile rivals = IoStoreProfile.of(null, GameProfile.MARVEL_RIVALS);
        assertThat(rivals.engine()).isEqualTo(EngineVersion.UE5_3);
        assertThat(rivals.tocVersion()).isEqualTo(TocVersion.PERFECT_HASH_WITH_OVERFLOW);
        assertThat(rivals.headerVersion()).isEqualTo(ContainerHeaderVersion.NO_EXPORT_INFO);
        assertThat(rivals.game().companionPak().scheme()).isEqualTo(EncryptionScheme.WORD_SWAP);
        assertThat(rivals.game().skeletalMaterialTags()).isTrue();
        assertThat(rivals.game().encryptionScheme()).isEqualTo(EncryptionScheme.WORD_SWAP);
        assertThat(GameProfile.of("mr")).isEqualTo(GameProfile.MARVEL_RIVALS);
        assertThat(GameProfile.of("standard")).isEqualTo(GameProfile.NONE);
        assertThat(GameProfile.NONE.encryptionScheme()).isEqualTo(EncryptionScheme.STANDARD);
        assertThat(GameProfile.encryptionSchemeNamed("marvel_rivals")).isSameAs(GameProfile.MARVEL_RIVALS.encryptionScheme());
        assertThat(rivals.game().staticMaterialSize()).isEqualTo(36);
        IoStoreProfile over = IoStoreProfile.of(EngineVersion.UE5_8, GameProfile.MARVEL_RIVALS);
        assertThat(over.tocVersion()).isEqualTo(TocVersion.PERFECT_HASH_WITH_OVERFLOW);
        assertThat(over.zenLayout()).isEqualTo(IoStoreProfile.of(EngineVersion.UE5_8).zenLayout());
        assertThatThrownBy(() -> GameProfile.of("fortnite")).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("marvel_rivals");
        assertThatThrownBy(() -> IoStoreProfile.of(EngineVersion.UE4_27)).isInstanceOf(UnsupportedVersionException.class);
    }

    @Test
    void singleFilesArePlacedByBaseContentFolderOrGamePath(@TempDir Path tmp) throws Exception {
        Path base = tmp.resolve("mod");
        Path a = write(base.resolve("Marvel/Content/UI/A.uasset"));
        Path b = write(tmp.resolve("elsewhere/Proj/Content/Maps/B.umap"));
        Path c = write(tmp.resolve("loose/C.uasset"));
        List<BundleInput> in = BundleInput.of(List.of(a, b, c), base, "\\Marvel\\Content");
        assertThat(in).extracting(BundleInput::path)
                .containsExactly("Marvel/Content/UI/A.uasset", "Proj/Content/Maps/B.umap", "Marvel/Content/C.uasset");
        List<BundleInput> folder = BundleInput.of(List.of(base), null, "X/");
        assertThat(folder).extracting(BundleInput::path).containsExactly("Marvel/Content/UI/A.uasset");
        assertThat(BundleInput.normalizeGamePath("")).isEmpty();
    }

    @Test
    void inputsAreSortedIntoPackagesWithReasonsForWhatIsLeftOut() {
        byte[] junk = "junk".getBytes(StandardCharsets.UTF_8);
        List<BundleInput> in = List.of(new BundleInput("G/Content/Lonely.uexp", () -> junk),
                new BundleInput("G/Content/Twice.uasset", () -> junk), new BundleInput("G/Content/Twice.uzenasset", () -> junk),
                new BundleInput("G/Content/NotLegacy.uasset", () -> junk), new BundleInput("G/Content/NotLegacy.uexp", () -> junk),
                new BundleInput("G/Content/Broken.uasset", () -> junk), new BundleInput("G/Config/Readme.txt", () -> junk));
        IoStoreProfile p = IoStoreProfile.of(EngineVersion.UE5_8);
        BundleAssembler.Plan plain = BundleAssembler.assemble(in, p, false, null, null, TaskMonitor.NONE);
        assertThat(plain.packages()).isEmpty();
        assertThat(plain.skipped()).containsExactly("G/Config/Readme.txt");
        assertThat(plain.rawFiles()).isEmpty();
        assertThat(plain.errors()).hasSize(4).anyMatch(e -> e.startsWith("G/Content/Lonely.uexp: no .uasset"))
                .anyMatch(e -> e.contains("Twice") && e.contains("also given as"))
                .anyMatch(e -> e.startsWith("G/Content/NotLegacy.uasset: not a legacy package"))
                .anyMatch(e -> e.startsWith("G/Content/Broken.uasset: "));
        BundleAssembler.Plan hybrid = BundleAssembler.assemble(in, p, true, null, null, TaskMonitor.NONE);
        assertThat(hybrid.rawFiles()).extracting(s -> s.path()).containsExactly("G/Config/Readme.txt");
        assertThat(hybrid.skipped()).isEmpty();
        byte[] legacyTag = {(byte) 0xC1, (byte) 0x83, 0x2A, (byte) 0x9E, 0, 0, 0, 0};
        BundleAssembler.Plan noConverter = BundleAssembler.assemble(List.of(new BundleInput("G/Content/L.uasset", () -> legacyTag)),
                p, false, null, null, TaskMonitor.NONE);
        assertThat(noConverter.errors()).containsExactly("G/Content/L.uasset: a legacy package; legacy -> Zen conversion is not available");
    }

    private static Path write(Path p) throws Exception {
        Files.createDirectories(p.getParent());
        Files.write(p, new byte[] {1, 2, 3});
        return p;
    }
}
