package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * PakWriter reuses the arrays of its compression blocks (plain and compressed) from one block to
 * the next. On real files (the UE5.8 IoStore containers: compressible .utoc/.ucas and Oodle-compressed,
 * incompressible .ucas, about 100 blocks), compressed and AES-encrypted, every entry reads back equal
 * to its file and the AES padding after each compressed block is zeros, as it was with a new array
 * per block: bytes left in a reused array never reach the pak.
 */
class PakWriterReusedBlocksTest {
    private static final AesKey KEY = AesKey.parse(RepakFixtures.KEY);

    @TempDir
    Path tmp;

    @Test
    void reusedBlockArraysLeaveNoStaleBytes() throws Exception {
        Path root = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        List<PakSource> sources = PakSource.directory(root);
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(PakVersion.parse("11")).withCompression(CompressionMethod.ZLIB)
                .withEncryption(KEY, EncryptionScheme.STANDARD, true, true);
        Path out = tmp.resolve("reused.pak");
        PakWriteResult res = PakWriter.create(out, sources, o);
        assertThat(res.fileCount()).isEqualTo(sources.size());
        AesCipher cipher = new AesCipher(KEY.bytes());
        int blocks = 0;
        int padded = 0;
        int stored = 0;
        PakReadOptions ro = PakReadOptions.defaults().withScheme(EncryptionScheme.STANDARD).withKey(KEY);
        try (PakReader r = PakReader.open(out, ro); FileChannel ch = FileChannel.open(out)) {
            assertThat(r.entries()).hasSize(sources.size());
            for (PakEntry e : r.entries()) {
                assertThat(r.readEntry(e)).as(e.path()).isEqualTo(Files.readAllBytes(root.resolve(e.path())));
                if (!e.compressed()) {
                    stored++;
                    continue;
                }
                for (PakBlock b : e.record().blocks()) {
                    long start = e.record().offset() + b.start(); // V11: relative to the entry's record
                    int len = (int) b.size();
                    int aligned = (int) AesCipher.align(len);
                    ByteBuffer buf = ByteBuffer.allocate(aligned);
                    while (buf.hasRemaining()) {
                        assertThat(ch.read(buf, start + buf.position())).isPositive();
                    }
                    byte[] plain = buf.array();
                    cipher.decrypt(plain, 0, aligned);
                    for (int i = len; i < aligned; i++) {
                        assertThat(plain[i]).as("%s block at %d: padding byte %d", e.path(), start, i - len).isZero();
                    }
                    blocks++;
                    padded += aligned > len ? 1 : 0;
                }
            }
        }
        // enough blocks to go round the writer's window of arrays many times, padded ones among them, and entries stored whole
        assertThat(blocks).isGreaterThan(64);
        assertThat(padded).isGreaterThan(32);
        assertThat(stored).isPositive();
    }
}
