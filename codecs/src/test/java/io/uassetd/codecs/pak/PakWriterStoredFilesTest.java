package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stored entries read from plain files (positional reads of each file's channel; an entry that fits
 * one chunk with its record written in one go with it) and the same bytes given in memory make the
 * same pak, for sizes around 256 KiB and the stored chunk (1 MiB), also when
 * Zlib did not help and an entry is written again stored; a file that shrank after it was listed fails
 * naming it, leaving no pak behind.
 */
class PakWriterStoredFilesTest {
    // around the stored chunk less a V11 record (53 bytes): up to there an entry's record and data go out in one write
    private static final int[] SIZES = {0, 1, 15, 262_143, 262_144, 262_145, 524_289, (1 << 20) - 54, (1 << 20) - 53, (1 << 20) - 52,
        1 << 20, (1 << 20) + 17, 3 * (1 << 20) + 5};

    @TempDir
    Path tmp;

    private List<PakSource> write(Path dir) throws Exception {
        Random rnd = new Random(7);
        List<PakSource> fromBytes = new ArrayList<>();
        for (int i = 0; i < SIZES.length; i++) {
            byte[] b = new byte[SIZES[i]];
            rnd.nextBytes(b);
            Path f = dir.resolve("Content/f" + i + ".bin");
            Files.createDirectories(f.getParent());
            Files.write(f, b);
            fromBytes.add(PakSource.bytes("Content/f" + i + ".bin", b));
        }
        return fromBytes;
    }

    @Test
    void filesCopiedByTheKernelGiveTheSamePakAsTheirBytes() throws Exception {
        Path dir = tmp.resolve("in");
        List<PakSource> fromBytes = write(dir);
        List<PakSource> fromFiles = PakSource.directory(dir);
        assertThat(fromFiles).hasSize(SIZES.length);
        for (PakWriteOptions o : List.of(PakWriteOptions.defaults().withCompression(CompressionMethod.NONE),
                PakWriteOptions.defaults().withCompression(CompressionMethod.NONE).withVersion(PakVersion.parse("8")),
                // random bytes do not compress: each entry is written again stored
                PakWriteOptions.defaults().withCompression(CompressionMethod.ZLIB),
                PakWriteOptions.defaults().withCompression(CompressionMethod.NONE).withEncryption(
                        AesKey.parse("94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de"), EncryptionScheme.STANDARD, true, true))) {
            Path a = tmp.resolve("files.pak");
            Path b = tmp.resolve("bytes.pak");
            PakWriter.create(a, fromFiles, o);
            PakWriter.create(b, sortedLike(fromBytes, fromFiles), o);
            assertThat(Files.readAllBytes(a)).isEqualTo(Files.readAllBytes(b));
            try (PakReader r = PakReader.open(a, o.key() == null ? PakReadOptions.defaults()
                    : PakReadOptions.defaults().withKey("94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de"))) {
                assertThat(r.entries()).hasSize(SIZES.length);
                assertThat(r.entries()).noneMatch(PakEntry::compressed);
                for (PakEntry e : r.entries()) {
                    r.verify(e);
                    assertThat(r.readEntry(e)).isEqualTo(Files.readAllBytes(dir.resolve(e.path())));
                }
            }
        }
    }

    @Test
    void aFileThatShrankAfterListingFailsAndLeavesNoPak() throws Exception {
        Path dir = tmp.resolve("in");
        write(dir);
        List<PakSource> sources = PakSource.directory(dir);
        Path victim = dir.resolve("Content/f9.bin");
        try (RandomAccessFile f = new RandomAccessFile(victim.toFile(), "rw")) {
            f.setLength(1000);
        }
        Path out = tmp.resolve("out/x.pak");
        assertThatThrownBy(() -> PakWriter.create(out, sources, PakWriteOptions.defaults().withCompression(CompressionMethod.NONE)))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessageContaining("Content/f9.bin").hasMessageContaining("shorter than when it was listed");
        try (Stream<Path> s = Files.list(out.getParent())) {
            assertThat(s.toList()).isEmpty();
        }
    }

    private static List<PakSource> sortedLike(List<PakSource> bytes, List<PakSource> order) {
        List<PakSource> out = new ArrayList<>();
        for (PakSource o : order) {
            out.add(bytes.stream().filter(b -> b.path().equals(o.path())).findFirst().orElseThrow());
        }
        return out;
    }
}
