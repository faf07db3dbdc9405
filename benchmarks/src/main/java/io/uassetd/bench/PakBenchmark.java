package io.uassetd.bench;

import java.io.OutputStream;
import java.util.Arrays;
import java.util.concurrent.Future;
import com.github.luben.zstd.Zstd;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakExtractResult;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.pak.PakWriteOptions;
import io.uassetd.codecs.pak.PakWriter;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicLong;
import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * PAK throughput: builds a pak of mixed files (text, random, zeros; {@code -Dbench.pak.mb}, default
 * 1024) in each mode (none, zlib, zstd, encrypted) and measures create and extract against
 * baselines run in the same process on the same bytes: a FileChannel copy (stored data),
 * java.util.zip Deflater/Inflater or zstd-jni alone on the same 64 KiB blocks (compressed data;
 * compression on all cores, decompression on one as extraction does), JCE AES alone (encrypted).
 * Targets: extract (without the SHA-1 check extraction does by default, shown beside it as extract+hash)
 * >= 85% of its baseline, create >= 70%. Every figure is the best of
 * {@code -Dbench.pak.runs} runs (default 3); the machine is shared, so single runs are noisy.
 */
public final class PakBenchmark {
    private static final int BLOCK = 1 << 16;
    private static final int RUNS = Integer.getInteger("bench.pak.runs", 3);
    private static final ForkJoinPool ALL_CORES = new ForkJoinPool(Runtime.getRuntime().availableProcessors());

    /** One timed operation returning its seconds. */
    private interface Timed {
        double run() throws Exception;
    }

    private static double best(Timed t) throws Exception {
        double b = Double.MAX_VALUE;
        for (int i = 0; i < RUNS; i++) {
            settle();
            b = Math.min(b, t.run());
        }
        return b;
    }

