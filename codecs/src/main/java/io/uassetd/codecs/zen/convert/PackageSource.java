package io.uassetd.codecs.zen.convert;

import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.ZenLayout;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Finds the Zen packages a conversion's package imports come from, parsing each once. A package is
 * known with its name and the ids of the packages it imports (from its store entry, or, without
 * one, from the hashes of its imported package names).
 */
final class PackageSource {
    /** A parsed package and what import resolution needs of it. */
    record Loaded(long id, ZenPackage pkg, NameRef name, List<Long> importedIds) {
    }

    private final PackageStore store;
    private final ZenLayout layout;
    private final Map<Long, Optional<Loaded>> cache = new HashMap<>();

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
            Optional<PackageLocation> loc = store.lookup(packageId);
            if (loc.isPresent()) {
                byte[] data = loc.get().container().readChunk(loc.get().chunkIndex());
                ZenPackage p = ZenPackage.read(data, loc.get().container().name() + " package "
                        + Hashes.hex64(packageId), layout);
                out = Optional.of(loaded(packageId, p, loc.get().storeEntry().importedPackages()));
            }
        }
        cache.put(packageId, out);
        return out;
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
