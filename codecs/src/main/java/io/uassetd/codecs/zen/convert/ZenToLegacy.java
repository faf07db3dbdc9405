package io.uassetd.codecs.zen.convert;

import java.io.UncheckedIOException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.LinkedHashSet;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.header.StoreEntry;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Converts a Zen package into a legacy cooked package (.uasset + .uexp, and the bulk-data
 * companions). The legacy name map starts with the Zen name map, in order (export data refers to
 * names by index), followed by the names the imports need (sorted from UE5.5 on, as cookers do).
 * Import i is the Zen import-map entry i; the Null entries become the imported packages, sorted by
 * name; outers a Zen package does not list are appended. Preload dependencies are the Zen dependency bundles plus what Zen leaves out (class and
 * template before create, outer and super before create, which includes script imports).
 */
public final class ZenToLegacy {
    /** What to do with package imports whose package is not in the package store. */
    public enum Unresolved {
        /** Fail the package with a {@link ZenConversionException} naming the import. */
        FAIL,
        /**
         * Name the import from its public export hash when it is the package's main object, its
         * class (_C) or their default objects (the hash is checked, nothing is guessed blindly); its
         * class cannot be known and is written as /Script/CoreUObject.Object, with a note. Others fail.
         */
        RECOVER,
        /** As RECOVER, and put a placeholder import ({@code Unresolved_<hash>}) in place of the rest. */
        PLACEHOLDER
    }

    private ZenToLegacy() {
    }

    /**
     * Converts the winning package {@code packageId} of {@code store}; its script imports resolve
     * through the store's global.utoc, its package imports through the store's other packages.
     */
    public static LegacyOutput convert(PackageStore store, long packageId, EngineVersion target) {
        return convert(store, packageId, target, Unresolved.FAIL);
    }

    /** As {@link #convert(PackageStore, long, EngineVersion)} with a policy for imports from packages the store lacks. */
    public static LegacyOutput convert(PackageStore store, long packageId, EngineVersion target, Unresolved unresolved) {
        return convert(store, store.scriptObjects().orElse(null), packageId, target, unresolved);
    }

