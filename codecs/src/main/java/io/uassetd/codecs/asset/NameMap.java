package io.uassetd.codecs.asset;

import io.uassetd.codecs.asset.archive.PackageReader;
import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.error.CorruptDataException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The package name map (TArray of FNameEntrySerialized at NameOffset). Entries keep their stored
 * hashes and duplicates; {@link #add} appends a name (with computed hashes) for editing.
 */
public final class NameMap {
    private final List<NameEntry> entries;
    /**
     * First index of each string, made when first asked for ({@link #indexOf}, {@link #add}): reading a
     * package (e.g. to convert it) never needs it. Published whole through the volatile field.
     */
    private volatile Map<String, Integer> firstIndex;
    /** The file the map was read from (for errors), or null. */
    private String source;

    /** A name map holding these entries in order (hashes and encodings kept as given). */
    public NameMap(List<NameEntry> entries) {
        this.entries = new ArrayList<>(entries);
    }

    private Map<String, Integer> index() {
        Map<String, Integer> m = firstIndex;
        if (m == null) {
            m = new HashMap<>(Math.max(16, entries.size() * 2));
            for (int i = 0; i < entries.size(); i++) {
                m.putIfAbsent(entries.get(i).text(), i);
            }
            firstIndex = m;
        }
        return m;
    }

    static NameMap read(PackageReader r, int count) {
        boolean hashes = r.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        r.checkCount(count, hashes ? 9 : 5, r.position());
        List<NameEntry> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int atNameMap = i;
            r.structure(() -> "NameMap[" + atNameMap + "]");
            long at = r.position();
            FString s = r.readFString();
            if (s.value() == null) {
                throw new CorruptDataException("Empty name entry", r.file(), at, "NameMap[" + i + "]");
            }
            int nonCase = hashes ? r.readU16() : 0;
            int cased = hashes ? r.readU16() : 0;
            out.add(new NameEntry(s, nonCase, cased));
        }
        NameMap map = new NameMap(out);
        map.source = r.file();
        return map;
    }

    void write(PackageWriter w) {
        boolean hashes = w.version().atLeast(ObjectVersion.NAME_HASHES_SERIALIZED);
        for (NameEntry e : entries) {
            w.writeFString(e.name());
            if (hashes) {
                w.writeU16(e.nonCasePreservingHash());
                w.writeU16(e.casePreservingHash());
            }
        }
    }

    public int size() {
        return entries.size();
    }

    public NameEntry entry(int index) {
        if (index < 0 || index >= entries.size()) {
            throw outside(index);
        }
        return entries.get(index);
    }

    public String get(int index) {
        return entry(index).text();
    }

    /**
     * A name reference outside the map. References read from a file are checked where they are
     * stored (PackageReader#readFName, with the offset); this covers any other way one can arrive.
     */
    private CorruptDataException outside(int index) {
        return new CorruptDataException("Name index " + index + " outside the name map (" + entries.size() + " names)",
                source, -1, "NameMap reference");
    }

    public List<NameEntry> entries() {
        return Collections.unmodifiableList(entries);
    }

    /** The first index holding exactly this string, or -1. */
    public int indexOf(String text) {
        Integer i = index().get(text);
        return i == null ? -1 : i;
    }

    /** The first index holding this string ignoring case (as FName comparison does), or -1. */
    public int indexOfIgnoreCase(String text) {
        int exact = indexOf(text);
        if (exact >= 0) {
            return exact;
        }
        String lower = text.toLowerCase(Locale.ROOT);
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).text().toLowerCase(Locale.ROOT).equals(lower)) {
                return i;
            }
        }
        return -1;
    }

    /** The index of the string, appending a new entry (with computed hashes) when absent. */
    public int add(String text) {
        int i = indexOf(text);
        if (i >= 0) {
            return i;
        }
        Map<String, Integer> m = index();
        entries.add(NameEntry.of(text));
        m.put(text, entries.size() - 1);
        return entries.size() - 1;
    }

    /**
     * The FName for a display string: an existing entry as is, else a {@code Base_N} split onto an
     * existing base, else a new entry.
     */
    public FName toFName(String display) {
        int i = indexOf(display);
        if (i >= 0) {
            return new FName(i, 0);
        }
        int us = display.lastIndexOf('_');
        if (us > 0 && us < display.length() - 1) {
            String digits = display.substring(us + 1);
            if (digits.chars().allMatch(Character::isDigit) && (digits.length() == 1 || digits.charAt(0) != '0')
                    && digits.length() < 10) {
                int base = indexOf(display.substring(0, us));
                if (base >= 0) {
                    return new FName(base, Integer.parseInt(digits) + 1);
                }
            }
        }
        return new FName(add(display), 0);
    }

    /** The display string of an FName ({@code Name} or {@code Name_(number-1)}). */
    public String render(FName name) {
        if (name.index() < 0 || name.index() >= entries.size()) {
            throw outside(name.index());
        }
        return FName.render(entries.get(name.index()).text(), name.number());
    }

    /** True when the index points into the map. */
    public boolean contains(FName name) {
        return name.index() >= 0 && name.index() < entries.size();
    }
}
