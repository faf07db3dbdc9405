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
}
