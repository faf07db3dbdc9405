package io.uassetd.codecs.iostore.scriptobjects;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.header.MappedName;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;

/**
 * The script-objects database: the ScriptObjects chunk of a UE5 global.utoc, also saved on its own
 * as ScriptObjects.bin. A name batch (names stored one after another, no alignment), an int32 count
 * and that many {@link ScriptObjectEntry}. Looks objects up by global index (FPackageObjectIndex)
 * and by path ({@code /Script/Engine.StaticMesh}, {@code /Script/Engine.Default__StaticMesh}).
 * Immutable; writes back byte for byte.
 *
 * <p>Kept compact, because a daemon or resident server keeps it between requests: the entries are
 * columns of primitive arrays (no object per entry), both lookups are open-addressing tables of entry
 * numbers (no boxed keys, no map nodes), and paths are not stored: a path is made from the outer
 * chain when asked for, and the path lookup keeps only each path's lower-case hash, confirming a hit
 * against the path made again. About 65 bytes per entry besides the name batch, against about 470
 * with an object per entry, two hash maps and the path strings.
 */
public final class ScriptObjectsDatabase {
    /** The name batch's texts one after another: Latin-1 bytes, or two bytes a char (low first) where {@link #TWO_BYTE}. */
    private final byte[] nameText;
    /** Where each name's text starts in {@link #nameText}; one more than the names (the end). */
    private final int[] nameStart;
    /** Per name: {@link #WIDE} (stored as UTF-16 in the batch), {@link #TWO_BYTE} (its text here two bytes a char). */
    private final byte[] nameFlags;
    private final long[] nameHashes;
    private final long nameHashVersion;
    private static final byte WIDE = 1;
    private static final byte TWO_BYTE = 2;
    private final int count;
    /** FMappedName's two u32 fields, as stored. */
    private final int[] nameIndexAndType;
    private final int[] nameNumber;
    private final long[] globalIndex;
    private final long[] outerIndex;
    private final long[] cdoClassIndex;
    /** Open addressing by global index: entry number + 1, 0 = empty; the first entry of an index wins. */
    private final int[] byGlobal;
    /** Each entry's lower-case path's {@link String#hashCode()}. */
    private final int[] pathHash;
    /** Open addressing by {@link #pathHash}: entry number + 1, 0 = empty; the first entry of a path wins. */
    private final int[] byPath;
    /** The distinct CDO class indices, sorted. */
    private final long[] cdoClasses;
    private final Set<Long> cdoClassSet;

    public ScriptObjectsDatabase(NameBatch names, List<ScriptObjectEntry> entries, String source) {
        this(names, columns(entries), source);
    }

