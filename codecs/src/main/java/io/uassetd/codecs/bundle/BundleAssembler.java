package io.uassetd.codecs.bundle;

import io.uassetd.codecs.hash.Blake3;

import io.uassetd.codecs.error.CancelledException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.pak.PakSource;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.function.Consumer;
import java.util.stream.IntStream;

/**
 * Sorts a bundle's input files into packages: a {@code .uasset}/{@code .umap}/{@code .uzenasset}
 * with its {@code .uexp} and bulk data files ({@code .ubulk}, {@code .uptnl}, {@code .m.ubulk})
 * of the same path. A package file that starts with the legacy package tag goes through the
 * {@link LegacyConverter}; any other is read as a Zen package. Files that are not part of a package
 * go into the companion pak of a hybrid bundle and are otherwise left out with a note. A package
 * that cannot be made is reported in {@link Plan#errors()} and left out; the rest still go in.
 */
public final class BundleAssembler {
    /** Legacy -> Zen conversion of one package for a profile. */
    @FunctionalInterface
    public interface LegacyConverter {
        BundlePackage convert(LegacyInput input, IoStoreProfile profile);
    }

    /**
     * A legacy package's files.
     *
     * @param path the .uasset/.umap path under the mount point
     * @param exports the .uexp bytes, or null for a package without one
     * @param sidecars bulk data files, typed by their extension (ids fixed by the converter)
     */
    public record LegacyInput(String path, byte[] header, byte[] exports, List<BundleChunk> sidecars) {
    }

    /**
     * The sorted inputs.
     *
     * @param rawFiles files for the companion pak (hybrid)
     * @param skipped files left out (not part of a package, not hybrid)
     * @param errors {@code path: reason} for every package that could not be made
     */
    public record Plan(List<BundlePackage> packages, int legacyCount, List<PakSource> rawFiles, List<String> skipped,
            List<String> errors) {
    }

    private static final byte[] LEGACY_TAG = {(byte) 0xC1, (byte) 0x83, 0x2A, (byte) 0x9E};

    private BundleAssembler() {
    }

    /** True when {@code data} starts with the legacy package tag 0x9E2A83C1. */
    public static boolean isLegacy(byte[] data) {
        return data.length >= 4 && data[0] == LEGACY_TAG[0] && data[1] == LEGACY_TAG[1] && data[2] == LEGACY_TAG[2]
                && data[3] == LEGACY_TAG[3];
    }

    private static final class Group {
        BundleInput main;
        BundleInput exports;
        final List<BundleInput> sidecars = new ArrayList<>();
        final List<BundleInput> orphans = new ArrayList<>();
    }

    /** The path without its Unreal extension, lower-cased: the key that joins a package's files. */
    static String stem(String path) {
        String p = path.toLowerCase(Locale.ROOT);
        for (String ext : new String[] {".m.ubulk", ".uasset", ".umap", ".uzenasset", ".uexp", ".ubulk", ".uptnl"}) {
            if (p.endsWith(ext)) {
                return p.substring(0, p.length() - ext.length());
            }
        }
        return null;
    }

    public static Plan assemble(List<BundleInput> inputs, IoStoreProfile profile, boolean hybrid, LegacyConverter legacy,
            ForkJoinPool pool, TaskMonitor monitor) {
        Assembly a = stream(inputs, profile, hybrid, legacy, pool, monitor);
        List<BundlePackage> packages = new ArrayList<>();
        a.forEach(packages::add);
        return new Plan(packages, a.legacyCount(), a.rawFiles(), a.skipped(), a.errors());
    }

    /**
     * The inputs sorted into packages that are made (read, and converted when legacy) only as
     * {@link Assembly#forEach} hands them on, a window at a time, so that a bundle of any size holds
     * about {@value #WINDOW_BYTES} bytes of packages at once (two windows: one made while the one
     * before is written) rather than all of them.
     */
    public static Assembly stream(List<BundleInput> inputs, IoStoreProfile profile, boolean hybrid, LegacyConverter legacy,
            ForkJoinPool pool, TaskMonitor monitor) {
        return stream(inputs, profile, hybrid, legacy, pool, monitor, WINDOW_BYTES);
    }

