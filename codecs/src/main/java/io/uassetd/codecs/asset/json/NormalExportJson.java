package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.DataTableRows;
import io.uassetd.codecs.asset.property.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.io.IOException;
import java.util.Base64;

/**
 * UAssetAPI's NormalExport: the export's properties in {@code Data}, the serialization-control
 * prefix UE5.3+ writes before them ({@code SerializationControl}, {@code Operation}) and the bytes
 * after them ({@code Extras}, base64); {@code PropertiesSize} (the list's byte size as read) lets
 * the script serialization end offset follow edits. Subclassed by the exports that parse more after the properties.
 */
class NormalExportJson implements ExportJsonType {
    @Override
    public String typeName() {
        return "UAssetAPI.ExportTypes.NormalExport, UAssetAPI";
    }

    @Override
    public boolean writes(Export e) {
        return e.content() instanceof PropertyExportContent c && c.rows() == null;
    }

    @Override
    public void writeBody(JsonContext c, Export e, JsonGenerator g) throws IOException {
        PropertyExportContent content = (PropertyExportContent) e.content();
        byte[] prefix = content.prefix();
        if (prefix.length > 0) {
            g.writeNumberField("SerializationControl", prefix[0] & 0xFF);
        }
        if (prefix.length > 1) {
            g.writeNumberField("Operation", prefix[1] & 0xFF);
        }
        g.writeNumberField("PropertiesSize", content.propertiesSize());
        g.writeFieldName("Data");
        c.props().writeList(g, content.properties());
        c.props().writeListExtras(g, content.properties());
        writeAfterProperties(c, content, g);
        g.writeStringField("Extras", Base64.getEncoder().encodeToString(extras(c, content)));
    }

    /**
     * The bytes after what the JSON gives as values: a class data model other than DataTable rows
     * (string table, user defined struct, ...) has no JSON shape here, so it goes into Extras as its
     * bytes, ahead of the bytes kept raw; reading the JSON back keeps them raw, byte for byte.
     */
    private static byte[] extras(JsonContext c, PropertyExportContent content) {
        byte[] raw = content.extras();
        if (content.classData() == null || content.rows() != null) {
            return raw;
        }
        PropertyWriter w = new PropertyWriter(c.pkg());
        content.classData().write(w);
        w.out().writeBytes(raw);
        return w.out().toByteArray();
    }

    /** What the export type parses between the properties and the extras (nothing for a NormalExport). */
    void writeAfterProperties(JsonContext c, PropertyExportContent content, JsonGenerator g) throws IOException {
    }

    DataTableRows readAfterProperties(JsonContext c, PropertyList properties, JsonIn in) {
        return null;
    }

    /** Bytes the list serializes to (the size "as read" for JSON that does not say). */
    private static int sizeOf(JsonContext c, PropertyList props) {
        PropertyWriter w = new PropertyWriter(c.pkg());
        props.write(w);
        return w.position();
    }

    @Override
    public Body readBody(JsonContext c, Export e, JsonIn in) {
        JsonIn control = in.opt("SerializationControl");
        JsonIn op = in.opt("Operation");
        byte[] prefix = new byte[control == null ? 0 : op == null ? 1 : 2];
        if (control != null) {
            prefix[0] = (byte) control.asInt();
        }
        if (op != null) {
            prefix[1] = (byte) op.asInt();
        }
        PropertyList props = c.props().readList(in.get("Data"), c.pkg().className(e), in);
        DataTableRows rows = readAfterProperties(c, props, in);
        JsonIn extras = in.opt("Extras");
        JsonIn size = in.opt("PropertiesSize");
        int propertiesSize = size != null ? size.asInt() : sizeOf(c, props);
        return new Body(null, PropertyExportContent.of(prefix, props, propertiesSize, rows, extras == null ? new byte[0] : extras.base64()));
    }
}
