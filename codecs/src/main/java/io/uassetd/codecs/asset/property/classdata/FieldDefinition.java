package io.uassetd.codecs.asset.property.classdata;

import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * One FProperty of a struct's ChildProperties, as UStruct::SerializeProperties writes it: the
 * property class name (FName), FField::Serialize (Name, then EObjectFlags as uint32),
 * FProperty::Serialize (ArrayDim, ElementSize, PropertyFlags as uint64, RepIndex as uint16,
 * RepNotifyFunc, BlueprintReplicationCondition as uint8), then the class's own fields: a bool's six
 * layout bytes (FieldSize, ByteOffset, ByteMask, FieldMask, BoolSize, bIsNativeBool), the objects it
 * refers to (Enum, Struct, PropertyClass and MetaClass, InterfaceClass, SignatureFunction), a field
 * path's property class name, and the inner properties (an array's or set's element, a map's key and
 * value, an enum's underlying property), each with its own class name first.
 *
 * @param layout how the int32s after the flags are stored, see {@link Layout}
 * @param boolLayout the six bytes of a BoolProperty, else null
 * @param fieldPathClass a FieldPathProperty's property class, else null
 */
public record FieldDefinition(FName type, FName name, long objectFlags, int arrayDim, int elementSize, long propertyFlags,
        int repIndex, FName repNotifyFunc, int replicationCondition, byte[] boolLayout, List<PackageIndex> objects,
        FName fieldPathClass, List<FieldDefinition> inner, Layout layout) {

    /** Deepest nesting of inner properties accepted. */
    static final int MAX_DEPTH = 16;

    /** The int32s between EObjectFlags and PropertyFlags. */
    public enum Layout {
        /** ArrayDim and ElementSize (UE4.25 to UE5.x). */
        ARRAY_DIM_AND_ELEMENT_SIZE,
        /**
         * One int32, read as ElementSize (its values in the UE5.8 fixtures are 1, 4, 16 and 24 for a
         * bool, an int, an FString and an FVector); ArrayDim is not stored and taken as 1. Seen in the
         * UE5.8 fixtures; the engine change behind it is not confirmed, so the layout is chosen by
         * trying both (see {@link UserDefinedStructData}).
         */
        ELEMENT_SIZE_ONLY
    }

    public FieldDefinition {
        objects = List.copyOf(objects);
        inner = List.copyOf(inner);
        boolLayout = boolLayout == null ? null : boolLayout.clone();
    }

    @Override
    public byte[] boolLayout() {
        return boolLayout == null ? null : boolLayout.clone();
    }

    /** Reads one property, its class name first. */
    static FieldDefinition read(PropertyReader r, Layout layout, int depth) {
        if (depth > MAX_DEPTH) {
            throw r.corrupt("Property definitions nested deeper than " + MAX_DEPTH);
        }
        var in = r.in();
        FName type = in.readFName();
        String kind = r.name(type);
        FName name = in.readFName();
        r.name(name);
        long flags = in.readU32();
        int arrayDim = layout == Layout.ARRAY_DIM_AND_ELEMENT_SIZE ? in.readI32() : 1;
        int elementSize = in.readI32();
        long propertyFlags = in.readI64();
        int repIndex = in.readU16();
        FName repNotify = in.readFName();
        r.name(repNotify);
        int condition = in.readU8();
        byte[] bool = null;
        List<PackageIndex> objects = new ArrayList<>(2);
        FName fieldPath = null;
        List<FieldDefinition> inner = new ArrayList<>(2);
        switch (kind) {
            case "BoolProperty" -> bool = in.readBytes(6);
            case "ByteProperty", "StructProperty", "ObjectProperty", "ObjectPtrProperty", "WeakObjectProperty",
                "LazyObjectProperty", "SoftObjectProperty", "InterfaceProperty", "DelegateProperty",
                "MulticastDelegateProperty", "MulticastInlineDelegateProperty", "MulticastSparseDelegateProperty" ->
                objects.add(in.readPackageIndex());
            case "ClassProperty", "ClassPtrProperty", "SoftClassProperty" -> {
                objects.add(in.readPackageIndex());
                objects.add(in.readPackageIndex());
            }
            case "EnumProperty" -> {
                objects.add(in.readPackageIndex());
                inner.add(read(r, layout, depth + 1));
            }
            case "FieldPathProperty" -> {
                fieldPath = in.readFName();
                r.name(fieldPath);
            }
            case "ArrayProperty", "SetProperty", "OptionalProperty" -> inner.add(read(r, layout, depth + 1));
            case "MapProperty" -> {
                inner.add(read(r, layout, depth + 1));
                inner.add(read(r, layout, depth + 1));
            }
            case "Int8Property", "Int16Property", "IntProperty", "Int64Property", "UInt16Property", "UInt32Property",
                "UInt64Property", "FloatProperty", "DoubleProperty", "NameProperty", "StrProperty", "TextProperty",
                "Utf8StrProperty", "AnsiStrProperty" -> {
            }
            default -> throw r.corrupt("Unknown property class " + kind + " in a struct definition");
        }
        for (PackageIndex i : objects) {
            if (!i.isNull()) {
                r.pkg().objectName(i);
            }
        }
        return new FieldDefinition(type, name, flags, arrayDim, elementSize, propertyFlags, repIndex, repNotify, condition,
                bool, objects, fieldPath, inner, layout);
    }

    void write(PropertyWriter w) {
        var out = w.out();
        out.writeFName(type);
        out.writeFName(name);
        out.writeU32(objectFlags);
        if (layout == Layout.ARRAY_DIM_AND_ELEMENT_SIZE) {
            out.writeI32(arrayDim);
        }
        out.writeI32(elementSize);
        out.writeI64(propertyFlags);
        out.writeU16(repIndex);
        out.writeFName(repNotifyFunc);
        out.writeU8(replicationCondition);
        if (boolLayout != null) {
            out.writeBytes(boolLayout);
        }
        objects.forEach(out::writePackageIndex);
        if (fieldPathClass != null) {
            out.writeFName(fieldPathClass);
        }
        inner.forEach(i -> i.write(w));
    }
}
