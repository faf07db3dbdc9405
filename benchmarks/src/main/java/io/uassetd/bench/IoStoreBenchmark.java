package io.uassetd.bench;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreWriter;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.stream.Stream;

/**
 * IoStore container performance, on synthetic containers written with {@link IoStoreWriter} into a
 * temporary folder (deleted afterwards):
 * <ul>
 * <li>mounting a 200,000-chunk container (TOC version 8, perfect hash, directory index of 200,000
 * files): wall and thread CPU time after JIT warm-up, and the heap it retains (measured after GC);
 * also listing its files and looking every chunk up by id;</li>
 * <li>chunk read throughput on a container of large uncompressed chunks, against a raw
 * {@link FileChannel} read of the same bytes in the same run (page cache warm for both).</li>
 * </ul>
 * Targets: mount in under 0.5 s of one core and under 100 MB retained heap; reads at 85% or more of
 * the raw baseline. {@code -Dbench.chunks=N} and {@code -Dbench.readMiB=N} change the sizes.
 */
public final class IoStoreBenchmark {
    private static final int MOUNT_CHUNKS = Integer.getInteger("bench.chunks", 200_000);
    private static final int READ_MIB = Integer.getInteger("bench.readMiB", 256);
    private static final int READ_CHUNK_MIB = 8;

