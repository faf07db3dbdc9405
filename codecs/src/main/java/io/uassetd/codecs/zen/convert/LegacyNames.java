package io.uassetd.codecs.zen.convert;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.iostore.header.NameBatch;
import io.uassetd.codecs.zen.ExportMapEntry;
import io.uassetd.codecs.zen.ZenPackage;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The legacy name map being built: the Zen name map one for one (export data refers to names by
 * index), then the names the imports add.
 */
final class LegacyNames {
    private final List<NameEntry> names = new ArrayList<>();
    private final Map<String, Integer> nameIndex = new HashMap<>();

    /**
     * Name entries (the text with its two hashes) by text, shared by the conversions of a process: the
     * packages of a game repeat most of their names. A direct-mapped table of 65,536 slots (a slot by the
     * text's hash; a name whose slot another holds is made again and takes the slot): one array read and
     * one comparison per lookup. Entries are immutable, so threads may share it without locks (a thread
     * that misses another's write only makes the entry again).
     */
    private static final int ENTRY_SLOTS = 1 << 16;
    private static final NameEntry[] ENTRIES = new NameEntry[ENTRY_SLOTS];

    static NameEntry entry(String text) {
        int h = text.hashCode();
        int slot = (h ^ (h >>> 16)) & (ENTRY_SLOTS - 1);
        NameEntry e = ENTRIES[slot];
        if (e == null || !e.text().equals(text)) {
            e = NameEntry.of(text);
            ENTRIES[slot] = e;
        }
        return e;
    }

    LegacyNames(NameBatch zen) {
        for (int i = 0; i < zen.size(); i++) {
            // kept one for one, duplicates included
            String text = zen.get(i);
            nameIndex.putIfAbsent(text, names.size());
            names.add(entry(text));
        }
    }

    List<NameEntry> entries() {
        return names;
    }

    /**
     * NamesReferencedFromExportDataCount: the Zen name map is the legacy map's first names (those
     * export data refers to) followed by the names only the Zen header needs, added in order (export
     * names, then the package name). The smallest prefix that leaves exactly such a tail.
     */
    static int referencedFromExportData(ZenPackage pkg) {
        List<String> zen = pkg.names().names();
        return referencedFromExportData(pkg, new HashSet<>(zen).size() == zen.size());
    }

    /** As {@link #referencedFromExportData(ZenPackage)} for the Zen name map this one was made from. */
    int referencedFromExportData(ZenPackage pkg, int zenNames) {
        // the index holds each distinct text once: as many as the names when none repeats
        return referencedFromExportData(pkg, nameIndex.size() == zenNames);
    }

    private static int referencedFromExportData(ZenPackage pkg, boolean distinct) {
        List<String> zen = pkg.names().names();
        // first appearance of each header name (export names, then the package name)
        Map<String, Integer> first = new HashMap<>();
        for (ExportMapEntry e : pkg.exportMap()) {
            first.putIfAbsent(zen.get(e.objectName().index()), first.size());
        }
        first.putIfAbsent(zen.get(pkg.packageMappedName().index()), first.size());
        if (!distinct) {
            return referencedFromExportDataByScan(pkg); // a repeated name: the prefix scan decides
        }
        // with distinct names, a prefix r fits when every name from r on is a header name and they stand in the
        // order of their first appearance in the header; a fitting r stays fitting when it grows, so the smallest
        // is found walking down from the end
        int r = zen.size();
        int next = Integer.MAX_VALUE;
        while (r > 0) {
            Integer f = first.get(zen.get(r - 1));
            if (f == null || f >= next) {
                break;
            }
            next = f;
            r--;
        }
        return r;
    }

    /** {@link #referencedFromExportData} by trying every prefix (quadratic; for name maps that repeat a name). */
    static int referencedFromExportDataByScan(ZenPackage pkg) {
        List<String> zen = pkg.names().names();
        List<String> header = new ArrayList<>();
        for (ExportMapEntry e : pkg.exportMap()) {
            header.add(zen.get(e.objectName().index()));
        }
        header.add(zen.get(pkg.packageMappedName().index()));
        for (int r = 0; r <= zen.size(); r++) {
            Set<String> head = new HashSet<>(zen.subList(0, r));
            List<String> tail = new ArrayList<>();
            for (String h : header) {
                if (!head.contains(h) && !tail.contains(h)) {
                    tail.add(h);
                }
            }
            if (tail.equals(zen.subList(r, zen.size()))) {
                return r;
            }
        }
        return zen.size();
    }

    /** From UE5.5 on the cooker sorts the names after those referenced from export data, ignoring case. */
    void sortAfter(int referenced) {
        int n = names.size() - referenced;
        // each key lower-cased once; a stable sort on the keys (as comparing lower-cased texts)
        Keyed[] tail = new Keyed[n];
        for (int i = 0; i < n; i++) {
            NameEntry e = names.get(referenced + i);
            tail[i] = new Keyed(e.text().toLowerCase(Locale.ROOT), e);
        }
        Arrays.sort(tail, BY_KEY);
        // only the tail moved: its texts are indexed again, the first index of each text kept
        for (Keyed k : tail) {
            Integer at = nameIndex.get(k.entry().text());
            if (at != null && at >= referenced) {
                nameIndex.remove(k.entry().text());
            }
        }
        for (int i = 0; i < n; i++) {
            names.set(referenced + i, tail[i].entry());
            nameIndex.putIfAbsent(tail[i].entry().text(), referenced + i);
        }
    }

    private record Keyed(String key, NameEntry entry) {
    }

    private static final java.util.Comparator<Keyed> BY_KEY = (a, b) -> a.key().compareTo(b.key());

    FName exportName(ZenPackage pkg, ExportMapEntry e) {
        String base = pkg.names().get(e.objectName().index());
        return new FName(nameIndex.get(base), (int) e.objectName().number());
    }

    int add(String text) {
        Integer i = nameIndex.get(text);
        if (i == null) {
            i = names.size();
            names.add(entry(text));
            nameIndex.put(text, i);
        }
        return i;
    }

    FName fname(NameRef n) {
        return new FName(add(n.base()), n.number());
    }
}
