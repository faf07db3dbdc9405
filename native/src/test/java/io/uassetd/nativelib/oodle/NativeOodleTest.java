package io.uassetd.nativelib.oodle;

import static io.uassetd.codecs.compression.OodleBackend.HYDRA;
import static io.uassetd.codecs.compression.OodleBackend.KRAKEN;
import static io.uassetd.codecs.compression.OodleBackend.LEVIATHAN;
import static io.uassetd.codecs.compression.OodleBackend.MERMAID;
import static io.uassetd.codecs.compression.OodleBackend.SELKIE;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The facade over the fake oo2core (see {@code src/test/c/fakeoodle.c} for its block format). */
class NativeOodleTest {
    private static final byte SENTINEL = (byte) 0xEE;
    private static LoadResult loaded;
    private static NativeOodle oodle;

    @BeforeAll
    static void loadFake() {
        loaded = new OodleLibrary(OodleSearch.nowhere(List.of(FakeOodle.NAME)).withExplicit(FakeOodle.library())).result();
        assertThat(loaded.isLoaded()).as(loaded.describe()).isTrue();
        oodle = loaded.oodle();
    }

    /** What the fake makes of {@code raw}: u32 LE length, then the bytes XOR 0x5A. */
    private static byte[] fakeBlock(int headerLength, byte[] raw) {
        byte[] b = new byte[4 + raw.length];
        b[0] = (byte) headerLength;
        b[1] = (byte) (headerLength >>> 8);
        b[2] = (byte) (headerLength >>> 16);
        b[3] = (byte) (headerLength >>> 24);
        for (int i = 0; i < raw.length; i++) {
            b[4 + i] = (byte) (raw[i] ^ 0x5A);
        }
        return b;
    }

    private static byte[] random(long seed, int n) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    private static byte[] filled(int n) {
        byte[] b = new byte[n];
        Arrays.fill(b, SENTINEL);
        return b;
    }

    private static void assertUntouched(byte[] a, int from, int to) {
        for (int i = from; i < to; i++) {
            assertThat(a[i]).as("byte %d", i).isEqualTo(SENTINEL);
        }
    }

    @ParameterizedTest
    @CsvSource({"8, 4", "9, -4", "11, 0", "13, 9"})
    void roundTripsRegionsInsideLargerArrays(int compressor, int level) {
        byte[] src = random(compressor, 1000);
        int off = 123;
        int len = 500;
        byte[] comp = filled(2000);
        int compOff = 37;

        int n = oodle.compress(compressor, level, src, off, len, comp, compOff);

        assertThat(n).isEqualTo(len + 4).isEqualTo(oodle.compressedBufferSizeNeeded(compressor, len));
        assertThat(Arrays.copyOfRange(comp, compOff, compOff + n))
                .isEqualTo(fakeBlock(len, Arrays.copyOfRange(src, off, off + len)));
        assertUntouched(comp, 0, compOff);
        assertUntouched(comp, compOff + n, comp.length);

        byte[] out = filled(1500);
        int outOff = 999;
        oodle.decompress(comp, compOff, n, out, outOff, len);

        assertThat(Arrays.copyOfRange(out, outOff, outOff + len)).isEqualTo(Arrays.copyOfRange(src, off, off + len));
        assertUntouched(out, 0, outOff);
        assertUntouched(out, outOff + len, out.length);
    }

    @Test
    void aRegionReachingTheArrayEndIsFine() {
        byte[] raw = random(1, 64);
        byte[] block = fakeBlock(64, raw);
        byte[] out = new byte[64];

        oodle.decompress(block, 0, block.length, out, 0, 64);

        assertThat(out).isEqualTo(raw);
    }

