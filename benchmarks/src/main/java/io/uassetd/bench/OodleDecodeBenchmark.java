package io.uassetd.bench;

import io.uassetd.codecs.oodle.OodleDecoder;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Decode throughput of the pure-Java Oodle decoder, in MB/s of output, next to
 * {@link java.util.zip.Inflater} decoding the same output compressed by {@link Deflater} at level 6,
 * measured in the same run after warm-up. Inputs: the oozextract xml streams (one per codec) and
 * the Kraken blocks cut from the CUE4Parse IoStore container (decoded one block per call, as a
 * container reader would), into output buffers allocated once (for both decoders). Targets: Kraken, Mermaid and Selkie at least 2x Inflater, Leviathan 1.2x.
 *
 * <p>Per case: warm-up of a third of the measuring time for each decoder, then {@value #ROUNDS}
 * alternating rounds of each; the best round of each decoder is reported (other processes on the
 * machine then disturb both sides alike and show less).
 *
 * <p>Fixtures: {@code -Dfixtures=DIR}, else {@code UASSETD_FIXTURES}, else {@code ../shared/fixtures}
 * from the repository root. {@code -Dbench.seconds=N} sets the measuring time per case (default 3).
 */
public final class OodleDecodeBenchmark {
    /** Measuring rounds per decoder and case; the best round counts (filters out interference). */
    private static final int ROUNDS = 5;

    private OodleDecodeBenchmark() {
    }

    /** A set of independent streams decoded one per call. */
    private record Case(String codec, String input, List<byte[]> comp, List<Integer> offsets, List<byte[]> plain,
            double target, List<byte[]> outputs) {
        Case(String codec, String input, List<byte[]> comp, List<Integer> offsets, List<byte[]> plain, double target) {
            this(codec, input, comp, offsets, plain, target, buffersLike(plain));
        }

        private static List<byte[]> buffersLike(List<byte[]> plain) {
            List<byte[]> out = new ArrayList<>();
            for (byte[] p : plain) {
                out.add(new byte[p.length]);
            }
            return out;
        }

        long outBytes() {
            long n = 0;
            for (byte[] p : plain) {
                n += p.length;
            }
            return n;
        }

        long compBytes() {
            long n = 0;
            for (int i = 0; i < comp.size(); i++) {
                n += comp.get(i).length - offsets.get(i);
            }
            return n;
        }
    }

    static Path fixtures() {
        String prop = System.getProperty("fixtures");
        if (prop != null && !prop.isBlank()) {
            return Paths.get(prop);
        }
        String env = System.getenv("UASSETD_FIXTURES");
        Path root = Paths.get("").toAbsolutePath();
        for (Path q = root; q != null; q = q.getParent()) {
            if (Files.exists(q.resolve("mvnw")) && Files.exists(q.resolve("pom.xml"))) {
                root = q;
                break;
            }
        }
        Path p = env == null || env.isBlank() ? Paths.get("..", "shared", "fixtures") : Paths.get(env);
        return (p.isAbsolute() ? p : root.resolve(p)).normalize();
    }

    private static long le(byte[] b, int n) {
        long v = 0;
        for (int i = n - 1; i >= 0; i--) {
            v = v << 8 | (b[i] & 0xFF);
        }
        return v;
    }

    public static void main(String[] args) throws Exception {
        Path fx = fixtures();
        if (!Files.isDirectory(fx.resolve("oodle"))) {
            System.err.println("Oodle fixtures not found under " + fx + " (set -Dfixtures=DIR or UASSETD_FIXTURES)");
            System.exit(2);
        }
        double seconds = Double.parseDouble(System.getProperty("bench.seconds", "3"));
        List<Case> cases = new ArrayList<>();
        for (String codec : new String[] {"kraken", "mermaid", "selkie", "leviathan"}) {
            byte[] data = Files.readAllBytes(fx.resolve("oodle/oozextract/testdata/xml." + codec));
            int off = (data[4] & 0xFF) == 0x8C ? 4 : 8;
            byte[] plain = new byte[(int) le(data, off)];
            OodleDecoder.decompress(data, off, data.length - off, plain, 0, plain.length);
            cases.add(new Case(codec, "xml (" + plain.length + " B)", List.of(data), List.of(off), List.of(plain),
                    codec.equals("leviathan") ? 1.2 : 2.0));
        }
        for (int i = 1; i < cases.size(); i++) {
            if (!Arrays.equals(cases.get(i).plain().get(0), cases.get(0).plain().get(0))) {
                throw new IllegalStateException("xml." + cases.get(i).codec() + " decodes differently");
            }
        }
        List<byte[]> blocks = new ArrayList<>();
        List<byte[]> blockPlain = new ArrayList<>();
        List<Integer> zeros = new ArrayList<>();
        try (var dir = Files.newDirectoryStream(fx.resolve("oodle/kraken-blocks"), "*.kraken")) {
            for (Path f : dir) {
                byte[] c = Files.readAllBytes(f);
                byte[] plain = Files.readAllBytes(Paths.get(f.toString().replace(".kraken", ".bin")));
                byte[] out = new byte[plain.length];
                OodleDecoder.decompress(c, 0, c.length, out, 0, out.length);
                if (!Arrays.equals(out, plain)) {
                    throw new IllegalStateException(f + " decodes wrongly");
                }
                blocks.add(c);
                blockPlain.add(plain);
                zeros.add(0);
            }
        }
        cases.add(new Case("kraken", "IoStore blocks (" + blocks.size() + ", per call)", blocks, zeros, blockPlain, 2.0));

        BenchReport report = new BenchReport("oodle",
                "pure-Java Oodle decode vs java.util.zip.Inflater (zlib level 6) on the same output, MB/s of output",
                "codec", "input", "compressed_bytes", "output_bytes", "oodle_MBps", "zlib_bytes", "inflater_MBps",
                "ratio", "target", "meets_target");
        boolean allMet = true;
        for (Case c : cases) {
            List<byte[]> zlib = new ArrayList<>();
            long zlibBytes = 0;
            for (byte[] p : c.plain()) {
                byte[] z = deflate(p);
                zlib.add(z);
                zlibBytes += z.length;
            }
            Runnable oodleRun = () -> decodeAll(c);
            Runnable inflaterRun = () -> inflateAll(zlib, c.outputs());
            warm(oodleRun, seconds / 3);
            warm(inflaterRun, seconds / 3);
            double oodle = 0;
            double inflater = 0;
            for (int round = 0; round < ROUNDS; round++) {
                oodle = Math.max(oodle, measure(oodleRun, c.outBytes(), seconds / ROUNDS));
                inflater = Math.max(inflater, measure(inflaterRun, c.outBytes(), seconds / ROUNDS));
            }
            for (int i = 0; i < c.plain().size(); i++) {
                if (!Arrays.equals(c.outputs().get(i), c.plain().get(i))) {
                    throw new IllegalStateException("Inflater output differs for " + c.input());
                }
            }
            decodeAll(c);
            for (int i = 0; i < c.plain().size(); i++) {
                if (!Arrays.equals(c.outputs().get(i), c.plain().get(i))) {
                    throw new IllegalStateException("Oodle output differs for " + c.codec() + " " + c.input());
                }
            }
            double ratio = oodle / inflater;
            boolean met = ratio >= c.target();
            allMet &= met;
            report.row(c.codec(), c.input(), c.compBytes(), c.outBytes(), round(oodle), zlibBytes, round(inflater),
                    round(ratio), String.format(Locale.ROOT, ">= %.1fx", c.target()), met);
        }
        report.summary("measure_seconds_per_case_and_decoder", seconds);
        report.summary("rounds_best_of", ROUNDS);
        report.summary("all_targets_met", allMet);
        report.summary("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        report.publish();
    }

    private static double round(double v) {
        return Math.round(v * 100) / 100.0;
    }

    private static byte[] deflate(byte[] p) {
        Deflater d = new Deflater(6);
        d.setInput(p);
        d.finish();
        byte[] buf = new byte[p.length + p.length / 10 + 1024];
        int n = 0;
        while (!d.finished()) {
            if (n == buf.length) {
                buf = Arrays.copyOf(buf, buf.length * 2);
            }
            n += d.deflate(buf, n, buf.length - n);
        }
        d.end();
        return Arrays.copyOf(buf, n);
    }

    private static void decodeAll(Case c) {
        for (int i = 0; i < c.comp().size(); i++) {
            byte[] src = c.comp().get(i);
            int off = c.offsets().get(i);
            byte[] out = c.outputs().get(i);
            OodleDecoder.decompress(src, off, src.length - off, out, 0, out.length);
        }
    }

    private static void inflateAll(List<byte[]> zlib, List<byte[]> outputs) {
        Inflater inf = new Inflater();
        try {
            for (int i = 0; i < zlib.size(); i++) {
                inf.reset();
                inf.setInput(zlib.get(i));
                byte[] out = outputs.get(i);
                int n = 0;
                while (n < out.length) {
                    int k = inf.inflate(out, n, out.length - n);
                    if (k == 0 && (inf.finished() || inf.needsInput())) {
                        break;
                    }
                    n += k;
                }
                if (n != out.length) {
                    throw new IllegalStateException("inflate produced " + n + " bytes");
                }
            }
        } catch (DataFormatException e) {
            throw new IllegalStateException(e);
        } finally {
            inf.end();
        }
    }

    private static void warm(Runnable r, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            r.run();
        }
    }

    /** MB/s (10^6 bytes) of output over as many whole runs as fit in {@code seconds}. */
    private static double measure(Runnable r, long bytesPerRun, double seconds) {
        long runs = 0;
        long start = System.nanoTime();
        long end = start + (long) (seconds * 1e9);
        long now;
        do {
            r.run();
            runs++;
            now = System.nanoTime();
        } while (now < end);
        return bytesPerRun * (double) runs / ((now - start) / 1e3);
    }
}
