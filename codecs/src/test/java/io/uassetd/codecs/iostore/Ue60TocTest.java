package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.iostore.toc.TocReader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The UE6.0 containers of the CUE4Parse fixtures (TOC version 10, ContainerEncryptionMethod): every
 * variant reads, the AES-CTR encrypted one with its per-block IVs, each chunk equal to the
 * uncompressed twin's; the new header fields are checked (unknown method, IV count, source hashes).
 */
class Ue60TocTest {
    static final String DIR = "cue4parse/UE6_0/IoStore/Tagged/";
    static final ContainerKeys KEYS = ContainerKeys.of(AesKey.of(IoStoreFixtures.CUE4PARSE_KEY));

    @TempDir
    Path tmp;

    static Path ue60(String variant) {
        return Fixtures.path(DIR + variant + "/CUE4ParseFixtures-Minimal-" + variant + "-Windows.utoc");
    }

    /** Each file of the directory index (by path) with its chunk's bytes. */
    static Map<String, byte[]> files(Path utoc) {
        Map<String, byte[]> out = new HashMap<>();
        try (IoStoreContainer c = IoStoreContainer.open(utoc, KEYS, Codecs.standard())) {
            for (IoStoreFile f : c.files()) {
                out.put(f.path(), c.readChunk(f.chunkIndex()));
            }
        }
        return out;
    }

    @ParameterizedTest
    @ValueSource(strings = {"Oodle", "Zlib", "OodlePartitioned", "OodleEncrypted"})
    void everyVariantHoldsTheUncompressedTwinsFiles(String variant) {
        Map<String, byte[]> plain = files(ue60("Uncompressed"));
        assertThat(plain).hasSize(111);
        Map<String, byte[]> other = files(ue60(variant));
        assertThat(other.keySet()).isEqualTo(plain.keySet());
        plain.forEach((path, bytes) -> assertThat(other.get(path)).as(variant + " " + path).isEqualTo(bytes));
        try (IoStoreContainer b = IoStoreContainer.open(ue60(variant), KEYS, Codecs.standard())) {
            assertThat(b.tocVersion()).isEqualTo(TocVersion.CONTAINER_ENCRYPTION_METHOD);
            assertThat(b.chunkCount()).isEqualTo(112);
            for (int i = 0; i < b.chunkCount(); i++) {
                assertThat(b.readChunk(i)).hasSize((int) b.toc().offsetAndLengths().get(i).length());
            }
        }
    }

    @Test
    void theEncryptedContainerIsAesCtrWithAnIvPerBlockAndOneForTheIndex() {
        TocResource toc = TocReader.read(ue60("OodleEncrypted"));
        assertThat(toc.header().encryptionMethod()).isEqualTo(EncryptionMethod.AES_CTR);
        assertThat(toc.compressionBlocks()).hasSize(133);
        assertThat(toc.encryptionIvCount()).isEqualTo(134);
        assertThat(toc.header().storedSourceHashCount()).isZero();
        for (String v : List.of("Oodle", "Zlib", "Uncompressed", "OodlePartitioned")) {
            TocResource t = TocReader.read(ue60(v));
            assertThat(t.header().encryptionMethod()).as(v).isEqualTo(EncryptionMethod.NONE);
            assertThat(t.encryptionIvCount()).as(v).isZero();
        }
        assertThat(TocReader.read(Fixtures.path(DIR + "global.utoc")).version()).isEqualTo(TocVersion.CONTAINER_ENCRYPTION_METHOD);
        // without the key, or with another one
        assertThatThrownBy(() -> IoStoreContainer.open(ue60("OodleEncrypted")).readChunk(0))
                .isInstanceOf(WrongKeyException.class);
        assertThatThrownBy(() -> IoStoreContainer.open(ue60("OodleEncrypted"),
                ContainerKeys.of(AesKey.parse("0x" + "11".repeat(32))), Codecs.standard())).isInstanceOf(WrongKeyException.class);
    }

    private Path patched(String variant, int at, int value) throws Exception {
        byte[] b = Files.readAllBytes(ue60(variant));
        b[at] = (byte) value;
        Path p = tmp.resolve(variant + "-" + at + "-" + value + ".utoc");
        Files.write(p, b);
        return p;
    }

    @Test
    void unknownMethodsMismatchedIvsAndSourceHashesAreRefused() throws Exception {
        assertThatThrownBy(() -> TocReader.read(patched("OodleEncrypted", 81, 3))).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Unknown encryption method 3").hasMessageContaining("offset 0x51");
        assertThatThrownBy(() -> TocReader.read(patched("OodleEncrypted", 81, 0))).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("flagged encrypted but its EncryptionMethod is None");
        // ECB stores no IVs: the 134 left over do not add up
        assertThatThrownBy(() -> TocReader.read(patched("OodleEncrypted", 81, 1))).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("134 encryption IVs but AES over 133 compression blocks needs 0");
        assertThatThrownBy(() -> TocReader.read(patched("OodleEncrypted", 104, 0x85))).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("133 encryption IVs but AES_CTR over 133 compression blocks needs 134");
        assertThatThrownBy(() -> TocReader.read(patched("Oodle", 100, 1))).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("1 source hashes").hasMessageContaining("offset 0x64");
    }

