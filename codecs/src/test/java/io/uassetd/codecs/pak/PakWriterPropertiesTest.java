package io.uassetd.codecs.pak;

import static org.assertj.core.api.Assertions.assertThat;

import io.uassetd.codecs.compression.CompressionMethod;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Property-based round trips of the pak writer: random entry sets (nested paths, empty, tiny,
 * block-spanning, compressible and random contents), every version the writer supports (3 to 14),
 * stored or Zlib, written and read back with the same paths and bytes. Bounded tries keep it fast.
 */
class PakWriterPropertiesTest {
    /** Versions create_pak writes. */
    private static final List<PakVersion> WRITABLE = Stream.of(PakVersion.values())
            .filter(v -> v.atLeast(PakVersion.COMPRESSION_ENCRYPTION)).toList();

    @Property(tries = 40)
    void randomEntrySetsReadBackEqual(@ForAll("entrySets") Map<String, byte[]> entries, @ForAll("versions") PakVersion version,
            @ForAll("methods") CompressionMethod method) throws IOException {
        Path dir = Files.createTempDirectory("pakprop");
        try {
            Path out = dir.resolve("random.pak");
            List<PakSource> sources = new ArrayList<>();
            entries.forEach((path, data) -> sources.add(PakSource.bytes(path, data)));
            PakWriter.create(out, sources, PakWriteOptions.defaults().withVersion(version).withCompression(method)
                    .withMountPoint("../../../Game/"));
            try (PakReader r = PakReader.open(out)) {
                assertThat(r.info().version()).isEqualTo(version);
                assertThat(r.entries()).extracting(PakEntry::path).containsExactlyInAnyOrderElementsOf(entries.keySet());
                for (PakEntry e : r.entries()) {
                    assertThat(r.readEntry(e)).as(version + " " + method + " " + e.path()).isEqualTo(entries.get(e.path()));
                }
            }
        } finally {
            deleteTree(dir);
        }
    }

    @Provide
    Arbitrary<PakVersion> versions() {
        return Arbitraries.of(WRITABLE);
    }

    @Provide
    Arbitrary<CompressionMethod> methods() {
        return Arbitraries.of(CompressionMethod.NONE, CompressionMethod.ZLIB);
    }

    @Provide
    Arbitrary<Map<String, byte[]>> entrySets() {
        Arbitrary<String> segment = Arbitraries.strings().withCharRange('a', 'z').numeric().withChars('_').ofMinLength(1)
                .ofMaxLength(8);
        Arbitrary<String> path = segment.list().ofMinSize(1).ofMaxSize(4).map(s -> String.join("/", s) + ".bin");
        Arbitrary<byte[]> random = Arbitraries.bytes().array(byte[].class).ofMaxSize(3000);
        Arbitrary<byte[]> repeated = Combinators.combine(Arbitraries.integers().between(0, 200_000),
                Arbitraries.bytes()).as((n, b) -> {
                    byte[] d = new byte[n];
                    for (int i = 0; i < n; i++) {
                        d[i] = (byte) (b + i / 97);
                    }
                    return d;
                });
        Arbitrary<byte[]> content = Arbitraries.oneOf(random, repeated);
        return Arbitraries.maps(path, content).ofMinSize(1).ofMaxSize(12).map(TreeMap::new);
    }

    private static void deleteTree(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            s.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.delete(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        }
    }
}
