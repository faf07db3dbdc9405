package io.uassetd.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A benchmark's result: rows of named columns, printed as a table on stdout and written as JSON to
 * {@code bench-results/<name>.json} under the working folder (or {@code -Dbench.out=DIR}).
 */
public final class BenchReport {
    private final String name;
    private final String description;
    private final List<String> columns = new ArrayList<>();
    private final List<Map<String, Object>> rows = new ArrayList<>();
    private final Map<String, Object> summary = new LinkedHashMap<>();

    public BenchReport(String name, String description, String... columns) {
        this.name = name;
        this.description = description;
        this.columns.addAll(List.of(columns));
    }

    /** Adds a row; values in column order (numbers, strings or booleans). */
    public BenchReport row(Object... values) {
        if (values.length != columns.size()) {
            throw new IllegalArgumentException("row has " + values.length + " values, expected " + columns.size());
        }
        Map<String, Object> r = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            r.put(columns.get(i), values[i]);
        }
        rows.add(r);
        return this;
    }

    /** A key figure outside the table (a target, the machine, a verdict). */
    public BenchReport summary(String key, Object value) {
        summary.put(key, value);
        return this;
    }

    public String table() {
        List<String[]> cells = new ArrayList<>();
        cells.add(columns.toArray(new String[0]));
        for (Map<String, Object> r : rows) {
            String[] c = new String[columns.size()];
            for (int i = 0; i < c.length; i++) {
                c[i] = format(r.get(columns.get(i)));
            }
            cells.add(c);
        }
        int[] w = new int[columns.size()];
        for (String[] c : cells) {
            for (int i = 0; i < c.length; i++) {
                w[i] = Math.max(w[i], c[i].length());
            }
        }
        StringBuilder sb = new StringBuilder();
        sb.append("== ").append(name).append(": ").append(description).append('\n');
        for (int k = 0; k < cells.size(); k++) {
            String[] c = cells.get(k);
            sb.append("| ");
            for (int i = 0; i < c.length; i++) {
                sb.append(String.format(Locale.ROOT, "%-" + w[i] + "s", c[i])).append(" | ");
            }
            sb.setLength(sb.length() - 1);
            sb.append('\n');
            if (k == 0) {
                sb.append('|');
                for (int x : w) {
                    sb.append("-".repeat(x + 2)).append('|');
                }
                sb.append('\n');
            }
        }
        for (Map.Entry<String, Object> e : summary.entrySet()) {
            sb.append(e.getKey()).append(": ").append(format(e.getValue())).append('\n');
        }
        return sb.toString();
    }

    private static String format(Object v) {
        if (v instanceof Double || v instanceof Float) {
            double d = ((Number) v).doubleValue();
            return Math.abs(d) >= 100 ? String.format(Locale.ROOT, "%.1f", d) : String.format(Locale.ROOT, "%.3f", d);
        }
        return String.valueOf(v);
    }

    public String json() {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"name\":").append(q(name)).append(",\"description\":").append(q(description));
        sb.append(",\"machine\":{\"cores\":").append(Runtime.getRuntime().availableProcessors())
                .append(",\"java\":").append(q(System.getProperty("java.version"))).append('}');
        sb.append(",\"summary\":{");
        String sep = "";
        for (Map.Entry<String, Object> e : summary.entrySet()) {
            sb.append(sep).append(q(e.getKey())).append(':').append(val(e.getValue()));
            sep = ",";
        }
        sb.append("},\"rows\":[");
        sep = "";
        for (Map<String, Object> r : rows) {
            sb.append(sep).append('{');
            String s2 = "";
            for (Map.Entry<String, Object> e : r.entrySet()) {
                sb.append(s2).append(q(e.getKey())).append(':').append(val(e.getValue()));
                s2 = ",";
            }
            sb.append('}');
            sep = ",";
        }
        return sb.append("]}\n").toString();
    }

    private static String val(Object v) {
        if (v instanceof Number || v instanceof Boolean) {
            double d = v instanceof Number n ? n.doubleValue() : 0;
            return Double.isFinite(d) ? String.valueOf(v) : "null";
        }
        return v == null ? "null" : q(String.valueOf(v));
    }

    private static String q(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format(Locale.ROOT, "\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }

    /** Prints the table and writes the JSON file; returns the JSON path. */
    public Path publish() throws IOException {
        System.out.print(table());
        Path dir = Path.of(System.getProperty("bench.out", "bench-results"));
        Files.createDirectories(dir);
        Path f = dir.resolve(name + ".json");
        Files.writeString(f, json(), StandardCharsets.UTF_8);
        System.out.println("written: " + f.toAbsolutePath());
        return f;
    }
}
