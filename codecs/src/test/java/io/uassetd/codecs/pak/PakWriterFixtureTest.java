package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.CompressionMethod;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Writing the unencrypted repak packs again from their sources reproduces them byte for byte. */
class PakWriterFixtureTest {
    @TempDir
    Path tmp;

    static java.util.stream.Stream<String> packs() {
        return RepakFixtures.unencrypted();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("packs")
    void rewriteIsByteIdentical(String name) throws Exception {
        Path original = RepakFixtures.pack(name);
        PakInfo info;
        Map<String, Boolean> compressed;
        try (PakReader r = PakReader.open(original)) {
            info = r.info();
            compressed = r.entries().stream().collect(Collectors.toMap(PakEntry::path, PakEntry::compressed));
        }
        List<PakSource> sources = new ArrayList<>();
        for (PakSource s : PakSource.directory(RepakFixtures.root())) {
            // UnrealPak left some entries of some packs uncompressed: follow the original per entry
            sources.add(s.withCompression(compressed.get(s.path()) ? CompressionMethod.ZLIB : CompressionMethod.NONE));
        }
        PakWriteOptions o = PakWriteOptions.defaults().withVersion(RepakFixtures.version(name))
                .withMountPoint(RepakFixtures.MOUNT).withPathHashSeed(info.pathHashSeed());
        Path out = tmp.resolve(name);
        PakWriteResult res = PakWriter.create(out, sources, o);
        assertThat(res.warnings()).isEmpty();
        assertThat(res.fileCount()).isEqualTo(4);
        byte[] expected = Files.readAllBytes(original);
        byte[] actual = Files.readAllBytes(out);
        assertThat(actual.length).isEqualTo(expected.length);
        int firstDiff = -1;
        for (int i = 0; i < expected.length && firstDiff < 0; i++) {
            if (expected[i] != actual[i]) {
                firstDiff = i;
            }
        }
        assertThat(firstDiff).as("first differing byte").isEqualTo(-1);
        assertThat(Files.list(tmp)).hasSize(1);
    }
}
