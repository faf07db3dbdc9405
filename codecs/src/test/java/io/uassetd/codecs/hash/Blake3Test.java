package io.uassetd.codecs.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Random;
import org.bouncycastle.crypto.digests.Blake3Digest;
import org.junit.jupiter.api.Test;

/** Our BLAKE3 against the published vectors and Bouncy Castle's (which matches b3sum) at every size that matters. */
class Blake3Test {
    static byte[] reference(byte[] d, int off, int len) {
        Blake3Digest b = new Blake3Digest(256);
        b.update(d, off, len);
        byte[] out = new byte[32];
        b.doFinal(out, 0);
        return out;
    }

    @Test
    void publishedVectors() {
        assertThat(HexFormat.of().formatHex(Blake3.hash(new byte[0])))
                .isEqualTo("af1349b9f5f9a1a6a0404dea36dcc9499bcb25c9adc112b7cc9a93cae41f3262");
        assertThat(HexFormat.of().formatHex(Blake3.hash("abc".getBytes(StandardCharsets.US_ASCII))))
                .isEqualTo("6437b3ac38465133ffb63b75273a8db548c558465d79db03fd359c6cd5bd9d85");
    }

    @Test
    void everyLengthAroundBlockChunkAndTreeBoundariesMatchesTheReference() {
        Random rnd = new Random(3);
        byte[] data = new byte[40 * 1024 + 100];
        rnd.nextBytes(data);
        int[] lengths = {0, 1, 2, 3, 4, 63, 64, 65, 127, 128, 129, 1023, 1024, 1025, 2047, 2048, 2049, 3072, 3073, 4096, 4097,
            5 * 1024, 7 * 1024 + 1, 8 * 1024, 8 * 1024 + 1, 16 * 1024 - 1, 16 * 1024, 31 * 1024 + 7, 32 * 1024, 33 * 1024,
            40 * 1024 + 100};
        for (int len : lengths) {
            assertThat(Blake3.hash(data, 0, len)).as("length " + len).isEqualTo(reference(data, 0, len));
            assertThat(Blake3.hash(data, 17, Math.min(len, data.length - 17))).as("offset 17, length " + len)
                    .isEqualTo(reference(data, 17, Math.min(len, data.length - 17)));
        }
        for (int i = 0; i < 200; i++) {
            int len = rnd.nextInt(data.length + 1);
            assertThat(Blake3.hash(data, 0, len)).as("length " + len).isEqualTo(reference(data, 0, len));
        }
        byte[] big = new byte[3 * 1024 * 1024 + 12345];
        rnd.nextBytes(big);
        assertThat(Blake3.hash(big)).isEqualTo(reference(big, 0, big.length));
    }

    @Test
    void theIncrementalHasherMatchesTheReferenceWhateverThePieces() {
        Random rnd = new Random(5);
        byte[] data = new byte[70 * 1024 + 33];
        rnd.nextBytes(data);
        int[] lengths = {0, 1, 64, 1023, 1024, 1025, 2048, 2049, 4096, 4097, 70 * 1024 + 33};
        for (int len : lengths) {
            for (int piece : new int[] {1, 7, 64, 1000, 1024, 1025, 5000, len + 1}) {
                Blake3.Hasher h = Blake3.hasher();
                for (int at = 0; at < len; at += piece) {
                    h.update(data, at, Math.min(piece, len - at));
                }
                assertThat(h.digest()).as("length " + len + " in pieces of " + piece).isEqualTo(reference(data, 0, len));
            }
        }
        for (int i = 0; i < 100; i++) {
            int len = rnd.nextInt(data.length + 1);
            Blake3.Hasher h = Blake3.hasher();
            int at = 0;
            while (at < len) {
                int n = Math.min(len - at, rnd.nextInt(3000));
                h.update(data, at, n);
                at += n;
            }
            assertThat(h.digest()).as("length " + len + " in random pieces").isEqualTo(reference(data, 0, len));
        }
    }
}
