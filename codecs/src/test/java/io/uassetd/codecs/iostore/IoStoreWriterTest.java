package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.toc.TocWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every TOC version, written from the UE5.8 fixture's chunks by {@link IoStoreWriter} (stored,
 * Zlib, encrypted, partitioned), reads back with the same chunks, paths and hashes, and its TOC
 * writes back byte for byte.
 */
class IoStoreWriterTest {
    private static final Codecs CODECS = Codecs.standard();
    private static final AesKey KEY = AesKey.of(IoStoreFixtures.CUE4PARSE_KEY);

    static Stream<Arguments> layouts() {
        Stream.Builder<Arguments> b = Stream.builder();
        for (TocVersion v : TocVersion.values()) {
            b.add(Arguments.of(v, CompressionMethod.NONE, false, -1L));
            b.add(Arguments.of(v, CompressionMethod.ZLIB, true, -1L));
            if (v.atLeast(TocVersion.PARTITION_SIZE)) {
                b.add(Arguments.of(v, CompressionMethod.ZLIB, false, 300_000L));
            }
        }
        return b.build();
    }

    @ParameterizedTest(name = "{0} {1} encrypted={2} partition={3}")
    @MethodSource("layouts")
    void everyVersionRoundTripsTheFixtureChunks(TocVersion version, CompressionMethod method, boolean encrypted,
            long partitionSize, @TempDir Path tmp) throws Exception {
        Path out = tmp.resolve("Rewritten.utoc");
        Map<IoChunkId, byte[]> expected = new HashMap<>();
        Map<String, IoChunkId> paths = new HashMap<>();
        try (IoStoreContainer src = IoStoreContainer.open(IoStoreFixtures.ue58("Tagged", "Uncompressed"));
                IoStoreWriter w = IoStoreWriter.create(out, IoStoreWriter.Options.of(version, 0x1234_5678L)
                        .withMethod(method).withKey(encrypted ? KEY : null).withPartitionSize(partitionSize)
                        .withMountPoint(src.mountPoint().orElseThrow()), CODECS)) {
            Map<Integer, String> pathOf = new HashMap<>();
            String mount = src.mountPoint().orElseThrow();
            for (IoStoreFile f : src.files()) {
                pathOf.put(f.chunkIndex(), f.path().substring(mount.length()));
            }
            for (int i = 0; i < src.chunkCount(); i++) {
                byte[] data = src.readChunk(i);
                expected.put(src.chunkId(i), data);
                w.addChunk(src.chunkId(i), data, pathOf.get(i));
                if (pathOf.containsKey(i)) {
                    paths.put(mount + pathOf.get(i), src.chunkId(i));
                }
            }
            TocResource written = w.finish();
            assertThat(TocWriter.write(written)).isEqualTo(Files.readAllBytes(out));
        }
        byte[] tocBytes = Files.readAllBytes(out);
        TocResource toc = TocReader.read(tocBytes, "Rewritten.utoc");
        assertThat(toc.version()).isEqualTo(version);
        assertThat(TocWriter.write(toc)).isEqualTo(tocBytes);
        try (IoStoreContainer c = IoStoreContainer.open(out, ContainerKeys.of(KEY), CODECS)) {
            assertThat(c.chunkCount()).isEqualTo(expected.size());
            assertThat(c.isEncrypted()).isEqualTo(encrypted);
            if (partitionSize > 0) {
                assertThat(c.toc().header().partitionCount()).isGreaterThan(1);
                assertThat(c.partitionPaths()).allMatch(Files::exists);
            }
            for (Map.Entry<IoChunkId, byte[]> e : expected.entrySet()) {
                int i = c.find(e.getKey());
                assertThat(i).isGreaterThanOrEqualTo(0);
                assertThat(c.readChunk(i)).isEqualTo(e.getValue());
                assertThat(c.verifyChunk(i)).isEqualTo(ChunkHashCheck.MATCH);
            }
            if (version.atLeast(TocVersion.DIRECTORY_INDEX)) {
                assertThat(c.files()).hasSize(paths.size());
                for (IoStoreFile f : c.files()) {
                    assertThat(paths.get(f.path())).as(f.path()).isEqualTo(f.chunkId());
                }
            } else {
                assertThat(c.files()).isEmpty();
            }
        }
        try (Stream<Path> s = Files.list(tmp)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }
}
