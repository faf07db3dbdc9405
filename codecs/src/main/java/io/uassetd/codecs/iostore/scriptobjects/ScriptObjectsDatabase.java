package io.uassetd.codecs.iostore.scriptobjects;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The script-objects database: the ScriptObjects chunk of a UE5 global.utoc, also saved on its own
 * as ScriptObjects.bin. A name batch (names stored one after another, no alignment), an int32 count
 * and that many {@link ScriptObjectEntry}. Looks objects up by global index (FPackageObjectIndex)
 * and by path ({@code /Script/Engine.StaticMesh}, {@code /Script/Engine.Default__StaticMesh}).
 * Immutable; writes back byte for byte.
 */
public final class ScriptObjectsDatabase {
    private final NameBatch names;
    private final List<ScriptObjectEntry> entries;
    private final Map<Long, Integer> byGlobalIndex;
    private final Map<String, Integer> byPath;
    private final String[] paths;
    private final Set<Long> cdoClasses;
    private long retainedBytes = -1;

    public ScriptObjectsDatabase(NameBatch names, List<ScriptObjectEntry> entries, String source) {
        this.names = names;
        this.entries = List.copyOf(entries);
        this.byGlobalIndex = new HashMap<>(entries.size() * 2);
        for (int i = 0; i < entries.size(); i++) {
            ScriptObjectEntry e = entries.get(i);
            if (e.objectName().index() >= names.size()) {
                throw new CorruptDataException("Script object " + i + " names entry " + e.objectName().index()
                        + " of a " + names.size() + "-name batch", source, -1, "FScriptObjectEntry");
            }
            byGlobalIndex.putIfAbsent(e.globalIndex().raw(), i);
        }
        this.paths = new String[entries.size()];
        this.byPath = new HashMap<>(entries.size() * 2);
        for (int i = 0; i < entries.size(); i++) {
            byPath.putIfAbsent(path(i, source).toLowerCase(Locale.ROOT), i);
        }
        Set<Long> classes = new HashSet<>();
        for (ScriptObjectEntry e : this.entries) {
            if (!e.cdoClassIndex().isNull()) {
                classes.add(e.cdoClassIndex().raw());
            }
        }
        this.cdoClasses = Set.copyOf(classes);
    }

    /**
     * The raw global indices some default object names as its class: the script objects that are
     * classes (the database stores no classes otherwise). Built once with the database, so it lives
     * as long as whoever holds the database (the daemon's resource cache, through the package store).
     */
    public Set<Long> cdoClassIndices() {
        return cdoClasses;
    }

    /**
     * The heap this database retains, measured from its structures: every entry record and the
     * records it holds, every name and path string at its length and coding (Latin-1 or UTF-16),
     * the two lookup maps (nodes, boxed keys and values, tables), the path array, the hash array and
     * the class set of {@link #cdoClassIndices()}. Object sizes are those of a 64-bit JVM with
     * compressed references (12-byte headers, 4-byte references, 8-byte alignment). Measured once.
     */
    public long retainedBytes() {
        long cached = retainedBytes;
        if (cached >= 0) {
            return cached;
        }
        long total = object(12 + 4 * 6 + 8); // this
        // entries: the list's array, per entry the record, its MappedName and three PackageObjectIndex
        total += array(4, entries.size()) + 16;
        total += (long) entries.size() * (object(12 + 4 * 4) + object(12 + 16) + 3 * object(12 + 8));
        // names: the strings, the wide flags (shared Booleans, one reference each), the hashes
        for (String n : names.names()) {
            total += string(n);
        }
        total += 2 * (array(4, names.size()) + 16) + array(8, names.size()) + object(12 + 4 * 3 + 8);
        // byGlobalIndex: HashMap nodes with a boxed Long key and Integer value, and its table
        total += hashMap(byGlobalIndex.size()) + byGlobalIndex.size() * (object(12 + 8) + object(12 + 4));
        // byPath: nodes, lower-cased keys (a string of its own unless the path already was lower case), Integer values
        total += hashMap(byPath.size());
        for (Map.Entry<String, Integer> e : byPath.entrySet()) {
            String path = paths[e.getValue()];
            total += (path != null && path.equals(e.getKey()) ? 0 : string(e.getKey())) + object(12 + 4);
        }
        // paths: the array and each path string
        total += array(4, paths.length);
        for (String p : paths) {
            total += p == null ? 0 : string(p);
        }
        // the class set: an immutable set of boxed Longs, its table twice the size
        total += object(12 + 8) + array(4, 2 * cdoClasses.size()) + cdoClasses.size() * object(12 + 8);
        retainedBytes = total;
        return total;
    }

    private static long align(long n) {
        return (n + 7) & ~7L;
    }

    private static long object(long fieldBytes) {
        return align(fieldBytes);
    }

    private static long array(int elementBytes, long length) {
        return align(16 + elementBytes * length);
    }

    private static long string(String s) {
        boolean latin1 = s.chars().allMatch(c -> c < 0x100);
        return object(12 + 4 + 4 + 4) + array(latin1 ? 1 : 2, s.length());
    }

