package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.classdata.StringTableData;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * UAssetAPI's StringTableExport: after the properties, {@code Table} =
 * {@code {"TableNamespace": ..., "Value": [[key, source string], ...]}} (UAssetAPI's FStringTable
 * form) and, as uassetd adds, the UObject's {@code ObjectGuid}. The per-key metadata that follows
 * the entries is not parsed by UAssetAPI and stays at the front of {@code Extras}, as in its files.
 *
 * <p>A table holding a string in the encoding Unreal would not pick for it (UTF-16 for ASCII text,
 * or the one-character empty form) cannot say so in this shape; it is written as a NormalExport
 * with the table serialized in {@code Extras} instead, so the bytes still come back exactly.
 */
final class StringTableExportJson extends NormalExportJson {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.StringTableExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        if (!(e.content() instanceof PropertyExportContent c && c.rows() == null && c.classData() instanceof StringTableData t)) {
            return false;
        }
        if (!plain(t.storedNamespace())) {
            return false;
        }
        for (StringTableData.Entry x : t.entries()) {
            if (!plain(x.key()) || !plain(x.source())) {
                return false;
            }
        }
        return true;
    }

    /** True when the string is stored as {@link FString#of} would store its text. */
    private static boolean plain(FString s) {
        return FString.of(s.text()).equals(s);
    }

    @Override
    void writeAfterProperties(JsonContext c, PropertyExportContent content, JsonGenerator g) throws IOException {
        StringTableData t = (StringTableData) content.classData();
        g.writeStringField("ObjectGuid", JsonNames.guid(t.objectGuid()));
        g.writeObjectFieldStart("Table");
        g.writeStringField("TableNamespace", t.storedNamespace().value());
        g.writeArrayFieldStart("Value");
        for (StringTableData.Entry x : t.entries()) {
            g.writeStartArray();
            g.writeString(x.key().value());
            g.writeString(x.source().value());
            g.writeEndArray();
        }
        g.writeEndArray();
        g.writeEndObject();
    }

    @Override
    byte[] extras(JsonContext c, PropertyExportContent content) {
        PropertyWriter w = new PropertyWriter(c.pkg());
        ((StringTableData) content.classData()).writeMetadata(w);
        w.out().writeBytes(content.extras());
        return w.out().toByteArray();
    }

    @Override
    byte[] classDataFromJson(JsonContext c, JsonIn in) {
        JsonIn table = in.get("Table");
        List<StringTableData.Entry> entries = new ArrayList<>();
        for (JsonIn pair : table.get("Value").elements()) {
            List<JsonIn> kv = pair.elements();
            if (kv.size() != 2) {
                throw pair.error("A string table entry is [key, source string]");
            }
            entries.add(new StringTableData.Entry(string(kv.get(0)), string(kv.get(1))));
        }
        PropertyWriter w = new PropertyWriter(c.pkg());
        StringTableData.writeTable(w, JsonNames.guid(in.opt("ObjectGuid")), string(table.opt("TableNamespace")), entries);
        return w.out().toByteArray();
    }

    private static FString string(JsonIn in) {
        return in == null || in.isNull() ? FString.EMPTY : FString.of(in.asText());
    }

    @Override
    boolean objectGuidInBody() {
        return false; // part of this type's class data
    }
}
