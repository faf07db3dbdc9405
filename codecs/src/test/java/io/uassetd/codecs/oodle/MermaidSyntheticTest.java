package io.uassetd.codecs.oodle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Builds Mermaid chunks of two 64 KiB halves out of stored entropy blocks, using every command
 * kind (short with a new or the recent near offset, far, long literal run, long near and far
 * matches with 1- and 3-byte lengths), raw or entropy-coded near offsets, and both literal modes,
 * and checks they decode to the output the format describes.
 */
class MermaidSyntheticTest {
    private static final int HALF = 0x10000;

    private static void stored(ByteArrayOutputStream out, byte[] data) {
        int n = data.length;
        out.write(n >>> 16);
        out.write(n >>> 8);
        out.write(n);
        out.write(data, 0, n);
    }

    private static void le(ByteArrayOutputStream out, int v, int bytes) {
        for (int i = 0; i < bytes; i++) {
            out.write(v >>> (8 * i));
        }
    }

    private static void length(ByteArrayOutputStream lens, int v) {
        if (v <= 251) {
            lens.write(v);
        } else {
            int w = (v - 252) >>> 2;
            lens.write(252 + ((v - 252) & 3));
            le(lens, w, 2);
        }
    }

    private static final class Builder {
        final Random rnd;
        final boolean delta;
        final byte[] out;
        final ByteArrayOutputStream lits = new ByteArrayOutputStream();
        final ByteArrayOutputStream cmds = new ByteArrayOutputStream();
        final ByteArrayOutputStream lens = new ByteArrayOutputStream();
        final int[] near = new int[200_000];
        int nNear;
        final int[][] far = new int[2][100_000];
        final int[] nFar = new int[2];
        int recent = -8;
        int d;

        Builder(long seed, boolean delta, int size) {
            this.rnd = new Random(seed);
            this.delta = delta;
            this.out = new byte[size];
        }

        void literals(int n) {
            for (int i = 0; i < n; i++) {
                int v = rnd.nextInt(4) == 0 ? rnd.nextInt(256) : 'a' + rnd.nextInt(6);
                lits.write(v);
                out[d] = (byte) (delta ? v + out[d + recent] : v);
                d++;
            }
        }

        void copy(int dist, int n) {
            for (int i = 0; i < n; i++) {
                out[d] = out[d - dist];
                d++;
            }
        }

        void half(int h, int base, int end) {
            d = base + (h == 0 ? 8 : 0);
            if (h == 0) {
                for (int i = 0; i < 8; i++) {
                    out[i] = (byte) rnd.nextInt(256);
                }
            }
            while (end - d > 1200) {
                int kind = rnd.nextInt(10);
                if (kind < 5) {
                    int litLen = rnd.nextInt(8);
                    boolean fresh = rnd.nextBoolean() || kind == 0;
                    int ml = fresh ? 3 + rnd.nextInt(13) : rnd.nextInt(16);
                    int cmd = (fresh ? 0 : 0x80) | ml << 3 | litLen;
                    cmds.write(cmd);
                    literals(litLen);
                    if (fresh) {
                        int dist = 8 + rnd.nextInt(Math.max(1, Math.min(d - 7, 2000)));
                        near[nNear++] = dist;
                        recent = -dist;
                    }
                    copy(-recent, ml);
                } else if (kind < 7) {
                    int c = 3 + rnd.nextInt(21);
                    cmds.write(c);
                    int off = farOffset(h, base);
                    far[h][nFar[h]++] = off;
                    recent = base - off - d;
                    copy(-recent, c + 5);
                } else if (kind == 7) {
                    cmds.write(0);
                    int v = rnd.nextBoolean() ? rnd.nextInt(252) : 252 + rnd.nextInt(600);
                    length(lens, v);
                    literals(64 + v);
                } else if (kind == 8) {
                    cmds.write(1);
                    int v = rnd.nextBoolean() ? rnd.nextInt(252) : 252 + rnd.nextInt(600);
                    length(lens, v);
                    int dist = 8 + rnd.nextInt(Math.max(1, Math.min(d - 7, 60000)));
                    near[nNear++] = dist;
                    recent = -dist;
                    copy(dist, 91 + v);
                } else {
                    cmds.write(2);
                    int v = rnd.nextBoolean() ? rnd.nextInt(252) : 252 + rnd.nextInt(600);
                    length(lens, v);
                    int off = farOffset(h, base);
                    far[h][nFar[h]++] = off;
                    recent = base - off - d;
                    copy(-recent, 29 + v);
                }
            }
            literals(end - d);
        }

        /** A far offset from the half's start: 0 in the first half (the chunk starts the stream). */
        int farOffset(int h, int base) {
            return h == 0 ? 0 : 8 + rnd.nextInt(base - 8);
        }
    }

    private record Built(byte[] stream, byte[] expected) {
    }

    private static Built build(long seed, boolean delta, boolean codedNear) {
        int size = HALF + 5000;
        Builder b = new Builder(seed, delta, size);
        b.half(0, 0, HALF);
        int split = b.cmds.size();
        b.half(1, HALF, size);

        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        chunk.write(b.out, 0, 8);
        stored(chunk, b.lits.toByteArray());
        stored(chunk, b.cmds.toByteArray());
        le(chunk, split, 2);
        if (codedNear) {
            le(chunk, 0xFFFF, 2);
            byte[] hi = new byte[b.nNear];
            byte[] lo = new byte[b.nNear];
            for (int i = 0; i < b.nNear; i++) {
                hi[i] = (byte) (b.near[i] >>> 8);
                lo[i] = (byte) b.near[i];
            }
            stored(chunk, hi);
            stored(chunk, lo);
        } else {
            le(chunk, b.nNear, 2);
            for (int i = 0; i < b.nNear; i++) {
                le(chunk, b.near[i], 2);
            }
        }
        int n1 = b.nFar[0];
        int n2 = b.nFar[1];
        le(chunk, Math.min(n1, 4095) << 12 | Math.min(n2, 4095), 3);
        if (n1 >= 4095) {
            le(chunk, n1, 2);
        }
        if (n2 >= 4095) {
            le(chunk, n2, 2);
        }
        for (int h = 0; h < 2; h++) {
            for (int i = 0; i < b.nFar[h]; i++) {
                le(chunk, b.far[h][i], 3);
            }
        }
        chunk.write(b.lens.toByteArray(), 0, b.lens.size());
        byte[] body = chunk.toByteArray();
        assertThat(body.length).isLessThan(size);

        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.write(0x8C);
        s.write(0x0A);
        int quantum = body.length + 3;
        s.write((quantum - 1) >>> 16);
        s.write((quantum - 1) >>> 8);
        s.write(quantum - 1);
        int hdr = 0x800000 | (delta ? 0 : 1) << 19 | body.length;
        s.write(hdr >>> 16);
        s.write(hdr >>> 8);
        s.write(hdr);
        s.write(body, 0, body.length);
        return new Built(s.toByteArray(), b.out);
    }

    @ParameterizedTest
    @CsvSource({"true,false", "false,false", "true,true", "false,true"})
    void everyCommandKindDecodes(boolean delta, boolean codedNear) {
        for (long seed = 1; seed <= 4; seed++) {
            Built b = build(seed, delta, codedNear);
            byte[] got = new byte[b.expected().length];
            OodleDecoder.decompress(b.stream(), 0, b.stream().length, got, 0, got.length);
            assertThat(Arrays.equals(got, b.expected())).as("delta %s coded %s seed %d", delta, codedNear, seed)
                    .isTrue();
        }
    }
}
