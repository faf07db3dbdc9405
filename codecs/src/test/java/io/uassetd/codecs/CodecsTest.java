package io.uassetd.codecs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.NativeUnavailableException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class CodecsTest {
    private final Codecs codecs = Codecs.standard();

    private static byte[] sample() {
        byte[] text = "The quick brown fox jumps over the lazy dog. ".repeat(2000).getBytes(StandardCharsets.US_ASCII);
        byte[] rnd = new byte[20000];
        new Random(42).nextBytes(rnd);
        byte[] out = Arrays.copyOf(text, text.length + rnd.length + 5000);
        System.arraycopy(rnd, 0, out, text.length, rnd.length);
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = CompressionMethod.class, names = {"ZLIB", "GZIP", "LZ4", "ZSTD"})
    void roundTripsAndRejectsCorruption(CompressionMethod m) {
        Codec c = codecs.get(m);
        byte[] in = sample();
        byte[] comp = new byte[c.maxCompressedLength(in.length) + 3];
        int n = c.compress(in, 0, in.length, comp, 3);
        assertThat(n).isLessThan(in.length);
        byte[] out = new byte[in.length + 7];
        c.decompress(comp, 3, n, out, 7, in.length);
        assertThat(Arrays.copyOfRange(out, 7, out.length)).isEqualTo(in);
        // Asking for more bytes than the stream holds is corruption, not silence.
        byte[] big = new byte[in.length + 100];
        assertThatThrownBy(() -> c.decompress(comp, 3, n, big, 0, big.length))
                .isInstanceOf(CorruptDataException.class);
        // A truncated stream is corruption.
        assertThatThrownBy(() -> c.decompress(comp, 3, n / 2, new byte[in.length], 0, in.length))
                .isInstanceOf(CorruptDataException.class);
    }

    @Test
    void oodleWithoutAnyBackendIsNativeUnavailableForCompression() {
        assertThat(codecs.canCompress(CompressionMethod.OODLE)).isFalse();
        assertThatThrownBy(() -> codecs.get(CompressionMethod.OODLE).compress(new byte[1], 0, 1, new byte[100], 0))
                .isInstanceOf(NativeUnavailableException.class);
        assertThat(CompressionMethod.byName("zstd")).contains(CompressionMethod.ZSTD);
        assertThat(CompressionMethod.byName("OODLE")).contains(CompressionMethod.OODLE);
        assertThat(codecs.describe()).hasSize(CompressionMethod.values().length);
    }

    /**
     * Zlib without its Adler-32 (for callers that check a SHA-1 of the stream themselves): the same
     * bytes as the checked path at every level; headers that are not Zlib's are refused as the
     * checked path refuses them; a corrupted Adler-32 is what only the checked path notices.
     */
    @Test
    void zlibVerifiedElsewhereInflatesTheSameAndStillChecksTheHeader() {
        byte[] text = "the pak entry hash covers the compressed bytes ".repeat(3000).getBytes(StandardCharsets.US_ASCII);
        for (int level = 0; level <= 9; level++) {
            Codec z = Codecs.standard().withLevel(CompressionMethod.ZLIB, level).get(CompressionMethod.ZLIB);
            byte[] buf = new byte[z.maxCompressedLength(text.length)];
            int n = z.compress(text, 0, text.length, buf, 0);
            byte[] a = new byte[text.length];
            byte[] b = new byte[text.length];
            z.decompress(buf, 0, n, a, 0, a.length);
            z.decompressVerifiedElsewhere(buf, 0, n, b, 0, b.length);
            assertThat(a).as("level " + level).isEqualTo(text);
            assertThat(b).as("level " + level).isEqualTo(text);
            byte[] badSum = Arrays.copyOf(buf, n);
            badSum[n - 1] ^= 1;
            assertThatThrownBy(() -> z.decompress(badSum, 0, n, new byte[text.length], 0, text.length))
                    .isInstanceOf(CorruptDataException.class);
            z.decompressVerifiedElsewhere(badSum, 0, n, b, 0, b.length);
            assertThat(b).isEqualTo(text);
            for (int[] header : new int[][] {{0x78, 0x9D}, {0x79, 0x9C}, {0x88, 0x1C}, {0x78, 0xBB}}) {
                byte[] bad = Arrays.copyOf(buf, n);
                bad[0] = (byte) header[0];
                bad[1] = (byte) header[1];
                assertThatThrownBy(() -> z.decompressVerifiedElsewhere(bad, 0, n, new byte[text.length], 0, text.length))
                        .as("header %02X%02X", header[0], header[1]).isInstanceOf(CorruptDataException.class);
                assertThatThrownBy(() -> z.decompress(bad, 0, n, new byte[text.length], 0, text.length))
                        .as("header %02X%02X", header[0], header[1]).isInstanceOf(CorruptDataException.class);
            }
        }
    }
}
