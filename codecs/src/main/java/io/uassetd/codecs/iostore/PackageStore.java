package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkType;
import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.hash.Hashes;
import io.uassetd.codecs.iostore.header.ContainerHeader;
import io.uassetd.codecs.iostore.scriptobjects.ScriptObjectsDatabase;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Packages across many containers (a game's Paks folder, plus mods): package id -> the container
 * and chunk that provide it. Later containers in the priority order override earlier ones.
 *
 * <p><b>Priority order</b> (lowest first; the last provider of a package wins):
 * <ol>
 * <li>the priority given when the container was added (game folder 0, mods higher, e.g.
 * {@link #MOD_PRIORITY});</li>
 * <li>then the patch level from the file name, as Unreal orders paks: no {@code _P} suffix is 0,
 * {@code Name_P} is 1, {@code Name_N_P} is N + 2, so patches override what they patch;</li>
 * <li>then the container name, case-insensitively, then the full path (a stable tie-break).</li>
 * </ol>
 * Containers without a container header (global.utoc) provide no packages; the first global.utoc
 * provides the script objects. Containers that cannot be read (encrypted without a key, corrupt)
 * are left out and reported by {@link #problems()}, unless the builder is strict. Optional-segment
 * packages (UE 5.2+ {@code .o.utoc} data) are not indexed.
 */
public final class PackageStore implements AutoCloseable {
    public static final int GAME_PRIORITY = 0;
    public static final int MOD_PRIORITY = 1000;
    private static final Pattern PATCH = Pattern.compile("(?i).*?(?:_(\\d+))?_P$");

    private final List<IoStoreContainer> containers;
    private final Map<Long, List<PackageLocation>> providers;
    private final List<String> problems;
    private final IoStoreContainer global;
    private final ScriptObjectsSource scriptObjectsSource;
    private volatile ScriptObjectsDatabase scriptObjects;

    private PackageStore(List<IoStoreContainer> containers, Map<Long, List<PackageLocation>> providers,
            List<String> problems, IoStoreContainer global, ScriptObjectsDatabase scriptObjects,
            ScriptObjectsSource scriptObjectsSource) {
        this.containers = containers;
        this.providers = providers;
        this.problems = problems;
        this.global = global;
        this.scriptObjects = scriptObjects;
        this.scriptObjectsSource = scriptObjectsSource;
    }

    /**
     * Where a store gets its script objects each time they are asked for, for an owner that keeps
     * them itself (the daemon's resource cache, which counts and evicts them): the store holds no
     * reference to what it returns.
     */
    @FunctionalInterface
    public interface ScriptObjectsSource {
        /** The script objects for a store whose global container is {@code global} (null: it has none); null when there are none. */
        ScriptObjectsDatabase scriptObjects(IoStoreContainer global);
    }

    public static Builder builder(ContainerKeys keys, Codecs codecs) {
        return new Builder(keys, codecs);
    }

    /** A store over every .utoc under {@code paksFolder} at game priority. */
    public static PackageStore open(Path paksFolder, ContainerKeys keys, Codecs codecs) {
        return builder(keys, codecs).addFolder(paksFolder, GAME_PRIORITY).build();
    }

    /** Collects containers with priorities, then opens them all in {@link #build()}. */
    public static final class Builder {
        private final ContainerKeys keys;
        private final Codecs codecs;
        private final List<Object[]> added = new ArrayList<>();
        private final List<ContainerKeys> otherKeys = new ArrayList<>();
        private ScriptObjectsDatabase givenScriptObjects;
        private ScriptObjectsSource scriptObjectsSource;
        private boolean strict;

        private Builder(ContainerKeys keys, Codecs codecs) {
            this.keys = keys;
            this.codecs = codecs;
        }

        /**
         * Keys tried, in order, for an encrypted container the first keys do not open (several
         * {@code --aes} keys: each container takes the first that decrypts its index).
         */
        public Builder alsoTryKeys(List<ContainerKeys> more) {
            otherKeys.addAll(more);
            return this;
        }

        /** Script objects to use instead of those of a global container (e.g. a ScriptObjects.bin). */
        public Builder scriptObjects(ScriptObjectsDatabase db) {
            this.givenScriptObjects = db;
            return this;
        }

        /**
         * Script objects asked of {@code source} on every {@link PackageStore#scriptObjects()} call
         * instead of read from the global container and kept by the store (overrides {@link #scriptObjects}).
         */
        public Builder scriptObjectsFrom(ScriptObjectsSource source) {
            this.scriptObjectsSource = source;
            return this;
        }

        /** Every .utoc under {@code folder} (recursively). */
        public Builder addFolder(Path folder, int priority) {
            try (Stream<Path> s = Files.walk(folder)) {
                s.filter(p -> p.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".utoc")).sorted()
                        .forEach(p -> added.add(new Object[] {p, priority}));
            } catch (IOException e) {
                throw new UncheckedIOException("Cannot list " + folder + ": " + e.getMessage(), e);
            }
            return this;
        }

        /** One container; a folder is taken as {@link #addFolder}. */
        public Builder addContainer(Path utoc, int priority) {
            if (Files.isDirectory(utoc)) {
                return addFolder(utoc, priority);
            }
            added.add(new Object[] {utoc, priority});
            return this;
        }

        /** When strict, a container that cannot be read fails the build instead of being left out. */
        public Builder strict(boolean strict) {
            this.strict = strict;
            return this;
        }

        public PackageStore build() {
            // a container added twice keeps its highest priority
            Map<Path, Integer> best = new HashMap<>();
            for (Object[] a : added) {
                best.merge(((Path) a[0]).toAbsolutePath().normalize(), (Integer) a[1], Math::max);
            }
            List<Object[]> order = new ArrayList<>();
            best.forEach((p, prio) -> order.add(new Object[] {p, prio}));
            order.sort(Comparator.<Object[]>comparingInt(a -> (Integer) a[1])
                    .thenComparingInt(a -> patchLevel(baseName((Path) a[0])))
                    .thenComparing(a -> baseName((Path) a[0]).toLowerCase(Locale.ROOT))
                    .thenComparing(a -> ((Path) a[0]).toAbsolutePath().normalize().toString()));
            List<IoStoreContainer> opened = new ArrayList<>();
            Map<Long, List<PackageLocation>> providers = new HashMap<>();
            List<String> problems = new ArrayList<>();
            IoStoreContainer global = null;
            try {
                for (Object[] a : order) {
                    Path p = (Path) a[0];
                    IoStoreContainer c;
                    Optional<ContainerHeader> header;
                    try {
                        c = open(p);
                    } catch (FormatException e) {
                        if (strict) {
                            throw e;
                        }
                        problems.add(p.getFileName() + ": " + e.getMessage());
                        continue;
                    }
                    try {
                        header = c.containerHeader();
                    } catch (FormatException e) {
                        c.close();
                        if (strict) {
                            throw e;
                        }
                        problems.add(p.getFileName() + ": " + e.getMessage());
                        continue;
                    }
                    int orderIndex = opened.size();
                    opened.add(c);
                    if (header.isEmpty()) {
                        if (global == null && (c.findFirst(IoChunkType.SCRIPT_OBJECTS) >= 0
                                || c.findFirst(IoChunkType.LOADER_INITIAL_LOAD_META) >= 0)) {
                            global = c;
                        }
                        continue;
                    }
                    ContainerHeader h = header.get();
                    for (int i = 0; i < h.packageIds().size(); i++) {
                        long id = h.packageIds().get(i);
                        int chunk = c.find(id, 0, IoChunkType.EXPORT_BUNDLE_DATA);
                        if (chunk < 0) {
                            problems.add(c.name() + ": package " + Hashes.hex64(id) + " has a store entry but no data chunk");
                            continue;
                        }
                        providers.computeIfAbsent(id, k -> new ArrayList<>(1))
                                .add(new PackageLocation(id, c, orderIndex, chunk, h.storeEntries().get(i)));
                    }
                }
            } catch (RuntimeException e) {
                opened.forEach(IoStoreContainer::close);
                throw e;
            }
            return new PackageStore(Collections.unmodifiableList(opened), providers, List.copyOf(problems), global,
                    givenScriptObjects, scriptObjectsSource);
        }

        /** Opens with the first keys that decrypt the container; the first key's failure when none does. */
        private IoStoreContainer open(Path p) {
            try {
                return IoStoreContainer.open(p, keys, codecs);
            } catch (WrongKeyException first) {
                for (ContainerKeys k : otherKeys) {
                    try {
                        return IoStoreContainer.open(p, k, codecs);
                    } catch (WrongKeyException ignored) {
                        // try the next key
                    }
                }
                throw first;
            }
        }
    }

    static String baseName(Path utoc) {
        String f = utoc.getFileName().toString();
        return f.toLowerCase(Locale.ROOT).endsWith(".utoc") ? f.substring(0, f.length() - 5) : f;
    }

    /** 0 for a base container, 1 for {@code Name_P}, N + 2 for {@code Name_N_P}. */
    static int patchLevel(String name) {
        Matcher m = PATCH.matcher(name);
        if (!m.matches()) {
            return 0;
        }
        if (m.group(1) == null) {
            return 1;
        }
        try {
            return Math.min(Integer.MAX_VALUE - 2, Integer.parseInt(m.group(1))) + 2;
        } catch (NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** The opened containers in priority order (lowest first). */
    public List<IoStoreContainer> containers() {
        return containers;
    }

    /** Containers left out and why. */
    public List<String> problems() {
        return problems;
    }

    public int packageCount() {
        return providers.size();
    }

    public Set<Long> packageIds() {
        return Collections.unmodifiableSet(providers.keySet());
    }

    /** The winning provider of a package. */
    public Optional<PackageLocation> lookup(long packageId) {
        List<PackageLocation> l = providers.get(packageId);
        return l == null ? Optional.empty() : Optional.of(l.get(l.size() - 1));
    }

    /** The winning provider of a package by path ({@code /Game/Maps/Map}): its FPackageId is CityHash64 of the lower-cased path. */
    public Optional<PackageLocation> lookup(String packagePath) {
        return lookup(Hashes.cityHash64LowerUtf16(packagePath));
    }

    /** Every provider of a package, lowest priority first (the last one wins). */
    public List<PackageLocation> providers(long packageId) {
        return providers.getOrDefault(packageId, List.of());
    }

    /** The package ids a container provides and wins. */
    public List<Long> packagesWonBy(IoStoreContainer c) {
        List<Long> out = new ArrayList<>();
        providers.forEach((id, l) -> {
            if (l.get(l.size() - 1).container() == c) {
                out.add(id);
            }
        });
        Collections.sort(out);
        return out;
    }

    /** The winning package's data (header and exports). */
    public byte[] readPackage(long packageId) {
        PackageLocation loc = lookup(packageId)
                .orElseThrow(() -> new IllegalArgumentException("No package " + Hashes.hex64(packageId)));
        return loc.container().readChunk(loc.chunkIndex());
    }

    /** The global container, when the store has one. */
    public Optional<IoStoreContainer> global() {
        return Optional.ofNullable(global);
    }

    /**
     * The script objects of the builder's source when it has one (asked every time, not kept), else
     * those given to the builder, else those of the global container (read on first use and kept).
     */
    public Optional<ScriptObjectsDatabase> scriptObjects() {
        if (scriptObjectsSource != null) {
            return Optional.ofNullable(scriptObjectsSource.scriptObjects(global));
        }
        ScriptObjectsDatabase db = scriptObjects;
        if (db == null && global == null) {
            return Optional.empty();
        }
        if (db == null) {
            db = ScriptObjectsChunk.fromContainer(global);
            scriptObjects = db;
        }
        return Optional.of(db);
    }

    @Override
    public void close() {
        containers.forEach(IoStoreContainer::close);
    }
}
