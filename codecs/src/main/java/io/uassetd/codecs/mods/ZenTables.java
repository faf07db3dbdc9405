package io.uassetd.codecs.mods;

import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.PackageLocation;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.zen.ZenEngine;
import io.uassetd.codecs.zen.ZenPackage;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import io.uassetd.codecs.zen.convert.ZenToLegacy;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The Zen packages of IoStore mods written as legacy packages, so that their table rows can be read:
 * one package store over the base game's containers (its global.utoc gives the script objects) and
 * the mods' containers, in which each mod's own copy of a package is converted with its imports
 * resolved through the store. Imports the store lacks become placeholders (a table's rows do not
 * depend on them). Without a global.utoc there are no script objects, and nothing is converted:
 * {@link #problem()} says why.
 */
public final class ZenTables implements AutoCloseable {
    private final Install mods;
    private final Install base;
    private final List<AesKey> keys;
    private final Codecs codecs;
    private final EngineVersion requested;
    private boolean opened;
    private PackageStore store;
    private EngineVersion engine;
    private String problem;

    private ZenTables(Install mods, Install base, List<AesKey> keys, Codecs codecs, EngineVersion requested) {
        this.mods = mods;
        this.base = base;
        this.keys = keys;
        this.codecs = codecs;
        this.requested = requested;
    }

    /**
     * Zen tables over {@code base}'s containers (may be null) and {@code mods}' containers; the store is
     * opened when a Zen package is first asked for (a game's containers are many: a request whose
     * conflicts are all in paks never opens them).
     *
     * @param requested the engine the request names, or null to take it from the containers
     */
    public static ZenTables open(Install mods, Install base, List<AesKey> keys, Codecs codecs, EngineVersion requested) {
        return new ZenTables(mods, base, List.copyOf(keys), codecs, requested);
    }

    private synchronized void ensureOpen() {
        if (opened) {
            return;
        }
        opened = true;
        List<ContainerKeys> tries = new ArrayList<>();
        for (AesKey k : keys) {
            tries.add(ContainerKeys.of(k));
        }
        PackageStore.Builder b = PackageStore.builder(tries.isEmpty() ? ContainerKeys.of(null) : tries.get(0), codecs);
        if (tries.size() > 1) {
            b.alsoTryKeys(tries.subList(1, tries.size()));
        }
        int containers = 0;
        if (base != null) {
            for (Archive a : base.archives()) {
                if (!a.isPak()) {
                    b.addContainer(a.file(), PackageStore.GAME_PRIORITY);
                    containers++;
                }
            }
        }
        for (Archive a : mods.archives()) {
            if (!a.isPak()) {
                b.addContainer(a.file(), PackageStore.MOD_PRIORITY);
                containers++;
            }
        }
        if (containers == 0) {
            problem = "no IoStore containers";
            return;
        }
        PackageStore built = b.build();
        if (built.scriptObjects().isEmpty()) {
            built.close();
            problem = base == null
                    ? "rows of Zen packages are read with the base game's global.utoc: give base_path"
                    : "no global.utoc under " + base.folder() + ", so the imports of Zen packages cannot be resolved";
            return;
        }
        EngineChoice choice = ZenEngine.of(built, requested);
        store = built;
        engine = choice.engine();
    }

    /** Why Zen packages cannot be converted, or null when they can (opens the store when first asked). */
    public String problem() {
        ensureOpen();
        return problem;
    }

    /**
     * Writes the Zen package {@code pkg} (a package's .uasset in a container) as a legacy package
     * in {@code dir}; returns the .uasset/.umap written.
     */
    Path write(ArchiveFile pkg, Path dir) {
        ensureOpen();
        if (store == null) {
            throw new IllegalStateException(problem);
        }
        Archive a = pkg.archive();
        long id = a.container().chunkId(pkg.index()).id();
        PackageLocation at = null;
        Path file = a.file().toAbsolutePath().normalize();
        for (PackageLocation l : store.providers(id)) {
            if (l.container().utocPath().toAbsolutePath().normalize().equals(file)) {
                at = l;
                break;
            }
        }
        String source = a.relative() + " " + pkg.path();
        ZenPackage zen = ZenPackage.read(a.read(pkg), source, engine);
        LegacyOutput out = ZenToLegacy.convert(zen, id, at == null ? null : at.storeEntry(), store, store.scriptObjects().orElse(null),
                engine, ZenToLegacy.Unresolved.PLACEHOLDER, Map.of());
        String name = pkg.path().substring(pkg.path().lastIndexOf('/') + 1);
        String stem = name.substring(0, name.lastIndexOf('.'));
        Path target = dir.resolve(stem + out.extension());
        out.write(target);
        return target;
    }

    @Override
    public synchronized void close() {
        if (store != null) {
            store.close();
        }
    }
}
