package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.DirectoryIndex;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.iostore.toc.TocEntryMeta;
import io.uassetd.codecs.iostore.toc.TocHeader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.toc.TocWriter;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A chunk stored past 4 GiB in a (sparse) .ucas reads by positional reads with long offsets. */
class IoStoreLargeFileTest {
    @Test
    void chunkBeyondFourGibibytesReads(@TempDir Path tmp) throws Exception {
        long at = 5L << 30;
        byte[] data = new byte[100_000];
        new Random(9).nextBytes(data);
        Path ucas = tmp.resolve("Large.ucas");
        try (FileChannel ch = FileChannel.open(ucas, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                StandardOpenOption.SPARSE)) {
            ch.write(ByteBuffer.wrap(data), at);
        }
        int bs = 0x10000;
        List<CompressedBlockEntry> blocks = List.of(new CompressedBlockEntry(at, bs, bs, 0),
                new CompressedBlockEntry(at + bs, data.length - bs, data.length - bs, 0));
        IoChunkId id = IoChunkId.of(77, 0, IoChunkType.BULK_DATA);
        DirectoryIndex dir = DirectoryIndex.build("../../../", List.of(new DirectoryIndex.IndexedFile("Game/Big.ubulk", 0)));
        byte[] dirBytes = dir.toBytes();
        TocHeader h = TocHeader.create(TocVersion.PERFECT_HASH_WITH_OVERFLOW, 1, 2, 0, bs, dirBytes.length, 1, 5,
                null, ContainerFlag.INDEXED.bit(), 1, -1, 0);
        TocResource toc = new TocResource(h, List.of(id), List.of(new OffsetAndLength(0, data.length)), new int[] {-1},
                new int[0], blocks, List.of(), null, dirBytes, List.of(new TocEntryMeta(new byte[32], 0, 0)), null);
        Path utoc = tmp.resolve("Large.utoc");
        Files.write(utoc, TocWriter.write(toc));
        try (IoStoreContainer c = IoStoreContainer.open(utoc)) {
            assertThat(c.find(id)).isZero();
            assertThat(c.readChunk(0)).isEqualTo(data);
            assertThat(c.files()).singleElement().satisfies(f -> assertThat(f.path()).isEqualTo("../../../Game/Big.ubulk"));
            assertThat(c.verifyChunk(0)).isEqualTo(ChunkHashCheck.ABSENT);
        }
    }
}