    /**
     * As {@link #convert(PackageStore, long, EngineVersion, Unresolved)} with the store's script objects
     * given ({@code scripts}, null: none), so that a caller converting many packages asks the store for
     * them once.
     */
    public static LegacyOutput convert(PackageStore store, ScriptObjectsDatabase scripts, long packageId, EngineVersion target,
            Unresolved unresolved) {
        PackageLocation loc = store.lookup(packageId).orElseThrow(() -> new ZenConversionException(
                Hashes.hex64(packageId), "the package is not in the package store", null));
        String source = loc.container().name() + " package " + Hashes.hex64(packageId);
        ZenPackage pkg = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()), source, target);
        Map<String, byte[]> companions = new LinkedHashMap<>();
        companion(loc, packageId, IoChunkType.BULK_DATA, ".ubulk", companions);
        companion(loc, packageId, IoChunkType.OPTIONAL_BULK_DATA, ".uptnl", companions);
        companion(loc, packageId, IoChunkType.MEMORY_MAPPED_BULK_DATA, ".m.ubulk", companions);
        return convert(pkg, packageId, loc.storeEntry(), store, scripts, target, unresolved, companions);
    }

    /** As {@link #convertAll(PackageStore, Predicate, EngineVersion, Unresolved, Path, TaskMonitor)}, failing unresolved imports. */
    public static BulkConversionResult convertAll(PackageStore store, Predicate<String> filter, EngineVersion target,
            Path outputDir, TaskMonitor monitor) {
        return convertAll(store, filter, target, Unresolved.FAIL, outputDir, monitor);
    }

    /**
     * Converts every package of {@code store} whose path {@code filter} accepts and writes each under
     * {@code outputDir} at its package path ({@code /Game/A/B} to {@code Game/A/B.uasset}). A package
     * that fails is recorded with its error and the conversion goes on; cancellation through the
     * monitor stops it with a CancelledException.
     */
    public static BulkConversionResult convertAll(PackageStore store, Predicate<String> filter, EngineVersion target,
            Unresolved unresolved, Path outputDir, TaskMonitor monitor) {
        return convertAll(store, filter, false, target, unresolved, outputDir, monitor);
    }

    /**
     * As {@link #convertAll(PackageStore, Predicate, EngineVersion, Unresolved, Path, TaskMonitor)};
     * with {@code withDependencies} the packages the selected ones import (transitively, as far as the
     * store holds them) are converted too.
     */
    public static BulkConversionResult convertAll(PackageStore store, Predicate<String> filter,
            boolean withDependencies, EngineVersion target, Unresolved unresolved, Path outputDir, TaskMonitor monitor) {
        List<Long> ids = new ArrayList<>(store.packageIds());
        ids.sort(Long::compareUnsigned);
        List<Long> selected = new ArrayList<>();
        List<ConversionFailure> failures = new ArrayList<>();
        for (long id : ids) {
            monitor.checkCancelled();
            try {
                PackageLocation loc = store.lookup(id).orElseThrow();
                ZenPackage pkg = ZenPackage.read(loc.container().readChunk(loc.chunkIndex()),
                        loc.container().name() + " package " + Hashes.hex64(id), target);
                if (filter.test(pkg.packageName())) {
                    selected.add(id);
                }
            } catch (FormatException | UncheckedIOException e) {
                failures.add(new ConversionFailure(id, Hashes.hex64(id), e.getMessage()));
            }
        }
        List<Long> chosen = withDependencies ? withDependencies(store, selected) : selected;
        BulkConversionResult r = convertPackages(store, chosen, target, unresolved, outputDir, monitor);
        List<ConversionFailure> all = new ArrayList<>(failures);
        all.addAll(r.failures());
        return new BulkConversionResult(r.converted(), ids.size() - chosen.size() - failures.size(), all);
    }

    /** The packages and, transitively, the packages they import that the store holds, in a stable order. */
    public static List<Long> withDependencies(PackageStore store, Collection<Long> packageIds) {
        LinkedHashSet<Long> out = new LinkedHashSet<>();
        ArrayDeque<Long> todo = new ArrayDeque<>(packageIds);
        while (!todo.isEmpty()) {
            long id = todo.poll();
            if (!out.add(id)) {
                continue;
            }
            store.lookup(id).ifPresent(loc -> loc.storeEntry().importedPackages().stream()
                    .filter(dep -> store.lookup(dep).isPresent() && !out.contains(dep)).forEach(todo::add));
        }
        return new ArrayList<>(out);
    }

    /**
     * Converts the given packages of {@code store}, each written under {@code outputDir} at its package
     * path; a package that fails is recorded with its error and the conversion goes on.
     */
    public static BulkConversionResult convertPackages(PackageStore store, Collection<Long> packageIds,
            EngineVersion target, Unresolved unresolved, Path outputDir, TaskMonitor monitor) {
        List<BulkConversionResult.Converted> done = new ArrayList<>();
        List<ConversionFailure> failures = new ArrayList<>();
        int n = 0;
        for (long id : packageIds) {
            monitor.checkCancelled();
            String name = Hashes.hex64(id);
            try {
                LegacyOutput out = convert(store, id, target, unresolved);
                name = out.packageName();
                done.add(new BulkConversionResult.Converted(id, name, out.writeUnder(outputDir), out.notes()));
            } catch (ZenConversionException e) {
                failures.add(new ConversionFailure(id, e.packageName(), e.getMessage()));
            } catch (FormatException | UncheckedIOException e) {
                failures.add(new ConversionFailure(id, name, e.getMessage()));
            }
            monitor.progress(++n, packageIds.size(), name);
        }
        return new BulkConversionResult(done, 0, failures);
    }

    private static void companion(PackageLocation loc, long id, IoChunkType type, String ext, Map<String, byte[]> out) {
        int i = loc.container().find(id, 0, type);
        if (i >= 0) {
            out.put(ext, loc.container().readChunk(i));
        }
    }

    /**
     * Converts a parsed Zen package.
     *
     * @param entry its store entry (imported package ids), or null to take them from the imported package names
     * @param store where imported packages are looked up, or null
     * @param scripts the script objects, or null (script imports then fail)
     * @param companions bulk data by extension, copied to the output
     */
    public static LegacyOutput convert(ZenPackage pkg, long packageId, StoreEntry entry, PackageStore store,
            ScriptObjectsDatabase scripts, EngineVersion target, Unresolved unresolved, Map<String, byte[]> companions) {
        String name;
        try {
            name = pkg.packageName();
        } catch (FormatException e) {
            throw new ZenConversionException(Hashes.hex64(packageId), e.getMessage(), e);
        }
        try {
            return new LegacyConversion(pkg, packageId, entry, store, scripts, target, unresolved)
                    .run(name, companions);
        } catch (ZenConversionException e) {
            throw e;
        } catch (FormatException e) {
            throw new ZenConversionException(name, e.getMessage(), e);
        } catch (RuntimeException e) {
            throw new ZenConversionException(name, "inconsistent package data (" + e + ")", e);
        }
    }

}
