package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.AssetPackage;
import java.util.ArrayList;
import java.util.List;

/**
 * One row of get_export_properties: the property name, its type ("IntProperty"), static array
 * index, a JSON-friendly value (null, Boolean, Number, String, List, Map), and by type the struct
 * name, the element type of an array or set, the key and value types of a map (else null).
 */
public record PropertyRow(String name, String type, int arrayIndex, Object value, String structType, String arrayType,
        String keyType, String valueType) {

    /** The row of one property. */
    public static PropertyRow of(AssetPackage pkg, Property p) {
        PropertyType t = p.type();
        String kind = t.kind();
        String struct = null;
        String array = null;
        String key = null;
        String value = null;
        switch (kind) {
            case "StructProperty" -> struct = t.structName();
            case "ArrayProperty", "SetProperty", "OptionalProperty" -> {
                array = t.inner() == null ? null : t.inner().kind();
                struct = t.inner() == null ? null : t.inner().structName();
            }
            case "MapProperty" -> {
                key = t.inner() == null ? null : t.inner().kind();
                value = t.value() == null ? null : t.value().kind();
            }
            case "ByteProperty", "EnumProperty" -> struct = null;
            default -> {
            }
        }
        return new PropertyRow(p.name(pkg), kind, p.arrayIndex(), p.value().view(pkg), struct, array, key, value);
    }

    /** The rows of a property list, in order. */
    public static List<PropertyRow> of(AssetPackage pkg, PropertyList list) {
        List<PropertyRow> out = new ArrayList<>(list.properties().size());
        list.properties().forEach(p -> out.add(of(pkg, p)));
        return out;
    }
}
