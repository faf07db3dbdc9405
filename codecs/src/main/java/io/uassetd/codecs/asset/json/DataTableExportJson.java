package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.DataTableRows;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.types.StructValue;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * UAssetAPI's DataTableExport: a NormalExport whose rows follow in {@code Table.Data}, one
 * StructPropertyData per row (the row name in {@code Name}), after the UObject's {@code ObjectGuid}.
 */
final class DataTableExportJson extends NormalExportJson {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.DataTableExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        return e.content() instanceof PropertyExportContent c && c.rows() != null;
    }

    @Override
    void writeAfterProperties(JsonContext c, PropertyExportContent content, JsonGenerator g) throws IOException {
        DataTableRows rows = content.rows();
        g.writeStringField("ObjectGuid", JsonNames.guid(rows.objectGuid()));
        g.writeObjectFieldStart("Table");
        g.writeArrayFieldStart("Data");
        for (DataTableRows.Row row : rows.rows()) {
            g.writeStartObject();
            g.writeStringField("$type", ValueJson.STRUCT);
            c.names().writeField(g, "Name", row.name());
            g.writeStringField("StructType", row.value().structName());
            g.writeFieldName("Value");
            c.props().writeList(g, row.value().properties());
            c.props().writeListExtras(g, row.value().properties());
            g.writeEndObject();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    @Override
    DataTableRows readAfterProperties(JsonContext c, PropertyList properties, JsonIn in) {
        List<DataTableRows.Row> rows = new ArrayList<>();
        String rowStruct = null;
        for (JsonIn r : in.get("Table").get("Data").elements()) {
            String struct = r.textOr("StructType", null);
            rowStruct = rowStruct == null ? struct : rowStruct;
            rows.add(new DataTableRows.Row(c.names().read(r.get("Name")),
                    new StructValue(struct, c.props().readList(r.get("Value"), struct, r))));
        }
        return new DataTableRows(JsonNames.guid(in.opt("ObjectGuid")), rowStruct, rows);
    }

    @Override
    boolean objectGuidInBody() {
        return false; // part of this type's class data
    }
}
