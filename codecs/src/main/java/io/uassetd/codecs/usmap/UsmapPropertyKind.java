package io.uassetd.codecs.usmap;

import java.util.Optional;

/** EPropertyType as .usmap stores it (one byte), with the Unreal property class name. */
public enum UsmapPropertyKind {
    BYTE(0, "ByteProperty"), BOOL(1, "BoolProperty"), INT(2, "IntProperty"), FLOAT(3, "FloatProperty"),
    OBJECT(4, "ObjectProperty"), NAME(5, "NameProperty"), DELEGATE(6, "DelegateProperty"), DOUBLE(7, "DoubleProperty"),
    ARRAY(8, "ArrayProperty"), STRUCT(9, "StructProperty"), STR(10, "StrProperty"), TEXT(11, "TextProperty"),
    INTERFACE(12, "InterfaceProperty"), MULTICAST_DELEGATE(13, "MulticastDelegateProperty"),
    WEAK_OBJECT(14, "WeakObjectProperty"), LAZY_OBJECT(15, "LazyObjectProperty"), ASSET_OBJECT(16, "AssetObjectProperty"),
    SOFT_OBJECT(17, "SoftObjectProperty"), UINT64(18, "UInt64Property"), UINT32(19, "UInt32Property"),
    UINT16(20, "UInt16Property"), INT64(21, "Int64Property"), INT16(22, "Int16Property"), INT8(23, "Int8Property"),
    MAP(24, "MapProperty"), SET(25, "SetProperty"), ENUM(26, "EnumProperty"), FIELD_PATH(27, "FieldPathProperty"),
    OPTIONAL(28, "OptionalProperty"), UTF8_STR(29, "Utf8StrProperty"), ANSI_STR(30, "AnsiStrProperty"),
    UNKNOWN(0xFF, "Unknown");

    private final int id;
    private final String unrealName;

    UsmapPropertyKind(int id, String unrealName) {
        this.id = id;
        this.unrealName = unrealName;
    }

    public int id() {
        return id;
    }

    /** The property class name ("IntProperty", ...). */
    public String unrealName() {
        return unrealName;
    }

    public static Optional<UsmapPropertyKind> of(int id) {
        for (UsmapPropertyKind k : values()) {
            if (k.id == id) {
                return Optional.of(k);
            }
        }
        return Optional.empty();
    }
}
