package io.uassetd.codecs.usmap;

import java.util.List;

/** An enum: its name and its entries (explicit values from usmap v4, else the entry position). */
public record UsmapEnum(String name, List<Entry> entries) {
    public UsmapEnum {
        entries = List.copyOf(entries);
    }

    /** One enumerator. */
    public record Entry(long value, String name) {
    }

    /** The name of a value, or null. */
    public String nameOf(long value) {
        for (Entry e : entries) {
            if (e.value() == value) {
                return e.name();
            }
        }
        return null;
    }
}
