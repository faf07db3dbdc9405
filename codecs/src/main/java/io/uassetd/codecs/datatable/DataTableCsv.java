package io.uassetd.codecs.datatable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.error.InputFileException;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A DataTable export of a package (its UAssetAPI-schema JSON tree) as the editor's CSV, and a CSV
 * applied back to it. Columns are the row struct's properties in the order the rows store them (a
 * static array is one column, {@code (a,b,c)}); a cell is empty where a row does not store the
 * property (tagged data leaves out values equal to the struct's default, which a cooked package does
 * not hold). Applying a CSV keeps every cell whose text is unchanged exactly as stored, parses the
 * others into the property's type, adds and removes rows, and orders the rows as the CSV does.
 */
public final class DataTableCsv {
    /** The first header cell the editor writes. */
    public static final String ROW_NAME_HEADER = "---";

    /** A table as CSV text. */
    public record Exported(String exportName, String rowStruct, List<String> columns, int rowCount, String csv) {
    }

    /** What applying a CSV changed: cells changed in rows that existed, rows added and removed, whether rows moved. */
    public record Applied(String exportName, int rowCount, int changedCells, List<String> addedRows, List<String> removedRows,
                          List<String> changedRows, boolean reordered) {
        public boolean changed() {
            return changedCells > 0 || !addedRows.isEmpty() || !removedRows.isEmpty() || reordered;
        }
    }

    private DataTableCsv() {
    }

    /** The names of the package's DataTable exports. */
    public static List<String> tables(JsonNode tree) {
        List<String> out = new ArrayList<>();
        for (JsonNode e : tree.path("Exports")) {
            if (e.has("Table") && e.path("Table").has("Data")) {
                out.add(e.path("ObjectName").asText());
            }
        }
        return out;
    }

    private static ObjectNode table(JsonNode tree, String exportName, String file) {
        List<String> names = tables(tree);
        if (names.isEmpty()) {
            throw new InputFileException("The package is not a DataTable (it holds no DataTable export): " + file, file, false);
        }
        String name = exportName;
        if (name == null || name.isBlank()) {
            if (names.size() > 1) {
                throw new CsvFormatException("The package holds " + names.size() + " DataTables " + names + ": name one with export_name",
                        file, "Exports");
            }
            name = names.get(0);
        }
        for (JsonNode e : tree.path("Exports")) {
            if (e.has("Table") && e.path("ObjectName").asText().equalsIgnoreCase(name)) {
                return (ObjectNode) e;
            }
        }
        throw new CsvFormatException("No DataTable export '" + name + "' (the package holds " + names + ")", file, "Exports");
    }

    private static ArrayNode rows(ObjectNode table) {
        return (ArrayNode) table.path("Table").get("Data");
    }

    private static String rowStruct(ObjectNode table, ArrayNode rows) {
        for (JsonNode r : rows) {
            if (r.hasNonNull("StructType")) {
                return r.get("StructType").asText();
            }
        }
        return null;
    }

