package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The calls the daemon makes: extract, keys by GUID, package counts; and record round trips. */
class IoStoreApiTest {
    private static final AesKey KEY = AesKey.of(IoStoreFixtures.CUE4PARSE_KEY);

    @Test
    void extractsEveryFileUnderTheOutputFolder(@TempDir Path tmp) throws Exception {
        try (IoStoreContainer c = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "OodleEncrypted"),
                ContainerKeys.of(KEY), Codecs.standard())) {
            AtomicInteger progress = new AtomicInteger();
            TaskMonitor monitor = new TaskMonitor() {
                @Override
                public boolean isCancelled() {
                    return false;
                }

                @Override
                public void progress(long done, long total, String item) {
                    progress.incrementAndGet();
                }
            };
            ExtractResult r = c.extractFiles(tmp, f -> true, monitor);
            assertThat(r.failedCount()).isZero();
            assertThat(r.extractedCount()).isEqualTo(111).isEqualTo(progress.get());
            for (IoStoreFile f : c.files()) {
                Path p = tmp.resolve(IoStoreContainer.relativePath(f.path()));
                assertThat(Files.readAllBytes(p)).isEqualTo(c.readChunk(f.chunkIndex()));
            }
            assertThat(c.packageChunkCount()).isEqualTo(97);
        }
    }

    @Test
    void cancelledExtractionStopsAndEncryptedWithoutKeyWritesNothing(@TempDir Path tmp) {
        try (IoStoreContainer c = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "Zlib"))) {
            TaskMonitor cancelled = new TaskMonitor() {
                @Override
                public boolean isCancelled() {
                    return true;
                }

                @Override
                public void progress(long done, long total, String item) {
                }
            };
            assertThatThrownBy(() -> c.extractFiles(tmp.resolve("a"), f -> true, cancelled))
                    .isInstanceOf(CancelledException.class);
        }
        try (IoStoreContainer c = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "OodleEncrypted"))) {
            assertThatThrownBy(() -> c.extractFiles(tmp.resolve("b"), f -> true, TaskMonitor.NONE))
                    .isInstanceOf(WrongKeyException.class);
        }
        assertThat(tmp.resolve("a")).doesNotExist();
        assertThat(tmp.resolve("b")).doesNotExist();
    }

    @Test
    void parallelReadsMatchSequentialReads() throws Exception {
        try (IoStoreContainer c = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "OodlePartitioned"),
                ContainerKeys.none(), Codecs.standard())) {
            byte[][] expected = new byte[c.chunkCount()][];
            for (int i = 0; i < c.chunkCount(); i++) {
                expected[i] = c.readChunk(i);
            }
            java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(4);
            try {
                List<java.util.concurrent.Future<Boolean>> results = new java.util.ArrayList<>();
                for (int round = 0; round < 3; round++) {
                    for (int i = c.chunkCount() - 1; i >= 0; i--) {
                        int chunk = i;
                        results.add(pool.submit(() -> java.util.Arrays.equals(c.readChunk(chunk), expected[chunk])));
                    }
                }
                for (java.util.concurrent.Future<Boolean> f : results) {
                    assertThat(f.get()).isTrue();
                }
            } finally {
                pool.shutdownNow();
            }
        }
    }

    @Test
    void relativePathsDropTheMountPointsParents() {
        assertThat(IoStoreContainer.relativePath("../../../Game/Content/A.uasset")).isEqualTo("Game/Content/A.uasset");
        assertThat(IoStoreContainer.relativePath("/Engine/B.uasset")).isEqualTo("Engine/B.uasset");
        assertThat(IoStoreContainer.relativePath("Game/C.umap")).isEqualTo("Game/C.umap");
    }

    @Test
    void keysByGuidPickTheContainersKey() {
        Path utoc = IoStoreFixtures.ue58("Tagged", "OodleEncrypted");
        ContainerKeys keys = ContainerKeys.byGuid(Map.of("00000000-00000000-00000000-00000000", KEY), null);
        try (IoStoreContainer c = IoStoreContainer.open(utoc, keys, Codecs.standard())) {
            assertThat(c.canDecrypt()).isTrue();
            assertThat(c.files()).hasSize(111);
        }
        ContainerKeys other = ContainerKeys.byGuid(Map.of("11111111222222223333333344444444", KEY), null);
        try (IoStoreContainer c = IoStoreContainer.open(utoc, other, Codecs.standard())) {
            assertThat(c.canDecrypt()).isFalse();
        }
    }

    @Test
    void ue52GlobalChunkHashIsBlake3InA32ByteField() {
        try (IoStoreContainer c = IoStoreContainer.open(Fixtures.path("unrealmodding/iostore/global.utoc"))) {
            assertThat(c.toc().chunkMetas().get(0).hash()).hasSize(32);
            assertThat(c.verifyChunk(0)).isEqualTo(ChunkHashCheck.MATCH);
        }
    }

    @Test
    void nameBatchRoundTripsWideAndNarrowNames() {
        NameBatch b = NameBatch.of(List.of("None", "NiagaraEmitter", "Größe", "名前", ""));
        ByteWriter w = new ByteWriter();
        b.write(w);
        byte[] bytes = w.toByteArray();
        NameBatch back = NameBatch.read(ByteReader.of("batch", 0, bytes, "NameBatch"));
        assertThat(back).isEqualTo(b);
        assertThat(back.wide()).containsExactly(false, false, true, true, false);
        assertThat(back.get(1)).isEqualTo("NiagaraEmitter");
    }

    @Test
    void packedRecordsRoundTrip() {
        Random rnd = new Random(3);
        for (int i = 0; i < 2000; i++) {
            IoChunkId id = new IoChunkId(rnd.nextLong(), rnd.nextInt(0x10000), rnd.nextInt(256), rnd.nextInt(256));
            OffsetAndLength ol = new OffsetAndLength(rnd.nextLong() & OffsetAndLength.MAX, rnd.nextLong() & OffsetAndLength.MAX);
            CompressedBlockEntry be = new CompressedBlockEntry(rnd.nextLong() & OffsetAndLength.MAX,
                    rnd.nextInt(1 << 24), rnd.nextInt(1 << 24), rnd.nextInt(256));
            ByteWriter w = new ByteWriter();
            id.write(w);
            ol.write(w);
            be.write(w);
            byte[] b = w.toByteArray();
            assertThat(b).hasSize(IoChunkId.SIZE + OffsetAndLength.SIZE + CompressedBlockEntry.SIZE);
            ByteReader r = ByteReader.of("rec", 0, b, "records");
            assertThat(IoChunkId.read(r)).isEqualTo(id);
            assertThat(OffsetAndLength.read(r)).isEqualTo(ol);
            assertThat(CompressedBlockEntry.read(r)).isEqualTo(be);
        }
        assertThat(Stream.of(IoChunkType.values()).filter(t -> t.raw(true) >= 0)
                .allMatch(t -> IoChunkType.of(t.raw(true), true) == t)).isTrue();
        assertThat(IoChunkType.of(2, false)).isEqualTo(IoChunkType.EXPORT_BUNDLE_DATA);
        assertThat(IoChunkType.of(10, false)).isEqualTo(IoChunkType.CONTAINER_HEADER);
    }
}
