package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.testkit.Fixtures;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pak version 15 (UE6.0 in the engine table) has no public definition: a copy of a V14 pak written
 * from the UE5.6 BpThirdPerson fixture files, with its footer version patched to 15, reads with the
 * V14 layout and a warning, every entry byte-identical to the V14 pak's; patched copies that no
 * longer fit the layout (index hash, index bounds) are UNSUPPORTED_VERSION naming version 15.
 */
class PakToleratedVersionTest {
    @TempDir
    Path tmp;

    private static final int VERSION_IN_FOOTER = 16 + 1 + 4;

    private Path v14(CompressionMethod method) throws Exception {
        Path out = tmp.resolve("v14-" + method + ".pak");
        PakWriter.create(out, PakSource.directory(Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson")),
                PakWriteOptions.defaults().withVersion(PakVersion.PAKCHUNK_INDEX).withCompression(method)
                        .withMountPoint("../../../BpThirdPerson/Content/"));
        return out;
    }

    private Path patched(Path v14, String name, int version, java.util.function.Consumer<byte[]> more) throws Exception {
        byte[] b = Files.readAllBytes(v14);
        ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN).putInt(b.length - PakVersion.PAKCHUNK_INDEX.footerSize()
                + VERSION_IN_FOOTER, version);
        more.accept(b);
        Path p = tmp.resolve(name);
        Files.write(p, b);
        return p;
    }

    @Test
    void aV14PakPatchedTo15ReadsWithTheV14LayoutAndAWarning() throws Exception {
        for (CompressionMethod method : List.of(CompressionMethod.NONE, CompressionMethod.ZLIB)) {
            Path src = v14(method);
            Path p15 = patched(src, "v15-" + method + ".pak", 15, b -> { });
            try (PakReader a = PakReader.open(src); PakReader b = PakReader.open(p15)) {
                assertThat(a.warnings()).isEmpty();
                assertThat(b.warnings()).containsExactly("v15-" + method + ".pak: pak version 15 has no public definition; read"
                        + " with the V14 layout (PakFile_Version_PakchunkIndex), which the file fits exactly (footer size and"
                        + " magic, index inside the file, index SHA-1)");
                assertThat(b.info().version()).isEqualTo(PakVersion.PAKCHUNK_INDEX);
                assertThat(b.info().mountPoint()).isEqualTo(a.info().mountPoint());
                assertThat(b.entries()).extracting(PakEntry::path).containsExactlyElementsOf(
                        a.entries().stream().map(PakEntry::path).toList());
                assertThat(b.entries()).hasSize(Files.list(Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson")).toList().size());
                for (PakEntry e : a.entries()) {
                    byte[] want = a.readEntry(e);
                    assertThat(b.readEntry(b.find(e.path()).orElseThrow())).as(e.path()).isEqualTo(want);
                    assertThat(want).isEqualTo(Files.readAllBytes(Fixtures.path("uassetapi/TestUE5_6/BpThirdPerson/"
                            + e.path())));
                }
            }
        }
    }

    @Test
    void aPak15ThatNoLongerFitsTheLayoutIsUnsupportedNamingTheVersion() throws Exception {
        Path src = v14(CompressionMethod.NONE);
        byte[] v14 = Files.readAllBytes(src);
        long indexOffset = ByteBuffer.wrap(v14).order(ByteOrder.LITTLE_ENDIAN)
                .getLong(v14.length - PakVersion.PAKCHUNK_INDEX.footerSize() + VERSION_IN_FOOTER + 4);
        // a byte of the index changed: its SHA-1 no longer matches the footer's
        Path hash = patched(src, "hash.pak", 15, b -> b[(int) indexOffset + 8] ^= 0x01);
        assertThatThrownBy(() -> PakReader.open(hash)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 15 has no public definition")
                .hasMessageContaining("the SHA-1 of its index does not match the footer's").hasMessageContaining("hash.pak");
        // the index offset moved past the footer
        Path bounds = patched(src, "bounds.pak", 15, b -> ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN)
                .putLong(b.length - PakVersion.PAKCHUNK_INDEX.footerSize() + VERSION_IN_FOOTER + 4, b.length));
        assertThatThrownBy(() -> PakReader.open(bounds)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 15 has no public definition")
                .hasMessageContaining("is not inside the file before the footer");
        // a footer 4 bytes longer than V14's: the magic is at no known position
        byte[] longer = Arrays.copyOf(v14, v14.length + 4);
        ByteBuffer.wrap(longer).order(ByteOrder.LITTLE_ENDIAN).putInt(v14.length - PakVersion.PAKCHUNK_INDEX.footerSize()
                + VERSION_IN_FOOTER, 15);
        Path grown = tmp.resolve("grown.pak");
        Files.write(grown, longer);
        assertThatThrownBy(() -> PakReader.open(grown)).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 15");
        // the unpatched file still reads as V14
        try (PakReader r = PakReader.open(src)) {
            assertThat(r.info().version()).isEqualTo(PakVersion.PAKCHUNK_INDEX);
        }
    }

    @Test
    void pak15IsNeverWritten() {
        assertThatThrownBy(() -> PakVersion.parse("V15")).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 15 cannot be written: no public source defines its layout");
        assertThatThrownBy(() -> PakVersion.parse("16")).isInstanceOf(UnsupportedVersionException.class)
                .hasMessageContaining("Pak version 16 cannot be written");
    }
}
