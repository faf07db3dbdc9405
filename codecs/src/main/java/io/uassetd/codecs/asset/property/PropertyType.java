package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.usmap.UsmapPropertyKind;
import io.uassetd.codecs.usmap.UsmapType;

/**
 * The type of a property value as the readers need it: the property class name ("IntProperty"),
 * the struct name (StructProperty), the enum name (ByteProperty / EnumProperty), the element type
 * (Array, Set, Optional; for an EnumProperty its underlying integer type) and the value type (Map).
 * Built from a property tag (where container element structs may be unknown: null) or from a usmap
 * type tree.
 */
public record PropertyType(String kind, String structName, String enumName, PropertyType inner, PropertyType value) {

    public static PropertyType of(String kind) {
        return new PropertyType(kind, null, null, null, null);
    }

    public static PropertyType struct(String structName) {
        return new PropertyType("StructProperty", structName, null, null, null);
    }

    public boolean is(String k) {
        return kind.equals(k);
    }

    /** The same type with a struct name filled in (for element types learnt from an inner tag). */
    public PropertyType withStructName(String name) {
        return new PropertyType(kind, name, enumName, inner, value);
    }

    /** The type a usmap type tree describes. */
    public static PropertyType fromUsmap(UsmapType t) {
        if (t == null) {
            return null;
        }
        String kind = t.kind() == UsmapPropertyKind.UNKNOWN ? "Unknown" : t.kind().unrealName();
        return new PropertyType(kind, t.structName(), t.enumName(), fromUsmap(t.inner()), fromUsmap(t.value()));
    }

    @Override
    public String toString() {
        return switch (kind) {
            case "StructProperty" -> kind + "<" + structName + ">";
            case "ArrayProperty", "SetProperty", "OptionalProperty" -> kind + "<" + inner + ">";
            case "MapProperty" -> kind + "<" + inner + "," + value + ">";
            case "EnumProperty", "ByteProperty" -> enumName == null ? kind : kind + "<" + enumName + ">";
            default -> kind;
        };
    }
}
