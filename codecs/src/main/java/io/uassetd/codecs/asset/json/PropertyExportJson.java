package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.version.CustomVersionGate;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * UAssetAPI's PropertyExport (a UProperty export of a package from before UE4.25's FProperties), read only:
 * after the properties and the object GUID, {@code Property} = a {@code UAssetAPI.FieldTypes.U...Property}
 * object: UField's {@code Next} (when UAssetAPI read it), UProperty's {@code ArrayDim}, {@code PropertyFlags}
 * ({@code CPF_...}), {@code RepNotifyFunc} and, from FReleaseObjectVersion's PropertiesSerializeRepCondition (21),
 * {@code BlueprintReplicationCondition}; then its class's fields ({@code Enum} and {@code UnderlyingProp},
 * {@code Inner}, {@code ElementProp}, {@code PropertyClass}, {@code MetaClass}, {@code SignatureFunction},
 * {@code InterfaceClass}, {@code KeyProp} and {@code ValueProp}, a bool's {@code ElementSize} and
 * {@code NativeBool}, {@code Struct}), in Unreal's order in front of {@code Extras}.
 */
final class PropertyExportJson extends ReadOnlyExportJson {

    PropertyExportJson() {
        super("PropertyExport");
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        JsonIn p = in.get("Property");
        String type = p.get("$type").asText();
        String cls = type.startsWith("UAssetAPI.FieldTypes.U") && type.endsWith(", UAssetAPI")
                ? type.substring("UAssetAPI.FieldTypes.".length(), type.length() - ", UAssetAPI".length()) : null;
        if (cls == null) {
            throw p.get("$type").error("Unknown UProperty $type " + type);
        }
        var out = w.out();
        if (p.has("Next")) {
            out.writeI32(p.get("Next").asInt());
        }
        out.writeI32((int) StructExportJson.enumValue(p.opt("ArrayDim"), StructExportJson.ARRAY_DIM, 1));
        JsonIn flags = p.opt("PropertyFlags");
        out.writeI64(flags == null ? 0 : UAssetApiJson.flags(flags, StructExportJson.PROPERTY_FLAGS));
        JsonIn rep = p.opt("RepNotifyFunc");
        out.writeFName(rep == null ? w.name("None") : c.names().read(rep));
        if (c.pkg().summary().atLeast(CustomVersionGate.RELEASE_PROPERTIES_SERIALIZE_REP_CONDITION)) {
            out.writeU8((int) StructExportJson.enumValue(p.opt("BlueprintReplicationCondition"), StructExportJson.LIFETIME_CONDITION, 0));
        }
        switch (cls) {
            case "UEnumProperty" -> {
                out.writeI32(p.intOr("Enum", 0));
                out.writeI32(p.intOr("UnderlyingProp", 0));
            }
            case "UArrayProperty" -> out.writeI32(p.intOr("Inner", 0));
            case "USetProperty" -> out.writeI32(p.intOr("ElementProp", 0));
            case "UObjectProperty", "UWeakObjectProperty", "USoftObjectProperty", "ULazyObjectProperty", "UAssetObjectProperty" ->
                out.writeI32(p.intOr("PropertyClass", 0));
            case "UClassProperty", "UAssetClassProperty", "USoftClassProperty" -> {
                out.writeI32(p.intOr("PropertyClass", 0));
                out.writeI32(p.intOr("MetaClass", 0));
            }
            case "UDelegateProperty", "UMulticastDelegateProperty", "UMulticastInlineDelegateProperty",
                "UMulticastSparseDelegateProperty" -> out.writeI32(p.intOr("SignatureFunction", 0));
            case "UInterfaceProperty" -> out.writeI32(p.intOr("InterfaceClass", 0));
            case "UMapProperty" -> {
                out.writeI32(p.intOr("KeyProp", 0));
                out.writeI32(p.intOr("ValueProp", 0));
            }
            case "UBoolProperty" -> {
                out.writeU8(p.intOr("ElementSize", 1) & 0xFF);
                out.writeU8(p.boolOr("NativeBool", true) ? 1 : 0);
            }
            case "UByteProperty" -> out.writeI32(p.intOr("Enum", 0));
            case "UStructProperty" -> out.writeI32(p.intOr("Struct", 0));
            case "UNameProperty", "UStrProperty", "UTextProperty", "UNumericProperty", "UDoubleProperty", "UFloatProperty",
                "UIntProperty", "UInt8Property", "UInt16Property", "UInt64Property", "UUInt16Property", "UUInt32Property",
                "UUInt64Property", "UGenericProperty" -> {
                // no fields of their own
            }
            default -> throw p.get("$type").error("Unknown UProperty class " + cls);
        }
    }
}
