package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.OnDemandMeta;
import io.uassetd.codecs.iostore.toc.PerfectHash;
import io.uassetd.codecs.iostore.toc.TocEntryMeta;
import io.uassetd.codecs.iostore.toc.TocHeader;
import io.uassetd.codecs.iostore.toc.TocSignatures;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.toc.TocWriter;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class IoStoreTocTest {
    static Stream<String> tocs() {
        return IoStoreFixtures.allTocs();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tocs")
    void everyFixtureTocWritesBackByteForByte(String relative) throws Exception {
        Path p = Fixtures.path(relative);
        byte[] original = Files.readAllBytes(p);
        TocResource toc = TocReader.read(original, p.getFileName().toString());
        assertThat(TocWriter.write(toc)).isEqualTo(original);
        assertThat(TocReader.read(TocWriter.write(toc), "again")).isEqualTo(toc);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("tocs")
    void perfectHashFindsEveryChunkAtItsOwnIndex(String relative) {
        TocResource toc = TocReader.read(Fixtures.path(relative));
        if (!toc.version().atLeast(TocVersion.PERFECT_HASH)) {
            return;
        }
        for (int i = 0; i < toc.chunkCount(); i++) {
            assertThat(PerfectHash.find(toc.chunkIds(), toc.perfectHashSeeds(), toc.chunksWithoutPerfectHash(),
                    toc.chunkIds().get(i))).isEqualTo(i);
        }
        assertThat(PerfectHash.find(toc.chunkIds(), toc.perfectHashSeeds(), toc.chunksWithoutPerfectHash(),
                new IoChunkId(0x1234_5678_9ABCL, 7, 0, 2))).isEqualTo(-1);
    }

    @Test
    void ue52GlobalIsVersion5AndContentListsItsEntries() {
        TocResource global = TocReader.read(Fixtures.path("unrealmodding/iostore/global.utoc"));
        assertThat(global.version()).isEqualTo(TocVersion.PERFECT_HASH_WITH_OVERFLOW);
        assertThat(global.chunkCount()).isEqualTo(1);
        assertThat(global.chunkIds().get(0).type(global.ue5ChunkTypes())).isEqualTo(IoChunkType.SCRIPT_OBJECTS);
        TocResource content = TocReader.read(Fixtures.path("unrealmodding/iostore/IoStoreTesting-Windows.utoc"));
        assertThat(content.chunkCount()).isEqualTo(1208);
        assertThat(content.compressionMethods()).containsExactly("Zlib");
    }

    @Test
    void ue58ContainersHaveTheDocumentedShape() {
        TocResource toc = TocReader.read(IoStoreFixtures.ue58("Tagged", "OodlePartitioned"));
        assertThat(toc.version()).isEqualTo(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH);
        assertThat(toc.chunkCount()).isEqualTo(112);
        assertThat(toc.header().compressionBlockSize()).isEqualTo(0x10000);
        assertThat(toc.header().partitionSize()).isEqualTo(262_144);
        assertThat(toc.header().partitionCount()).isEqualTo(5);
    }

    @Test
    void signedAndOnDemandSectionsRoundTrip() {
        TocResource base = TocReader.read(IoStoreFixtures.ue58("Tagged", "Zlib"));
        TocHeader h = base.header();
        int flags = h.containerFlags() | ContainerFlag.SIGNED.bit() | ContainerFlag.ON_DEMAND.bit();
        TocHeader h6 = new TocHeader(TocVersion.ON_DEMAND_META_DATA, h.reserved0(), h.reserved1(), h.headerSize(),
                h.entryCount(), h.compressedBlockEntryCount(), h.compressedBlockEntrySize(),
                h.compressionMethodNameCount(), h.compressionMethodNameLength(), h.compressionBlockSize(),
                h.directoryIndexSize(), h.partitionCount(), h.containerId(), h.encryptionKeyGuid(), flags, 0, 0,
                h.perfectHashSeedsCount(), h.partitionSize(), h.chunksWithoutPerfectHashCount(), 0, 0, new byte[36]);
        Random rnd = new Random(5);
        byte[] sig = new byte[256];
        rnd.nextBytes(sig);
        byte[] blockSigs = new byte[20 * base.compressionBlocks().size()];
        rnd.nextBytes(blockSigs);
        byte[] chunkHashes = new byte[20 * base.chunkCount()];
        byte[] blockHashes = new byte[20 * base.compressionBlocks().size()];
        rnd.nextBytes(chunkHashes);
        rnd.nextBytes(blockHashes);
        List<TocEntryMeta> metas = new ArrayList<>();
        for (TocEntryMeta m : base.chunkMetas()) {
            metas.add(new TocEntryMeta(java.util.Arrays.copyOf(m.hash(), 32), m.flags(), 0));
        }
        TocResource toc = new TocResource(h6, base.chunkIds(), base.offsetAndLengths(), base.perfectHashSeeds(),
                base.chunksWithoutPerfectHash(), base.compressionBlocks(), base.compressionMethods(),
                new TocSignatures(sig, sig.clone(), blockSigs), base.directoryIndex(), metas,
                new OnDemandMeta(chunkHashes, blockHashes));
        byte[] bytes = TocWriter.write(toc);
        assertThat(bytes.length).isEqualTo(TocWriter.write(base).length + 4 + 512 + blockSigs.length
                + chunkHashes.length + blockHashes.length + 9 * base.chunkCount());
        TocResource back = TocReader.read(bytes, "signed.utoc");
        assertThat(back).isEqualTo(toc);
        assertThat(TocWriter.write(back)).isEqualTo(bytes);
    }

    @Test
    void builtPerfectHashPlacesEveryIdWithoutCollisions() {
        Random rnd = new Random(42);
        for (int n : new int[] {1, 2, 3, 17, 1000, 20_000}) {
            List<IoChunkId> ids = new ArrayList<>();
            HashSet<IoChunkId> seen = new HashSet<>();
            while (ids.size() < n) {
                IoChunkId id = new IoChunkId(rnd.nextLong(), 0, 0, 1 + rnd.nextInt(2));
                if (seen.add(id)) {
                    ids.add(id);
                }
            }
            PerfectHash.Layout layout = PerfectHash.build(ids, true);
            List<IoChunkId> bySlot = new ArrayList<>(Collections.nCopies(n, (IoChunkId) null));
            for (int i = 0; i < n; i++) {
                assertThat(bySlot.get(layout.slotOf()[i])).isNull();
                bySlot.set(layout.slotOf()[i], ids.get(i));
            }
            for (int i = 0; i < n; i++) {
                assertThat(PerfectHash.find(bySlot, layout.seeds(), layout.overflowSlots(), ids.get(i)))
                        .isEqualTo(layout.slotOf()[i]);
            }
        }
    }
}
