package io.uassetd.bench;

import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.bundle.BundleAssembler;
import io.uassetd.codecs.bundle.BundleChunk;
import io.uassetd.codecs.bundle.BundleInput;
import io.uassetd.codecs.bundle.BundlePackage;
import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.codecs.bundle.IoStoreProfile;
import io.uassetd.codecs.bundle.LegacyPackages;
import io.uassetd.codecs.bundle.ZenPackages;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.header.ContainerHeaderVersion;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.task.TaskMonitor;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ForkJoinPool;
import java.util.stream.Stream;
import java.util.zip.Deflater;

/**
 * Mod bundle building over the CUE4Parse UE5.8 packages (97 packages, 2.4 MB): from Zen packages
 * (stored, Zlib on one thread and on all cores) against a plain FileChannel write and a bare
 * {@link Deflater} over the same bytes; from legacy packages (legacy -> Zen conversion included);
 * and the container header of a large synthetic container (write, read) to show the two-pass store
 * entry serialization stays linear. Disk writes to a temporary folder are included in bundle times.
 */
public final class BundleBenchmark {
    private BundleBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path root = Path.of(System.getProperty("uassetd.repoRoot", ".")).toAbsolutePath().normalize();
        String env = System.getenv("UASSETD_FIXTURES");
        Path fixtures = env == null || env.isBlank() ? root.resolve("../shared/fixtures") : root.resolve(env);
        Path tagged = fixtures.resolve("cue4parse/UE5_8/IoStore/Tagged").normalize();
        Path source = tagged.resolve("Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc");
        if (!Files.isRegularFile(source)) {
            throw new IllegalStateException("Fixtures not found at " + tagged + " (set UASSETD_FIXTURES)");
        }
        int rounds = Integer.getInteger("bench.bundle.rounds", 40);
        int headerPackages = Integer.getInteger("bench.bundle.header.packages", 200_000);
        Codecs codecs = Codecs.standard();
        IoStoreProfile profile = IoStoreProfile.of(EngineVersion.UE5_8);
        Path tmp = Files.createTempDirectory("uassetd-bundle-bench");
        int cores = Runtime.getRuntime().availableProcessors();
        BenchReport r = new BenchReport("bundle", "IoStore mod bundles from the CUE4Parse UE5.8 packages, each case repeated "
                + rounds + " times", "case", "MB in", "seconds", "MB/s", "packages/s", "bundle MB");
        try {
            List<BundlePackage> zen = zenPackages(source, profile);
            long inBytes = 0;
            for (BundlePackage p : zen) {
                for (BundleChunk c : p.chunks()) {
                    inBytes += c.data().length;
                }
            }
            double mb = inBytes / 1e6;
            ForkJoinPool pool = new ForkJoinPool(cores);
            try {
                BundleWriter.Options stored = BundleWriter.Options.of(profile);
                BundleWriter.Options zlib = stored.withMethod(CompressionMethod.ZLIB);
                time(tmp, zen, zlib, codecs, 3); // JIT warm-up
                double plain = rawWrite(tmp, zen, rounds);
                r.row("FileChannel write of the same bytes (baseline)", mb, plain, mb * rounds / plain, zen.size() * rounds / plain, mb);
                double[] s = time(tmp, zen, stored, codecs, rounds);
                r.row("Zen packages, stored", mb, s[0], mb * rounds / s[0], zen.size() * rounds / s[0], s[1] / 1e6);
                double deflate = deflateAlone(zen, rounds);
                r.row("Deflater alone on the same 64 KiB blocks, 1 thread (baseline)", mb, deflate, mb * rounds / deflate,
                        zen.size() * rounds / deflate, Double.NaN);
                double[] z1 = time(tmp, zen, zlib, codecs, rounds);
                r.row("Zen packages, Zlib, 1 thread", mb, z1[0], mb * rounds / z1[0], zen.size() * rounds / z1[0], z1[1] / 1e6);
                double[] zn = time(tmp, zen, zlib.withPool(pool), codecs, rounds);
                r.row("Zen packages, Zlib, " + cores + " threads", mb, zn[0], mb * rounds / zn[0], zen.size() * rounds / zn[0],
                        zn[1] / 1e6);
                List<BundleInput> legacy = legacyInputs(tagged, source, codecs);
                double[] lg = timeLegacy(tmp, legacy, profile, stored, codecs, pool, Math.max(1, rounds / 4));
                r.row("legacy packages -> Zen, stored, " + cores + " threads", mb, lg[0], mb * Math.max(1, rounds / 4) / lg[0],
                        zen.size() * Math.max(1, rounds / 4) / lg[0], lg[1] / 1e6);
                r.summary("Zlib speed-up on " + cores + " threads", z1[0] / zn[0]);
                r.summary("stored bundle vs FileChannel write (x slower)", s[0] / plain);
                r.summary("Zlib bundle on 1 thread vs Deflater alone (x slower)", z1[0] / deflate);
            } finally {
                pool.shutdown();
            }
            double[] h = header(headerPackages);
            r.summary("container header of " + headerPackages + " packages (4 imports each): bytes", h[2]);
            r.summary("container header write ms", h[0]);
            r.summary("container header read ms", h[1]);
        } finally {
            try (Stream<Path> s = Files.walk(tmp)) {
                s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        r.publish();
    }

    static List<BundlePackage> zenPackages(Path utoc, IoStoreProfile profile) {
        List<BundlePackage> out = new ArrayList<>();
        try (IoStoreContainer c = IoStoreContainer.open(utoc)) {
            String mount = c.mountPoint().orElseThrow();
            List<IoStoreFile> files = c.files();
            for (IoStoreFile f : files) {
                if (c.chunkType(f.chunkIndex()) != IoChunkType.EXPORT_BUNDLE_DATA) {
                    continue;
                }
                long id = c.chunkId(f.chunkIndex()).id();
                List<BundleChunk> sidecars = new ArrayList<>();
                for (IoStoreFile g : files) {
                    IoChunkId gid = c.chunkId(g.chunkIndex());
                    if (gid.id() == id && c.chunkType(g.chunkIndex()) != IoChunkType.EXPORT_BUNDLE_DATA) {
                        sidecars.add(ZenPackages.sidecar(g.path().substring(mount.length()), c.readChunk(g.chunkIndex())));
                    }
                }
                String path = f.path().substring(mount.length());
                out.add(ZenPackages.of(c.readChunk(f.chunkIndex()), path, path, sidecars, profile));
            }
        }
        return out;
    }

    static List<BundleInput> legacyInputs(Path tagged, Path source, Codecs codecs) {
        List<BundleInput> inputs = new ArrayList<>();
        try (PackageStore store = PackageStore.builder(ContainerKeys.none(), codecs).addContainer(tagged.resolve("global.utoc"), 0)
                .addContainer(source, 1).strict(true).build()) {
            for (long id : store.packageIds()) {
                inputs.addAll(BundleInput.of(ZenToLegacy.convert(store, id, EngineVersion.UE5_8, ZenToLegacy.Unresolved.RECOVER)));
            }
        }
        return inputs;
    }

    /** Seconds for {@code rounds} bundles, and the size of the last one. */
    static double[] time(Path tmp, List<BundlePackage> packages, BundleWriter.Options o, Codecs codecs, int rounds) throws Exception {
        long size = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            BundleWriter.Result res = BundleWriter.write(tmp.resolve("B" + (i % 2) + "_P.utoc"), o, packages, List.of(), codecs,
                    TaskMonitor.NONE);
            size = Files.size(res.ucas().get(0)) + Files.size(res.utoc()) + Files.size(res.pak());
        }
        return new double[] {(System.nanoTime() - t0) / 1e9, size};
    }