    @Test
    void aVersion9TocIsVersion10WithoutTheEncryptionFields() throws Exception {
        Path v9 = patched("Zlib", 16, 9);
        Files.copy(ue60("Zlib").resolveSibling("CUE4ParseFixtures-Minimal-Zlib-Windows.ucas"),
                v9.resolveSibling(v9.getFileName().toString().replace(".utoc", ".ucas")));
        try (IoStoreContainer c = IoStoreContainer.open(v9, ContainerKeys.none(), Codecs.standard())) {
            assertThat(c.tocVersion()).isEqualTo(TocVersion.ADDED_SOURCE_HASHES);
            Map<String, byte[]> plain = files(ue60("Uncompressed"));
            assertThat(c.files()).hasSize(plain.size());
            for (IoStoreFile f : c.files()) {
                assertThat(c.readChunk(f.chunkIndex())).as(f.path()).isEqualTo(plain.get(f.path()));
            }
        }
        assertThatThrownBy(() -> TocReader.read(patched("Zlib", 16, 11))).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("TOC version 11 is newer than the newest supported version 10");
    }

    /**
     * Writes {@code variant}'s chunks again with {@link IoStoreWriter} at TOC 10: in the order they lie
     * in the .ucas, under their directory-index paths, with the source's container id, mount point,
     * block size, partition size and (for AES-CTR) IVs.
     */
    private Path rewrite(String variant, CompressionMethod method, AesKey key) throws Exception {
        Path out = tmp.resolve(variant + "-rewritten.utoc");
        try (IoStoreContainer src = IoStoreContainer.open(ue60(variant), KEYS, Codecs.standard())) {
            TocResource toc = src.toc();
            Map<Integer, String> pathOf = new HashMap<>();
            String mount = src.mountPoint().orElseThrow();
            for (IoStoreFile f : src.files()) {
                pathOf.put(f.chunkIndex(), f.path().substring(mount.length()));
            }
            List<Integer> order = new java.util.ArrayList<>();
            for (int i = 0; i < src.chunkCount(); i++) {
                order.add(i);
            }
            order.sort(java.util.Comparator.comparingLong(i -> toc.offsetAndLengths().get(i).offset()));
            IoStoreWriter.Options o = IoStoreWriter.Options.of(TocVersion.CONTAINER_ENCRYPTION_METHOD, src.containerId())
                    .withMountPoint(mount).withMethod(method).withKey(key).withIvs(toc.encryptionIvs().length > 0
                            ? toc.encryptionIvs() : null)
                    .withPartitionSize(toc.header().effectivePartitionCount() > 1 ? toc.header().partitionSize() : -1)
                    .withKeyGuid(toc.header().encryptionKeyGuid()).withBlockAlignment(2048);
            try (IoStoreWriter w = IoStoreWriter.create(out, o, Codecs.standard())) {
                for (int i : order) {
                    w.addChunk(src.chunkId(i), src.readChunk(i), pathOf.get(i),
                            (toc.chunkMetas().get(i).flags() & io.uassetd.codecs.iostore.toc.TocEntryMeta.FLAG_COMPRESSED) != 0);
                }
                w.finish();
            }
        }
        return out;
    }

    /**
     * The container written again from its chunks equals the engine's but for what the engine does
     * not make public: the perfect-hash seeds (the engine's seed search differs from this writer's,
     * which finds smaller seeds; both look every chunk up) and so the slot order of the TOC's per-chunk
     * arrays, and the .ucas padding after blocks (the engine pads a block to 16 bytes with whatever its
     * reused buffer held, here stale bytes of an earlier block, and to the 2048-byte alignment with
     * zeros; this writer pads with zeros). Header, compression blocks, every chunk's offset, length
     * and meta, the directory index's files and every block's bytes at its offset are the same.
     */
    private static String meta(io.uassetd.codecs.iostore.toc.TocEntryMeta m) {
        return java.util.HexFormat.of().formatHex(m.hash()) + "/" + m.flags() + "/" + m.padding();
    }

