package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * TOC versions 9 and 10 (UE6.0 writes 10 per the engine table) have no public definition: copies of
 * the UE5.8 fixture containers (TOC 8) with the version byte patched read with the version 8 layout
 * and a warning, every chunk byte-identical to the original's; a patched copy whose sizes no longer
 * add up is UNSUPPORTED_VERSION naming the version; 11 is refused whatever the bytes.
 */
class TocToleratedVersionTest {
    @TempDir
    Path tmp;

    private static final String DIR = "cue4parse/UE5_8/IoStore/Unversioned/Oodle/";
    private static final String NAME = "CUE4ParseFixtures-Minimal-Oodle-Windows";

    private Path copy(String name, int version, int extraBytes) throws Exception {
        byte[] toc = Files.readAllBytes(Fixtures.path(DIR + NAME + ".utoc"));
        assertThat(toc[16]).isEqualTo((byte) 8);
        toc = Arrays.copyOf(toc, toc.length + extraBytes);
        toc[16] = (byte) version;
        Path utoc = tmp.resolve(name + ".utoc");
        Files.write(utoc, toc);
        Files.copy(Fixtures.path(DIR + NAME + ".ucas"), tmp.resolve(name + ".ucas"));
        return utoc;
    }

    @Test
    void tocVersions9And10ReadWithTheVersion8LayoutAndAWarning() throws Exception {
        for (int v : new int[] {9, 10}) {
            Path utoc = copy("v" + v, v, 0);
            try (IoStoreContainer a = IoStoreContainer.open(Fixtures.path(DIR + NAME + ".utoc"));
                    IoStoreContainer b = IoStoreContainer.open(utoc, ContainerKeys.none(), Codecs.standard())) {
                assertThat(a.warnings()).isEmpty();
                assertThat(a.storedTocVersion()).isEqualTo(8);
                assertThat(b.warnings()).containsExactly("v" + v + ".utoc: TOC version " + v + " has no public definition; read"
                        + " with the TOC version 8 layout (REPLACE_IO_CHUNK_HASH_WITH_IO_HASH), which the file fits exactly"
                        + " (header size, every section adding up to the file size)");
                assertThat(b.storedTocVersion()).isEqualTo(v);
                assertThat(b.tocVersion()).isEqualTo(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH);
                assertThat(b.chunkCount()).isEqualTo(a.chunkCount()).isEqualTo(112);
                for (int i = 0; i < a.chunkCount(); i++) {
                    assertThat(b.chunkId(i)).isEqualTo(a.chunkId(i));
                    assertThat(b.readChunk(i)).as("chunk " + i).isEqualTo(a.readChunk(i));
                }
            }
        }
    }

    @Test
    void aContainerThatSaysToc10IsFoundAsUE60AndToc9AsBefore() throws Exception {
        Path global = Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned/global.utoc");
        for (int v : new int[] {10, 9, 8}) {
            Path utoc = copy("found" + v, v, 0);
            try (PackageStore store = PackageStore.builder(ContainerKeys.none(), Codecs.standard())
                    .addContainer(global, PackageStore.GAME_PRIORITY).addContainer(utoc, PackageStore.GAME_PRIORITY).strict(true)
                    .build()) {
                EngineChoice c = ZenEngine.of(store, null);
                // 10: only UE6_0 writes it (with container header 5); 9: no release does, the packages' layout tells
                // (UE5_8, probed); 8 with header 5: UE5_7 or UE5_8, one layout, the newest
                assertThat(c.engine()).as("TOC " + v).isEqualTo(v == 10 ? EngineVersion.UE6_0 : EngineVersion.UE5_8);
                assertThat(c.source()).as("TOC " + v).isEqualTo(v == 9 ? EngineSource.PROBE : EngineSource.CONTAINER);
                assertThat(c.warnings()).isEmpty();
            }
        }
        // UE6_0 stays out of detection otherwise: its formats are read only tolerantly and never written
        assertThat(EngineVersion.UE6_0.formatsSupported()).isFalse();
    }

    @Test
    void aPatchedTocThatNoLongerFitsIsUnsupportedNamingTheVersion() throws Exception {
        Path longer = copy("longer", 10, 1);
        assertThatThrownBy(() -> IoStoreContainer.open(longer, ContainerKeys.none(), Codecs.standard()))
                .isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 10 has no public definition").hasMessageContaining("longer.utoc")
                .hasMessageContaining("do not add up");
        byte[] toc = Files.readAllBytes(Fixtures.path(DIR + NAME + ".utoc"));
        toc[16] = 9;
        toc[20] = (byte) (toc[20] + 4); // TocHeaderSize no longer the known 144
        Path size = tmp.resolve("size.utoc");
        Files.write(size, toc);
        assertThatThrownBy(() -> IoStoreContainer.open(size, ContainerKeys.none(), Codecs.standard()))
                .isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 9 has no public definition").hasMessageContaining("TocHeaderSize");
        Path v11 = copy("v11", 11, 0);
        assertThatThrownBy(() -> IoStoreContainer.open(v11, ContainerKeys.none(), Codecs.standard()))
                .isInstanceOf(UnsupportedVersionException.class).hasMessageContaining("TOC version 11 is newer");
    }

    @Test
    void tocVersion10IsNeverWritten() {
        assertThatThrownBy(() -> TocVersion.of(10, "engine table row UE6_0", 0)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 10 has no public definition").hasMessageContaining("never written");
        assertThatThrownBy(() -> IoStoreProfile.of(EngineVersion.UE6_0)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 10 has no public definition");
    }
}