    static double[] timeLegacy(Path tmp, List<BundleInput> inputs, IoStoreProfile profile, BundleWriter.Options o, Codecs codecs,
            ForkJoinPool pool, int rounds) throws Exception {
        long size = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            BundleAssembler.Plan plan = BundleAssembler.assemble(inputs, profile, false, new LegacyPackages(true), pool, TaskMonitor.NONE);
            if (plan.packages().size() != 97) {
                throw new IllegalStateException("legacy conversion failed: " + plan.errors());
            }
            BundleWriter.Result res = BundleWriter.write(tmp.resolve("L_P.utoc"), o.withPool(pool), plan.packages(), List.of(), codecs,
                    TaskMonitor.NONE);
            size = Files.size(res.ucas().get(0));
        }
        return new double[] {(System.nanoTime() - t0) / 1e9, size};
    }

    static double rawWrite(Path tmp, List<BundlePackage> packages, int rounds) throws Exception {
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            try (FileChannel ch = FileChannel.open(tmp.resolve("raw.bin"), StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                for (BundlePackage p : packages) {
                    for (BundleChunk c : p.chunks()) {
                        ByteBuffer b = ByteBuffer.wrap(c.data());
                        while (b.hasRemaining()) {
                            ch.write(b);
                        }
                    }
                }
                ch.force(true);
            }
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    static double deflateAlone(List<BundlePackage> packages, int rounds) {
        Deflater d = new Deflater();
        byte[] out = new byte[0x20000];
        long sink = 0;
        long t0 = System.nanoTime();
        for (int i = 0; i < rounds; i++) {
            for (BundlePackage p : packages) {
                for (BundleChunk c : p.chunks()) {
                    for (int off = 0; off < c.data().length; off += 0x10000) {
                        d.reset();
                        d.setInput(c.data(), off, Math.min(0x10000, c.data().length - off));
                        d.finish();
                        while (!d.finished()) {
                            sink += d.deflate(out);
                        }
                    }
                }
            }
        }
        if (sink == 0) {
            throw new IllegalStateException("nothing compressed");
        }
        return (System.nanoTime() - t0) / 1e9;
    }

    /** Write ms, read ms, bytes of a synthetic header. */
    static double[] header(int packages) {
        Random rnd = new Random(1);
        List<Long> ids = new ArrayList<>(packages);
        List<StoreEntry> entries = new ArrayList<>(packages);
        for (int i = 0; i < packages; i++) {
            ids.add(Hashes.cityHash64LowerUtf16("/Game/Bench/P" + i));
            entries.add(new StoreEntry(-1, -1, List.of(rnd.nextLong(), rnd.nextLong(), rnd.nextLong(), rnd.nextLong()), List.of()));
        }
        ContainerHeader h = new ContainerHeader(ContainerHeaderVersion.NO_EXPORT_INFO, 1, ids, entries, List.of(), List.of(),
                NameBatch.empty(), List.of(), List.of(), null);
        h.toBytes();
        long t0 = System.nanoTime();
        byte[] b = h.toBytes();
        double w = (System.nanoTime() - t0) / 1e6;
        ContainerHeader.read(b, "bench", 0);
        t0 = System.nanoTime();
        ContainerHeader back = ContainerHeader.read(b, "bench", 0);
        double rd = (System.nanoTime() - t0) / 1e6;
        if (back.packageIds().size() != packages) {
            throw new IllegalStateException("header read back wrong");
        }
        return new double[] {w, rd, b.length};
    }
}
