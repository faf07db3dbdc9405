package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class IoStoreContainerTest {
    private static final Codecs CODECS = Codecs.standard();
    private static final ContainerKeys KEY = ContainerKeys.of(AesKey.of(IoStoreFixtures.CUE4PARSE_KEY));

    static Stream<Arguments> variants() {
        return IoStoreFixtures.ue58Variants().map(v -> Arguments.of(v[0], v[1]));
    }

    static IoStoreContainer open(String flavour, String variant) {
        return IoStoreContainer.open(IoStoreFixtures.ue58(flavour, variant), KEY, CODECS);
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("variants")
    void holds112ChunksOfTheExpectedTypes(String flavour, String variant) {
        try (IoStoreContainer c = open(flavour, variant)) {
            assertThat(c.chunkCount()).isEqualTo(112);
            Map<IoChunkType, Integer> types = new HashMap<>();
            for (int i = 0; i < c.chunkCount(); i++) {
                types.merge(c.chunkType(i), 1, Integer::sum);
            }
            assertThat(types).containsExactlyInAnyOrderEntriesOf(Map.of(IoChunkType.EXPORT_BUNDLE_DATA, 97,
                    IoChunkType.BULK_DATA, 14, IoChunkType.CONTAINER_HEADER, 1));
            assertThat(c.isEncrypted()).isEqualTo(variant.contains("Encrypted"));
            assertThat(c.isCompressed()).isEqualTo(!variant.equals("Uncompressed"));
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("variants")
    void everyChunkMatchesTheUncompressedContainerAndItsHash(String flavour, String variant) {
        try (IoStoreContainer c = open(flavour, variant);
                IoStoreContainer plain = open(flavour, "Uncompressed")) {
            int compared = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                byte[] data = c.readChunk(i);
                assertThat(data).hasSize((int) c.chunkSize(i));
                assertThat(c.verifyChunk(i)).as("hash of chunk %d", i).isEqualTo(ChunkHashCheck.MATCH);
                if (c.chunkType(i) == IoChunkType.CONTAINER_HEADER) {
                    continue;
                }
                int j = plain.find(c.chunkId(i));
                assertThat(j).as("chunk %s in the uncompressed container", c.chunkId(i)).isGreaterThanOrEqualTo(0);
                assertThat(data).as("chunk %s", c.chunkId(i)).isEqualTo(plain.readChunk(j));
                compared++;
            }
            assertThat(compared).isEqualTo(111);
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("variants")
    void listsTheSameFilesAsTheUncompressedContainer(String flavour, String variant) {
        try (IoStoreContainer c = open(flavour, variant);
                IoStoreContainer plain = open(flavour, "Uncompressed")) {
            List<String> paths = c.files().stream().map(IoStoreFile::path).sorted().toList();
            assertThat(paths).hasSize(111).doesNotHaveDuplicates();
            assertThat(paths).isEqualTo(plain.files().stream().map(IoStoreFile::path).sorted().toList());
            assertThat(c.mountPoint()).isPresent();
            for (IoStoreFile f : c.files()) {
                assertThat(f.size()).isEqualTo(c.chunkSize(f.chunkIndex()));
                assertThat(c.chunkId(f.chunkIndex())).isEqualTo(f.chunkId());
            }
        }
    }

    @ParameterizedTest(name = "{0}/{1}")
    @MethodSource("variants")
    void containerHeaderParsesAndWritesBack(String flavour, String variant) {
        try (IoStoreContainer c = open(flavour, variant)) {
            ContainerHeader h = c.containerHeader().orElseThrow();
            assertThat(h.version()).isEqualTo(ContainerHeaderVersion.SOFT_PACKAGE_REFERENCES_OFFSET);
            assertThat(h.containerId()).isEqualTo(c.containerId());
            assertThat(h.packageIds()).hasSize(97).doesNotHaveDuplicates();
            for (long id : h.packageIds()) {
                assertThat(c.find(IoChunkId.packageData(id))).isGreaterThanOrEqualTo(0);
            }
            byte[] raw = c.readChunk(c.findFirst(IoChunkType.CONTAINER_HEADER));
            assertThat(h.toBytes()).isEqualTo(raw);
        }
    }

    @Test
    void summaryDescribesThePartitionedContainer() {
        try (IoStoreContainer c = open("Tagged", "OodlePartitioned")) {
            ContainerSummary s = c.summary();
            assertThat(s.tocVersion()).isEqualTo(8);
            assertThat(s.partitionCount()).isEqualTo(5);
            assertThat(s.partitions()).allMatch(ContainerSummary.Partition::present);
            assertThat(s.partitionSize()).isEqualTo(262_144);
            assertThat(s.compressionMethods()).containsExactly("Oodle");
            assertThat(s.compressionRatio()).isLessThan(1.0);
            assertThat(s.chunksByType()).containsEntry("EXPORT_BUNDLE_DATA", 97).containsEntry("BULK_DATA", 14);
            assertThat(s.packageCount()).isEqualTo(97);
            assertThat(s.fileCount()).isEqualTo(111);
            assertThat(s.containerHeaderVersion()).isEqualTo(5);
        }
    }

    @Test
    void encryptedContainerWithoutKeyListsChunksButNotFiles() {
        Path utoc = IoStoreFixtures.ue58("Tagged", "OodleEncrypted");
        try (IoStoreContainer c = IoStoreContainer.open(utoc)) {
            assertThat(c.chunkCount()).isEqualTo(112);
            assertThat(c.canDecrypt()).isFalse();
            assertThatThrownBy(c::files).isInstanceOf(WrongKeyException.class).hasMessageContaining("no AES key");
            assertThatThrownBy(() -> c.readChunk(0)).isInstanceOf(WrongKeyException.class);
            assertThat(c.summary().fileCount()).isEqualTo(-1);
        }
    }

    @Test
    void wrongKeyIsRefusedAtOpen() {
        Path utoc = IoStoreFixtures.ue58("Tagged", "OodleEncrypted");
        AesKey wrong = AesKey.of("CUE4ParseFixtureAESKey0123456780".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        assertThatThrownBy(() -> IoStoreContainer.open(utoc, ContainerKeys.of(wrong), CODECS))
                .isInstanceOf(WrongKeyException.class).hasMessageContaining("key is wrong")
                .hasMessageContaining("FIoDirectoryIndexResource");
    }

    @Test
    void ue52ContentTocListsWithoutItsUcas() {
        Path utoc = Fixtures.path("unrealmodding/iostore/IoStoreTesting-Windows.utoc");
        try (IoStoreContainer c = IoStoreContainer.open(utoc)) {
            assertThat(c.chunkCount()).isEqualTo(1208);
            assertThat(c.tocVersion().value()).isEqualTo(5);
            List<IoStoreFile> files = c.files();
            assertThat(files).hasSize(337);
            assertThat(c.mountPoint()).contains("../../../");
            assertThat(files).anyMatch(f -> f.path().equals("../../../Engine/Content/EngineDamageTypes/DmgTypeBP_Environmental.uasset"));
            assertThat(files.stream().map(IoStoreFile::chunkIndex).distinct().count()).isEqualTo(files.size());
            assertThatThrownBy(() -> c.readChunk(0)).isInstanceOf(CorruptDataException.class)
                    .hasMessageContaining("Missing partition file IoStoreTesting-Windows.ucas");
            ContainerSummary s = c.summary();
            assertThat(s.partitions()).singleElement().satisfies(p -> assertThat(p.present()).isFalse());
            assertThat(s.containerHeaderProblem()).contains("Missing partition");
        }
    }

    @Test
    void chunksStreamAndExtractAtomically(@TempDir Path tmp) throws Exception {
        try (IoStoreContainer c = open("Tagged", "Zlib")) {
            int big = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                if (c.chunkSize(i) > c.chunkSize(big)) {
                    big = i;
                }
            }
            byte[] whole = c.readChunk(big);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            c.copyChunk(big, out, TaskMonitor.NONE);
            assertThat(out.toByteArray()).isEqualTo(whole);
            Path target = tmp.resolve("sub/chunk.bin");
            assertThat(c.extractChunk(big, target, TaskMonitor.NONE)).isEqualTo(whole.length);
            assertThat(Files.readAllBytes(target)).isEqualTo(whole);
            byte[] mid = c.readChunkRange(big, 70_000, 100_000);
            assertThat(mid).isEqualTo(java.util.Arrays.copyOfRange(whole, 70_000, 170_000));
        }
    }
}
