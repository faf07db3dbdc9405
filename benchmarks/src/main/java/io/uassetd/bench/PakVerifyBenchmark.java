package io.uassetd.bench;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

/**
 * What checking each entry's SHA-1 costs when extracting a pak: extract_pak_all's per-entry work
 * (on all cores) with the check off ({@code hash_check: false}, the baseline), with the SHA-1
 * computed in the same pass as the copy (the default), with a {@code verify} pass of its own first,
 * and the verification pass alone, over a stored
 * and a Zlib pak of {@code -Dbench.pakverify.mb} MiB (default 256) of text and random files. Each
 * figure is the best of three runs after a warm-up; the output folder is deleted between runs.
 */
public final class PakVerifyBenchmark {
    private PakVerifyBenchmark() {
    }

    interface Timed {
        double run() throws Exception;
    }

    public static void main(String[] args) throws Exception {
        int mb = Integer.getInteger("bench.pakverify.mb", 256);
        Path root = Files.createTempDirectory("uassetd-pakverify");
        BenchReport report = new BenchReport("pakverify", "extract_pak_all with and without verify (" + mb + " MiB input)",
                "pak", "operation", "MiB", "seconds", "MiB/s", "time vs extract %");
        try {
            Path src = root.resolve("src");
            long total = generate(src, mb * (1L << 20));
            List<PakSource> sources = PakSource.directory(src);
            report.summary("input_bytes", total).summary("files", sources.size())
                    .summary("cores", Runtime.getRuntime().availableProcessors());
            for (String mode : List.of("stored", "zlib")) {
                PakWriteOptions o = PakWriteOptions.defaults().withStoreIncompressible(false).withDurable(false);
                if (mode.equals("zlib")) {
                    o = o.withCompression(CompressionMethod.ZLIB);
                }
                Path pak = root.resolve(mode + ".pak");
                PakWriter.create(pak, sources, o);
                Path out = root.resolve("out");
                try (PakReader r = PakReader.open(pak, PakReadOptions.defaults())) {
                    List<PakEntry> entries = r.entries().stream().filter(e -> !e.deleted()).toList();
                    // warm-up
                    extract(r, entries, out, Check.VERIFY_PASS);
                    double plain = best(() -> extract(r, entries, out, Check.NONE));
                    double inline = best(() -> extract(r, entries, out, Check.SAME_PASS));
                    double verified = best(() -> extract(r, entries, out, Check.VERIFY_PASS));
                    double verifyOnly = best(() -> {
                        long t0 = System.nanoTime();
                        entries.parallelStream().forEach(r::verify);
                        return (System.nanoTime() - t0) / 1e9;
                    });
                    double mib = total / (double) (1 << 20);
                    report.row(mode, "extract, hash_check off", round(mib), round3(plain), round(mib / plain), 100.0);
                    report.row(mode, "extract, SHA-1 in the same pass (default)", round(mib), round3(inline), round(mib / inline),
                            round(100 * inline / plain));
                    report.row(mode, "extract + verify pass", round(mib), round3(verified), round(mib / verified), round(100 * verified / plain));
                    report.row(mode, "verify alone", round(mib), round3(verifyOnly), round(mib / verifyOnly), round(100 * verifyOnly / plain));
                }
                Files.delete(pak);
            }
        } finally {
            BenchFixtures.deleteTree(root);
        }
        System.out.println(report.table());
        report.publish();
    }

    /** How extraction checks the entries' SHA-1. */
    enum Check {
        /** {@code hash_check: false}. */
        NONE,
        /** The default: hashed while copied. */
        SAME_PASS,
        /** {@code verify: true}: a pass of its own first, then an unchecked copy. */
        VERIFY_PASS
    }

    /** The per-entry work of extract_pak_all on all cores; returns the seconds it took. */
    private static double extract(PakReader r, List<PakEntry> entries, Path out, Check check) throws IOException {
        BenchFixtures.deleteTree(out);
        long t0 = System.nanoTime();
        entries.parallelStream().forEach(e -> {
            if (check == Check.VERIFY_PASS) {
                r.verify(e);
            }
            r.extractTo(e, out.resolve(e.path()), TaskMonitor.NONE, check == Check.SAME_PASS);
        });
        return (System.nanoTime() - t0) / 1e9;
    }

    private static double best(Timed t) throws Exception {
        double b = Double.MAX_VALUE;
        for (int i = 0; i < 3; i++) {
            b = Math.min(b, t.run());
        }
        return b;
    }

    private static double round(double d) {
        return Math.round(d * 10) / 10.0;
    }

    private static double round3(double d) {
        return Math.round(d * 1000) / 1000.0;
    }

    /** Text and random files of 1 to 8 MiB. */
    private static long generate(Path dir, long bytes) throws IOException {
        Random rnd = new Random(11);
        long written = 0;
        int i = 0;
        while (written < bytes) {
            int size = (int) Math.min(bytes - written, (1 << 20) + rnd.nextInt(7 << 20));
            byte[] data = new byte[size];
            if (i % 2 == 0) {
                StringBuilder sb = new StringBuilder(size + 16);
                while (sb.length() < size) {
                    sb.append("entry").append(rnd.nextInt(1000)).append(rnd.nextInt(7) == 0 ? '\n' : ' ');
                }
                System.arraycopy(sb.toString().getBytes(StandardCharsets.US_ASCII), 0, data, 0, size);
            } else {
                rnd.nextBytes(data);
            }
            Path p = dir.resolve("f" + i + (i % 2 == 0 ? ".txt" : ".bin"));
            Files.createDirectories(p.getParent());
            Files.write(p, data);
            written += size;
            i++;
        }
        return written;
    }

}
