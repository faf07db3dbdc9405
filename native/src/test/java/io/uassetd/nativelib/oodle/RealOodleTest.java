package io.uassetd.nativelib.oodle;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.OodleBackend;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The real oo2core on the shared Oodle fixtures. Runs only when {@code UASSETD_OODLE} names the
 * library (a file, or a folder holding it under its standard name); skipped otherwise, and failed
 * when it is set but does not load. Only that place is searched: in a JVM that has loaded the fake
 * library, JNA would answer a search by standard name with the fake.
 */
class RealOodleTest {
    private static NativeOodle oodle;

    @BeforeAll
    static void findTheRealLibrary() {
        String env = System.getenv(OodleSearch.ENV);
        if (env == null || env.isBlank()) {
            Assumptions.abort("Set " + OodleSearch.ENV + " to a real oo2core library to run the real-library tests");
        }
        LoadResult r = new OodleLibrary(OodleSearch.nowhere(OodleNames.forCurrentPlatform()).withEnvironment(env)).result();
        if (!r.isLoaded()) {
            Assertions.fail(OodleSearch.ENV + " is set but the library does not load: " + r.describe());
        }
        oodle = r.oodle();
    }

    private static Path oodleFixtures() {
        return Fixtures.root().resolve("oodle");
    }

    @ParameterizedTest
    @ValueSource(strings = {"tagged_block016", "tagged_block042", "tagged_block092", "tagged_block099", "tagged_block132"})
    void decodesKrakenBlocksFromAnIoStoreContainer(String name) throws IOException {
        Path dir = oodleFixtures().resolve("kraken-blocks");
        byte[] comp = Files.readAllBytes(dir.resolve(name + ".kraken"));
        byte[] expected = Files.readAllBytes(dir.resolve(name + ".bin"));
        byte[] out = new byte[expected.length];

        oodle.decompress(comp, 0, comp.length, out, 0, out.length);

        assertThat(out).isEqualTo(expected);
        assertThatThrownBy(() -> oodle.decompress(comp, 0, comp.length - 1, new byte[expected.length], 0, expected.length))
                .isInstanceOf(CorruptDataException.class);
    }

    @Test
    void decodesTheFourCompressorsToTheSameBytes() throws IOException {
        Path dir = oodleFixtures().resolve("oozextract/testdata");
        byte[] first = null;
        for (String ext : new String[] {"kraken", "mermaid", "selkie", "leviathan"}) {
            byte[] out = decodeLengthPrefixed(Files.readAllBytes(dir.resolve("xml." + ext)));
            assertThat(out).as(ext).hasSize(5_345_280);
            if (first == null) {
                first = out;
            } else {
                assertThat(Arrays.equals(out, first)).as(ext + " matches kraken").isTrue();
            }
        }
    }

    @Test
    void decodesALeviathanBundle() throws IOException {
        Path root = oodleFixtures().resolve("oozextract");
        try (Stream<Path> bundles = Files.list(root.resolve("testdata"))) {
            for (Path b : (Iterable<Path>) bundles.filter(p -> p.toString().endsWith(".bundle"))::iterator) {
                String name = b.getFileName().toString().replace(".bundle", "");
                assertThat(decodeLengthPrefixed(Files.readAllBytes(b)))
                        .isEqualTo(Files.readAllBytes(root.resolve("verify").resolve(name)));
            }
        }
    }

    @Test
    void compressesAndDecodesBack() throws IOException {
        byte[] raw = Files.readAllBytes(oodleFixtures().resolve("kraken-blocks/tagged_block132.bin"));
        for (int compressor : new int[] {OodleBackend.KRAKEN, OodleBackend.MERMAID, OodleBackend.SELKIE, OodleBackend.LEVIATHAN}) {
            byte[] comp = new byte[10 + oodle.compressedBufferSizeNeeded(compressor, raw.length)];
            int n = oodle.compress(compressor, NativeOodle.LEVEL_NORMAL, raw, 0, raw.length, comp, 10);
            assertThat(n).isPositive().isLessThan(raw.length);
            byte[] back = new byte[raw.length];
            oodle.decompress(comp, 10, n, back, 0, back.length);
            assertThat(back).isEqualTo(raw);
        }
    }

    /** The oozextract layout: u32 length when byte 4 is 0x8C (stream at 4), else u64 (stream at 8). */
    private static byte[] decodeLengthPrefixed(byte[] file) {
        ByteBuffer bb = ByteBuffer.wrap(file).order(ByteOrder.LITTLE_ENDIAN);
        boolean u32 = (file[4] & 0xFF) == 0x8C;
        long len = u32 ? Integer.toUnsignedLong(bb.getInt(0)) : bb.getLong(0);
        int start = u32 ? 4 : 8;
        byte[] out = new byte[Math.toIntExact(len)];
        oodle.decompress(file, start, file.length - start, out, 0, out.length);
        return out;
    }
}
