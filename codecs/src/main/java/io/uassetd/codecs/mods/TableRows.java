package io.uassetd.codecs.mods;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rows of a DataTable or StringTable package, read from its UAssetAPI-schema JSON tree: a
 * DataTable's rows by row name (each row's struct as JSON), a StringTable's entries by key.
 */
public final class TableRows {
    /** The kind of table a package holds. */
    public enum Kind {
        DATA_TABLE("DataTable"), STRING_TABLE("StringTable");

        private final String label;

        Kind(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    private final Kind kind;
    private final Map<String, JsonNode> rows;

    private TableRows(Kind kind, Map<String, JsonNode> rows) {
        this.kind = kind;
        this.rows = rows;
    }

    /** The table of the package's first DataTable or StringTable export; null when it has none. */
    public static TableRows of(JsonNode tree) {
        for (JsonNode e : tree.path("Exports")) {
            String type = e.path("$type").asText("");
            JsonNode table = e.path("Table");
            if (type.contains("DataTableExport") && table.isObject()) {
                Map<String, JsonNode> rows = new LinkedHashMap<>();
                for (JsonNode r : table.path("Data")) {
                    rows.put(r.path("Name").asText(), r.path("Value"));
                }
                return new TableRows(Kind.DATA_TABLE, rows);
            }
            if (type.contains("StringTableExport") && table.isObject()) {
                Map<String, JsonNode> rows = new LinkedHashMap<>();
                for (JsonNode pair : table.path("Value")) {
                    rows.put(pair.path(0).asText(), pair.path(1));
                }
                return new TableRows(Kind.STRING_TABLE, rows);
            }
        }
        return null;
    }

    public Kind kind() {
        return kind;
    }

    public Map<String, JsonNode> rows() {
        return rows;
    }

    /** The rows added, removed or changed from {@code other} to this table, sorted. */
    public Set<String> changedFrom(TableRows other) {
        Set<String> out = new TreeSet<>();
        for (var e : rows.entrySet()) {
            if (!e.getValue().equals(other.rows.get(e.getKey()))) {
                out.add(e.getKey());
            }
        }
        for (String k : other.rows.keySet()) {
            if (!rows.containsKey(k)) {
                out.add(k);
            }
        }
        return out;
    }
}
