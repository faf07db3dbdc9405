package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Extraction checks an unencrypted entry's SHA-1 in the same pass that copies it: a real repak pak
 * with one byte of a stored entry altered, and a Zlib pak whose entry records say another hash,
 * fail with a CorruptDataException and leave no file; with the check off they extract.
 */
class PakHashCheckTest {
    @TempDir
    Path tmp;

    @Test
    void aStoredEntryWithOneAlteredByteFailsToExtractUnlessTheCheckIsOff() throws Exception {
        byte[] png = Files.readAllBytes(Fixtures.path("repak/pack/root/test.png"));
        byte[] pak = Files.readAllBytes(Fixtures.path("repak/packs/pack_v11.pak"));
        int at = ByteSearch.indexOf(pak, png);
        assertThat(at).isPositive();
        pak[at + png.length / 2] ^= 0x01;
        Path altered = tmp.resolve("altered.pak");
        Files.write(altered, pak);
        try (PakReader r = PakReader.open(altered)) {
            PakEntry e = r.find("test.png").orElseThrow();
            assertThat(e.compressed()).isFalse();
            Path out = tmp.resolve("out/test.png");
            Files.createDirectories(out.getParent());
            assertThatThrownBy(() -> r.extractTo(e, out)).isInstanceOf(CorruptDataException.class)
                    .hasMessageContaining("SHA-1 of 'test.png' is ").hasMessageContaining("the record says");
            assertThat(out.getParent()).isEmptyDirectory();
            assertThat(r.extractTo(e, out, TaskMonitor.NONE, false)).isEqualTo(png.length);
            byte[] got = Files.readAllBytes(out);
            assertThat(got).isNotEqualTo(png).hasSameSizeAs(png);
            got[png.length / 2] ^= 0x01;
            assertThat(got).isEqualTo(png);
            // the other entries still extract, checked
            PakExtractResult all = r.extractAll(tmp.resolve("all"), p -> true, TaskMonitor.NONE);
            assertThat(all.files()).containsExactlyInAnyOrder("test.txt", "zeros.bin", "directory/nested.txt");
            assertThat(all.failures()).extracting(PakExtractResult.Failure::path).containsExactly("test.png");
            assertThat(tmp.resolve("all/test.png")).doesNotExist();
        }
    }

    @Test
    void compressedEntriesAreCheckedAgainstTheirRecordsHash() throws Exception {
        Path source = Fixtures.path("repak/packs/pack_v11_compress.pak");
        List<String> compressed = new ArrayList<>();
        byte[] pak = Files.readAllBytes(source);
        try (PakReader r = PakReader.open(source)) {
            for (PakEntry e : r.entries()) {
                // unaltered: every entry extracts with its hash checked
                assertThat(r.extractTo(e, tmp.resolve("ok").resolve(e.path() + ".x"))).isEqualTo(e.size());
                if (e.compressed()) {
                    compressed.add(e.path());
                    byte[] hash = r.layout(e).dataRecord().hash();
                    int at = ByteSearch.indexOf(pak, hash);
                    assertThat(at).isGreaterThanOrEqualTo((int) e.offset());
                    pak[at] ^= 0x01; // the data record's copy of the hash (the index keeps its own)
                }
            }
        }
        assertThat(compressed).containsExactlyInAnyOrder("zeros.bin", "test.png"); // repak stores the small text files
        Path altered = tmp.resolve("altered.pak");
        Files.write(altered, pak);
        try (PakReader r = PakReader.open(altered)) {
            for (String p : compressed) {
                PakEntry e = r.find(p).orElseThrow();
                Path out = tmp.resolve("bad").resolve(p.replace('/', '_'));
                Files.createDirectories(out.getParent());
                assertThatThrownBy(() -> r.extractTo(e, out)).as(p).isInstanceOf(CorruptDataException.class)
                        .hasMessageContaining("SHA-1 of '" + p + "'");
                assertThat(out).doesNotExist();
                r.extractTo(e, out, TaskMonitor.NONE, false);
                assertThat(Files.readAllBytes(out)).isEqualTo(Files.readAllBytes(Fixtures.path("repak/pack/root/" + p)));
            }
        }
    }

    /**
     * Zlib blocks of an entry whose SHA-1 is checked are inflated without their Adler-32: a byte
     * altered inside the deflate data of a real repak pak's compressed entry is still refused, with
     * no file left, whether the inflater or the SHA-1 notices it first.
     */
    @Test
    void aCompressedEntryWithAnAlteredDataByteFailsToExtract() throws Exception {
        Path source = Fixtures.path("repak/packs/pack_v11_compress.pak");
        byte[] pak = Files.readAllBytes(source);
        PakEntry png;
        long at;
        try (PakReader r = PakReader.open(source)) {
            png = r.find("test.png").orElseThrow();
            assertThat(png.compressed()).isTrue();
            long[] first = r.layout(png).blocks().get(0);
            at = first[0] + first[1] / 2;
        }
        Path out = tmp.resolve("zlib/test.png");
        for (int bit = 0; bit < 8; bit++) {
            byte[] altered = pak.clone();
            altered[(int) at] ^= (byte) (1 << bit);
            Path file = tmp.resolve("zlib-altered-" + bit + ".pak");
            Files.write(file, altered);
            try (PakReader r = PakReader.open(file)) {
                PakEntry e = r.find("test.png").orElseThrow();
                assertThatThrownBy(() -> r.extractTo(e, out)).as("bit " + bit).isInstanceOf(CorruptDataException.class);
                assertThat(out).doesNotExist();
                PakExtractResult all = r.extractAll(tmp.resolve("zlib-all-" + bit), p -> true, TaskMonitor.NONE);
                assertThat(all.failures()).extracting(PakExtractResult.Failure::path).containsExactly("test.png");
                assertThat(tmp.resolve("zlib-all-" + bit + "/test.png")).doesNotExist();
            }
        }
    }
}