    /** {@link #stream} with windows of about {@code windowBytes} bytes (a test's small windows). */
    public static Assembly stream(List<BundleInput> inputs, IoStoreProfile profile, boolean hybrid, LegacyConverter legacy,
            ForkJoinPool pool, TaskMonitor monitor, long windowBytes) {
        Map<String, Group> groups = new LinkedHashMap<>();
        List<PakSource> raw = new ArrayList<>();
        List<String> skipped = new ArrayList<>();
        for (BundleInput in : inputs) {
            String stem = stem(in.path());
            if (stem == null) {
                if (hybrid) {
                    raw.add(PakSource.bytes(in.path(), in.read()));
                } else {
                    skipped.add(in.path());
                }
                continue;
            }
            Group g = groups.computeIfAbsent(stem, k -> new Group());
            String f = in.fileName();
            if (f.endsWith(".uasset") || f.endsWith(".umap") || f.endsWith(".uzenasset")) {
                if (g.main != null) {
                    g.orphans.add(in);
                } else {
                    g.main = in;
                }
            } else if (f.endsWith(".uexp")) {
                g.exports = in;
            } else {
                g.sidecars.add(in);
            }
        }
        return new Assembly(new ArrayList<>(groups.values()), profile, legacy, pool, monitor, List.copyOf(raw), List.copyOf(skipped),
                windowBytes);
    }

    /** The packages of a window are made until their bytes reach about this much. */
    public static final long WINDOW_BYTES = 256L << 10;

    /**
     * Sorted inputs whose packages are made in windows: {@link #forEach} makes the first window
     * (in parallel on the pool when there is one), then makes each next window while it hands the
     * one before to the sink, in the inputs' order. A window holds as many packages as made about
     * {@value #WINDOW_BYTES} bytes (or the window size given to {@link #stream}) in the one before (16 for the first). The counts and
     * {@link #errors()} are complete once {@code forEach} returns.
     */
    public static final class Assembly {
        private final List<Group> groups;
        private final IoStoreProfile profile;
        private final LegacyConverter legacy;
        private final ForkJoinPool pool;
        private final TaskMonitor monitor;
        private final List<PakSource> rawFiles;
        private final List<String> skipped;
        private final List<String> errors = new ArrayList<>();
        private int legacyCount;
        private int packageCount;
        private final long windowBytes;
        private boolean used;

        private Assembly(List<Group> groups, IoStoreProfile profile, LegacyConverter legacy, ForkJoinPool pool, TaskMonitor monitor,
                List<PakSource> rawFiles, List<String> skipped, long windowBytes) {
            this.windowBytes = Math.max(1, windowBytes);
            this.groups = groups;
            this.profile = profile;
            this.legacy = legacy;
            this.pool = pool;
            this.monitor = monitor;
            this.rawFiles = rawFiles;
            this.skipped = skipped;
        }

        /** Package groups found (made or not): the progress total. */
        public int groupCount() {
            return groups.size();
        }

        /** Files for the companion pak (hybrid). */
        public List<PakSource> rawFiles() {
            return rawFiles;
        }

        /** Files left out (not part of a package, not hybrid). */
        public List<String> skipped() {
            return skipped;
        }

        /** {@code path: reason} for every package that could not be made, in the inputs' order. */
        public List<String> errors() {
            return List.copyOf(errors);
        }

        /** Packages converted from legacy. */
        public int legacyCount() {
            return legacyCount;
        }

        /** Packages handed to the sink. */
        public int packageCount() {
            return packageCount;
        }

        /** Makes every package and hands each to {@code sink} in the inputs' order; once only. */
        public void forEach(Consumer<BundlePackage> sink) {
            if (used) {
                throw new IllegalStateException("The packages of an assembly are made once");
            }
            used = true;
            AtomicInteger done = new AtomicInteger();
            int n = groups.size();
            int from = 0;
            int size = Math.min(16, n);
            Made[] window = make(from, size, done);
            while (window != null) {
                int next = from + window.length;
                long bytes = 0;
                for (Made m : window) {
                    bytes += m.bytes();
                }
                int nextSize = (int) Math.max(1, Math.min(1024, bytes <= 0 ? 2L * window.length
                        : window.length * windowBytes / bytes));
                nextSize = Math.min(nextSize, n - next);
                ForkJoinTask<Made[]> ahead = null;
                if (nextSize > 0 && pool != null) {
                    int at = next;
                    int count = nextSize;
                    ahead = pool.submit(() -> make(at, count, done));
                }
                try {
                    for (int i = 0; i < window.length; i++) {
                        Made m = window[i];
                        window[i] = null;
                        if (m.pkg() != null) {
                            packageCount++;
                            legacyCount += m.legacy() ? 1 : 0;
                            sink.accept(m.pkg());
                        } else {
                            errors.add(m.error());
                        }
                    }
                } catch (RuntimeException | Error e) {
                    if (ahead != null) {
                        ahead.cancel(false); // the next window is not wanted any more
                    }
                    throw e;
                }
                if (nextSize <= 0) {
                    window = null;
                } else if (ahead != null) {
                    window = join(ahead);
                } else {
                    window = make(next, nextSize, done);
                }
                from = next;
            }
        }

