package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.structs.NativeStructValue;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.property.types.BoolValue;
import io.uassetd.codecs.asset.property.types.DelegateValue;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.types.EnumValue;
import io.uassetd.codecs.asset.property.types.InstancedStructValue;
import io.uassetd.codecs.asset.property.types.FieldPathValue;
import io.uassetd.codecs.asset.property.types.LazyObjectValue;
import io.uassetd.codecs.asset.property.types.MulticastDelegateValue;
import io.uassetd.codecs.asset.property.types.NameValue;
import io.uassetd.codecs.asset.property.types.NumericValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.asset.property.types.SoftObjectValue;
import io.uassetd.codecs.asset.property.types.StrValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.property.types.TextValue;

/**
 * Reads a value by its type: the dispatcher over the type families. {@code tag} is the property's
 * tag for a top-level tagged value and null inside containers and unversioned data (where a bool
 * is a byte); {@code elementSize} is the byte size of one element when the caller knows it (a
 * tagged array of bytes stores enum names or bytes), else -1.
 */
public final class PropertyValues {
    private PropertyValues() {
    }

    public static PropertyValue read(PropertyType t, PropertyReader r, PropertyTag tag, int elementSize) {
        if (t == null) {
            throw r.corrupt("Element type unknown");
        }
        String kind = t.kind();
        if (NumericValue.handles(kind)) {
            return NumericValue.read(kind, r);
        }
        if (StrValue.handles(kind)) {
            return StrValue.read(kind, r);
        }
        if (ObjectValue.handles(kind)) {
            return ObjectValue.read(kind, r);
        }
        if (SoftObjectValue.handles(kind)) {
            return SoftObjectValue.read(kind, r);
        }
        if (MulticastDelegateValue.handles(kind)) {
            return MulticastDelegateValue.read(kind, r);
        }
        return switch (kind) {
            case "BoolProperty" -> tag != null ? new BoolValue(tag.boolValue(), true) : readBoolByte(r);
            case "ByteProperty" -> readByte(t, r, tag, elementSize);
            case "EnumProperty" -> r.unversioned()
                    ? EnumValue.readNumber(kind, r, width(t.inner()), t.enumName())
                    : EnumValue.readName(kind, r, t.enumName());
            case "NameProperty" -> NameValue.read(r);
            case "TextProperty" -> TextValue.read(r);
            case "LazyObjectProperty" -> LazyObjectValue.read(r);
            case "DelegateProperty" -> DelegateValue.read(r);
            case "FieldPathProperty" -> FieldPathValue.read(r);
            case "ArrayProperty", "SetProperty" -> Containers.readArray(t, r, tag);
            case "MapProperty" -> Containers.readMap(t, r);
            case "OptionalProperty" -> Containers.readOptional(t, r);
            case "StructProperty" -> readStruct(t.structName(), r, tag);
            default -> throw r.corrupt("Unsupported property type " + kind);
        };
    }

    private static BoolValue readBoolByte(PropertyReader r) {
        long at = r.in().position();
        int b = r.in().readU8();
        if (b > 1) {
            throw r.corrupt("Bool byte is " + b + ", expected 0 or 1", at);
        }
        return new BoolValue(b == 1, false);
    }

    private static EnumValue readByte(PropertyType t, PropertyReader r, PropertyTag tag, int elementSize) {
        int size = tag != null ? tag.size() : elementSize;
        if (!r.unversioned() && size == 8) {
            return EnumValue.readName("ByteProperty", r, t.enumName());
        }
        return EnumValue.readNumber("ByteProperty", r, 1, t.enumName());
    }

    private static InstancedStructValue readInstancedStruct(PropertyReader r) {
        var in = r.in();
        long at = in.position();
        PackageIndex struct = in.readPackageIndex();
        if (struct.isNull() || struct.isExport() && struct.exportIndex() >= r.pkg().exports().size()
                || struct.isImport() && struct.importIndex() >= r.pkg().imports().size()) {
            if (!struct.isNull()) {
                throw r.corrupt("Instanced struct type " + struct + " outside the import/export maps", at);
            }
        }
        long sizeAt = in.position();
        int size = in.readI32();
        if (size < 0 || size > in.remaining()) {
            throw r.corrupt("Instanced struct size " + size + " exceeds the " + in.remaining() + " bytes left", sizeAt);
        }
        if (struct.isNull()) {
            if (size != 0) {
                throw r.corrupt("Empty instanced struct with " + size + " bytes", sizeAt);
            }
            return new InstancedStructValue(struct, null);
        }
        String name = r.pkg().objectName(struct);
        long end = in.position() + size;
        StructValue v = new StructValue(name, PropertyList.read(r, name));
        if (in.position() != end) {
            throw r.corrupt("Instanced struct " + name + " read " + (in.position() - end + size) + " of " + size + " bytes");
        }
        return new InstancedStructValue(struct, v);
    }

    /** Bytes of an enum's underlying integer type (ByteProperty when not given). */
    static int width(PropertyType underlying) {
        if (underlying == null) {
            return 1;
        }
        int w = NumericValue.width(underlying.kind());
        return w == 0 ? 1 : w;
    }

    /**
     * A struct value: native structs field by field, others as their property list. In UE5.4+ tags
     * a struct flagged binary/native that this code has no layout for cannot be read.
     */
    static PropertyValue readStruct(String structName, PropertyReader r, PropertyTag tag) {
        if ("InstancedStruct".equalsIgnoreCase(structName)) {
            return readInstancedStruct(r);
        }
        NativeStructs.Layout layout = NativeStructs.layout(structName, r.pkg());
        if (layout != null && (tag == null || tag.typeName() == null || tag.binaryOrNative())) {
            return NativeStructValue.read(layout, r);
        }
        if (tag != null && tag.binaryOrNative()) {
            throw r.corrupt("Struct " + structName + " has a native serializer this reader does not know");
        }
        if (r.unversioned() && structName == null) {
            throw r.corrupt("Struct type unknown for unversioned data");
        }
        return new StructValue(structName, PropertyList.read(r, structName));
    }
}
