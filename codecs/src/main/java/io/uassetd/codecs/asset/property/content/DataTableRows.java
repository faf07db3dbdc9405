package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.types.StructValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What follows a DataTable's properties: the UObject's lazy-object GUID (bool32, then an FGuid when
 * set), then the rows UDataTable::Serialize writes: an int32 count, then per row its FName and the
 * row struct (RowStruct) serialized as a struct (tagged or unversioned).
 */
public final class DataTableRows implements ClassData {
    /** One row: its name and its struct value. */
    public record Row(FName name, StructValue value) {
    }

    private final FGuid objectGuid;
    private final String rowStruct;
    private final List<Row> rows;

    /** Rows from their parts (e.g. a serialized form); {@code objectGuid} null when the flag is false. */
    public DataTableRows(FGuid objectGuid, String rowStruct, List<Row> rows) {
        this.objectGuid = objectGuid;
        this.rowStruct = rowStruct;
        this.rows = new ArrayList<>(rows);
    }

    static DataTableRows read(PropertyReader r, String rowStruct) {
        r.push("Rows");
        try {
            FGuid guid = r.readObjectGuid();
            int n = r.count(8, "data table row");
            List<Row> out = new ArrayList<>(Math.min(n, 4096));
            for (int i = 0; i < n; i++) {
                FName name = r.in().readFName();
                r.push("[" + r.name(name) + "]");
                try {
                    out.add(new Row(name, new StructValue(rowStruct, PropertyList.read(r, rowStruct))));
                } finally {
                    r.pop();
                }
            }
            return new DataTableRows(guid, rowStruct, out);
        } finally {
            r.pop();
        }
    }

    @Override
    public void write(PropertyWriter w) {
        w.writeObjectGuid(objectGuid);
        w.out().writeI32(rows.size());
        for (Row row : rows) {
            w.out().writeFName(row.name());
            row.value().write(w);
        }
    }

    /** The UObject's GUID written before the rows, or null when its flag is false. */
    public FGuid objectGuid() {
        return objectGuid;
    }

    /** The row struct's name (from the RowStruct property), or null. */
    public String rowStruct() {
        return rowStruct;
    }

    /** The rows (live, editable). */
    public List<Row> rows() {
        return rows;
    }

    /** The row with this name, or null. */
    public Row row(AssetPackage pkg, String name) {
        for (Row row : rows) {
            if (pkg.names().render(row.name()).equalsIgnoreCase(name)) {
                return row;
            }
        }
        return null;
    }

    @Override
    public int rawCount() {
        return rows.stream().mapToInt(row -> row.value().properties().rawCount()).sum();
    }

    /** Row name -> row view. */
    public Map<String, Object> view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        rows.forEach(row -> m.put(pkg.names().render(row.name()), row.value().view(pkg)));
        return m;
    }
}