    @Test
    void aFailedDecodeIsCorruptDataWithTheNativeReturnValue() {
        byte[] block = fakeBlock(5, random(2, 5));
        byte[] out = filled(5);

        // One byte short of the block: the fake refuses it like a truncated stream.
        assertThatThrownBy(() -> oodle.decompress(block, 0, block.length - 1, out, 0, 5))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Oodle block of 8 bytes does not decode to 5 bytes: OodleLZ_Decompress returned 0 (Oodle block)")
                .satisfies(e -> assertThat(((CorruptDataException) e).structure()).isEqualTo("Oodle block"));
        // An output smaller than the block holds.
        assertThatThrownBy(() -> oodle.decompress(block, 0, block.length, out, 0, 4))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Oodle block of 9 bytes does not decode to 4 bytes: OodleLZ_Decompress returned 0 (Oodle block)");
        assertUntouched(out, 0, out.length);
    }

    @Test
    void aNegativeReturnIsAFailureToo() {
        byte[] block = fakeBlock(0x80000007, new byte[3]);

        assertThatThrownBy(() -> oodle.decompress(block, 0, block.length, new byte[3], 0, 3))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Oodle block of 7 bytes does not decode to 3 bytes: OodleLZ_Decompress returned -7 (Oodle block)");
    }

    @Test
    void aShortDecodeIsCorruptData() {
        byte[] block = fakeBlock(3, random(3, 3));
        byte[] out = filled(10);

        assertThatThrownBy(() -> oodle.decompress(block, 0, block.length, out, 2, 5))
                .isInstanceOf(CorruptDataException.class)
                .hasMessage("Oodle block of 7 bytes decoded to 3 bytes, expected exactly 5 (Oodle block)");
        assertUntouched(out, 0, out.length);
    }

