package io.uassetd.codecs.oodle;

import io.uassetd.testkit.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The Oodle fixture streams with their expected output (shared by the decoder and fuzz tests). */
final class OodleStreams {
    private OodleStreams() {
    }

    /** A compressed stream at {@code data[offset...]} and the bytes it decodes to. */
    record Sample(String name, byte[] data, int offset, byte[] expected) {
        int length() {
            return data.length - offset;
        }
    }

    static byte[] read(Path p) {
        try {
            return Files.readAllBytes(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long le(byte[] b, int off, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[off + i] & 0xFF);
        }
        return v;
    }

    /** An oozextract test file: a u32 length when byte 4 is 0x8C, else a u64, then the stream. */
    static Sample oozextract(String relative, byte[] expected) {
        byte[] data = read(Fixtures.path(relative));
        int off = (data[4] & 0xFF) == 0x8C ? 4 : 8;
        long len = le(data, 0, off);
        if (expected != null && len != expected.length) {
            throw new IllegalStateException(relative + " declares " + len + " bytes, expected " + expected.length);
        }
        return new Sample(relative, data, off, expected);
    }

    static List<Sample> krakenBlocks() {
        List<Sample> out = new ArrayList<>();
        Path dir = Fixtures.path("oodle/kraken-blocks");
        for (String line : readLines(dir.resolve("vectors.tsv"))) {
            if (line.startsWith("name\t") || line.isBlank()) {
                continue;
            }
            String name = line.split("\t")[0];
            out.add(new Sample("kraken-blocks/" + name, read(dir.resolve(name + ".kraken")), 0,
                    read(dir.resolve(name + ".bin"))));
        }
        return out;
    }

    static List<String> readLines(Path p) {
        try {
            return Files.readAllLines(p);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static byte[] decode(Sample s) {
        byte[] out = new byte[s.expected().length];
        OodleDecoder.decompress(s.data(), s.offset(), s.length(), out, 0, out.length);
        return out;
    }
}
