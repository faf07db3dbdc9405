package io.uassetd.codecs.zen;

import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Which engine cooked the Zen packages of a package store (or one Zen package), when the caller does
 * not say. In order: the TOC versions of the containers and their container header versions leave
 * the releases that write both; versioned Zen packages carry their package versions (versioning
 * info), which narrow further; when releases with different Zen layouts remain, a sample of packages
 * is read under each layout and the layouts whose reads write back the same bytes are kept. The
 * newest release left is chosen.
 */
public final class ZenEngine {
    /** How many packages a probe reads. */
    static final int SAMPLE = 8;

    private ZenEngine() {
    }

    /**
     * The detectable releases that have Zen packages, newest first; without containers to tell them
     * apart ({@code fromPackages}), not the releases whose packages are the previous release's.
     */
    private static List<EngineVersion> zenReleases(boolean fromPackages) {
        List<EngineVersion> all = new ArrayList<>();
        for (EngineVersion e : fromPackages ? EngineChoice.detectableFromPackages() : EngineChoice.detectable()) {
            if (e.hasZen()) {
                all.add(e);
            }
        }
        return all;
    }

    /** The engine of {@code store}'s packages; {@code requested} (when not null) wins. */
    public static EngineChoice of(PackageStore store, EngineVersion requested) {
        if (requested != null) {
            return EngineChoice.of(requested, EngineSource.REQUEST);
        }
        List<EngineVersion> all = zenReleases(false);
        // the containers' TOC and container header versions (UE6_0's TOC 10 sets it apart from UE5_8)
        List<EngineVersion> candidates = new ArrayList<>(all);
        for (IoStoreContainer c : store.containers()) {
            Optional<ContainerHeader> h;
            try {
                h = c.containerHeader();
            } catch (RuntimeException e) {
                continue; // an unreadable header is not evidence; the reader reports it where it matters
            }
            if (h.isEmpty()) {
                continue; // global.utoc: no package store entries
            }
            int toc = c.tocVersion().value();
            long header = h.get().version().value();
            List<EngineVersion> fit = new ArrayList<>();
            for (EngineVersion e : candidates) {
                if (e.tocVersion() == toc && (e.headerVersion() == header || e.headerVersion() < 0)) {
                    fit.add(e);
                }
            }
            if (!fit.isEmpty()) {
                candidates = fit;
            }
        }
        List<byte[]> sample = sample(store);
        return narrow(candidates, sample, "containers");
    }

    /** The engine of one Zen package ({@code data}); {@code requested} (when not null) wins. */
    public static EngineChoice of(byte[] data, String source, EngineVersion requested) {
        if (requested != null) {
            return EngineChoice.of(requested, EngineSource.REQUEST);
        }
        List<EngineVersion> all = zenReleases(true);
        return narrow(all, List.of(data), source);
    }

    private static EngineChoice narrow(List<EngineVersion> candidates, List<byte[]> sample, String what) {
        EngineSource source = EngineSource.CONTAINER;
        // versioned packages name their versions
        for (byte[] data : sample) {
            for (ZenLayout layout : layoutsOf(candidates)) {
                try {
                    ZenPackage p = ZenPackage.read(data, what, layout);
                    if (p.versioning() != null && Arrays.equals(p.toBytes(), data)) {
                        List<EngineVersion> fit = new ArrayList<>();
                        for (EngineVersion e : candidates) {
                            if (e.zenLayout() == layout
                                    && e.fileVersionUE5() == p.versioning().packageVersion().fileVersionUE5()) {
                                fit.add(e);
                            }
                        }
                        // releases with the same file versions differ in the custom versions their editors save
                        fit = EngineVersion.byCustomVersions(fit, p.versioning().customVersions());
                        if (!fit.isEmpty()) {
                            candidates = fit;
                            source = EngineSource.PACKAGE;
                        }
                        break;
                    }
                } catch (FormatException | IndexOutOfBoundsException | IllegalArgumentException e) {
                    // not this layout
                }
            }
            if (source == EngineSource.PACKAGE) {
                break;
            }
        }
        Set<ZenLayout> layouts = layoutsOf(candidates);
        if (layouts.size() <= 1 || sample.isEmpty()) {
            return new EngineChoice(candidates.get(0), source, candidates, List.of());
        }
        // several layouts remain: keep those every sampled package reads and writes back under
        List<EngineVersion> tried = new ArrayList<>();
        Map<ZenLayout, EngineVersion> newestOf = new LinkedHashMap<>();
        for (EngineVersion e : candidates) {
            newestOf.putIfAbsent(e.zenLayout(), e);
        }
        List<EngineVersion> fits = new ArrayList<>();
        for (Map.Entry<ZenLayout, EngineVersion> l : newestOf.entrySet()) {
            tried.add(l.getValue());
            boolean ok = true;
            for (byte[] data : sample) {
                try {
                    if (!Arrays.equals(ZenPackage.read(data, what, l.getKey()).toBytes(), data)) {
                        ok = false;
                    }
                } catch (FormatException | IndexOutOfBoundsException | IllegalArgumentException e) {
                    ok = false;
                }
                if (!ok) {
                    break;
                }
            }
            if (ok) {
                fits.add(l.getValue());
            }
        }
        if (fits.isEmpty()) {
            // nothing fits: the newest candidate, so the reader's own error names the problem
            return new EngineChoice(candidates.get(0), EngineSource.PROBE, tried, List.of());
        }
        List<String> warnings = fits.size() > 1
                ? List.of(what + ": the packages read under " + EngineChoice.names(fits) + " (different Zen layouts); read as "
                        + fits.get(0) + " (the newest); name the engine with engine_version if that is wrong")
                : List.of();
        return new EngineChoice(fits.get(0), EngineSource.PROBE, tried, warnings);
    }

    private static Set<ZenLayout> layoutsOf(List<EngineVersion> engines) {
        Set<ZenLayout> out = new LinkedHashSet<>();
        for (EngineVersion e : engines) {
            out.add(e.zenLayout());
        }
        return out;
    }

    /** Up to {@link #SAMPLE} package chunks of the store, in package id order. */
    private static List<byte[]> sample(PackageStore store) {
        List<Long> ids = new ArrayList<>(store.packageIds());
        ids.sort(Long::compareUnsigned);
        List<byte[]> out = new ArrayList<>();
        for (long id : ids) {
            if (out.size() >= SAMPLE) {
                break;
            }
            try {
                PackageLocation loc = store.lookup(id).orElseThrow();
                out.add(loc.container().readChunk(loc.chunkIndex()));
            } catch (RuntimeException e) {
                // an unreadable chunk (e.g. no key) is not evidence
            }
        }
        return out;
    }
}