    private ScriptObjectsDatabase(NameBatch names, Columns c, String source) {
        int n = names.size();
        this.nameStart = new int[n + 1];
        this.nameFlags = new byte[n];
        long bytes = 0;
        for (int k = 0; k < n; k++) {
            String t = names.get(k);
            boolean twoByte = false;
            for (int j = 0; j < t.length() && !twoByte; j++) {
                twoByte = t.charAt(j) >= 0x100;
            }
            nameFlags[k] = (byte) ((names.wide().get(k) ? WIDE : 0) | (twoByte ? TWO_BYTE : 0));
            bytes += twoByte ? 2L * t.length() : t.length();
            if (bytes > Integer.MAX_VALUE - 16) {
                throw new CorruptDataException("Script object names of more than 2 GiB", source, -1, "NameBatch");
            }
            nameStart[k + 1] = (int) bytes;
        }
        this.nameText = new byte[(int) bytes];
        for (int k = 0; k < n; k++) {
            String t = names.get(k);
            int at = nameStart[k];
            if ((nameFlags[k] & TWO_BYTE) != 0) {
                for (int j = 0; j < t.length(); j++) {
                    char ch = t.charAt(j);
                    nameText[at + 2 * j] = (byte) ch;
                    nameText[at + 2 * j + 1] = (byte) (ch >>> 8);
                }
            } else {
                for (int j = 0; j < t.length(); j++) {
                    nameText[at + j] = (byte) t.charAt(j);
                }
            }
        }
        this.nameHashes = names.hashes();
        this.nameHashVersion = names.hashVersion();
        this.count = c.count;
        this.nameIndexAndType = c.nameIndexAndType;
        this.nameNumber = c.nameNumber;
        this.globalIndex = c.global;
        this.outerIndex = c.outer;
        this.cdoClassIndex = c.cdo;
        for (int i = 0; i < count; i++) {
            int index = nameIndexAndType[i] & NAME_INDEX_MASK;
            if (index >= n) {
                throw new CorruptDataException("Script object " + i + " names entry " + index
                        + " of a " + names.size() + "-name batch", source, -1, "FScriptObjectEntry");
            }
        }
        this.byGlobal = new int[tableSize(count)];
        for (int i = 0; i < count; i++) {
            int slot = globalSlot(globalIndex[i]);
            if (byGlobal[slot] == 0) {
                byGlobal[slot] = i + 1; // else a later duplicate: the first entry keeps the index
            }
        }
        // Every path made once here: checks the outer chains (a missing outer or a cycle is refused) and
        // fills the hash column; the strings themselves are not kept.
        this.pathHash = new int[count];
        this.byPath = new int[tableSize(count)];
        String[] lowers = new String[count]; // dropped at the end of the constructor
        for (int i = 0; i < count; i++) {
            String lower = path(i, source).toLowerCase(Locale.ROOT);
            lowers[i] = lower;
            pathHash[i] = lower.hashCode();
            int slot = pathSlot(lower, lowers);
            if (byPath[slot] == 0) {
                byPath[slot] = i + 1; // else the first entry keeps the path
            }
        }
        long[] classes = new long[count];
        int withClass = 0;
        for (int i = 0; i < count; i++) {
            if (cdoClassIndex[i] != -1L) {
                classes[withClass++] = cdoClassIndex[i];
            }
        }
        Arrays.sort(classes, 0, withClass);
        int distinct = 0;
        for (int i = 0; i < withClass; i++) {
            if (distinct == 0 || classes[distinct - 1] != classes[i]) {
                classes[distinct++] = classes[i];
            }
        }
        this.cdoClasses = Arrays.copyOf(classes, distinct);
        this.cdoClassSet = new SortedLongSet(cdoClasses);
    }

    private static final int NAME_INDEX_MASK = (1 << 30) - 1;

    /** The entries' fields as columns. */
    private record Columns(int count, int[] nameIndexAndType, int[] nameNumber, long[] global, long[] outer, long[] cdo) {
        Columns(int count) {
            this(count, new int[count], new int[count], new long[count], new long[count], new long[count]);
        }
    }

    private static Columns columns(List<ScriptObjectEntry> entries) {
        Columns c = new Columns(entries.size());
        for (int i = 0; i < c.count; i++) {
            ScriptObjectEntry e = entries.get(i);
            c.nameIndexAndType[i] = (int) e.objectName().indexAndType();
            c.nameNumber[i] = (int) e.objectName().number();
            c.global[i] = e.globalIndex().raw();
            c.outer[i] = e.outerIndex().raw();
            c.cdo[i] = e.cdoClassIndex().raw();
        }
        return c;
    }

    /** Reads {@code n} FScriptObjectEntry records straight into columns. */
    private static Columns columns(ByteReader r, int n) {
        Columns c = new Columns(n);
        for (int i = 0; i < n; i++) {
            c.nameIndexAndType[i] = (int) r.u32();
            c.nameNumber[i] = (int) r.u32();
            c.global[i] = r.raw64();
            c.outer[i] = r.raw64();
            c.cdo[i] = r.raw64();
        }
        return c;
    }

    /** A power of two at least twice {@code n} (load factor at most 1/2), at least 2. */
    private static int tableSize(int n) {
        int size = 2;
        while (size < 2L * n) {
            size <<= 1;
        }
        return size;
    }

