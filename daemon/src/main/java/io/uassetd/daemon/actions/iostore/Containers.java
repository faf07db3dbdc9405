package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.PackageStore;
import io.uassetd.codecs.iostore.ScriptObjectsChunk;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.cache.CacheKey;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.daemon.cache.ResourceCache;
import io.uassetd.daemon.util.Keys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * Opens IoStore containers and package stores through the daemon's cache. A container is keyed by
 * its .utoc and every .ucas partition beside it (size and modification time) plus the AES key; a
 * package store by every .utoc/.ucas under its folders.
 */
final class Containers {
    static final String UTOC = "the .utoc file";
    static final String AES_KEY = "AES-256 key as hex (with or without 0x) or base64";
    static final String FILTER = "globs (*, ?, **) or substrings; a file passes when it matches any";

    private Containers() {
    }

    static AesKey key(String text) {
        return Keys.parse(text);
    }

    static String keyQualifier(AesKey key) {
        return Keys.qualifier(key);
    }

    /** The .ucas partitions that belong to a .utoc (X.ucas, X_s1.ucas, ...), for cache stamps. */
    static List<Path> companions(Path utoc) throws IOException {
        List<Path> out = new ArrayList<>();
        out.add(utoc);
        String base = utoc.getFileName().toString();
        base = base.substring(0, base.length() - ".utoc".length());
        Path dir = utoc.toAbsolutePath().getParent();
        String prefix = base.toLowerCase(Locale.ROOT);
        try (Stream<Path> s = Files.list(dir)) {
            for (Path p : s.sorted().toList()) {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                if (n.equals(prefix + ".ucas") || (n.startsWith(prefix + "_s") && n.endsWith(".ucas"))) {
                    out.add(p);
                }
            }
        }
        return out;
    }

