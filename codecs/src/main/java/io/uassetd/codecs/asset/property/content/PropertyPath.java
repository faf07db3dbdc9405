package io.uassetd.codecs.asset.property.content;

import java.util.ArrayList;
import java.util.List;

/**
 * A property path as the daemon's edit actions name properties: fields joined by {@code .}, each
 * optionally followed by {@code [n]} (an element of an array or set, or a static array index) or
 * {@code [key]} / {@code ["key"]} (a map entry by its key's text), e.g. {@code Stats.Levels[2].Hp}
 * or {@code Prices["Sword"]}.
 */
public record PropertyPath(String text, List<Segment> segments) {

    /** A field name with its selectors ("[2]", "[key]"), in order. */
    public record Segment(String field, List<String> selectors) {
    }

    public static PropertyPath parse(String text) {
        if (text == null || text.isBlank()) {
            throw new PropertyEditException("Empty property path", String.valueOf(text), null);
        }
        List<Segment> out = new ArrayList<>();
        int i = 0;
        int n = text.length();
        while (i < n) {
            int start = i;
            while (i < n && text.charAt(i) != '.' && text.charAt(i) != '[') {
                i++;
            }
            String field = text.substring(start, i).trim();
            if (field.isEmpty()) {
                throw new PropertyEditException("Missing field name at character " + start, text, null);
            }
            List<String> selectors = new ArrayList<>();
            while (i < n && text.charAt(i) == '[') {
                int close;
                String sel;
                if (i + 1 < n && text.charAt(i + 1) == '"') {
                    close = text.indexOf("\"]", i + 2);
                    if (close < 0) {
                        throw new PropertyEditException("Unclosed [\"key\"] at character " + i, text, null);
                    }
                    sel = text.substring(i + 2, close);
                    i = close + 2;
                } else {
                    close = text.indexOf(']', i);
                    if (close < 0) {
                        throw new PropertyEditException("Unclosed [ at character " + i, text, null);
                    }
                    sel = text.substring(i + 1, close).trim();
                    i = close + 1;
                }
                selectors.add(sel);
            }
            out.add(new Segment(field, selectors));
            if (i < n) {
                if (text.charAt(i) != '.') {
                    throw new PropertyEditException("Unexpected '" + text.charAt(i) + "' at character " + i, text, null);
                }
                i++;
                if (i == n) {
                    throw new PropertyEditException("Path ends with '.'", text, null);
                }
            }
        }
        return new PropertyPath(text, List.copyOf(out));
    }

    @Override
    public String toString() {
        return text;
    }
}
