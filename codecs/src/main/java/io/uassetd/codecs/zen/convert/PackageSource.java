package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.Collections;
import java.util.WeakHashMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the Zen packages a conversion's package imports come from, parsing each once. A package is
 * known with its name and the ids of the packages it imports (from its store entry, or, without
 * one, from the hashes of its imported package names). The parsed headers (without their export
 * data) are shared by the conversions of a package store: the packages of a request, and the requests
 * of a daemon while it keeps the store (a changed container is a new store), import the same packages
 * again and again. Bounded: at most {@value #SHARED_LIMIT} packages per store, emptied when full.
 */
final class PackageSource {
    /** A parsed package and what import resolution needs of it. */
    record Loaded(long id, ZenPackage pkg, NameRef name, List<Long> importedIds) {
    }

    private final PackageStore store;
    private final ZenLayout layout;
    private final Map<Long, Optional<Loaded>> cache = new HashMap<>();

    static final int SHARED_LIMIT = 4096;
    /** The imported packages' headers by package id, per store (dropped with the store). */
    private static final Map<PackageStore, ConcurrentHashMap<Long, Loaded>> SHARED =
            Collections.synchronizedMap(new WeakHashMap<>());

    PackageSource(PackageStore store, ZenLayout layout) {
        this.store = store;
        this.layout = layout;
    }

    Optional<Loaded> find(long packageId) {
        Optional<Loaded> hit = cache.get(packageId);
        if (hit != null) {
            return hit;
        }
        Optional<Loaded> out = Optional.empty();
        if (store != null) {
            ConcurrentHashMap<Long, Loaded> shared = SHARED.computeIfAbsent(store, s -> new ConcurrentHashMap<>());
            Loaded known = shared.get(packageId);
            if (known != null && known.pkg().layout() == layout) {
                out = Optional.of(known);
            } else {
                Optional<PackageLocation> loc = store.lookup(packageId);
                if (loc.isPresent()) {
                    byte[] data = loc.get().container().readChunk(loc.get().chunkIndex());
                    ZenPackage p = headerOnly(ZenPackage.read(data, loc.get().container().name() + " package "
                            + Hashes.hex64(packageId), layout));
                    Loaded l = loaded(packageId, p, loc.get().storeEntry().importedPackages());
                    if (shared.size() >= SHARED_LIMIT) {
                        shared.clear();
                    }
                    shared.put(packageId, l);
                    out = Optional.of(l);
                }
            }
        }
        cache.put(packageId, out);
        return out;
    }

    /** The package without its export data (import resolution reads only the header). */
    private static ZenPackage headerOnly(ZenPackage p) {
        return new ZenPackage(p.layout(), p.ue4Summary(), p.summary(), p.versioning(), p.cellOffsets(), p.names(),
                p.bulkDataPadding(), p.bulkDataMap(), p.gapBeforeHashes(), p.importedPublicExportHashes(), p.importMap(),
                p.exportMap(), p.cellImportMap(), p.cellExportMap(), p.exportBundleHeaders(), p.exportBundleEntries(),
                p.graphPackages(), p.rawGraphData(), p.dependencyBundleHeaders(), p.dependencyBundleEntries(),
                p.importedPackageNames(), new byte[0]);
    }

    static Loaded loaded(long id, ZenPackage p, List<Long> importedIds) {
        List<Long> ids = importedIds;
        if ((ids == null || ids.isEmpty()) && p.importedPackageNames() != null) {
            ids = new ArrayList<>();
            for (int i = 0; i < p.importedPackageNames().size(); i++) {
                ids.add(Hashes.cityHash64LowerUtf16(p.importedPackageNames().name(i)));
            }
        }
        var n = p.packageMappedName();
        return new Loaded(id, p, new NameRef(p.names().get(n.index()), (int) n.number()), ids == null ? List.of() : ids);
    }
}