    /** {@code utoc} (a request's {@code file_path}), checked: an existing .utoc file. */
    static Path requireUtoc(Path utoc) {
        PackageOpener.checkFile(utoc, "Container");
        if (!utoc.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".utoc")) {
            throw ActionException.invalid("Not a .utoc file: " + utoc);
        }
        return utoc;
    }

    /** Opens (or reuses) one container. */
    static Lease<IoStoreContainer> open(ActionContext ctx, Path utoc, AesKey key) throws Exception {
        CacheKey ck = CacheKey.ofFiles("iostore", utoc, companions(utoc), keyQualifier(key));
        Lease<IoStoreContainer> lease = ctx.services().cache().acquire(ck, () -> {
            IoStoreContainer c = IoStoreContainer.open(utoc, ContainerKeys.of(key), ctx.services().codecs());
            return new ResourceCache.Loaded<>(c, estimate(c));
        });
        lease.get().warnings().forEach(ctx::warn);
        return lease;
    }

    static long estimate(IoStoreContainer c) {
        return 8192 + c.chunkCount() * 96L + c.toc().directoryIndex().length * 3L;
    }

    /** Every .utoc and .ucas under the folders, for a package store's cache stamp. */
    static List<Path> containerFiles(List<Path> folders) throws IOException {
        List<Path> out = new ArrayList<>();
        for (Path f : folders) {
            try (Stream<Path> s = Files.walk(f)) {
                s.filter(p -> {
                    String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                    return Files.isRegularFile(p) && (n.endsWith(".utoc") || n.endsWith(".ucas"));
                }).sorted().forEach(out::add);
            }
        }
        return out;
    }

    /** Opens (or reuses) the package store over a game's Paks folder and optional mod folders/containers. */
    static Lease<PackageStore> store(ActionContext ctx, Path paks, List<Path> mods, AesKey key) throws Exception {
        return store(ctx, new StoreSpec(paks, mods, List.of(), null, key == null ? List.of() : List.of(key), null));
    }

    /**
     * What a package store is made of: the game's Paks folder, mods (folders or .utoc files, with
     * priority), more game containers ({@code containers}), a global container to take the script
     * objects from ({@code global}, preferred over any in the folders), AES keys (each container
     * takes the first that opens it), and a ScriptObjects.bin to use instead of a global container.
     */
    record StoreSpec(Path paks, List<Path> mods, List<Path> containers, Path global, List<AesKey> keys, Path scriptObjects) {
    }

    static Lease<PackageStore> store(ActionContext ctx, StoreSpec spec) throws Exception {
        Path paks = spec.paks();
        List<Path> mods = spec.mods();
        AesKey key = spec.keys().isEmpty() ? null : spec.keys().get(0);
        for (Path p : concat(spec.containers(), spec.global(), spec.scriptObjects())) {
            if (!Files.exists(p)) {
                throw ActionException.notFound("Not found: " + p, p.toString());
            }
        }
        if (!Files.isDirectory(paks)) {
            throw ActionException.notFound("Paks folder not found: " + paks, paks.toString());
        }
        List<Path> all = new ArrayList<>();
        all.add(paks);
        all.addAll(mods);
        all.addAll(concat(spec.containers(), spec.global(), null));
        StringBuilder q = new StringBuilder(keyQualifier(key));
        for (AesKey more : spec.keys().subList(Math.min(1, spec.keys().size()), spec.keys().size())) {
            q.append("|key:").append(keyQualifier(more));
        }
        for (Path m : mods) {
            q.append("|mod:").append(m.toAbsolutePath().normalize());
        }
        for (Path c : spec.containers()) {
            q.append("|container:").append(c.toAbsolutePath().normalize());
        }
        if (spec.global() != null) {
            q.append("|global:").append(spec.global().toAbsolutePath().normalize());
        }
        List<Path> stamped = containerFiles(all);
        if (spec.scriptObjects() != null) {
            q.append("|script_objects:").append(spec.scriptObjects().toAbsolutePath().normalize());
            stamped.add(spec.scriptObjects());
        }
        CacheKey ck = CacheKey.ofFiles("package_store", paks, stamped, q.toString());
        Lease<PackageStore> lease = ctx.services().cache().acquire(ck, () -> {
            PackageStore.Builder b = PackageStore.builder(ContainerKeys.of(key), ctx.services().codecs()).addFolder(paks, PackageStore.GAME_PRIORITY);
            b.alsoTryKeys(spec.keys().stream().skip(1).map(ContainerKeys::of).toList());
            for (Path c : spec.containers()) {
                b.addContainer(c, PackageStore.GAME_PRIORITY);
            }
            if (spec.global() != null) {
                // below every game container: the first container with script objects in the order is the global one
                b.addContainer(spec.global(), PackageStore.GAME_PRIORITY - 1);
            }
            ResourceCache cache = ctx.services().cache();
            Path scriptObjectsFile = spec.scriptObjects();
            b.scriptObjectsFrom(global -> scriptObjects(cache, scriptObjectsFile, global));
            for (Path m : mods) {
                if (Files.isDirectory(m)) {
                    b.addFolder(m, PackageStore.MOD_PRIORITY);
                } else if (Files.isRegularFile(m)) {
                    b.addContainer(m, PackageStore.MOD_PRIORITY);
                } else {
                    throw ActionException.notFound("Mod path not found: " + m, m.toString());
                }
            }
            PackageStore s = b.build();
            long bytes = 16384;
            for (IoStoreContainer c : s.containers()) {
                bytes += estimate(c);
            }
            return new ResourceCache.Loaded<>(s, bytes + s.packageCount() * 64L);
        });
        for (IoStoreContainer c : lease.get().containers()) {
            c.warnings().forEach(ctx::warn);
        }
        return lease;
    }

    /** A script-objects database held by the cache (its own entry kind, counted at its measured size). */
    record CachedScriptObjects(ScriptObjectsDatabase db) implements AutoCloseable {
        @Override
        public void close() {
            // heap only: the cache dropping its reference frees it
        }
    }

    /**
     * The script objects of a package store, as a {@code script_objects} cache entry of their own,
     * keyed by the ScriptObjects.bin ({@code file}) or by the global container's files, and counted
     * at {@link ScriptObjectsDatabase#retainedBytes()} (the database, its lookup maps and the class
     * set import resolution uses). The store keeps no reference, so evicting the entry frees them.
     */
    static ScriptObjectsDatabase scriptObjects(ResourceCache cache, Path file, IoStoreContainer global) {
        if (file == null && global == null) {
            return null;
        }
        try {
            CacheKey ck = file != null ? CacheKey.ofFile("script_objects", file, null)
                    : CacheKey.ofFiles("script_objects", global.utocPath(), companions(global.utocPath()), null);
            try (Lease<CachedScriptObjects> lease = cache.acquire(ck, () -> {
                ScriptObjectsDatabase db = file != null ? ScriptObjectsDatabase.read(file) : ScriptObjectsChunk.fromContainer(global);
                return new ResourceCache.Loaded<>(new CachedScriptObjects(db), db.retainedBytes());
            })) {
                return lease.get().db();
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the script objects: " + e.getMessage(), e);
        } catch (RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static List<Path> concat(List<Path> list, Path a, Path b) {
        List<Path> out = new ArrayList<>(list);
        if (a != null) {
            out.add(a);
        }
        if (b != null) {
            out.add(b);
        }
        return out;
    }
}