    /**
     * Flushes dirty pages before a timed run, so no run pays for the write-back of the one before
     * it (without this, whichever operation runs right after a 1 GiB write is throttled by the
     * kernel and the ratio measures the order of the runs, not the code).
     */
    private static void settle() throws Exception {
        if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win")) {
            return;
        }
        Process p = new ProcessBuilder("sync").redirectErrorStream(true).start();
        p.getInputStream().transferTo(OutputStream.nullOutputStream());
        p.waitFor();
    }
    private static final String KEY = "94d25bc3aeb420e0be914edc9d5435a1eaab5f2864e09e94019ac205b727a7de";

    private PakBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        int mb = Integer.getInteger("bench.pak.mb", 1024);
        Path root = Files.createTempDirectory("uassetd-pakbench");
        BenchReport report = new BenchReport("pak", "PAK create/extract throughput vs same-run baselines (" + mb + " MiB input)",
                "mode", "op", "MiB", "seconds", "MiB/s", "baseline", "baseline MiB/s", "ratio %", "target %", "pass");
        try {
            Path src = root.resolve("src");
            long total = generate(src, mb * (1L << 20));
            List<PakSource> sources = PakSource.directory(src);
            report.summary("input_bytes", total).summary("files", sources.size())
                    .summary("cores", Runtime.getRuntime().availableProcessors());
            warmUp(root);
            for (String mode : List.of("none", "zlib", "zstd", "encrypted")) {
                runMode(mode, root, src, sources, total, report);
            }
        } finally {
            BenchFixtures.deleteTree(root);
        }
        System.out.println(report.table());
        report.publish();
    }

    /** Runs every path once on a small input so the JIT has compiled them before measuring. */
    private static void warmUp(Path root) throws Exception {
        Path src = root.resolve("warm");
        generate(src, 24L << 20);
        List<PakSource> sources = PakSource.directory(src);
        BenchReport ignored = new BenchReport("warm", "", "mode", "op", "MiB", "seconds", "MiB/s", "baseline", "baseline MiB/s",
                "ratio %", "target %", "pass");
        for (String mode : List.of("none", "zlib", "zstd", "encrypted")) {
            runMode(mode, root, src, sources, 24L << 20, ignored);
        }
        BenchFixtures.deleteTree(src);
    }

    private static void runMode(String mode, Path root, Path src, List<PakSource> sources, long total, BenchReport report)
            throws Exception {
        // like the baselines, no fsync (a durable create is measured separately for "none")
        PakWriteOptions o = PakWriteOptions.defaults().withStoreIncompressible(false).withDurable(false);
        PakReadOptions ro = PakReadOptions.defaults();
        switch (mode) {
            case "zlib" -> o = o.withCompression(CompressionMethod.ZLIB);
            case "zstd" -> o = o.withCompression(CompressionMethod.ZSTD);
            case "encrypted" -> {
                o = o.withEncryption(AesKey.parse(KEY), EncryptionScheme.STANDARD, true, true);
                ro = ro.withKey(KEY);
            }
            default -> { }
        }
        Path pak = root.resolve(mode + ".pak");
        PakWriteOptions wo = o;
        double create = best(() -> {
            Files.deleteIfExists(pak);
            long t0 = System.nanoTime();
            PakWriter.create(pak, sources, wo);
            return seconds(t0);
        });
        Path out = root.resolve("out-" + mode);
        PakReadOptions rop = ro;
        int cores = Runtime.getRuntime().availableProcessors();
        double[] extracts = new double[2];
        for (int check = 0; check < 2; check++) {
            boolean checkHash = check == 1;
            extracts[check] = best(() -> {
                BenchFixtures.deleteTree(out);
                try (PakReader r = PakReader.open(pak, rop)) {
                    long t1 = System.nanoTime();
                    PakExtractResult res = r.extractAll(out, p -> true, TaskMonitor.NONE, cores, checkHash);
                    double secs = seconds(t1);
                    if (!res.failures().isEmpty() || res.bytes() != total) {
                        throw new IllegalStateException("extract failed: " + res.failures());
                    }
                    return secs;
                }
            });
        }
        double extract = extracts[0];
        double extractChecked = extracts[1];
        BenchFixtures.deleteTree(out);

        double baseCreate;
        double baseExtract;
        String createName;
        String extractName;
        switch (mode) {
            case "none" -> {
                createName = "FileChannel copy";
                extractName = "FileChannel copy";
                baseCreate = best(() -> copyAll(src, root.resolve("copy")));
                baseExtract = baseCreate;
            }
            case "zlib", "zstd" -> {
                boolean z = mode.equals("zlib");
                createName = (z ? "Deflater(6)" : "Zstd(3)") + " all cores";
                extractName = z ? "Inflater alone" : "zstd-jni alone";
                baseCreate = best(() -> compressBaseline(sources, z));
                baseExtract = best(() -> decompressBaseline(pak, rop, z));
            }
            default -> {
                createName = "JCE AES all cores";
                extractName = "JCE AES alone";
                baseCreate = best(() -> aesBaseline(sources, true));
                baseExtract = best(() -> aesBaseline(sources, false));
            }
        }
        double mib = total / (double) (1 << 20);
        addRow(report, mode, "create", mib, create, createName, baseCreate, 70);
        if (mode.equals("none")) {
            double durable = best(() -> {
                Files.deleteIfExists(pak);
                long t2 = System.nanoTime();
                PakWriter.create(pak, sources, wo.withDurable(true));
                return seconds(t2);
            });
            addRow(report, mode, "create+fsync", mib, durable, createName, baseCreate, 0);
        }
        addRow(report, mode, "extract", mib, extract, extractName, baseExtract, 85);
        // what extraction does by default: the same with each unencrypted entry's SHA-1 checked (no target: the baselines hash nothing)
        addRow(report, mode, "extract+hash", mib, extractChecked, extractName, baseExtract, 0);
        Files.deleteIfExists(pak);
    }

    private static void addRow(BenchReport r, String mode, String op, double mib, double secs, String base, double baseSecs,
            int target) {
        double rate = mib / secs;
        double baseRate = mib / baseSecs;
        double ratio = 100 * rate / baseRate;
        r.row(mode, op, round(mib), Math.round(secs * 1000) / 1000.0, round(rate), base, round(baseRate), round(ratio), target,
                ratio >= target);
    }

    private static double round(double d) {
        return Math.round(d * 10) / 10.0;
    }

    private static double seconds(long t0) {
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Text, random and zero files, 256 KiB to 8 MiB each, in a few folders. */
    private static long generate(Path dir, long bytes) throws IOException {
        Random rnd = new Random(7);
        String[] words = "unreal asset pak index block entry mount point compress encrypt texture mesh material sound"
                .split(" ");
        long written = 0;
        int i = 0;
        while (written < bytes) {
            int size = (int) Math.min(bytes - written, (256 << 10) + rnd.nextInt(8 << 20));
            byte[] data = new byte[size];
            switch (i % 3) {
                case 0 -> {
                    StringBuilder sb = new StringBuilder(size + 32);
                    while (sb.length() < size) {
                        sb.append(words[rnd.nextInt(words.length)]).append(rnd.nextInt(100)).append(rnd.nextInt(9) == 0 ? '\n' : ' ');
                    }
                    System.arraycopy(sb.toString().getBytes(StandardCharsets.US_ASCII), 0, data, 0, size);
                }
                case 1 -> rnd.nextBytes(data);
                default -> { }
            }
            Path p = dir.resolve("d" + (i % 7)).resolve("f" + i + (i % 3 == 0 ? ".txt" : ".bin"));
            Files.createDirectories(p.getParent());
            Files.write(p, data);
            written += size;
            i++;
        }
        return written;
    }

    private static double copyAll(Path src, Path dst) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(src)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        long t0 = System.nanoTime();
        for (Path f : files) {
            Path t = dst.resolve(src.relativize(f).toString());
            Files.createDirectories(t.getParent());
            try (FileChannel in = FileChannel.open(f); FileChannel out = FileChannel.open(t, StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
                long pos = 0;
                long n = in.size();
                while (pos < n) {
                    pos += in.transferTo(pos, n - pos, out);
                }
            }
        }
        double secs = seconds(t0);
        BenchFixtures.deleteTree(dst);
        return secs;
    }

    /** Reads every source in 64 KiB blocks and compresses them on all cores, output discarded. */
    private static double compressBaseline(List<PakSource> sources, boolean zlib) throws Exception {
        AtomicLong sink = new AtomicLong();
        ThreadLocal<Deflater> deflaters = ThreadLocal.withInitial(() -> new Deflater(6));
        long t0 = System.nanoTime();
        List<Future<?>> pending = new ArrayList<>();
        int window = 4 * ALL_CORES.getParallelism() + 8;
        for (PakSource s : sources) {
            try (InputStream in = s.opener().open()) {
                for (byte[] b; (b = in.readNBytes(BLOCK)).length > 0;) {
                    byte[] block = b;
                    pending.add(ALL_CORES.submit(() -> {
                        if (zlib) {
                            Deflater d = deflaters.get();
                            d.reset();
                            d.setInput(block);
                            d.finish();
                            byte[] out = new byte[block.length + 1024];
                            int n = 0;
                            while (!d.finished()) {
                                n += d.deflate(out, n, out.length - n);
                            }
                            sink.addAndGet(n);
                        } else {
                            sink.addAndGet(Zstd.compress(block, 3).length);
                        }
                    }));
                    while (pending.size() > window) {
                        pending.remove(0).get();
                    }
                }
            }
        }
        for (Future<?> f : pending) {
            f.get();
        }
        return seconds(t0);
    }

    /** Reads every compressed block of the pak with positional reads and decompresses it on one thread. */
    private static double decompressBaseline(Path pak, PakReadOptions ro, boolean zlib) throws Exception {
        List<long[]> blocks = new ArrayList<>();
        try (PakReader r = PakReader.open(pak, ro)) {
            for (PakEntry e : r.entries()) {
                long left = e.size();
                for (var b : e.record().blocks()) {
                    long n = Math.min(e.record().blockSize(), left);
                    blocks.add(new long[] {e.offset() + b.start(), b.size(), n});
                    left -= n;
                }
            }
        }
        Inflater inf = new Inflater();
        byte[] out = new byte[BLOCK];
        byte[] in = new byte[BLOCK * 2];
        long t0 = System.nanoTime();
        try (FileChannel ch = FileChannel.open(pak)) {
            for (long[] b : blocks) {
                ByteBuffer bb = ByteBuffer.wrap(in, 0, (int) b[1]);
                long pos = b[0];
                while (bb.hasRemaining()) {
                    pos += ch.read(bb, pos);
                }
                if (zlib) {
                    inf.reset();
                    inf.setInput(in, 0, (int) b[1]);
                    int got = 0;
                    while (got < b[2]) {
                        got += inf.inflate(out, got, (int) b[2] - got);
                    }
                } else {
                    Zstd.decompressByteArray(out, 0, (int) b[2], in, 0, (int) b[1]);
                }
            }
        }
        return seconds(t0);
    }

    /** Reads every source in 64 KiB blocks and AES-encrypts (all cores) or decrypts (one thread). */
    private static double aesBaseline(List<PakSource> sources, boolean encryptAllCores) throws Exception {
        SecretKeySpec spec = new SecretKeySpec(AesKey.parse(KEY).bytes(), "AES");
        ThreadLocal<Cipher> ciphers = ThreadLocal.withInitial(() -> {
            try {
                Cipher c = Cipher.getInstance("AES/ECB/NoPadding");
                c.init(encryptAllCores ? Cipher.ENCRYPT_MODE : Cipher.DECRYPT_MODE, spec);
                return c;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        long t0 = System.nanoTime();
        List<Future<?>> pending = new ArrayList<>();
        for (PakSource s : sources) {
            try (InputStream in = s.opener().open()) {
                for (byte[] b; (b = in.readNBytes(BLOCK)).length > 0;) {
                    byte[] block = b.length % 16 == 0 ? b : Arrays.copyOf(b, (b.length + 15) & ~15);
                    Runnable job = () -> {
                        try {
                            ciphers.get().doFinal(block, 0, block.length, block, 0);
                        } catch (Exception e) {
                            throw new IllegalStateException(e);
                        }
                    };
                    if (encryptAllCores) {
                        pending.add(ALL_CORES.submit(job));
                        while (pending.size() > 64) {
                            pending.remove(0).get();
                        }
                    } else {
                        job.run();
                    }
                }
            }
        }
        for (Future<?> f : pending) {
            f.get();
        }
        return seconds(t0);
    }


    static String fmt(double d) {
        return String.format(Locale.ROOT, "%.1f", d);
    }
}
