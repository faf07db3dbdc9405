package io.uassetd.codecs.bundle;

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
        List<Group> list = new ArrayList<>(groups.values());
        Made[] made = new Made[list.size()];
        AtomicInteger done = new AtomicInteger();
        IntConsumer one = i -> {
            monitor.checkCancelled();
            made[i] = make(list.get(i), profile, legacy);
            Group g = list.get(i);
            monitor.progress(done.incrementAndGet(), list.size(), g.main != null ? g.main.path() : "");
        };
        if (pool == null) {
            for (int i = 0; i < list.size(); i++) {
                one.accept(i);
            }
        } else {
            try {
                pool.submit(() -> IntStream.range(0, list.size()).parallel().forEach(one)).get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new CancelledException("Interrupted");
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
        List<BundlePackage> packages = new ArrayList<>();
        List<String> errors = new ArrayList<>();
        int legacyCount = 0;
        for (Made m : made) {
            if (m.pkg() != null) {
                packages.add(m.pkg());
                legacyCount += m.legacy() ? 1 : 0;
            } else {
                errors.add(m.error());
            }
        }
        return new Plan(packages, legacyCount, raw, skipped, errors);
    }

    /** One group's outcome: the package, or why there is none. */
    private record Made(BundlePackage pkg, boolean legacy, String error) {
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