    private IoStoreBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path tmp = Files.createTempDirectory("uassetd-iostore-bench");
        try {
            run(tmp);
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    private static void run(Path tmp) throws Exception {
        BenchReport report = new BenchReport("iostore", "IoStore mount time/heap (" + MOUNT_CHUNKS
                + " chunks) and chunk read throughput vs raw FileChannel", "case", "value", "unit", "target", "ok");
        Codecs codecs = Codecs.standard();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();

        // 1. a large container: many small chunks, each named in the directory index
        Path big = tmp.resolve("Big-Windows.utoc");
        long t0 = System.nanoTime();
        Random rnd = new Random(1);
        List<IoChunkId> ids = new ArrayList<>(MOUNT_CHUNKS);
        try (IoStoreWriter w = IoStoreWriter.create(big, IoStoreWriter.Options.of(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH,
                0x0123_4567_89AB_CDEFL), codecs)) {
            byte[] data = new byte[48];
            for (int i = 0; i < MOUNT_CHUNKS; i++) {
                IoChunkId id = IoChunkId.of(rnd.nextLong(), 0, i % 8 == 7 ? IoChunkType.BULK_DATA : IoChunkType.EXPORT_BUNDLE_DATA);
                ids.add(id);
                rnd.nextBytes(data);
                w.addChunk(id, data, String.format(Locale.ROOT, "Game/Content/Dir%03d/Sub%02d/Asset_%06d.%s", i % 997,
                        i % 13, i, i % 8 == 7 ? "ubulk" : "uasset"));
            }
            w.finish();
        }
        double writeSec = (System.nanoTime() - t0) / 1e9;
        report.row("write 200k-chunk container (setup)", round(writeSec, 2), "s", "-", "-");
        report.row("TOC size", Files.size(big) / 1024, "KiB", "-", "-");

        // warm-up
        for (int i = 0; i < 8; i++) {
            try (IoStoreContainer c = IoStoreContainer.open(big, ContainerKeys.none(), codecs)) {
                c.files();
                lookups(c, ids);
            }
        }
        int runs = 10;
        long[] wall = new long[runs];
        long[] cpu = new long[runs];
        long[] listWall = new long[runs];
        for (int i = 0; i < runs; i++) {
            long c0 = threads.getCurrentThreadCpuTime();
            long w0 = System.nanoTime();
            try (IoStoreContainer c = IoStoreContainer.open(big, ContainerKeys.none(), codecs)) {
                wall[i] = System.nanoTime() - w0;
                cpu[i] = threads.getCurrentThreadCpuTime() - c0;
                long l0 = System.nanoTime();
                if (c.files().size() != MOUNT_CHUNKS) {
                    throw new IllegalStateException("listed " + c.files().size());
                }
                listWall[i] = System.nanoTime() - l0;
            }
        }
        double mountCpu = median(cpu) / 1e9;
        report.row("mount (open: TOC + directory index), CPU of one thread", round(mountCpu * 1000, 1), "ms", "< 500",
                mountCpu < 0.5);
        report.row("mount, wall", round(median(wall) / 1e6, 1), "ms", "-", "-");
        report.row("list 200k files with paths and sizes, wall", round(median(listWall) / 1e6, 1), "ms", "-", "-");

        long before = usedAfterGc();
        IoStoreContainer held = IoStoreContainer.open(big, ContainerKeys.none(), codecs);
        long retained = usedAfterGc() - before;
        report.row("retained heap of the mounted container", round(retained / 1048576.0, 1), "MiB", "< 100",
                retained < 100L * 1024 * 1024);
        held.files();
        long retainedListed = usedAfterGc() - before;
        report.row("retained heap incl. cached file list", round(retainedListed / 1048576.0, 1), "MiB", "-", "-");
        long l0 = System.nanoTime();
        int found = lookups(held, ids);
        double perLookup = (System.nanoTime() - l0) / (double) ids.size();
        if (found != ids.size()) {
            throw new IllegalStateException("found " + found + " of " + ids.size());
        }
        report.row("lookup by chunk id (perfect hash)", round(perLookup, 0), "ns", "-", "-");
        held.close();

        // 2. read throughput: large uncompressed chunks against a raw FileChannel read of the same bytes
        Path data = tmp.resolve("Data-Windows.utoc");
        int chunks = Math.max(1, READ_MIB / READ_CHUNK_MIB);
        try (IoStoreWriter w = IoStoreWriter.create(data, IoStoreWriter.Options.of(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH,
                42), codecs)) {
            byte[] chunk = new byte[READ_CHUNK_MIB << 20];
            for (int i = 0; i < chunks; i++) {
                rnd.nextBytes(chunk);
                w.addChunk(IoChunkId.of(i + 1, 0, IoChunkType.BULK_DATA), chunk, "Game/Data/Chunk" + i + ".ubulk");
            }
            w.finish();
        }
        try (IoStoreContainer c = IoStoreContainer.open(data, ContainerKeys.none(), codecs);
                FileChannel raw = FileChannel.open(c.partitionPaths().get(0), StandardOpenOption.READ)) {
            long total = 0;
            for (int i = 0; i < c.chunkCount(); i++) {
                total += c.chunkSize(i);
            }
            byte[] rawBuf = new byte[READ_CHUNK_MIB << 20];
            byte[] ourBuf = new byte[READ_CHUNK_MIB << 20];
            double bestRaw = 0;
            double bestRawAlloc = 0;
            double bestInto = 0;
            double bestArray = 0;
            double bestStream = 0;
            OutputStream sink = OutputStream.nullOutputStream();
            for (int round = 0; round < 12; round++) {
                long r0 = System.nanoTime();
                for (int i = 0; i < c.chunkCount(); i++) {
                    readRaw(raw, c, i, rawBuf);
                }
                double rawMBs = total / 1048576.0 / ((System.nanoTime() - r0) / 1e9);
                long i0 = System.nanoTime();
                for (int i = 0; i < c.chunkCount(); i++) {
                    c.readChunk(i, ourBuf, 0);
                }
                double intoMBs = total / 1048576.0 / ((System.nanoTime() - i0) / 1e9);
                long ra0 = System.nanoTime();
                for (int i = 0; i < c.chunkCount(); i++) {
                    readRaw(raw, c, i, new byte[(int) c.chunkSize(i)]);
                }
                double rawAllocMBs = total / 1048576.0 / ((System.nanoTime() - ra0) / 1e9);
                long a0 = System.nanoTime();
                for (int i = 0; i < c.chunkCount(); i++) {
                    c.readChunk(i);
                }
                double arrayMBs = total / 1048576.0 / ((System.nanoTime() - a0) / 1e9);
                long s0 = System.nanoTime();
                for (int i = 0; i < c.chunkCount(); i++) {
                    c.copyChunk(i, sink, TaskMonitor.NONE);
                }
                double streamMBs = total / 1048576.0 / ((System.nanoTime() - s0) / 1e9);
                if (round >= 2) {
                    bestRaw = Math.max(bestRaw, rawMBs);
                    bestRawAlloc = Math.max(bestRawAlloc, rawAllocMBs);
                    bestInto = Math.max(bestInto, intoMBs);
                    bestArray = Math.max(bestArray, arrayMBs);
                    bestStream = Math.max(bestStream, streamMBs);
                }
            }
            report.row("raw FileChannel read into a reused buffer (baseline)", round(bestRaw, 0), "MiB/s", "-", "-");
            report.row("readChunk(i, buffer, 0) into a reused buffer", round(bestInto, 0), "MiB/s", ">= 85% raw",
                    bestInto >= 0.85 * bestRaw);
            report.row("readChunk into buffer / raw", round(100 * bestInto / bestRaw, 1), "%", ">= 85",
                    bestInto >= 0.85 * bestRaw);
            report.row("raw FileChannel read into a new array (baseline)", round(bestRawAlloc, 0), "MiB/s", "-", "-");
            report.row("readChunk(i) -> new byte[]", round(bestArray, 0), "MiB/s", ">= 85% raw",
                    bestArray >= 0.85 * bestRawAlloc);
            report.row("readChunk -> new byte[] / raw new array", round(100 * bestArray / bestRawAlloc, 1), "%", ">= 85",
                    bestArray >= 0.85 * bestRawAlloc);
            report.row("copyChunk -> OutputStream (uncompressed)", round(bestStream, 0), "MiB/s", ">= 85% raw",
                    bestStream >= 0.85 * bestRaw);
            report.row("copyChunk / raw (reused buffer)", round(100 * bestStream / bestRaw, 1), "%", ">= 85",
                    bestStream >= 0.85 * bestRaw);
            report.summary("readBytesPerRound", total);
        }
        report.summary("chunks", MOUNT_CHUNKS);
        report.summary("jvm", System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        report.summary("cpus", Runtime.getRuntime().availableProcessors());
        System.out.println(report.table());
        report.publish();
    }

    private static int lookups(IoStoreContainer c, List<IoChunkId> ids) {
        int found = 0;
        for (IoChunkId id : ids) {
            if (c.find(id) >= 0) {
                found++;
            }
        }
        return found;
    }

    /** The chunk's bytes straight from the .ucas: its blocks are stored contiguously, so one positional read. */
    private static void readRaw(FileChannel ch, IoStoreContainer c, int i, byte[] buf) throws IOException {
        OffsetAndLength ol = c.toc().offsetAndLengths().get(i);
        CompressedBlockEntry first = c.toc().compressionBlocks().get((int) (ol.offset() / c.toc().header().compressionBlockSize()));
        ByteBuffer bb = ByteBuffer.wrap(buf, 0, (int) ol.length());
        long pos = first.offset();
        while (bb.hasRemaining()) {
            int n = ch.read(bb, pos);
            if (n < 0) {
                throw new IOException("EOF");
            }
            pos += n;
        }
    }

    private static long usedAfterGc() throws InterruptedException {
        Runtime rt = Runtime.getRuntime();
        long best = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            Thread.sleep(50);
            best = Math.min(best, rt.totalMemory() - rt.freeMemory());
        }
        return best;
    }

    private static double median(long[] v) {
        long[] s = v.clone();
        Arrays.sort(s);
        return s[s.length / 2];
    }

    private static double round(double v, int digits) {
        double f = Math.pow(10, digits);
        return Math.round(v * f) / f;
    }
}
