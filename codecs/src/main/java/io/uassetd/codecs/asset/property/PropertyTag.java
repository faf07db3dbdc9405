package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.codecs.asset.version.PackageVersion;
import java.util.List;

/**
 * FPropertyTag, the header before each tagged property value. Two layouts:
 * <ul>
 * <li>before UE5.4 (PROPERTY_TAG_COMPLETE_TYPE_NAME): FName Name, FName Type, int32 Size, int32
 * ArrayIndex, then by type StructName + StructGuid (STRUCT_GUID_IN_PROPERTY_TAG), uint8 BoolVal,
 * EnumName, InnerType (INNER_ARRAY_TAG_INFO for arrays, PROPERTY_TAG_SET_MAP_SUPPORT for sets and
 * maps), ValueType; uint8 HasPropertyGuid + FGuid (PROPERTY_GUID_IN_PROPERTY_TAG); property
 * extensions (PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION);</li>
 * <li>UE5.4 and later: FName Name, FPropertyTypeName, int32 Size, uint8 EPropertyTagFlags, then
 * ArrayIndex, PropertyGuid and extensions as the flags say; a bool's value is a flag.</li>
 * </ul>
 * The list of tags ends with the name {@code None}. Everything read is kept so the tag writes back
 * byte-identical; {@code size} is the size read and is recomputed on write.
 */