    /** Columns: property names in the order the rows store them, merged over all rows. */
    static List<String> columns(ArrayNode rows) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (JsonNode row : rows) {
            int last = -1;
            for (JsonNode p : row.path("Value")) {
                String name = p.path("Name").asText();
                String key = name.toLowerCase(Locale.ROOT);
                if (seen.add(key)) {
                    out.add(last + 1, name);
                    last = last + 1;
                } else {
                    for (int i = 0; i < out.size(); i++) {
                        if (out.get(i).equalsIgnoreCase(name)) {
                            last = Math.max(last, i);
                        }
                    }
                }
            }
        }
        return out;
    }

    private static List<JsonNode> cellNodes(JsonNode row, String column) {
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode p : row.path("Value")) {
            if (p.path("Name").asText().equalsIgnoreCase(column)) {
                out.add(p);
            }
        }
        return out;
    }

    private static String cell(CellText text, List<JsonNode> nodes) {
        if (nodes.isEmpty()) {
            return "";
        }
        if (nodes.size() == 1 && nodes.get(0).path("ArrayIndex").asInt(0) == 0) {
            return text.export(nodes.get(0), false);
        }
        List<String> parts = new ArrayList<>();
        nodes.forEach(n -> parts.add(text.export(n, true)));
        return "(" + String.join(",", parts) + ")";
    }

    /** The table as the editor's CSV ({@code ---,Col,...} then a line per row, values quoted). */
    public static Exported toCsv(JsonNode tree, String exportName, Usmap mappings, String file) {
        ObjectNode table = table(tree, exportName, file);
        ArrayNode rows = rows(table);
        List<String> columns = columns(rows);
        CellText text = new CellText(tree, mappings);
        StringBuilder sb = new StringBuilder(ROW_NAME_HEADER);
        columns.forEach(c -> sb.append(',').append(c));
        sb.append('\n');
        for (JsonNode row : rows) {
            sb.append(row.path("Name").asText());
            for (String c : columns) {
                sb.append(',').append(Csv.quote(cell(text, cellNodes(row, c))));
            }
            sb.append('\n');
        }
        return new Exported(table.path("ObjectName").asText(), rowStruct(table, rows), columns, rows.size(), sb.toString());
    }

    /**
     * Applies a CSV to the table in {@code tree} (changed in place): rows in the CSV's order, rows
     * it lacks removed, new rows made from the first row's layout; cells whose text is unchanged keep
     * their stored form. Errors name the CSV line, the row and the column.
     */
    public static Applied apply(ObjectNode tree, String exportName, String csvText, String csvFile, Usmap mappings) {
        ObjectNode table = table(tree, exportName, csvFile);
        ArrayNode rows = rows(table);
        List<String> columns = columns(rows);
        CellText text = new CellText(tree, mappings);
        List<Csv.Line> lines = Csv.read(csvText, csvFile);
        if (lines.isEmpty()) {
            throw new CsvFormatException("The CSV is empty (no header line)", csvFile, "CSV header");
        }
        Csv.Line header = lines.get(0);
        List<String> cols = new ArrayList<>();
        for (int i = 1; i < header.cells().size(); i++) {
            String h = header.cells().get(i).trim();
            String match = null;
            for (String c : columns) {
                if (c.equalsIgnoreCase(h)) {
                    match = c;
                }
            }
            if (match == null) {
                throw new CsvFormatException("Column '" + h + "' is not a property the table's rows store (" + columns + ")", csvFile,
                        "CSV line " + header.number() + ", column " + (i + 1));
            }
            if (cols.contains(match)) {
                throw new CsvFormatException("Column '" + h + "' appears twice", csvFile, "CSV line " + header.number());
            }
            cols.add(match);
        }
        Map<String, JsonNode> prototypes = new LinkedHashMap<>();
        for (String c : columns) {
            for (JsonNode row : rows) {
                for (JsonNode p : cellNodes(row, c)) {
                    if (!CellText.isZeroOnly(p) && !prototypes.containsKey(c)) {
                        prototypes.put(c, p);
                    }
                }
            }
            if (!prototypes.containsKey(c)) {
                for (JsonNode row : rows) {
                    List<JsonNode> n = cellNodes(row, c);
                    if (!n.isEmpty() && !prototypes.containsKey(c)) {
                        prototypes.put(c, n.get(0));
                    }
                }
            }
        }
        Map<String, JsonNode> byName = new LinkedHashMap<>();
        List<String> oldOrder = new ArrayList<>();
        for (JsonNode r : rows) {
            byName.put(r.path("Name").asText(), r);
            oldOrder.add(r.path("Name").asText());
        }
        ArrayNode out = rows.arrayNode();
        List<String> added = new ArrayList<>();
        List<String> changedRows = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int changedCells = 0;
        for (int li = 1; li < lines.size(); li++) {
            Csv.Line line = lines.get(li);
            String name = line.cells().get(0).trim();
            String where = "CSV line " + line.number();
            if (name.isEmpty() || name.equalsIgnoreCase("None")) {
                throw new CsvFormatException("Row without a name", csvFile, where);
            }
            if (!seen.add(name.toLowerCase(Locale.ROOT))) {
                throw new CsvFormatException("Duplicate row name '" + name + "'", csvFile, where);
            }
            if (line.cells().size() - 1 > cols.size()) {
                throw new CsvFormatException("Row '" + name + "' has " + (line.cells().size() - 1) + " values for " + cols.size()
                        + " columns (a malformed quote?)", csvFile, where);
            }
            JsonNode existing = byName.get(name);
            ObjectNode row;
            if (existing != null) {
                row = ((ObjectNode) existing).deepCopy();
            } else {
                if (rows.isEmpty()) {
                    throw new CsvFormatException("Row '" + name + "' is new and the table has no row to take its layout from", csvFile, where);
                }
                row = ((ObjectNode) rows.get(0)).deepCopy();
                row.put("Name", name);
                added.add(name);
            }
            int rowChanges = 0;
            for (int ci = 0; ci < cols.size() && ci + 1 < line.cells().size(); ci++) {
                String column = cols.get(ci);
                String value = line.cells().get(ci + 1);
                List<JsonNode> current = cellNodes(row, column);
                if (value.equals(cell(text, current))) {
                    continue;
                }
                String at = where + ", row '" + name + "', column '" + column + "'";
                try {
                    rowChanges += setCell(text, row, columns, column, current, prototypes.get(column), value);
                } catch (IllegalArgumentException e) {
                    throw new CsvFormatException("Cannot set " + column + " of row '" + name + "' to '" + value + "': " + e.getMessage(),
                            csvFile, at);
                }
            }
            if (rowChanges > 0 && existing != null) {
                changedRows.add(name);
                changedCells += rowChanges;
            }
            out.add(row);
        }
        List<String> removed = new ArrayList<>();
        for (String n : oldOrder) {
            if (!seen.contains(n.toLowerCase(Locale.ROOT))) {
                removed.add(n);
            }
        }
        List<String> newOrder = new ArrayList<>();
        out.forEach(r -> newOrder.add(r.path("Name").asText()));
        List<String> kept = new ArrayList<>(oldOrder);
        kept.removeAll(removed);
        List<String> keptNew = new ArrayList<>(newOrder);
        keptNew.removeAll(added);
        boolean reordered = !kept.equals(keptNew);
        rows.removeAll();
        rows.addAll(out);
        return new Applied(table.path("ObjectName").asText(), out.size(), changedCells, added, removed, changedRows, reordered);
    }

    private static int setCell(CellText text, ObjectNode row, List<String> columns, String column, List<JsonNode> current,
                               JsonNode prototype, String value) {
        ArrayNode props = (ArrayNode) row.get("Value");
        if (current.isEmpty()) {
            if (value.isEmpty()) {
                return 0;
            }
            if (prototype == null) {
                throw new IllegalArgumentException("no row stores this property, so its type is not known");
            }
            JsonNode parsed = text.parse(value, prototype, null, false);
            int pos = insertPosition(props, columns, column);
            props.insert(pos, parsed);
            return 1;
        }
        if (current.size() == 1 && current.get(0).path("ArrayIndex").asInt(0) == 0) {
            JsonNode old = current.get(0);
            if (!text.editable(old)) {
                throw new IllegalArgumentException("values of kind " + CellText.kind(old) + " cannot be edited in a CSV");
            }
            JsonNode parsed = text.parse(value, old, prototype, false);
            replace(props, old, parsed);
            return 1;
        }
        List<JsonNode> parsed = text.parseStatic(value, current);
        for (int i = 0; i < current.size(); i++) {
            replace(props, current.get(i), parsed.get(i));
        }
        return 1;
    }

    private static void replace(ArrayNode props, JsonNode old, JsonNode parsed) {
        for (int i = 0; i < props.size(); i++) {
            if (props.get(i) == old) {
                props.set(i, parsed);
                return;
            }
        }
        throw new IllegalStateException("cell node not in its row");
    }

    private static int insertPosition(ArrayNode props, List<String> columns, String column) {
        int order = columns.indexOf(column);
        int pos = 0;
        for (int i = 0; i < props.size(); i++) {
            int o = columns.indexOf(props.get(i).path("Name").asText());
            if (o >= 0 && o < order) {
                pos = i + 1;
            }
        }
        return pos;
    }
}
