package io.uassetd.codecs.iostore;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
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
}