public record PropertyTag(FName name, FName type, PropertyTypeName typeName, int size, int arrayIndex,
        FName structName, FGuid structGuid, int boolVal, FName enumName, FName innerType, FName valueType,
        boolean hasPropertyGuid, FGuid propertyGuid, int flags, byte[] extensions) {

    /** EPropertyTagFlags. */
    public static final int HAS_ARRAY_INDEX = 0x01;
    public static final int HAS_PROPERTY_GUID = 0x02;
    public static final int HAS_PROPERTY_EXTENSIONS = 0x04;
    public static final int HAS_BINARY_OR_NATIVE_SERIALIZE = 0x08;
    public static final int BOOL_TRUE = 0x10;
    public static final int SKIPPED_SERIALIZE = 0x20;

    /** EPropertyTagExtension::OverridableInformation. */
    private static final int EXTENSION_OVERRIDABLE = 0x02;

    public static boolean completeTypeName(PackageVersion v) {
        return v.atLeast(ObjectVersionUE5.PROPERTY_TAG_COMPLETE_TYPE_NAME);
    }

    /** Reads a tag; null for the {@code None} that ends the list. */
    public static PropertyTag read(PropertyReader r) {
        var in = r.in();
        PackageVersion v = in.version();
        FName name = in.readFName();
        if ("None".equals(r.name(name))) {
            return null;
        }
        if (completeTypeName(v)) {
            PropertyTypeName typeName = PropertyTypeName.read(r);
            int size = in.readI32();
            int flags = in.readU8();
            int arrayIndex = (flags & HAS_ARRAY_INDEX) != 0 ? in.readI32() : 0;
            FGuid guid = (flags & HAS_PROPERTY_GUID) != 0 ? in.readGuid() : null;
            byte[] ext = (flags & HAS_PROPERTY_EXTENSIONS) != 0 ? readExtensions(r) : null;
            return new PropertyTag(name, typeName.name(), typeName, size, arrayIndex, null, null, 0, null, null, null,
                    guid != null, guid, flags, ext);
        }
        FName type = in.readFName();
        int size = in.readI32();
        int arrayIndex = in.readI32();
        String kind = r.name(type);
        FName structName = null;
        FGuid structGuid = null;
        int boolVal = 0;
        FName enumName = null;
        FName innerType = null;
        FName valueType = null;
        switch (kind) {
            case "StructProperty" -> {
                structName = in.readFName();
                if (v.atLeast(ObjectVersion.STRUCT_GUID_IN_PROPERTY_TAG)) {
                    structGuid = in.readGuid();
                }
            }
            case "BoolProperty" -> boolVal = in.readU8();
            case "ByteProperty", "EnumProperty" -> enumName = in.readFName();
            case "ArrayProperty" -> {
                if (v.atLeast(ObjectVersion.INNER_ARRAY_TAG_INFO)) {
                    innerType = in.readFName();
                }
            }
            case "OptionalProperty" -> innerType = in.readFName();
            case "SetProperty" -> {
                if (v.atLeast(ObjectVersion.PROPERTY_TAG_SET_MAP_SUPPORT)) {
                    innerType = in.readFName();
                }
            }
            case "MapProperty" -> {
                if (v.atLeast(ObjectVersion.PROPERTY_TAG_SET_MAP_SUPPORT)) {
                    innerType = in.readFName();
                    valueType = in.readFName();
                }
            }
            default -> {
            }
        }
        boolean hasGuid = false;
        FGuid guid = null;
        if (v.atLeast(ObjectVersion.PROPERTY_GUID_IN_PROPERTY_TAG)) {
            int h = in.readU8();
            if (h > 1) {
                throw r.corrupt("HasPropertyGuid is " + h + ", expected 0 or 1", in.position() - 1);
            }
            hasGuid = h == 1;
            if (hasGuid) {
                guid = in.readGuid();
            }
        }
        byte[] ext = v.atLeast(ObjectVersionUE5.PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION) ? readExtensions(r) : null;
        return new PropertyTag(name, type, null, size, arrayIndex, structName, structGuid, boolVal, enumName, innerType,
                valueType, hasGuid, guid, 0, ext);
    }

    /** The property extensions: uint8 EPropertyTagExtension, then (overridable) uint8 operation and a bool32. */
    private static byte[] readExtensions(PropertyReader r) {
        var in = r.in();
        long at = in.position();
        int ext = in.readU8();
        if ((ext & ~EXTENSION_OVERRIDABLE) != 0) {
            throw r.corrupt("Unknown property tag extensions 0x" + Integer.toHexString(ext), at);
        }
        in.seek(at);
        return in.readBytes((ext & EXTENSION_OVERRIDABLE) != 0 ? 6 : 1);
    }

    /** Writes the tag with the given value size. */
    public void write(PropertyWriter w, int valueSize) {
        var out = w.out();
        out.writeFName(name);
        if (typeName != null) {
            typeName.write(w);
            out.writeI32(valueSize);
            out.writeU8(flags);
            if ((flags & HAS_ARRAY_INDEX) != 0) {
                out.writeI32(arrayIndex);
            }
            if ((flags & HAS_PROPERTY_GUID) != 0) {
                out.writeGuid(propertyGuid);
            }
            if ((flags & HAS_PROPERTY_EXTENSIONS) != 0) {
                out.writeBytes(extensions);
            }
            return;
        }
        PackageVersion v = out.version();
        out.writeFName(type);
        out.writeI32(valueSize);
        out.writeI32(arrayIndex);
        if (structName != null) {
            out.writeFName(structName);
            if (structGuid != null) {
                out.writeGuid(structGuid);
            }
        }
        if (kindIs(w, "BoolProperty")) {
            out.writeU8(boolVal);
        }
        if (enumName != null) {
            out.writeFName(enumName);
        }
        if (innerType != null) {
            out.writeFName(innerType);
        }
        if (valueType != null) {
            out.writeFName(valueType);
        }
        if (v.atLeast(ObjectVersion.PROPERTY_GUID_IN_PROPERTY_TAG)) {
            out.writeU8(hasPropertyGuid ? 1 : 0);
            if (hasPropertyGuid) {
                out.writeGuid(propertyGuid);
            }
        }
        if (extensions != null) {
            out.writeBytes(extensions);
        }
    }

    private boolean kindIs(PropertyWriter w, String kind) {
        return kind.equals(w.pkg().names().render(type));
    }

    /** The value type the tag describes (element structs of old maps and sets are unknown: null). */
    public PropertyType valueType(PropertyReader r) {
        if (typeName != null) {
            return typeName.toType(r);
        }
        String kind = r.name(type);
        return switch (kind) {
            case "StructProperty" -> PropertyType.struct(r.name(structName));
            case "ByteProperty", "EnumProperty" -> new PropertyType(kind, null, enumName == null ? null : r.name(enumName),
                    null, null);
            case "ArrayProperty", "SetProperty", "OptionalProperty" ->
                new PropertyType(kind, null, null, innerType == null ? null : elementType(r.name(innerType)), null);
            case "MapProperty" -> new PropertyType(kind, null, null, innerType == null ? null : elementType(r.name(innerType)),
                    valueType == null ? null : elementType(r.name(valueType)));
            default -> PropertyType.of(kind);
        };
    }

    private static PropertyType elementType(String kind) {
        return PropertyType.of(kind);
    }

    /** The bool a BoolProperty tag carries. */
    public boolean boolValue() {
        return typeName != null ? (flags & BOOL_TRUE) != 0 : boolVal != 0;
    }

    /** A copy carrying another bool value. */
    public PropertyTag withBool(boolean value) {
        return new PropertyTag(name, type, typeName, size, arrayIndex, structName, structGuid, value ? 1 : 0, enumName,
                innerType, valueType, hasPropertyGuid, propertyGuid,
                typeName != null ? (value ? flags | BOOL_TRUE : flags & ~BOOL_TRUE) : flags, extensions);
    }

    /** True when a UE5.4+ tag says the struct value is binary (native) rather than tagged properties. */
    public boolean binaryOrNative() {
        return (flags & HAS_BINARY_OR_NATIVE_SERIALIZE) != 0;
    }

    /**
     * A new tag for a property of a simple type (no struct, enum or element type), in the layout the
     * package's version uses, with the property extensions of {@code template} (a sibling tag, or
     * null); names are added to the name map.
     */
    public static PropertyTag simple(PropertyWriter w, String propertyName, String kind, int arrayIndex, PropertyTag template) {
        FName name = w.name(propertyName);
        FName type = w.name(kind);
        PackageVersion v = w.pkg().version();
        byte[] ext = v.atLeast(ObjectVersionUE5.PROPERTY_TAG_EXTENSION_AND_OVERRIDABLE_SERIALIZATION) ? new byte[1] : null;
        if (template != null) {
            ext = template.extensions();
        }
        if (completeTypeName(v)) {
            int flags = (arrayIndex != 0 ? HAS_ARRAY_INDEX : 0) | (ext != null && template != null
                    && (template.flags() & HAS_PROPERTY_EXTENSIONS) != 0 ? HAS_PROPERTY_EXTENSIONS : 0);
            return new PropertyTag(name, type, new PropertyTypeName(type, List.of()), 0, arrayIndex, null, null, 0, null,
                    null, null, false, null, flags, (flags & HAS_PROPERTY_EXTENSIONS) != 0 ? ext : null);
        }
        return new PropertyTag(name, type, null, 0, arrayIndex, null, null, 0, null, null, null, false, null, 0, ext);
    }
}