    @Test
    void rangesAreCheckedBeforeAnyNativeCall() {
        byte[] a = new byte[10];
        assertThatThrownBy(() -> oodle.decompress(a, -1, 4, new byte[4], 0, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("src region at offset -1 of length 4 does not fit in an array of 10 bytes");
        assertThatThrownBy(() -> oodle.decompress(a, 8, 3, new byte[4], 0, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("src region at offset 8 of length 3 does not fit in an array of 10 bytes");
        assertThatThrownBy(() -> oodle.decompress(a, 0, 10, new byte[4], 1, 4))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dst region at offset 1 of length 4 does not fit in an array of 4 bytes");
        assertThatThrownBy(() -> oodle.decompress(a, 0, 10, new byte[4], 0, -1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> oodle.decompress(a, Integer.MAX_VALUE, 2, new byte[4], 0, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> oodle.decompress(null, 0, 0, new byte[4], 0, 4))
                .isInstanceOf(NullPointerException.class).hasMessage("src");
        assertThatThrownBy(() -> oodle.compress(KRAKEN, 4, a, 5, 6, new byte[20], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("src region at offset 5 of length 6 does not fit in an array of 10 bytes");
        assertThatThrownBy(() -> oodle.compress(KRAKEN, 4, a, 0, 4, new byte[20], 21))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dst region at offset 21 of length 0 does not fit in an array of 20 bytes");
        assertThatThrownBy(() -> oodle.compressedBufferSizeNeeded(KRAKEN, -1))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Negative raw length -1");
    }

    @Test
    void compressorAndLevelAreChecked() {
        assertThatThrownBy(() -> oodle.compress(10, 4, new byte[4], 0, 4, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("Unknown Oodle compressor 10 (Kraken 8, Mermaid 9, Selkie 11, Hydra 12, Leviathan 13)");
        assertThatThrownBy(() -> oodle.compressedBufferSizeNeeded(3, 4))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> oodle.compress(KRAKEN, 10, new byte[4], 0, 4, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Oodle level 10 is outside -4..9");
        assertThatThrownBy(() -> oodle.compress(KRAKEN, -5, new byte[4], 0, 4, new byte[64], 0))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("Oodle level -5 is outside -4..9");
    }

    @Test
    void aFailedCompressCarriesTheNativeReturnValue() {
        byte[] dst = filled(64);

        // The fake stands for a library built without Hydra: it returns 0.
        assertThatThrownBy(() -> oodle.compress(HYDRA, 4, new byte[10], 0, 10, dst, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("OodleLZ_Compress(Hydra (12), level 4) of 10 bytes failed: returned 0");
        assertUntouched(dst, 0, dst.length);
    }

    @Test
    void aCompressedBlockThatDoesNotFitTheDestinationIsRefused() {
        byte[] dst = filled(12);

        assertThatThrownBy(() -> oodle.compress(MERMAID, 4, new byte[10], 0, 10, dst, 2))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("dst has room for 10 bytes at offset 2 but the compressed block is 14 bytes "
                        + "(size dst with compressedBufferSizeNeeded)");
        assertUntouched(dst, 0, dst.length);
        assertThat(oodle.compress(SELKIE, 4, new byte[8], 0, 8, dst, 0)).isEqualTo(12);
    }

    @Test
    void codecsReportAndUseTheNativeBackend() {
        Codecs codecs = Codecs.withNativeOodle(loaded.backend().orElse(null));
        Codec codec = codecs.get(CompressionMethod.OODLE);

        assertThat(codecs.canCompress(CompressionMethod.OODLE)).isTrue();
        assertThat(codecs.canDecompress(CompressionMethod.OODLE)).isTrue();
        assertThat(codec.backend()).startsWith("native oo2core " + FakeOodle.library() + " (--oodle)")
                .contains("decoding: measuring native vs pure-Java");
        assertThat(codecs.describe()).contains(new Codecs.MethodInfo("Oodle", true, true, codec.backend()));

        byte[] raw = random(4, 300);
        byte[] comp = new byte[codec.maxCompressedLength(raw.length)];
        int n = codec.compress(raw, 0, raw.length, comp, 0);
        assertThat(Arrays.copyOf(comp, n)).isEqualTo(fakeBlock(raw.length, raw));
        byte[] back = new byte[raw.length];
        codec.decompress(comp, 0, n, back, 0, back.length);
        assertThat(back).isEqualTo(raw);
    }

    @Test
    void aFailedLoadLeavesCodecsWithoutNativeOodle() {
        LoadResult failed = new OodleLibrary(OodleSearch.nowhere(List.of(FakeOodle.NAME))).result();
        Codecs codecs = Codecs.withNativeOodle(failed.backend().orElse(null));

        assertThat(codecs.canCompress(CompressionMethod.OODLE)).isFalse();
    }

    @Test
    void severalThreadsDecompressAtOnce() throws Exception {
        int threads = 4;
        int rounds = 300;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        try {
            List<Future<Integer>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int seed = t;
                Callable<Integer> task = () -> {
                    Random rnd = new Random(seed);
                    int checked = 0;
                    for (int i = 0; i < rounds; i++) {
                        byte[] raw = new byte[1 + rnd.nextInt(70_000)];
                        rnd.nextBytes(raw);
                        byte[] block = fakeBlock(raw.length, raw);
                        byte[] padded = new byte[block.length + 16];
                        System.arraycopy(block, 0, padded, 7, block.length);
                        byte[] out = new byte[raw.length + 3];
                        oodle.decompress(padded, 7, block.length, out, 3, raw.length);
                        if (!Arrays.equals(out, 3, out.length, raw, 0, raw.length)) {
                            throw new AssertionError("thread " + seed + " round " + i + ": wrong bytes");
                        }
                        checked++;
                    }
                    return checked;
                };
                results.add(pool.submit(task));
            }
            for (Future<Integer> f : results) {
                assertThat(f.get(60, TimeUnit.SECONDS)).isEqualTo(rounds);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void compressorNamesFollowTheCApi() {
        assertThat(NativeOodle.compressorName(KRAKEN)).isEqualTo("Kraken (8)");
        assertThat(NativeOodle.compressorName(LEVIATHAN)).isEqualTo("Leviathan (13)");
        assertThat(NativeOodle.compressorName(7)).isEqualTo("unknown compressor (7)");
    }
}
