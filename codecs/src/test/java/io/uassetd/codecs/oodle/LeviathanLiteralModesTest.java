package io.uassetd.codecs.oodle;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Builds small Leviathan streams for every literal mode (0-5), with one command stream or eight,
 * out of stored entropy blocks, and checks they decode to the output the format describes. The
 * fixtures only use modes 0, 1 and 4 with a single command stream.
 */
class LeviathanLiteralModesTest {
    private static final int[] ARRAYS = {1, 1, 2, 4, 16, 16};

    private static void stored(ByteArrayOutputStream out, byte[] data) {
        int n = data.length;
        out.write(n >>> 16);
        out.write(n >>> 8);
        out.write(n);
        out.write(data, 0, n);
    }

    /** A stream plus the output it must give. */
    record Built(byte[] stream, byte[] expected) {
    }

    static Built build(int mode, boolean multiCmd, long seed) {
        Random rnd = new Random(seed);
        int arrays = ARRAYS[mode];
        List<ByteArrayOutputStream> lits = new ArrayList<>();
        for (int i = 0; i < arrays; i++) {
            lits.add(new ByteArrayOutputStream());
        }
        List<ByteArrayOutputStream> cmds = new ArrayList<>();
        for (int i = 0; i < (multiCmd ? 8 : 1); i++) {
            cmds.add(new ByteArrayOutputStream());
        }
        byte[] out = new byte[4000];
        for (int i = 0; i < 8; i++) {
            out[i] = (byte) rnd.nextInt(256);
        }
        int d = 8;
        int commands = 300 + rnd.nextInt(50);
        for (int k = 0; k < commands; k++) {
            int litBits = rnd.nextInt(3);
            int matchCode = rnd.nextInt(7);
            int cmd = litBits << 3 | matchCode;
            cmds.get(multiCmd ? d & 7 : 0).write(cmd);
            for (int i = 0; i < litBits; i++) {
                d = literal(mode, i == 0, out, d, lits, rnd);
            }
            int len = matchCode + 2;
            for (int i = 0; i < len; i++) {
                out[d + i] = out[d + i - 8];
            }
            d += len;
        }
        int tail = 5 + rnd.nextInt(10);
        for (int i = 0; i < tail; i++) {
            d = literal(mode, i == 0, out, d, lits, rnd);
        }
        byte[] expected = java.util.Arrays.copyOf(out, d);

        ByteArrayOutputStream chunk = new ByteArrayOutputStream();
        chunk.write(expected, 0, 8);
        stored(chunk, new byte[0]);
        stored(chunk, new byte[0]);
        if (mode <= 1) {
            stored(chunk, lits.get(0).toByteArray());
        } else {
            chunk.write(0x80);
            for (ByteArrayOutputStream l : lits) {
                stored(chunk, l.toByteArray());
            }
        }
        if (multiCmd) {
            chunk.write(0x83);
            chunk.write(0x80);
            for (ByteArrayOutputStream c : cmds) {
                stored(chunk, c.toByteArray());
            }
        } else {
            stored(chunk, cmds.get(0).toByteArray());
        }
        chunk.write(0x80);
        byte[] body = chunk.toByteArray();
        assertThat(body.length).isLessThan(expected.length);

        ByteArrayOutputStream s = new ByteArrayOutputStream();
        s.write(0x8C);
        s.write(0x0C);
        int quantum = body.length + 3;
        s.write((quantum - 1) >>> 16);
        s.write((quantum - 1) >>> 8);
        s.write(quantum - 1);
        int hdr = 0x800000 | mode << 19 | body.length;
        s.write(hdr >>> 16);
        s.write(hdr >>> 8);
        s.write(hdr);
        s.write(body, 0, body.length);
        return new Built(s.toByteArray(), expected);
    }

    /** Writes one literal at {@code d} the way the mode defines it and records its coded byte. */
    private static int literal(int mode, boolean firstOfRun, byte[] out, int d, List<ByteArrayOutputStream> lits,
            Random rnd) {
        int v = rnd.nextInt(256);
        int stream;
        boolean delta = true;
        switch (mode) {
            case 1 -> {
                stream = 0;
                delta = false;
            }
            case 2 -> stream = firstOfRun ? 1 : 0;
            case 3 -> stream = d & 3;
            case 4 -> {
                stream = (out[d - 1] & 0xFF) >>> 4;
                delta = false;
            }
            case 5 -> stream = d & 15;
            default -> stream = 0;
        }
        lits.get(stream).write(v);
        out[d] = (byte) (delta ? v + out[d - 8] : v);
        return d + 1;
    }

    @ParameterizedTest
    @CsvSource({"0,false", "1,false", "2,false", "3,false", "4,false", "5,false",
        "0,true", "1,true", "2,true", "3,true", "4,true", "5,true"})
    void everyLiteralModeAndCommandLayoutDecodes(int mode, boolean multiCmd) {
        for (long seed = 1; seed <= 5; seed++) {
            Built b = build(mode, multiCmd, seed * 31 + mode);
            byte[] got = new byte[b.expected().length];
            OodleDecoder.decompress(b.stream(), 0, b.stream().length, got, 0, got.length);
            assertThat(got).as("mode %d multi %s seed %d", mode, multiCmd, seed).isEqualTo(b.expected());
        }
    }
}
