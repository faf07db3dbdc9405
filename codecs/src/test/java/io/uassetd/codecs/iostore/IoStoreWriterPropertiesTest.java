package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.iostore.toc.PerfectHash;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.toc.TocWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import io.uassetd.codecs.error.UnsupportedVersionException;
import org.junit.jupiter.api.Test;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property-based round trips of the IoStore writer: random container layouts (chunk ids, sizes from
 * empty to several blocks, compressible or random data, paths), every TOC version, stored or Zlib,
 * two block sizes and, where the version has partitions, a small partition size; the container reads
 * back with the same chunks by id and the TOC writes back byte for byte. Bounded tries keep it fast.
 */
class IoStoreWriterPropertiesTest {
    private static final Codecs CODECS = Codecs.standard();

    /** One random chunk: its id, bytes and file path. */
    record Chunk(IoChunkId id, byte[] data, String path) {
    }

    /**
     * Every layout writes and reads back equal, except that TOC version 4 (PerfectHash, no overflow
     * list) may have no perfect hash for a chunk set: then the writer refuses it with
     * UNSUPPORTED_VERSION naming the version to use, before anything is written.
     */
    @Property(tries = 30)
    void randomLayoutsReadBackEqual(@ForAll("chunkSets") List<Chunk> chunks, @ForAll("versions") TocVersion version,
            @ForAll("methods") CompressionMethod method, @ForAll("blockSizes") int blockSize,
            @ForAll boolean partitioned) throws IOException {
        Path dir = Files.createTempDirectory("iostoreprop");
        try {
            Path out = dir.resolve("Random.utoc");
            long partition = partitioned && version.atLeast(TocVersion.PARTITION_SIZE) ? 3 * blockSize : -1;
            try (IoStoreWriter w = IoStoreWriter.create(out, IoStoreWriter.Options.of(version, 0x0BADC0DEL).withMethod(method)
                    .withBlockSize(blockSize).withPartitionSize(partition).withMountPoint("../../../Game/"), CODECS)) {
                for (Chunk c : chunks) {
                    w.addChunk(c.id(), c.data(), c.path());
                }
                TocResource written;
                try {
                    written = w.finish();
                } catch (UnsupportedVersionException e) {
                    assertThat(version).as(e.getMessage()).isEqualTo(TocVersion.PERFECT_HASH);
                    assertThat(e.getMessage()).contains("TOC version 5");
                    return;
                }
                assertThat(TocWriter.write(written)).isEqualTo(Files.readAllBytes(out));
            }
            byte[] toc = Files.readAllBytes(out);
            assertThat(TocWriter.write(TocReader.read(toc, "Random.utoc"))).isEqualTo(toc);
            try (IoStoreContainer c = IoStoreContainer.open(out, ContainerKeys.none(), CODECS)) {
                assertThat(c.chunkCount()).isEqualTo(chunks.size());
                for (Chunk k : chunks) {
                    int i = c.find(k.id());
                    assertThat(i).as("chunk %s", k.id()).isNotNegative();
                    assertThat(c.readChunk(i)).as("chunk %s", k.id()).isEqualTo(k.data());
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    /**
     * A chunk may arrive with its BLAKE3 hash computed by its maker ({@code addChunk(..., blake3)}, or a
     * {@code Pending} that carries it in {@code addChunks}), the rest hashed by the writer: whichever chunks
     * come hashed, and however they are batched, the .utoc and .ucas are the bytes of the same chunks added
     * one by one without hashes (the jobs of {@code addChunks} skip the hashed ones and hash the runs
     * between them).
     */
    @Property(tries = 40)
    void chunksHashedByTheirMakerGiveTheSameContainer(@ForAll("chunkSets") List<Chunk> chunks, @ForAll("methods") CompressionMethod method,
            @ForAll("hashedMasks") List<Boolean> hashed, @ForAll("batchSizes") int batch) throws IOException {
        Path dir = Files.createTempDirectory("iostorehashed");
        java.util.concurrent.ForkJoinPool pool = new java.util.concurrent.ForkJoinPool(2);
        try {
            IoStoreWriter.Options o = IoStoreWriter.Options.of(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH, 0x0BADC0DEL)
                    .withMethod(method).withBlockSize(0x4000).withMountPoint("../../../Game/");
            Path plain = dir.resolve("Plain.utoc");
            try (IoStoreWriter w = IoStoreWriter.create(plain, o, CODECS)) {
                for (Chunk c : chunks) {
                    w.addChunk(c.id(), c.data(), c.path());
                }
                w.finish();
            }
            Path mixed = dir.resolve("Mixed.utoc");
            try (IoStoreWriter w = IoStoreWriter.create(mixed, o, CODECS)) {
                List<IoStoreWriter.Pending> pending = new ArrayList<>();
                for (int i = 0; i < chunks.size(); i++) {
                    Chunk c = chunks.get(i);
                    byte[] h = hashed.get(i % hashed.size()) ? io.uassetd.codecs.hash.Blake3.hash(c.data()) : null;
                    if (batch == 0) {
                        w.addChunk(c.id(), c.data(), c.path(), true, h);
                        continue;
                    }
                    pending.add(new IoStoreWriter.Pending(c.id(), c.data(), c.path(), true, h));
                    if (pending.size() == batch || i == chunks.size() - 1) {
                        w.addChunks(pending, pool);
                        pending.clear();
                    }
                }
                w.finish();
            }
            assertThat(Files.readAllBytes(mixed)).isEqualTo(Files.readAllBytes(plain));
            assertThat(Files.readAllBytes(dir.resolve("Mixed.ucas"))).isEqualTo(Files.readAllBytes(dir.resolve("Plain.ucas")));
        } finally {
            pool.shutdown();
            deleteTree(dir);
        }
    }

    @Provide
    Arbitrary<List<Boolean>> hashedMasks() {
        return Arbitraries.of(true, false).list().ofMinSize(1).ofMaxSize(10);
    }

    @Provide
    Arbitrary<Integer> batchSizes() {
        return Arbitraries.integers().between(0, 4); // 0: one by one through addChunk
    }

    @Test
    void aChunkSetWithoutAPerfectHashIsRefusedAtVersion4() {
        List<IoChunkId> ids = List.of(IoChunkId.of(0, 0, IoChunkType.BULK_DATA), IoChunkId.of(-1, 0, IoChunkType.BULK_DATA),
                IoChunkId.of(1, 0, IoChunkType.BULK_DATA), IoChunkId.of(2, 0, IoChunkType.BULK_DATA));
        assertThatThrownBy(() -> PerfectHash.build(ids, false)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 5");
        assertThat(PerfectHash.build(ids, true)).isNotNull();
    }

    @Provide
    Arbitrary<TocVersion> versions() {
        return Arbitraries.of(TocVersion.values());
    }

    @Provide
    Arbitrary<CompressionMethod> methods() {
        return Arbitraries.of(CompressionMethod.NONE, CompressionMethod.ZLIB);
    }

    @Provide
    Arbitrary<Integer> blockSizes() {
        return Arbitraries.of(0x4000, 0x10000);
    }

    @Provide
    Arbitrary<List<Chunk>> chunkSets() {
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(5000);
        Arbitrary<byte[]> repeated = Combinators.combine(Arbitraries.integers().between(0, 150_000), Arbitraries.bytes())
                .as((n, b) -> {
                    byte[] d = new byte[n];
                    for (int i = 0; i < n; i++) {
                        d[i] = (byte) (b + i / 61);
                    }
                    return d;
                });
        Arbitrary<byte[]> content = Arbitraries.oneOf(random, repeated);
        Arbitrary<Long> ids = Arbitraries.longs();
        return Arbitraries.maps(ids, content).ofMinSize(1).ofMaxSize(10).map(m -> {
            List<Chunk> list = new ArrayList<>();
            int n = 0;
            for (Map.Entry<Long, byte[]> e : new LinkedHashMap<>(m).entrySet()) {
                list.add(new Chunk(IoChunkId.of(e.getKey(), 0, IoChunkType.BULK_DATA), e.getValue(),
                        "Content/Random/chunk" + n++ + ".ubulk"));
            }
            return list;
        });
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
