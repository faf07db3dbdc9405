package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.testkit.ByteSearch;
import io.uassetd.codecs.error.UnsupportedVersionException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pak versions 13 (flat directory index) and 14 (PakchunkIndex in the footer), for which no
 * engine-written fixture exists: synthetic paks written by our writer from the repak sources, read back;
 * and the versions after 14 refused as UNSUPPORTED_VERSION naming the version found.
 */
class PakNewerVersionsTest {
    @TempDir
    Path tmp;

    private Path write(PakVersion v) throws Exception {
        Path out = tmp.resolve(v.userName() + ".pak");
        PakWriter.create(out, PakSource.directory(RepakFixtures.root()), PakWriteOptions.defaults().withVersion(v)
                .withMountPoint(RepakFixtures.MOUNT).withPathHashSeed(RepakFixtures.SEED));
        return out;
    }

    @Test
    void syntheticV13AndV14PaksReadBackWithTheirLayouts() throws Exception {
        byte[] v12 = Files.readAllBytes(write(PakVersion.UTF8_PAK_DIRECTORY));
        for (PakVersion v : new PakVersion[] {PakVersion.SORTED_DIRECTORY_INDEX, PakVersion.PAKCHUNK_INDEX}) {
            Path p = write(v);
            byte[] b = Files.readAllBytes(p);
            ByteBuffer footer = ByteBuffer.wrap(b, b.length - v.footerSize(), v.footerSize()).order(ByteOrder.LITTLE_ENDIAN);
            assertThat(footer.getInt(b.length - v.footerSize() + 17)).isEqualTo(0x5A6F12E1);
            assertThat(footer.getInt(b.length - v.footerSize() + 21)).isEqualTo(v.onDisk());
            if (v == PakVersion.PAKCHUNK_INDEX) {
                assertThat(footer.getInt(b.length - 4)).as("PakchunkIndex (none)").isEqualTo(-1);
            }
            // the flat directory index ("QDFP") replaces the map of maps
            assertThat(ByteSearch.indexOf(b, new byte[] {'Q', 'D', 'F', 'P'})).isPositive();
            assertThat(ByteSearch.indexOf(v12, new byte[] {'Q', 'D', 'F', 'P'})).isNegative();
            try (PakReader r = PakReader.open(p)) {
                assertThat(r.info().version()).isEqualTo(v);
                assertThat(r.entries()).extracting(PakEntry::path).containsExactlyInAnyOrder("test.txt", "test.png",
                        "zeros.bin", "directory/nested.txt");
                for (PakEntry e : r.entries()) {
                    assertThat(r.readEntry(e)).as(e.path())
                            .isEqualTo(Files.readAllBytes(RepakFixtures.root().resolve(e.path())));
                }
            }
            // the same inputs write the same bytes
            assertThat(Files.readAllBytes(write(v))).isEqualTo(b);
        }
    }

    @Test
    void aCorruptFlatDirectoryIndexIsCorruptData() throws Exception {
        byte[] b = Files.readAllBytes(write(PakVersion.SORTED_DIRECTORY_INDEX));
        // the first "QDFP" is the (empty) pruned index after the path hashes: damage its restart interval
        int at = ByteSearch.indexOf(b, new byte[] {'Q', 'D', 'F', 'P'});
        b[at + 12] = 0;
        Path p = tmp.resolve("bad.pak");
        Files.write(p, b);
        assertThatThrownBy(() -> PakReader.open(p)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("FPathHashIndex SHA-1");
    }

    @Test
    void versionsAfter15AreUnsupportedAndNamed() throws Exception {
        byte[] v15 = Files.readAllBytes(write(PakVersion.ENCRYPTION_METHOD));
        int versionAt = v15.length - PakVersion.ENCRYPTION_METHOD.footerSize() + 21;
        // version 16 in the V15 footer layout: never read, whatever the bytes
        byte[] v16same = v15.clone();
        ByteBuffer.wrap(v16same).order(ByteOrder.LITTLE_ENDIAN).putInt(versionAt, 16);
        Path p16same = tmp.resolve("v16same.pak");
        Files.write(p16same, v16same);
        assertThatThrownBy(() -> PakReader.open(p16same)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("version 16").hasMessageContaining("newest pak version supported is 15");
        // version 16 with a footer grown by 4 more bytes: the magic is at no known footer position
        byte[] v16 = Arrays.copyOf(v15, v15.length + 4);
        ByteBuffer.wrap(v16).order(ByteOrder.LITTLE_ENDIAN).putInt(versionAt, 16);
        Path p16 = tmp.resolve("v16.pak");
        Files.write(p16, v16);
        assertThatThrownBy(() -> PakReader.open(p16)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 16 is newer than the newest supported version 15");
    }
}
