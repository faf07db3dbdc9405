package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The container headers of the fixtures read and write back byte for byte. */
class ContainerHeaderFixtureTest {
    @Test
    void retocUe53HeaderWritesBackIdentically() throws Exception {
        byte[] bytes = Files.readAllBytes(Fixtures.path("retoc/UE5.3/ContainerHeader_1.bin"));
        ContainerHeader h = ContainerHeader.read(bytes, "ContainerHeader_1.bin", 0);
        assertThat(h.version()).isEqualTo(ContainerHeaderVersion.NO_EXPORT_INFO);
        assertThat(h.packageIds()).isNotEmpty();
        assertThat(h.storeEntries().stream().filter(e -> !e.importedPackages().isEmpty()).count()).isGreaterThan(4);
        assertThat(h.toBytes()).isEqualTo(bytes);
    }

    @Test
    void headersPaddedTo16BytesAsRetocWritesThemReadAndWriteBack() throws Exception {
        byte[] bytes = Files.readAllBytes(Fixtures.path("retoc/UE5.3/ContainerHeader_1.bin"));
        int pad = (16 - bytes.length % 16) % 16;
        assertThat(pad).as("the fixture is not a multiple of 16, so padding shows").isPositive();
        byte[] padded = java.util.Arrays.copyOf(bytes, bytes.length + pad);
        ContainerHeader h = ContainerHeader.read(padded, "padded", 0);
        assertThat(h.trailingPadding()).isEqualTo(pad);
        assertThat(h.toBytes()).isEqualTo(padded);
        assertThat(h.withContainerId(7).toBytes()).hasSize(padded.length);
        byte[] notZero = padded.clone();
        notZero[notZero.length - 1] = 1;
        assertThatThrownBy(() -> ContainerHeader.read(notZero, "junk", 0)).isInstanceOf(CorruptDataException.class)
                .hasMessageContaining("left after the container header");
        byte[] tooMuch = java.util.Arrays.copyOf(padded, padded.length + 16);
        assertThatThrownBy(() -> ContainerHeader.read(tooMuch, "junk", 0)).isInstanceOf(CorruptDataException.class);
    }

    static Stream<String> containers() {
        return IoStoreFixtures.allTocs().filter(p -> !p.contains("global.utoc"))
                .filter(p -> Files.exists(Fixtures.root().resolve(p.replace(".utoc", ".ucas"))));
    }

    @ParameterizedTest
    @MethodSource("containers")
    void containerHeaderChunkWritesBackIdentically(String toc) {
        Path utoc = Fixtures.path(toc);
        try (IoStoreContainer c = IoStoreContainer.open(utoc,
                ContainerKeys.of(AesKey.of(IoStoreFixtures.CUE4PARSE_KEY)), Codecs.standard())) {
            int idx = c.findFirst(IoChunkType.CONTAINER_HEADER);
            assertThat(idx).isGreaterThanOrEqualTo(0);
            byte[] bytes = c.readChunk(idx);
            ContainerHeader h = ContainerHeader.read(bytes, toc, 0);
            assertThat(h.toBytes()).isEqualTo(bytes);
            assertThat(h.containerId()).isEqualTo(c.containerId());
        }
    }
}
