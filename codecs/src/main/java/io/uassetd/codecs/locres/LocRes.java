package io.uassetd.codecs.locres;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A .locres file: namespaces in file order, each with its entries (key, source-string hash,
 * localized string) in file order. A namespace or key that appears twice in a file stays twice
 * (the engine keeps the first on load; {@link #toMap} does the same).
 *
 * <p>What the file stores beyond that is kept so that writing an unchanged resource gives back
 * the same bytes: each string's {@link LocText.Form}, each namespace/key hash as stored, and,
 * until the first edit, the string table (order, reference counts) and the entry count. After an
 * edit the writer lays the table out as the engine does (strings in first-use order, counted
 * references). Not thread-safe.
 */
public final class LocRes {
    /** One namespace block. */
    public static final class Namespace {
        private final LocText name;
        private final Integer storedHash;
        private final List<Entry> entries = new ArrayList<>();

        public Namespace(LocText name, Integer storedHash) {
            this.name = name;
            this.storedHash = storedHash;
        }

        public String name() {
            return name.value();
        }

        public LocText nameText() {
            return name;
        }

        /** The hash the file stored before the name (Optimized versions), or null. */
        public Integer storedHash() {
            return storedHash;
        }

        public List<Entry> entries() {
            return entries;
        }

        /** The first entry with this key, or null. */
        public Entry find(String key) {
            for (Entry e : entries) {
                if (e.key().equals(key)) {
                    return e;
                }
            }
            return null;
        }
    }

    /** One key of a namespace. */
    public static final class Entry {
        private final LocText key;
        private final Integer storedKeyHash;
        private int sourceHash;
        private LocText value;
        /** Index in the stored string table while the resource is unmodified; -1 otherwise. */
        int tableIndex = -1;

        public Entry(LocText key, Integer storedKeyHash, int sourceHash, LocText value) {
            this.key = key;
            this.storedKeyHash = storedKeyHash;
            this.sourceHash = sourceHash;
            this.value = value;
        }

        public String key() {
            return key.value();
        }

        public LocText keyText() {
            return key;
        }

        /** The hash the file stored before the key (Optimized versions), or null. */
        public Integer storedKeyHash() {
            return storedKeyHash;
        }

        /** The engine's hash of the source (native) string this entry translates ({@link LocResHashes#strCrc32}). */
        public int sourceHash() {
            return sourceHash;
        }

        public String value() {
            return value.value();
        }

        public LocText valueText() {
            return value;
        }
    }

    /** A string of the stored table with its stored reference count (-1 for Compact, which stores none). */
    public record TableString(LocText text, int refCount) {
    }

    private LocResVersion version;
    private boolean forceUnicode;
    private final List<Namespace> namespaces = new ArrayList<>();
    // the stored layout, written back while nothing was edited
    List<TableString> storedTable;
    long storedEntriesCount = -1;
    boolean storedTableAbsent;
    private boolean modified;

    public LocRes(LocResVersion version) {
        this.version = version;
    }

    public LocResVersion version() {
        return version;
    }

    /**
     * True when every non-empty string of the file is UTF-16 although some are plain ASCII (the
     * archive forced Unicode, as UE4.18's writer did); new strings are then written as UTF-16 too.
     */
    public boolean forceUnicode() {
        return forceUnicode;
    }

    public void forceUnicode(boolean on) {
        this.forceUnicode = on;
    }

    public List<Namespace> namespaces() {
        return namespaces;
    }

    /** The stored string table (null for a legacy file or after an edit). */
    public List<TableString> storedTable() {
        return storedTable;
    }

    /** The entry count the file stored (Optimized versions), or -1. */
    public long storedEntriesCount() {
        return storedEntriesCount;
    }

    /** True once an entry was set, added or removed, or the version changed. */
    public boolean modified() {
        return modified;
    }

    public int entryCount() {
        int n = 0;
        for (Namespace ns : namespaces) {
            n += ns.entries.size();
        }
        return n;
    }

    /** The first namespace block with this name, or null. */
    public Namespace namespace(String name) {
        for (Namespace ns : namespaces) {
            if (ns.name().equals(name)) {
                return ns;
            }
        }
        return null;
    }

    /** The entry the engine would use for namespace/key (the first in file order), or null. */
    public Entry find(String namespace, String key) {
        for (Namespace ns : namespaces) {
            if (ns.name().equals(namespace)) {
                Entry e = ns.find(key);
                if (e != null) {
                    return e;
                }
            }
        }
        return null;
    }

    /** {namespace: {key: localized string}} with the first occurrence of a namespace/key winning, in file order. */
    public Map<String, Map<String, String>> toMap() {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (Namespace ns : namespaces) {
            Map<String, String> keys = out.computeIfAbsent(ns.name(), k -> new LinkedHashMap<>());
            for (Entry e : ns.entries) {
                keys.putIfAbsent(e.key(), e.value());
            }
        }
        return out;
    }

    /** A string as the engine would store it in this resource (a namespace/key when {@code keyString}). */
    public LocText text(String value, boolean keyString) {
        return LocText.canonical(value, keyString && version.isOptimized(), forceUnicode);
    }

    /**
     * Sets the localized string of an existing entry (the first with this namespace and key); the
     * source hash stays unless {@code sourceHash} is given. Returns the old string.
     */
    public String set(String namespace, String key, String value, Integer sourceHash) {
        Entry e = find(namespace, key);
        if (e == null) {
            throw new IllegalArgumentException("No entry " + namespace + "/" + key);
        }
        String old = e.value();
        if (!old.equals(value)) {
            e.value = text(value, false);
        }
        if (sourceHash != null) {
            e.sourceHash = sourceHash;
        }
        markModified();
        return old;
    }

    /**
     * Adds an entry at the end of the namespace (a new namespace goes last). {@code sourceHash}
     * null means the hash of the string itself (as for the native culture, whose source is its
     * own text).
     */
    public Entry add(String namespace, String key, String value, Integer sourceHash) {
        if (find(namespace, key) != null) {
            throw new IllegalArgumentException("Entry " + namespace + "/" + key + " exists");
        }
        Namespace ns = namespace(namespace);
        if (ns == null) {
            ns = new Namespace(text(namespace, true), null);
            namespaces.add(ns);
        }
        Entry e = new Entry(text(key, true), null, sourceHash != null ? sourceHash : LocResHashes.strCrc32(value), text(value, false));
        ns.entries.add(e);
        markModified();
        return e;
    }

    /** Removes every entry with this namespace and key (and namespaces left empty). Returns how many were removed. */
    public int remove(String namespace, String key) {
        int removed = 0;
        for (var it = namespaces.iterator(); it.hasNext(); ) {
            Namespace ns = it.next();
            if (!ns.name().equals(namespace)) {
                continue;
            }
            int before = ns.entries.size();
            ns.entries.removeIf(e -> e.key().equals(key));
            removed += before - ns.entries.size();
            if (ns.entries.isEmpty() && before > 0) {
                it.remove();
            }
        }
        if (removed > 0) {
            markModified();
        }
        return removed;
    }

    /**
     * A copy in another version: the same namespaces, keys, source hashes and strings; hashes are
     * computed for the target version and the string table is laid out as the engine does.
     */
    public LocRes withVersion(LocResVersion target) {
        LocRes out = new LocRes(target);
        out.forceUnicode = forceUnicode;
        for (Namespace ns : namespaces) {
            Namespace n = new Namespace(out.text(ns.name(), true), null);
            for (Entry e : ns.entries) {
                n.entries.add(new Entry(out.text(e.key(), true), null, e.sourceHash, out.text(e.value(), false)));
            }
            out.namespaces.add(n);
        }
        out.modified = true;
        return out;
    }

    void markModified() {
        if (!modified) {
            modified = true;
            storedTable = null;
            storedEntriesCount = -1;
            storedTableAbsent = false;
            for (Namespace ns : namespaces) {
                for (Entry e : ns.entries) {
                    e.tableIndex = -1;
                }
            }
        }
    }
}
