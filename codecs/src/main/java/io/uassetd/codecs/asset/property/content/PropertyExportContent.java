package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.ClassData;
import java.util.List;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ExportContent;
import io.uassetd.codecs.asset.ObjectExport;

/**
 * An export as properties: the serialization-control prefix UE5.3+ writes before tagged properties
 * (EClassSerializationControlExtension, kept raw), the property list, then the class-specific
 * bytes that follow: read into a {@link ClassData} model where the class has one (DataTable rows,
 * string tables, enums, user-defined structs), the rest kept raw. Set on the
 * export, it makes the writer serialize from the properties; an unchanged export writes back
 * byte-identical, and the export's script serialization end offset follows size changes.
 */
public final class PropertyExportContent implements ExportContent {
    private final byte[] prefix;
    private final PropertyList properties;
    private int propertiesSize;
    private final ClassData data;
    private byte[] extras;

    PropertyExportContent(byte[] prefix, PropertyList properties, int propertiesSize, ClassData data, byte[] extras) {
        this.prefix = prefix.clone();
        this.properties = properties;
        this.propertiesSize = propertiesSize;
        this.data = data;
        this.extras = extras.clone();
    }

    /**
     * Content from its parts, e.g. from a serialized form: the serialization-control prefix, the
     * properties, the byte size the properties had as read (so the script serialization end offset
     * follows edits), the DataTable rows (or null) and the bytes kept raw after them.
     */
    public static PropertyExportContent of(byte[] prefix, PropertyList properties, int propertiesSize, DataTableRows rows,
            byte[] extras) {
        return new PropertyExportContent(prefix, properties, propertiesSize, rows, extras);
    }

    /** The serialization-control prefix (EClassSerializationControlExtension and its operation byte), kept raw. */
    public byte[] prefix() {
        return prefix.clone();
    }

    /** Byte size of the property list as last read or written (without the prefix). */
    public int propertiesSize() {
        return propertiesSize;
    }

    /** The export's properties (live, editable). */
    public PropertyList properties() {
        return properties;
    }

    /** The get_export_properties rows of the export's properties. */
    public List<PropertyRow> propertyRows(AssetPackage pkg) {
        return PropertyRow.of(pkg, properties);
    }

    /** An editor over the export's properties. */
    public PropertyEditor editor(AssetPackage pkg) {
        return new PropertyEditor(pkg, properties);
    }

    /** The DataTable rows, or null when the export is not a DataTable (or its rows were kept raw). */
    public DataTableRows rows() {
        return data instanceof DataTableRows d ? d : null;
    }

    /** The class-specific data after the properties as a model, or null when there is none (or it was kept raw). */
    public ClassData classData() {
        return data;
    }

    /** The bytes after the properties (and the class data) that this code keeps raw. */
    public byte[] extras() {
        return extras.clone();
    }

    public void setExtras(byte[] extras) {
        this.extras = extras.clone();
    }

    /** Bytes of the serialization-control prefix and the property list as last read or written. */
    public int scriptPropertiesSize() {
        return prefix.length + propertiesSize;
    }

    /** Values (recursively) kept raw, rows included. */
    public int rawCount() {
        return properties.rawCount() + (data == null ? 0 : data.rawCount());
    }

    @Override
    public byte[] serialize(AssetPackage pkg, Export export) {
        PropertyWriter w = new PropertyWriter(pkg);
        w.out().writeBytes(prefix);
        properties.write(w);
        int newSize = w.position() - prefix.length;
        if (data != null) {
            data.write(w);
        }
        w.out().writeBytes(extras);
        ObjectExport e = export.entry();
        if (newSize != propertiesSize && e.scriptSerializationEndOffset() > 0) {
            export.setEntry(e.withScriptSerialization(e.scriptSerializationStartOffset(),
                    e.scriptSerializationEndOffset() + newSize - propertiesSize));
            propertiesSize = newSize;
        }
        return w.toByteArray();
    }
}