    private static int mix(long key) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 32));
    }

    private static int mix(int key) {
        int h = key * 0x9E3779B9;
        return h ^ (h >>> 16);
    }

    /**
     * The raw global indices some default object names as its class: the script objects that are
     * classes (the database stores no classes otherwise). Built once with the database, so it lives
     * as long as whoever holds the database (the daemon's resource cache, through the package store).
     * An immutable set over a sorted array.
     */
    public Set<Long> cdoClassIndices() {
        return cdoClassSet;
    }

    /** Whether some default object names {@code rawGlobalIndex} as its class. */
    public boolean isCdoClass(long rawGlobalIndex) {
        return Arrays.binarySearch(cdoClasses, rawGlobalIndex) >= 0;
    }

    /**
     * The heap this database retains, measured from its structures: the column arrays, the two lookup
     * tables, the class array, and the names (their text, starts, flags and hashes). Object sizes are
     * those of a 64-bit JVM with compressed references (12-byte headers, 4-byte references, 8-byte
     * alignment).
     */
    public long retainedBytes() {
        long total = object(12 + 4 * 17 + 8) + object(12 + 4); // this, the class set
        total += 3 * array(4, count) + 3 * array(8, count); // name columns, path hashes; index columns
        total += array(4, byGlobal.length) + array(4, byPath.length) + array(8, cdoClasses.length);
        total += array(1, nameText.length) + array(4, nameStart.length) + array(1, nameFlags.length)
                + array(8, nameHashes.length);
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

    public static ScriptObjectsDatabase read(byte[] data, String source) {
        ByteReader r = ByteReader.of(source, 0, data, "ScriptObjects");
        NameBatch names = NameBatch.read(r);
        r.structure("FScriptObjectEntry[]");
        int n = IoBits.count(r, r.i32(), ScriptObjectEntry.SIZE, "script object");
        Columns c = columns(r, n);
        if (r.remaining() != 0) {
            throw new CorruptDataException(r.remaining() + " bytes left after the script objects", source, r.offset(),
                    "ScriptObjects");
        }
        return new ScriptObjectsDatabase(names, c, source);
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
        Columns c = columns(r, n);
        if (r.remaining() != 0) {
            throw new CorruptDataException(r.remaining() + " bytes left after the " + n + " script objects", source, r.offset(),
                    "LoaderInitialLoadMeta");
        }
        return new ScriptObjectsDatabase(names, c, source);
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
        NameBatch names = names();
        ByteWriter w = new ByteWriter(64 + 32 * count + 40 * names.size());
        names.write(w);
        w.u32(count);
        for (int i = 0; i < count; i++) {
            w.u32(Integer.toUnsignedLong(nameIndexAndType[i])).u32(Integer.toUnsignedLong(nameNumber[i]));
            w.u64(globalIndex[i]).u64(outerIndex[i]).u64(cdoClassIndex[i]);
        }
        return w.toByteArray();
    }

    /** The name batch, made again from the compact names on each call (for writing and inspection). */
    public NameBatch names() {
        int n = nameFlags.length;
        List<String> texts = new java.util.ArrayList<>(n);
        List<Boolean> wide = new java.util.ArrayList<>(n);
        for (int k = 0; k < n; k++) {
            texts.add(nameText(k));
            wide.add((nameFlags[k] & WIDE) != 0);
        }
        return new NameBatch(texts, wide, nameHashVersion, nameHashes.clone());
    }

    /** The number of names in the batch. */
    public int nameCount() {
        return nameFlags.length;
    }

    /** The text of name {@code index} of the batch (no number suffix). */
    public String nameText(int index) {
        int from = nameStart[index];
        int to = nameStart[index + 1];
        if ((nameFlags[index] & TWO_BYTE) == 0) {
            return new String(nameText, from, to - from, java.nio.charset.StandardCharsets.ISO_8859_1);
        }
        char[] chars = new char[(to - from) / 2];
        for (int j = 0; j < chars.length; j++) {
            chars[j] = (char) ((nameText[from + 2 * j] & 0xFF) | (nameText[from + 2 * j + 1] & 0xFF) << 8);
        }
        return new String(chars);
    }

    /** The entries as records, made when read (the database keeps columns). */
    public List<ScriptObjectEntry> entries() {
        return new AbstractList<>() {
            @Override
            public ScriptObjectEntry get(int i) {
                return entry(i);
            }

            @Override
            public int size() {
                return count;
            }
        };
    }

    /** Entry {@code i} as a record. */
    public ScriptObjectEntry entry(int i) {
        java.util.Objects.checkIndex(i, count);
        return new ScriptObjectEntry(objectName(i), new PackageObjectIndex(globalIndex[i]),
                new PackageObjectIndex(outerIndex[i]), new PackageObjectIndex(cdoClassIndex[i]));
    }

    /** Entry {@code i}'s FMappedName (into {@link #names()}). */
    public MappedName objectName(int i) {
        return new MappedName(Integer.toUnsignedLong(nameIndexAndType[i]), Integer.toUnsignedLong(nameNumber[i]));
    }

    /** Entry {@code i}'s raw global index. */
    public long globalIndexRaw(int i) {
        return globalIndex[i];
    }

    /** Entry {@code i}'s raw outer index (-1 = null: a /Script package). */
    public long outerIndexRaw(int i) {
        return outerIndex[i];
    }

    /** Entry {@code i}'s raw CDO class index (-1 = null). */
    public long cdoClassIndexRaw(int i) {
        return cdoClassIndex[i];
    }

    public int size() {
        return count;
    }

    /** The object's own name with its number suffix. */
    public String name(int i) {
        String base = nameText(nameIndexAndType[i] & NAME_INDEX_MASK);
        long number = Integer.toUnsignedLong(nameNumber[i]);
        return number == 0 ? base : base + "_" + (number - 1);
    }

    /**
     * The object's full path: a package ({@code /Script/Engine}), its objects joined with '.'
     * ({@code /Script/Engine.StaticMesh}), deeper objects with ':'. Made from the outer chain on each call.
     */
    public String path(int i) {
        return path(i, "script objects");
    }

    /** The path of {@code i}, made from its outer chain (a missing outer or a cycle is refused). */
    private String path(int i, String source) {
        int[] chain = new int[8];
        int length = 0;
        int cur = i;
        while (true) {
            if (length > count) {
                throw new CorruptDataException("Script object " + i + " has an outer cycle", source, -1,
                        "FScriptObjectEntry");
            }
            if (length == chain.length) {
                chain = Arrays.copyOf(chain, length * 2);
            }
            chain[length++] = cur;
            long outer = outerIndex[cur];
            if (outer == -1L) {
                break;
            }
            int o = indexOfRaw(outer);
            if (o < 0) {
                throw new CorruptDataException("Script object " + cur + " has an outer " + new PackageObjectIndex(outer)
                        + " that is not in the database", source, -1, "FScriptObjectEntry");
            }
            cur = o;
        }
        StringBuilder sb = new StringBuilder();
        for (int k = length - 1; k >= 0; k--) {
            if (k < length - 1) {
                sb.append(k == length - 2 ? '.' : ':');
            }
            sb.append(name(chain[k]));
        }
        return sb.toString();
    }

    /** The slot of {@code byGlobal} holding the entry with this global index, else the empty slot where it would go. */
    private int globalSlot(long raw) {
        int mask = byGlobal.length - 1;
        int slot = mix(raw) & mask;
        for (int e = byGlobal[slot]; e != 0 && globalIndex[e - 1] != raw; e = byGlobal[slot]) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    /**
     * The slot of {@code byPath} holding the entry with this lower-cased path, else the empty slot where it would
     * go; {@code lowers}: the entries' lower-cased paths while the table is built, null afterwards (made again).
     */
    private int pathSlot(String lower, String[] lowers) {
        int h = lower.hashCode();
        int mask = byPath.length - 1;
        int slot = mix(h) & mask;
        for (int e = byPath[slot]; e != 0; e = byPath[slot]) {
            if (pathHash[e - 1] == h && (lowers != null ? lowers[e - 1] : path(e - 1).toLowerCase(Locale.ROOT)).equals(lower)) {
                break;
            }
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private int indexOfRaw(long raw) {
        return byGlobal[globalSlot(raw)] - 1;
    }

    /** The entry index for a global index, or -1. */
    public int indexOf(PackageObjectIndex globalIndex) {
        return indexOfRaw(globalIndex.raw());
    }

    /** The entry index for a path (case-insensitive), or -1. */
    public int indexOf(String path) {
        return byPath[pathSlot(path.toLowerCase(Locale.ROOT), null)] - 1;
    }

    public Optional<ScriptObjectEntry> find(PackageObjectIndex globalIndex) {
        int i = indexOf(globalIndex);
        return i < 0 ? Optional.empty() : Optional.of(entry(i));
    }

    public Optional<ScriptObjectEntry> find(String path) {
        int i = indexOf(path);
        return i < 0 ? Optional.empty() : Optional.of(entry(i));
    }

    /** An immutable set of longs over a sorted array of distinct values. */
    private static final class SortedLongSet extends AbstractSet<Long> {
        private final long[] values;

        SortedLongSet(long[] values) {
            this.values = values;
        }

        @Override
        public boolean contains(Object o) {
            return o instanceof Long l && Arrays.binarySearch(values, l) >= 0;
        }

        @Override
        public int size() {
            return values.length;
        }

        @Override
        public Iterator<Long> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < values.length;
                }

                @Override
                public Long next() {
                    if (next >= values.length) {
                        throw new NoSuchElementException();
                    }
                    return values[next++];
                }
            };
        }
    }
}
