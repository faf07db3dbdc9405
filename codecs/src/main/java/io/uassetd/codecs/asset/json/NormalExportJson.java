package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.node.IntNode;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import java.util.Arrays;
import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.content.DataTableRows;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.io.IOException;

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
        g.writeFieldName("Extras");
        g.writeBinary(extras(c, content));
    }

    /**
     * The bytes after the properties as UAssetAPI's {@code Extras}: a class-data model this JSON
     * form does not spell out (string table, enum, user-defined struct; see {@code compact_json} for
     * a readable view) is serialized in front of the bytes kept raw, so nothing is lost and reading
     * the package written from the JSON parses the model again.
     */
    static byte[] extrasOf(JsonContext c, PropertyExportContent content) {
        ClassData data = content.classData();
        if (data == null || data instanceof DataTableRows) {
            return content.extras();
        }
        PropertyWriter w = new PropertyWriter(c.pkg());
        data.write(w);
        w.out().writeBytes(content.extras());
        return w.out().toByteArray();
    }

    /** The export's {@code Extras}: what follows the properties and what this type writes after them. */
    byte[] extras(JsonContext c, PropertyExportContent content) {
        return extrasOf(c, content);
    }

    /**
     * The class data this type reads from its own fields, serialized: the bytes that go before
     * {@code Extras} (none for a NormalExport, whose class data, if any, is inside {@code Extras}).
     */
    byte[] classDataFromJson(JsonContext c, JsonIn in) {
        return new byte[0];
    }

    static final int RF_CLASS_DEFAULT_OBJECT = 0x10;

    /**
     * True when UAssetAPI's {@code ObjectGuid} field of this type is the UObject's GUID that follows the
     * properties, written by this class in front of the class data (false for the types that write it
     * as part of their own class data).
     */
    boolean objectGuidInBody() {
        return true;
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

    /** EClassSerializationControlExtension by UAssetAPI's names (flags), or a number. */
    private static int controlValue(JsonIn in) {
        int v = 0;
        for (String part : in.asText().split("[|,]")) {
            String p = part.trim();
            v |= switch (p) {
                case "NoExtension", "" -> 0;
                case "ReserveForFutureUse" -> 1;
                case "OverridableSerializationInformation" -> 2;
                default -> {
                    if (p.matches("\\d+")) {
                        yield Integer.parseInt(p);
                    }
                    throw in.error("Unknown SerializationControl " + p);
                }
            };
        }
        return v;
    }

    /** EOverriddenPropertyOperation by UAssetAPI's names, or a number. */
    private static int operationValue(JsonIn in) {
        if (in.node().isNumber()) {
            return in.asInt();
        }
        return switch (in.asText().trim()) {
            case "None" -> 0;
            case "Modified" -> 1;
            case "Replaced" -> 2;
            case "Add" -> 3;
            case "Remove" -> 4;
            default -> throw in.error("Unknown Operation " + in.asText());
        };
    }

    @Override
    public Body readBody(JsonContext c, Export e, JsonIn in) {
        JsonIn control = in.opt("SerializationControl");
        JsonIn op = in.opt("Operation");
        if (control != null && control.node().isTextual()) {
            // UAssetAPI writes these as enum names on every export, whatever the version: only packages
            // whose tagged properties start with the control byte keep them
            boolean hasPrefix = !c.pkg().hasUnversionedProperties() && c.pkg().version()
                    .atLeast(ObjectVersionUE5.PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION);
            int value = controlValue(control);
            control = hasPrefix ? new JsonIn(IntNode.valueOf(value), control.path(), control.file()) : null;
            op = control != null && (value & 2) != 0 && op != null
                    ? new JsonIn(IntNode.valueOf(operationValue(op)), op.path(), op.file()) : null;
        }
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
        byte[] classData = classDataFromJson(c, in);
        if (objectGuidInBody() && in.node().has("ObjectGuid") && (e.entry().objectFlags() & RF_CLASS_DEFAULT_OBJECT) == 0) {
            // UAssetAPI (1.0.2 on) parses UObject::Serialize's object GUID after the properties of every export
            // that is not a class default object ("ObjectGuid": null is the bool32 0); uassetd keeps it in Extras
            PropertyWriter w = new PropertyWriter(c.pkg());
            w.writeObjectGuid(JsonNames.guid(in.opt("ObjectGuid")));
            w.out().writeBytes(classData);
            classData = w.out().toByteArray();
        }
        byte[] tail = extras == null ? new byte[0] : extras.base64();
        if (classData.length > 0) {
            byte[] both = Arrays.copyOf(classData, classData.length + tail.length);
            System.arraycopy(tail, 0, both, classData.length, tail.length);
            tail = both;
        }
        return new Body(null, PropertyExportContent.of(prefix, props, propertiesSize, rows, tail));
    }
}