    @Test
    void theUncompressedContainerIsWrittenAsTheEngineWroteIt() throws Exception {
        Path out = rewrite("Uncompressed", CompressionMethod.NONE, null);
        Path src = ue60("Uncompressed");
        TocResource want = TocReader.read(src);
        TocResource got = TocReader.read(out);
        assertThat(got.header()).isEqualTo(want.header());
        assertThat(got.compressionBlocks()).isEqualTo(want.compressionBlocks());
        assertThat(got.compressionMethods()).isEqualTo(want.compressionMethods());
        assertThat(got.perfectHashSeeds()).hasSameSizeAs(want.perfectHashSeeds()).isNotEqualTo(want.perfectHashSeeds());
        assertThat(got.directoryIndex()).hasSameSizeAs(want.directoryIndex());
        Map<IoChunkId, String> wantChunks = new HashMap<>();
        Map<IoChunkId, String> gotChunks = new HashMap<>();
        for (int i = 0; i < want.chunkCount(); i++) {
            wantChunks.put(want.chunkIds().get(i), want.offsetAndLengths().get(i) + " " + meta(want.chunkMetas().get(i)));
            gotChunks.put(got.chunkIds().get(i), got.offsetAndLengths().get(i) + " " + meta(got.chunkMetas().get(i)));
        }
        assertThat(gotChunks).isEqualTo(wantChunks);
        try (IoStoreContainer a = IoStoreContainer.open(src); IoStoreContainer b = IoStoreContainer.open(out)) {
            Map<String, IoChunkId> fa = new HashMap<>();
            Map<String, IoChunkId> fb = new HashMap<>();
            a.files().forEach(f -> fa.put(f.path(), a.chunkId(f.chunkIndex())));
            b.files().forEach(f -> fb.put(f.path(), b.chunkId(f.chunkIndex())));
            assertThat(fb).hasSize(111).isEqualTo(fa);
        }
        byte[] wantCas = Files.readAllBytes(src.resolveSibling("CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas"));
        byte[] gotCas = Files.readAllBytes(out.resolveSibling("Uncompressed-rewritten.ucas"));
        assertThat(gotCas).hasSameSizeAs(wantCas);
        boolean[] inBlock = new boolean[wantCas.length];
        for (io.uassetd.codecs.iostore.toc.CompressedBlockEntry b : TocReader.read(src).compressionBlocks()) {
            for (long i = b.offset(); i < b.offset() + b.compressedSize(); i++) {
                inBlock[(int) i] = true;
            }
        }
        int blockDiffs = 0;
        int padDiffs = 0;
        for (int i = 0; i < wantCas.length; i++) {
            if (gotCas[i] != wantCas[i]) {
                if (inBlock[i]) {
                    blockDiffs++;
                } else {
                    padDiffs++;
                    assertThat(gotCas[i]).isZero();
                }
            }
        }
        assertThat(blockDiffs).isZero();
        assertThat(padDiffs).as("stale bytes in the engine's 16-byte block padding").isPositive().isLessThan(133 * 16);
    }

    /**
     * The encrypted container holds the Oodle container's blocks, each AES-CTR encrypted on its own:
     * the IV of its index, the counter from 0 at the block's first byte. Decrypting every block of
     * the .ucas with that rule gives the Oodle twin's bytes at the same offsets, and encrypting them
     * again (what {@link IoStoreWriter} does) gives the fixture's bytes. (The last block, the
     * container header, differs in the container id only.)
     */
    @Test
    void everyEncryptedBlockIsTheOodleTwinsBlockUnderItsOwnIv() throws Exception {
        TocResource enc = TocReader.read(ue60("OodleEncrypted"));
        TocResource plain = TocReader.read(ue60("Oodle"));
        assertThat(enc.compressionBlocks()).isEqualTo(plain.compressionBlocks());
        byte[] encCas = Files.readAllBytes(ue60("OodleEncrypted").resolveSibling("CUE4ParseFixtures-Minimal-OodleEncrypted-Windows.ucas"));
        byte[] plainCas = Files.readAllBytes(ue60("Oodle").resolveSibling("CUE4ParseFixtures-Minimal-Oodle-Windows.ucas"));
        io.uassetd.codecs.crypto.AesCipher cipher = new io.uassetd.codecs.crypto.AesCipher(IoStoreFixtures.CUE4PARSE_KEY);
        for (int b = 0; b < enc.compressionBlocks().size(); b++) {
            io.uassetd.codecs.iostore.toc.CompressedBlockEntry e = enc.compressionBlocks().get(b);
            int off = (int) e.offset();
            int len = e.compressedSize();
            byte[] block = java.util.Arrays.copyOfRange(encCas, off, off + len);
            io.uassetd.codecs.crypto.AesCtr.apply(cipher, enc.encryptionIvs(), enc.blockIvOffset(b), 0, block, 0, len);
            byte[] twin = java.util.Arrays.copyOfRange(plainCas, off, off + len);
            if (b == enc.compressionBlocks().size() - 1) {
                // the container header (stored last, uncompressed) names its own container: the ids differ
                assertThat(new String(block, 0, 4, java.nio.charset.StandardCharsets.US_ASCII)).isEqualTo("nCoI");
                System.arraycopy(block, 8, twin, 8, 8);
            }
            assertThat(block).as("block " + b).isEqualTo(twin);
            io.uassetd.codecs.crypto.AesCtr.apply(cipher, enc.encryptionIvs(), enc.blockIvOffset(b), 0, block, 0, len);
            assertThat(block).isEqualTo(java.util.Arrays.copyOfRange(encCas, off, off + len));
        }
    }
}
