package io.uassetd.codecs.usmap;

/**
 * A property type tree node: the kind, and by kind the struct name (Struct), the enum name and its
 * underlying type (Enum: {@code inner}), the element type (Array, Set, Optional: {@code inner}) or
 * the key and value types (Map: {@code inner}, {@code value}).
 */
public record UsmapType(UsmapPropertyKind kind, String structName, String enumName, UsmapType inner, UsmapType value) {

    public static UsmapType simple(UsmapPropertyKind kind) {
        return new UsmapType(kind, null, null, null, null);
    }

    @Override
    public String toString() {
        return switch (kind) {
            case STRUCT -> "StructProperty<" + structName + ">";
            case ENUM -> "EnumProperty<" + enumName + ":" + inner + ">";
            case ARRAY, SET, OPTIONAL -> kind.unrealName() + "<" + inner + ">";
            case MAP -> "MapProperty<" + inner + "," + value + ">";
            default -> kind.unrealName();
        };
    }
}
