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
import java.util.concurrent.atomic.AtomicLong;
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
 * again and again. Bounded per store: at most {@value #SHARED_LIMIT} packages and {@value #SHARED_BYTES} bytes of
 * their headers as stored (the parsed header takes about 2.5 times that on the heap), emptied when either is
 * reached. The byte bound keeps a store of large headers (blueprints of tens of KiB each) from holding hundreds
 * of MiB; a 1,920-package request of the benchmark keeps about 460 headers of 2 KiB.
 */
final class PackageSource {
    /** A parsed package and what import resolution needs of it. */
    record Loaded(long id, ZenPackage pkg, NameRef name, List<Long> importedIds) {
    }

    private final PackageStore store;
    private final ZenLayout layout;
    private final Map<Long, Optional<Loaded>> cache = new HashMap<>();

    static final int SHARED_LIMIT = 4096;
    static final long SHARED_BYTES = 4L << 20;
    /** The imported packages' headers by package id, per store (dropped with the store). */
    private static final Map<PackageStore, Shared> SHARED = Collections.synchronizedMap(new WeakHashMap<>());

    /** One store's shared headers and their stored size (approximate under races: a bound, not an account). */
    static final class Shared {
        final ConcurrentHashMap<Long, Loaded> headers = new ConcurrentHashMap<>();
        final AtomicLong bytes = new AtomicLong();
        final long limitBytes;

        Shared(long limitBytes) {
            this.limitBytes = limitBytes;
        }

        void put(long id, Loaded l, long headerBytes) {
            if (headers.size() >= SHARED_LIMIT || bytes.get() + headerBytes > limitBytes) {
                headers.clear();
                bytes.set(0);
            }
            if (headers.put(id, l) == null) {
                bytes.addAndGet(headerBytes);
            }
        }
    }

    private final long limitBytes;

    PackageSource(PackageStore store, ZenLayout layout) {
        this(store, layout, SHARED_BYTES);
    }

    /** With another byte bound for the store's shared headers, when this is the first source of the store (tests). */
    PackageSource(PackageStore store, ZenLayout layout, long limitBytes) {
        this.store = store;
        this.layout = layout;
        this.limitBytes = limitBytes;
    }

    /** The shared headers of {@code store}, or null when none were kept (tests). */
    static Shared shared(PackageStore store) {
        return SHARED.get(store);
    }

    Optional<Loaded> find(long packageId) {
        Optional<Loaded> hit = cache.get(packageId);
        if (hit != null) {
            return hit;
        }
        Optional<Loaded> out = Optional.empty();
        if (store != null) {
            Shared shared = SHARED.computeIfAbsent(store, s -> new Shared(limitBytes));
            Loaded known = shared.headers.get(packageId);
            if (known != null && known.pkg().layout() == layout) {
                out = Optional.of(known);
            } else {
                Optional<PackageLocation> loc = store.lookup(packageId);
                if (loc.isPresent()) {
                    byte[] data = loc.get().container().readChunk(loc.get().chunkIndex());
                    ZenPackage full = ZenPackage.read(data, loc.get().container().name() + " package "
                            + Hashes.hex64(packageId), layout);
                    ZenPackage p = headerOnly(full);
                    Loaded l = loaded(packageId, p, loc.get().storeEntry().importedPackages());
                    shared.put(packageId, l, data.length - full.exportData().length);
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
