package io.uassetd.codecs.hash;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
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

    /**
     * Inputs of more than 8 KiB have their whole chunks hashed side by side (8 to 64 lanes per pass):
     * every count of whole chunks from 1 to 17 and around the 64-lane pass, each with remainders
     * around the block and chunk sizes, at two offsets.
     */
    @Test
    void chunksHashedSideBySideMatchTheReference() {
        Random rnd = new Random(11);
        byte[] data = new byte[200 * 1024 + 2048];
        rnd.nextBytes(data);
        int[] wholeChunks = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33, 63, 64, 65, 66, 127, 128, 129, 130, 193};
        int[] remainders = {0, 1, 63, 64, 65, 1000, 1023};
        for (int k : wholeChunks) {
            for (int r : remainders) {
                int len = k * 1024 + r;
                assertThat(Blake3.hash(data, 0, len)).as("%d chunks + %d", k, r).isEqualTo(reference(data, 0, len));
                assertThat(Blake3.hash(data, 1031, len)).as("offset 1031, %d chunks + %d", k, r)
                        .isEqualTo(reference(data, 1031, len));
            }
        }
        for (int i = 0; i < 300; i++) {
            int len = rnd.nextInt(200 * 1024);
            int off = rnd.nextInt(2048);
            assertThat(Blake3.hash(data, off, len)).as("offset %d, length %d", off, len).isEqualTo(reference(data, off, len));
        }
    }

    /** The side-by-side path inside the incremental hasher: large pieces after a partial chunk, at any chunk count. */
    @Test
    void theIncrementalHasherTakesLargePiecesSideBySide() {
        Random rnd = new Random(13);
        byte[] data = new byte[400 * 1024 + 77];
        rnd.nextBytes(data);
        for (int head : new int[] {0, 1, 1023, 1024, 1025, 5 * 1024, 9 * 1024 + 3}) {
            for (int piece : new int[] {8 * 1024, 9 * 1024, 9 * 1024 + 1, 64 * 1024, 65 * 1024 + 5, 100 * 1024}) {
                Blake3.Hasher h = Blake3.hasher();
                h.update(data, 0, head);
                for (int at = head; at < data.length; at += piece) {
                    h.update(data, at, Math.min(piece, data.length - at));
                }
                assertThat(h.digest()).as("head %d, pieces of %d", head, piece).isEqualTo(reference(data, 0, data.length));
            }
        }
        for (int i = 0; i < 50; i++) {
            int len = rnd.nextInt(data.length + 1);
            Blake3.Hasher h = Blake3.hasher();
            int at = 0;
            while (at < len) {
                int n = Math.min(len - at, rnd.nextInt(120 * 1024));
                h.update(data, at, n);
                at += n;
            }
            assertThat(h.digest()).as("length %d in random large pieces", len).isEqualTo(reference(data, 0, len));
        }
    }

    /** Several inputs at once, every input's whole chunks side by side across inputs (runs of 64 lanes): each hash as the reference's. */
    @Test
    void hashAllMatchesTheReferenceForEveryInput() {
        Random rnd = new Random(17);
        int[] sizes = {0, 1, 1024, 1025, 2048, 2049, 3 * 1024 + 5, 5000, 8 * 1024, 8 * 1024 + 1, 9 * 1024 + 1, 64 * 1024, 100_000};
        List<byte[]> inputs = new ArrayList<>();
        for (int size : sizes) {
            byte[] d = new byte[size];
            rnd.nextBytes(d);
            inputs.add(d);
        }
        for (int i = 0; i < 120; i++) {
            byte[] d = new byte[rnd.nextBoolean() ? 1025 + rnd.nextInt(8 * 1024) : rnd.nextInt(40 * 1024)];
            rnd.nextBytes(d);
            inputs.add(d);
        }
        byte[][] in = inputs.toArray(new byte[0][]);
        byte[][] out = Blake3.hashAll(in);
        assertThat(out.length).isEqualTo(in.length);
        for (int i = 0; i < in.length; i++) {
            assertThat(out[i]).as("input %d of %d bytes", i, in[i].length).isEqualTo(reference(in[i], 0, in[i].length));
        }
        assertThat(Blake3.hashAll(new byte[0][]).length).isZero();
    }
}