        /** Groups {@code [from, from + count)} made, in parallel on the pool when there is one. */
        private Made[] make(int from, int count, AtomicInteger done) {
            Made[] made = new Made[count];
            IntConsumer one = i -> {
                monitor.checkCancelled();
                Group g = groups.get(from + i);
                made[i] = BundleAssembler.make(g, profile, legacy);
                groups.set(from + i, null); // its inputs are not needed again
                monitor.progress(done.incrementAndGet(), groups.size(), g.main != null ? g.main.path() : "");
            };
            // then hashed here, in parallel and while the bytes are fresh, so that the writer only writes:
            // runs of consecutive packages of about Blake3.JOB_BYTES, their chunks side by side
            List<int[]> runs = new ArrayList<>();
            boolean parallel = pool != null && count > 1;
            Runnable work = () -> {
                IntStream all = IntStream.range(0, count);
                (parallel ? all.parallel() : all).forEach(one);
                long bytes = 0;
                for (int i = 0, start = 0; i < count; i++) {
                    bytes += made[i].bytes();
                    if (bytes >= Blake3.JOB_BYTES || i == count - 1) {
                        runs.add(new int[] {start, i + 1});
                        start = i + 1;
                        bytes = 0;
                    }
                }
                (parallel ? runs.parallelStream() : runs.stream()).forEach(r -> hash(made, r[0], r[1]));
            };
            if (!parallel || ForkJoinTask.inForkJoinPool()) {
                work.run();
            } else {
                join(pool.submit(work));
            }
            return made;
        }

        /** The packages of {@code made[from, to)} with their chunks' hashes. */
        private static void hash(Made[] made, int from, int to) {
            List<BundlePackage> pkgs = new ArrayList<>();
            for (int i = from; i < to; i++) {
                if (made[i].pkg() != null) {
                    pkgs.add(made[i].pkg());
                }
            }
            List<BundlePackage> hashed = BundlePackage.hashed(pkgs);
            for (int i = from, at = 0; i < to; i++) {
                if (made[i].pkg() != null) {
                    made[i] = new Made(hashed.get(at++), made[i].legacy(), null);
                }
            }
        }

        private static <T> T join(ForkJoinTask<T> task) {
            try {
                return task.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException("Interrupted");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                if (e.getCause() instanceof Error err) {
                    throw err;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
    }

    /** One group's outcome: the package, or why there is none. */
    private record Made(BundlePackage pkg, boolean legacy, String error) {
        /** The bytes the package holds (its chunks). */
        long bytes() {
            long b = 0;
            if (pkg != null) {
                for (BundleChunk c : pkg.chunks()) {
                    b += c.data().length;
                }
            }
            return b;
        }
    }

    private static Made make(Group g, IoStoreProfile profile, LegacyConverter legacy) {
        if (g.main == null) {
            return new Made(null, false, (g.exports != null ? g.exports : g.sidecars.get(0)).path()
                    + ": no .uasset/.umap/.uzenasset of the same name");
        }
        if (!g.orphans.isEmpty()) {
            return new Made(null, false, g.main.path() + ": also given as " + g.orphans.get(0).path());
        }
        try {
            byte[] data = g.main.read();
            List<BundleChunk> sidecars = new ArrayList<>();
            for (BundleInput s : g.sidecars) {
                sidecars.add(ZenPackages.sidecar(s.path(), s.read()));
            }
            if (isLegacy(data)) {
                if (legacy == null) {
                    return new Made(null, true, g.main.path() + ": a legacy package; legacy -> Zen conversion is not available");
                }
                return new Made(legacy.convert(new LegacyInput(g.main.path(), data, g.exports == null ? null : g.exports.read(),
                        sidecars), profile), true, null);
            }
            if (g.exports != null) {
                return new Made(null, false, g.main.path() + ": not a legacy package (no package tag) but has a .uexp");
            }
            return new Made(ZenPackages.of(data, g.main.path(), g.main.path(), sidecars, profile), false, null);
        } catch (FormatException | UncheckedIOException | IllegalArgumentException e) {
            return new Made(null, false, g.main.path() + ": " + e.getMessage());
        }
    }
}
