package io.uassetd.codecs.io;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.OverBudgetException;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.texture.DecodeOptions;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureImages;
import io.uassetd.codecs.texture.image.Dds;
import io.uassetd.codecs.texture.image.ImageFileFormat;
import io.uassetd.codecs.texture.image.ImageFiles;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Work is admitted against the memory budget before its memory is taken: a pak entry, an IoStore
 * chunk, a compressed usmap payload, a texture mip and a DDS that declare more than the budget are
 * refused with an OverBudgetException (TOO_LARGE in the daemon) naming the size and the file; the
 * same input under a budget just large enough is read. Real fixtures, the budget set around their
 * exact sizes.
 */
class MemoryAdmissionTest {
    private long budget;

    @BeforeEach
    void keep() {
        budget = MemoryBudget.limit();
    }

    @AfterEach
    void restore() {
        MemoryBudget.limit(budget);
    }

    @Test
    void aPakEntryLargerThanTheBudgetIsRefusedBeforeItsBuffer() {
        Path pak = Fixtures.path("cue4parse/UE5_8/Pak/Oodle/CUE4ParseFixtures-Minimal-Oodle.pak");
        try (PakReader r = PakReader.open(pak)) {
            PakEntry big = r.entries().stream().max(Comparator.comparingLong(PakEntry::size)).orElseThrow();
            MemoryBudget.limit(big.size() - 1);
            assertThatThrownBy(() -> r.readEntry(big)).isInstanceOf(OverBudgetException.class)
                    .hasMessageContaining(big.path()).hasMessageContaining(big.size() + " bytes").hasMessageContaining("memory budget")
                    .satisfies(e -> assertThat(((OverBudgetException) e).file()).isEqualTo(pak.getFileName().toString()));
            MemoryBudget.limit(big.size());
            assertThat(r.readEntry(big)).hasSize((int) big.size());
        }
    }

    @Test
    void anIoStoreChunkLargerThanTheBudgetIsRefused() {
        Path utoc = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/Oodle/CUE4ParseFixtures-Minimal-Oodle-Windows.utoc");
        try (IoStoreContainer c = IoStoreContainer.open(utoc, ContainerKeys.none(), Codecs.standard())) {
            int big = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                if (c.chunkSize(i) > c.chunkSize(big)) {
                    big = i;
                }
            }
            long size = c.chunkSize(big);
            int index = big;
            MemoryBudget.limit(size - 1);
            assertThatThrownBy(() -> c.readChunk(index)).isInstanceOf(OverBudgetException.class)
                    .hasMessageContaining(size + " bytes").satisfies(e -> assertThat(((OverBudgetException) e).file()).endsWith(".utoc"));
            // a budget under one compression block's size refuses the block's buffer (a decompression bomb's declared size)
            MemoryBudget.limit(size);
            assertThat(c.readChunk(index)).hasSize((int) size);
        }
    }

    @Test
    void aCompressedUsmapPayloadLargerThanTheBudgetIsRefused() throws Exception {
        Path usmap = Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap");
        MemoryBudget.limit(Files.size(usmap));
        assertThatThrownBy(() -> Usmap.load(usmap, Codecs.standard())).isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("Usmap payload").satisfies(e -> assertThat(((OverBudgetException) e).file()).contains("Zstandard"));
        MemoryBudget.limit(64L << 20);
        assertThat(Usmap.load(usmap, Codecs.standard())).isNotNull();
    }

    @Test
    void aTextureMipIsAdmittedWithThePixelsItDecodesTo() {
        // matya's UE5.0 T_Worm_A: BC4 256x256 = 32 KiB of blocks, 256 KiB of RGBA8 pixels
        TextureAsset t = TextureAsset.read(AssetPackage.open(Fixtures.path("matya/5.0/T_Worm_A.uasset"), EngineVersion.parse("5.0")), null);
        MemoryBudget.limit(32768 + 262144 - 1);
        assertThatThrownBy(() -> TextureImages.decode(t, 0, 0, DecodeOptions.DEFAULT)).isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("256x256").satisfies(e -> assertThat(((OverBudgetException) e).file()).contains("T_Worm_A"));
        assertThat(TextureImages.decode(t, 1, 0, DecodeOptions.DEFAULT).width()).isEqualTo(128);
        MemoryBudget.limit(32768 + 262144);
        assertThat(TextureImages.decode(t, 0, 0, DecodeOptions.DEFAULT).width()).isEqualTo(256);
    }

    @Test
    void aDdsIsAdmittedBeforeItsTopMipIsDecoded() {
        TextureAsset t = TextureAsset.read(AssetPackage.open(Fixtures.path("matya/5.0/T_Worm_A.uasset"), EngineVersion.parse("5.0")), null);
        byte[] dds = TextureImages.dds(t);
        MemoryBudget.limit(262144 - 1);
        assertThatThrownBy(() -> ImageFiles.decode(dds, "T_Worm_A.dds", ImageFileFormat.DDS)).isInstanceOf(OverBudgetException.class)
                .hasMessageContaining("256x256").satisfies(e -> assertThat(((OverBudgetException) e).file()).isEqualTo("T_Worm_A.dds"));
        MemoryBudget.limit(262144);
        assertThat(ImageFiles.decode(dds, "T_Worm_A.dds", ImageFileFormat.DDS).width()).isEqualTo(256);
        assertThat(Dds.read(dds, "T_Worm_A.dds").width()).isEqualTo(256);
    }
}