    private static long hashMap(int size) {
        int table = Integer.highestOneBit(Math.max(1, size * 4 / 3)) * 2;
        return object(12 + 4 * 4 + 4 * 3) + array(4, table) + (long) size * object(12 + 4 + 4 * 3);
    }

    public static ScriptObjectsDatabase read(byte[] data, String source) {
        ByteReader r = ByteReader.of(source, 0, data, "ScriptObjects");
        NameBatch names = NameBatch.read(r);
        r.structure("FScriptObjectEntry[]");
        int n = IoBits.count(r, r.i32(), ScriptObjectEntry.SIZE, "script object");
        List<ScriptObjectEntry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            entries.add(ScriptObjectEntry.read(r));
        }
        if (r.remaining() != 0) {
            throw new CorruptDataException(r.remaining() + " bytes left after the script objects", source, r.offset(),
                    "ScriptObjects");
        }
        return new ScriptObjectsDatabase(names, entries, source);
    }

    /** Reads a ScriptObjects.bin file. */
    public static ScriptObjectsDatabase read(Path file) {
        try {
            return read(Files.readAllBytes(file), file.getFileName().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** UE4.26/4.27 script objects from the three global chunks (or files of their bytes). */
    public static ScriptObjectsDatabase readUe4(byte[] initialLoadMeta, byte[] globalNames, byte[] globalNameHashes, String source) {
        NameBatch names = NameBatch.fromUe4Parts(globalNames, globalNameHashes, source + " (global names)", 0);
        ByteReader r = ByteReader.of(source, 0, initialLoadMeta, "LoaderInitialLoadMeta");
        int n = r.count(ScriptObjectEntry.SIZE, "script object");
        List<ScriptObjectEntry> entries = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            entries.add(ScriptObjectEntry.read(r));
        }
        if (r.remaining() != 0) {
            throw new CorruptDataException(r.remaining() + " bytes left after the " + n + " script objects", source, r.offset(),
                    "LoaderInitialLoadMeta");
        }
        return new ScriptObjectsDatabase(names, entries, source);
    }

    /** The global.utoc of a Paks folder (searched recursively, shallowest first), if any. */
    public static Optional<Path> findGlobalToc(Path paksFolder) {
        try (var s = Files.walk(paksFolder)) {
            return s.filter(p -> p.getFileName().toString().equalsIgnoreCase("global.utoc"))
                    .min((a, b) -> Integer.compare(a.getNameCount(), b.getNameCount()));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + paksFolder + ": " + e.getMessage(), e);
        }
    }

    public byte[] toBytes() {
        ByteWriter w = new ByteWriter(64 + 32 * entries.size() + 40 * names.size());
        names.write(w);
        w.u32(entries.size());
        for (ScriptObjectEntry e : entries) {
            e.write(w);
        }
        return w.toByteArray();
    }

    public NameBatch names() {
        return names;
    }

    public List<ScriptObjectEntry> entries() {
        return entries;
    }

    public int size() {
        return entries.size();
    }

    /** The object's own name with its number suffix. */
    public String name(int i) {
        ScriptObjectEntry e = entries.get(i);
        return e.objectName().resolve(names.get(e.objectName().index()));
    }

    /**
     * The object's full path: a package ({@code /Script/Engine}), its objects joined with '.'
     * ({@code /Script/Engine.StaticMesh}), deeper objects with ':'.
     */
    public String path(int i) {
        return paths[i];
    }

    private String path(int i, String source) {
        if (paths[i] != null) {
            return paths[i];
        }
        List<Integer> chain = new ArrayList<>();
        int cur = i;
        while (true) {
            if (chain.size() > entries.size()) {
                throw new CorruptDataException("Script object " + i + " has an outer cycle", source, -1,
                        "FScriptObjectEntry");
            }
            chain.add(cur);
            PackageObjectIndex outer = entries.get(cur).outerIndex();
            if (outer.isNull()) {
                break;
            }
            Integer o = byGlobalIndex.get(outer.raw());
            if (o == null) {
                throw new CorruptDataException("Script object " + cur + " has an outer " + outer + " that is not in the "
                        + "database", source, -1, "FScriptObjectEntry");
            }
            cur = o;
        }
        StringBuilder sb = new StringBuilder();
        for (int k = chain.size() - 1; k >= 0; k--) {
            if (k < chain.size() - 1) {
                sb.append(k == chain.size() - 2 ? '.' : ':');
            }
            sb.append(name(chain.get(k)));
        }
        paths[i] = sb.toString();
        return paths[i];
    }

    /** The entry index for a global index, or -1. */
    public int indexOf(PackageObjectIndex globalIndex) {
        return byGlobalIndex.getOrDefault(globalIndex.raw(), -1);
    }

    /** The entry index for a path (case-insensitive), or -1. */
    public int indexOf(String path) {
        return byPath.getOrDefault(path.toLowerCase(Locale.ROOT), -1);
    }

    public Optional<ScriptObjectEntry> find(PackageObjectIndex globalIndex) {
        int i = indexOf(globalIndex);
        return i < 0 ? Optional.empty() : Optional.of(entries.get(i));
    }

    public Optional<ScriptObjectEntry> find(String path) {
        int i = indexOf(path);
        return i < 0 ? Optional.empty() : Optional.of(entries.get(i));
    }
}
