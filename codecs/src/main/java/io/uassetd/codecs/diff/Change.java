package io.uassetd.codecs.diff;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One difference between two packages: where ({@code path}), what happened ({@code kind}), and the
 * value before and after (null for the side where it does not exist). Values are plain JSON: scalars,
 * structs as objects of their fields, arrays as arrays.
 */
public record Change(String path, Kind kind, JsonNode oldValue, JsonNode newValue) {
    /** What happened at the path. */
    public enum Kind {
        ADDED, REMOVED, CHANGED;

        /** The lower-case name used in replies. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** One line of the readable diff: {@code ~ path: old -> new}, {@code + path: new}, {@code - path: old}. */
    public String render() {
        return switch (kind) {
            case ADDED -> "+ " + path + ": " + text(newValue);
            case REMOVED -> "- " + path + ": " + text(oldValue);
            case CHANGED -> "~ " + path + ": " + text(oldValue) + " -> " + text(newValue);
        };
    }

    private static final int MAX_TEXT = 200;

    static String text(JsonNode v) {
        if (v == null || v.isNull() || v.isMissingNode()) {
            return "null";
        }
        String s = v.toString();
        return s.length() <= MAX_TEXT ? s : s.substring(0, MAX_TEXT - 3) + "...";
    }
}
