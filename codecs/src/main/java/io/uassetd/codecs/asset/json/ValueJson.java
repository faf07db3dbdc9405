package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.version.ObjectVersion;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.types.StructInnerTag;
import io.uassetd.codecs.asset.property.structs.NativeStructValue;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.BoolValue;
import io.uassetd.codecs.asset.property.types.EnumValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.NameValue;
import io.uassetd.codecs.asset.property.types.NumericValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.asset.property.types.RawValue;
import io.uassetd.codecs.asset.property.types.StrValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.property.types.ZeroValue;
import java.io.IOException;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Property values in UAssetAPI's JSON: each value is an object whose {@code $type} names the
 * UAssetAPI PropertyData class and whose {@code Value} holds the data (numbers, strings, names,
 * package indexes, nested property lists, arrays of element objects, maps as [key, value] pairs).
 * Values this code has no structured form for (text, soft paths, delegates, native structs, values
 * the binary reader kept raw, ...) become {@code UnknownPropertyData} with the property type in
 * {@code SerializingPropertyType} and their exact bytes in base64, so nothing is lost.
 */
final class ValueJson {
    static final String OBJECTS = "UAssetAPI.PropertyTypes.Objects.";
    static final String STRUCTS = "UAssetAPI.PropertyTypes.Structs.";
    static final String ASSEMBLY = ", UAssetAPI";
    static final String UNKNOWN = OBJECTS + "UnknownPropertyData" + ASSEMBLY;
    static final String STRUCT = STRUCTS + "StructPropertyData" + ASSEMBLY;

    /** Property kind -> UAssetAPI $type. */
    private static final Map<String, String> TYPE_OF_KIND = new HashMap<>();
    /** UAssetAPI $type -> the kind it stands for when SerializingPropertyType is absent. */
    private static final Map<String, String> KIND_OF_TYPE = new HashMap<>();
    /** UAssetAPI $types of subclasses (WeakObjectPropertyData, ...) -> the kind they hold; read as their base class. */
    private static final Map<String, String> SUBCLASS_KIND = new HashMap<>();

    static {
        for (String k : List.of("Int8", "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64", "Float", "Double", "Bool", "Str",
                "Name", "Byte", "Enum", "Object", "Array", "Set", "Map")) {
            String type = OBJECTS + k + "PropertyData" + ASSEMBLY;
            TYPE_OF_KIND.put(k + "Property", type);
            KIND_OF_TYPE.put(type, k + "Property");
        }
        TYPE_OF_KIND.put("StructProperty", STRUCT);
        KIND_OF_TYPE.put(STRUCT, "StructProperty");
        KIND_OF_TYPE.put(ReferenceJson.TEXT, "TextProperty");
        KIND_OF_TYPE.put(ReferenceJson.SOFT, "SoftObjectProperty");
        KIND_OF_TYPE.put(ReferenceJson.DELEGATE, "DelegateProperty");
        KIND_OF_TYPE.put(ReferenceJson.FIELD_PATH, "FieldPathProperty");
        ReferenceJson.MULTICAST.forEach(k -> KIND_OF_TYPE.put(ReferenceJson.multicastType(k), k));
        for (String k : List.of("ClassProperty", "InterfaceProperty", "WeakObjectProperty")) {
            TYPE_OF_KIND.put(k, TYPE_OF_KIND.get("ObjectProperty"));
        }
        for (String k : List.of("Utf8StrProperty", "AnsiStrProperty")) {
            TYPE_OF_KIND.put(k, TYPE_OF_KIND.get("StrProperty"));
        }
        // UAssetAPI's own classes for kinds uassetd writes as ObjectPropertyData/StrPropertyData with SerializingPropertyType
        for (String k : List.of("WeakObjectProperty", "InterfaceProperty", "Utf8StrProperty")) {
            String type = OBJECTS + k + "Data" + ASSEMBLY;
            SUBCLASS_KIND.put(type, k);
            KIND_OF_TYPE.put(type, k);
        }
    }

    /** Every $type {@link #read} accepts (the inventory's property rows that have a reader). */
    static java.util.Set<String> readTypes() {
        java.util.Set<String> out = new java.util.TreeSet<>(KIND_OF_TYPE.keySet());
        out.addAll(SUBCLASS_KIND.keySet());
        for (NativeStructs.Layout l : NativeStructs.layouts()) {
            if (NativeStructJson.layoutOf(STRUCTS + l.name() + "PropertyData" + ASSEMBLY) != null) {
                out.add(STRUCTS + l.name() + "PropertyData" + ASSEMBLY);
            }
        }
        out.add(UNKNOWN);
        return out;
    }

    /** Every $type the writer produces. */
    static java.util.Set<String> writtenTypes() {
        java.util.Set<String> out = new java.util.TreeSet<>(TYPE_OF_KIND.values());
        out.addAll(ReferenceJson.writtenTypes());
        for (NativeStructs.Layout l : NativeStructs.layouts()) {
            if (NativeStructJson.layoutOf(STRUCTS + l.name() + "PropertyData" + ASSEMBLY) != null) {
                out.add(STRUCTS + l.name() + "PropertyData" + ASSEMBLY);
            }
        }
        out.add(UNKNOWN);
        return out;
    }

    private final AssetPackage pkg;
    private final JsonNames names;
    private final PropertyJson props;
    private final NativeStructJson natives;
    private final ReferenceJson references;

    ValueJson(AssetPackage pkg, JsonNames names, PropertyJson props) {
        this.pkg = pkg;
        this.names = names;
        this.props = props;
        this.natives = new NativeStructJson(pkg, names);
        this.references = new ReferenceJson(pkg, names);
    }

    /** True for the value classes that have a structured JSON form. */
    private static boolean structured(PropertyValue v) {
        return v instanceof NumericValue || v instanceof BoolValue || v instanceof StrValue || v instanceof NameValue
                || v instanceof EnumValue || v instanceof ObjectValue || v instanceof StructValue || v instanceof ArrayValue
                || v instanceof MapValue || v instanceof ZeroValue || v instanceof NativeStructValue n && NativeStructJson.handles(n)
                || ReferenceJson.typeName(v) != null;
    }

    /** The $type a value is written with. */
    static String typeName(PropertyValue v) {
        if (!structured(v)) {
            return UNKNOWN;
        }
        if (v instanceof NativeStructValue n) {
            return NativeStructJson.typeName(n);
        }
        String reference = ReferenceJson.typeName(v);
        if (reference != null) {
            return reference;
        }
        return TYPE_OF_KIND.getOrDefault(v.type(), UNKNOWN);
    }

    // ---- writing -----------------------------------------------------------------------------------

    /** A value as a standalone element object ($type and value fields). */
    void element(JsonGenerator g, PropertyValue v) throws IOException {
        g.writeStartObject();
        g.writeStringField("$type", typeName(v));
        writeFields(g, v);
        g.writeEndObject();
    }

    /** Writes the value's fields (not $type) into the object being written. */
    void writeFields(JsonGenerator g, PropertyValue v) throws IOException {
        String type = typeName(v);
        if (v instanceof NativeStructValue n && !type.equals(UNKNOWN)) {
            g.writeFieldName("Value");
            natives.write(g, n);
            return;
        }
        if (!v.type().equals(KIND_OF_TYPE.get(type))) {
            g.writeStringField("SerializingPropertyType", v.type());
        }
        if (type.equals(UNKNOWN)) {
            writeRaw(g, v);
            return;
        }
        if (ReferenceJson.typeName(v) != null) {
            references.write(g, v);
            return;
        }
        if (v instanceof NumericValue n) {
            writeNumber(g, n);
        } else if (v instanceof BoolValue b) {
            g.writeBooleanField("Value", b.value());
        } else if (v instanceof StrValue s) {
            FString f = s.value();
            g.writeStringField("Value", f.value());
            if (f.value() != null && f.wide() == FString.isAnsi(f.value())) {
                g.writeBooleanField("Wide", f.wide());
            }
        } else if (v instanceof NameValue n) {
            names.writeField(g, "Value", n.value());
        } else if (v instanceof EnumValue e) {
            writeEnum(g, e);
        } else if (v instanceof ObjectValue ob) {
            g.writeNumberField("Value", ob.value().value());
        } else if (v instanceof StructValue s) {
            g.writeStringField("StructType", s.structName());
            g.writeBooleanField("SerializeNone", true);
            g.writeFieldName("Value");
            props.writeList(g, s.properties());
            props.writeListExtras(g, s.properties());
        } else if (v instanceof ArrayValue a) {
            writeArray(g, a);
        } else if (v instanceof MapValue m) {
            writeMap(g, m);
        } else if (!(v instanceof ZeroValue)) {
            throw new IllegalStateException("No JSON form for " + v.getClass().getSimpleName());
        }
    }

    private void writeRaw(JsonGenerator g, PropertyValue v) throws IOException {
        PropertyWriter w = new PropertyWriter(pkg);
        v.write(w);
        g.writeFieldName("Value");
        g.writeBinary(w.toByteArray());
        if (v instanceof RawValue r && r.reason() != null) {
            g.writeStringField("Reason", r.reason());
        }
    }

    private static void writeNumber(JsonGenerator g, NumericValue n) throws IOException {
        long bits = n.bits();
        switch (n.type()) {
            case "FloatProperty" -> {
                float f = Float.intBitsToFloat((int) bits);
                if (exactFloat((int) bits)) {
                    g.writeNumberField("Value", f);
                } else {
                    g.writeStringField("Value", Float.toString(f));
                    g.writeNumberField("Bits", (int) bits);
                }
            }
            case "DoubleProperty" -> {
                double d = Double.longBitsToDouble(bits);
                if (Double.isFinite(d)) {
                    g.writeNumberField("Value", d);
                } else {
                    g.writeStringField("Value", Double.toString(d));
                    g.writeNumberField("Bits", bits);
                }
            }
            case "UInt64Property" -> {
                if (bits >= 0) {
                    g.writeNumberField("Value", bits);
                } else {
                    g.writeNumberField("Value", new BigInteger(Long.toUnsignedString(bits)));
                }
            }
            default -> g.writeNumberField("Value", bits);
        }
    }

    /**
     * True when a float's JSON number (its shortest decimal form) reads back as exactly these bits;
     * false for NaN, infinities and NaN payloads, which are written as their bits instead.
     */
    static boolean exactFloat(int bits) {
        float f = Float.intBitsToFloat(bits);
        return Float.isFinite(f) && Float.floatToRawIntBits((float) Double.parseDouble(Float.toString(f))) == bits;
    }

    private void writeEnum(JsonGenerator g, EnumValue e) throws IOException {
        if (e.type().equals("ByteProperty")) {
            g.writeStringField("ByteType", e.name() != null ? "FName" : "Byte");
        }
        g.writeStringField("EnumType", e.enumName());
        if (e.name() != null) {
            // UAssetAPI's BytePropertyData keeps the name in EnumValue, its EnumPropertyData in Value
            names.writeField(g, e.type().equals("ByteProperty") ? "EnumValue" : "Value", e.name());
            return;
        }
        g.writeNumberField("Value", e.number());
        if (e.width() != 1) {
            g.writeNumberField("Width", e.width());
        }
        if (e.label() != null) {
            g.writeStringField("Label", e.label());
        }
    }

    private void writeArray(JsonGenerator g, ArrayValue a) throws IOException {
        g.writeStringField("ArrayType", a.inner() == null ? null : a.inner().kind());
        if (a.inner() != null) {
            g.writeFieldName("InnerType");
            props.writeType(g, a.inner());
        }
        if (a.innerTag() instanceof StructInnerTag t) {
            g.writeFieldName("InnerTag");
            props.writeTag(g, t.tag(), true);
        } else if (a.innerTag() != null) {
            throw new IllegalStateException("Unknown inner tag " + a.innerTag().getClass());
        }
        if (a.removed() != null) {
            g.writeFieldName("ElementsToRemove");
            elements(g, a.removed());
        }
        g.writeFieldName("Value");
        elements(g, a.items());
    }

    private void writeMap(JsonGenerator g, MapValue m) throws IOException {
        g.writeStringField("KeyType", m.keyType() == null ? null : m.keyType().kind());
        g.writeStringField("ValueType", m.valueType() == null ? null : m.valueType().kind());
        g.writeFieldName("KeyPropertyType");
        props.writeType(g, m.keyType());
        g.writeFieldName("ValuePropertyType");
        props.writeType(g, m.valueType());
        g.writeFieldName("KeysToRemove");
        elements(g, m.removedKeys());
        g.writeArrayFieldStart("Value");
        for (MapValue.Entry e : m.entries()) {
            g.writeStartArray();
            element(g, e.key());
            element(g, e.value());
            g.writeEndArray();
        }
        g.writeEndArray();
    }

    private void elements(JsonGenerator g, List<PropertyValue> values) throws IOException {
        g.writeStartArray();
        for (PropertyValue v : values) {
            element(g, v);
        }
        g.writeEndArray();
    }

    // ---- reading -----------------------------------------------------------------------------------

    /** The property kind a value object stands for (its SerializingPropertyType, else its $type's). */
    static String kindOf(JsonIn in) {
        String type = in.get("$type").asText();
        JsonIn serializing = in.opt("SerializingPropertyType");
        if (serializing != null) {
            return serializing.asText();
        }
        if (NativeStructJson.layoutOf(type) != null) {
            return "StructProperty";
        }
        String kind = KIND_OF_TYPE.get(type);
        if (kind == null) {
            throw in.get("$type").error(type.equals(UNKNOWN) ? "UnknownPropertyData needs SerializingPropertyType"
                    : "Unknown or unsupported $type " + type);
        }
        return kind;
    }

    /**
     * A value from its JSON object. {@code inTag}: a top-level tagged property (a bool lives in the
     * tag there).
     */
    PropertyValue read(JsonIn in, boolean inTag) {
        JsonIn typeField = in.get("$type");
        String type = typeField.asText();
        String kind = kindOf(in);
        if (kind.equals(SUBCLASS_KIND.get(type))) {
            type = TYPE_OF_KIND.get(kind);
        }
        if (type.equals(UNKNOWN)) {
            return new RawValue(kind, in.get("Value").base64(), in.textOr("Reason", null));
        }
        NativeStructs.Layout layout = NativeStructJson.layoutOf(type);
        if (layout != null) {
            return natives.read(layout, in.get("Value"));
        }
        if (ReferenceJson.reads(type)) {
            return references.read(type, kind, in);
        }
        if (!type.equals(TYPE_OF_KIND.get(kind))) {
            throw typeField.error("$type " + type + " cannot hold a " + kind);
        }
        if (NumericValue.handles(kind)) {
            return readNumber(kind, in);
        }
        return switch (kind) {
            case "BoolProperty" -> new BoolValue(in.get("Value").asBool(), inTag);
            case "StrProperty", "Utf8StrProperty", "AnsiStrProperty" -> readStr(kind, in);
            case "NameProperty" -> new NameValue(names.read(in.get("Value")));
            case "ByteProperty", "EnumProperty" -> readEnum(kind, in);
            case "ObjectProperty", "ClassProperty", "InterfaceProperty", "WeakObjectProperty" ->
                new ObjectValue(kind, readIndex(in.get("Value")));
            case "StructProperty" -> {
                String struct = in.textOr("StructType", null);
                JsonIn wrapped = nativeElement(struct, in.get("Value"));
                if (wrapped != null) {
                    yield natives.read(NativeStructJson.layoutOf(wrapped.get("$type").asText()), wrapped.get("Value"));
                }
                yield new StructValue(struct, props.readList(in.get("Value"), struct, in));
            }
            case "ArrayProperty", "SetProperty" -> readArray(kind, in);
            case "MapProperty" -> readMap(in);
            default -> throw typeField.error("Unsupported property kind " + kind);
        };
    }

    private PackageIndex readIndex(JsonIn in) {
        int v = in.asInt();
        PackageIndex i = new PackageIndex(v);
        if (i.isImport() && i.importIndex() >= pkg.imports().size() || i.isExport() && i.exportIndex() >= pkg.exports().size()) {
            throw in.error("Package index " + v + " outside the import/export maps");
        }
        return i;
    }

    private static NumericValue readNumber(String kind, JsonIn in) {
        JsonIn bits = in.opt("Bits");
        if (bits != null) {
            return new NumericValue(kind, kind.equals("FloatProperty") ? bits.asInt() : bits.asLong());
        }
        JsonIn value = in.get("Value");
        JsonNode n = value.node();
        if (kind.equals("FloatProperty")) {
            // numbers, and UAssetAPI's strings: "+0", "-0", "NaN", "Infinity", "-Infinity"
            return new NumericValue(kind, value.asFloatBits());
        }
        if (kind.equals("DoubleProperty")) {
            return new NumericValue(kind, value.asDoubleBits());
        }
        try {
            return NumericValue.of(kind, value.asNumber());
        } catch (IllegalArgumentException e) {
            throw value.error(e.getMessage());
        }
    }

    private static StrValue readStr(String kind, JsonIn in) {
        JsonIn value = in.opt("Value");
        if (value == null) {
            return new StrValue(kind, FString.EMPTY);
        }
        String text = value.asText();
        return new StrValue(kind, new FString(text, in.boolOr("Wide", !FString.isAnsi(text))));
    }

    private EnumValue readEnum(String kind, JsonIn in) {
        String enumName = enumType(in, names);
        JsonIn byteType = in.opt("ByteType");
        String form = byteType == null ? null : byteType.asText();
        if ("FName".equals(form) || form == null && in.has("EnumValue") && !in.has("Value")) {
            // UAssetAPI (April 2022 on): an enum byte's name is in EnumValue ("Value" is only for ByteType Byte);
            // uassetd's JSON before it followed UAssetAPI here put the name in Value
            JsonIn name = in.opt("EnumValue");
            return new EnumValue(kind, names.read(name != null ? name : in.get("Value")), 0, 8, enumName, null);
        }
        if ("Long".equals(form)) {
            // UAssetAPI before April 2022: the enum value as the index of its name in the name map (number 0)
            return new EnumValue(kind, nameAt(in.get("Value")), 0, 8, enumName, null);
        }
        if (form != null && !form.equals("Byte")) {
            throw byteType.error("Unknown ByteType " + form + " (Byte, FName, or Long as UAssetAPI wrote before April 2022)");
        }
        JsonIn value = in.get("Value");
        if (value.node().isNumber()) {
            int width = in.intOr("Width", 1);
            if (width != 1 && width != 2 && width != 4 && width != 8) {
                throw in.get("Width").error("Enum width must be 1, 2, 4 or 8");
            }
            return new EnumValue(kind, null, value.asLong(), width, enumName, in.textOr("Label", null));
        }
        return new EnumValue(kind, names.read(value), 0, 8, enumName, null);
    }

    /** The FName at a name-map index (UAssetAPI's JSON before April 2022 wrote some names as their index). */
    private FName nameAt(JsonIn index) {
        int i = index.asInt();
        if (i < 0 || i >= names.map().size()) {
            throw index.error("Name index " + i + " outside the name map (" + names.map().size() + " entries)");
        }
        return new FName(i, 0);
    }

    /**
     * A property's {@code EnumType}: a name, or (UAssetAPI before April 2022) the index of the name in the
     * name map; null when absent.
     */
    static String enumType(JsonIn in, JsonNames names) {
        JsonIn t = in.opt("EnumType");
        if (t == null) {
            return null;
        }
        if (t.node().isIntegralNumber()) {
            int i = t.asInt();
            if (i < 0 || i >= names.map().size()) {
                throw t.error("Name index " + i + " outside the name map (" + names.map().size() + " entries)");
            }
            return names.map().render(new FName(i, 0));
        }
        return t.asText();
    }

    /**
     * UAssetAPI's form of a native struct: a StructPropertyData whose Value is one property of the
     * struct's own class ({@code [{"$type": "...VectorPropertyData...", "Value": {"$type": "...FVector...", "X": ...}}]});
     * that element, or null.
     */
    private static JsonIn nativeElement(String struct, JsonIn value) {
        if (struct == null || !value.node().isArray() || value.node().size() != 1) {
            return null;
        }
        JsonIn e = value.elements().get(0);
        if (!e.node().isObject() || !e.has("$type") || e.has("Tag") || e.has("SchemaIndex")) {
            return null; // uassetd's JSON: a struct serialized as a property list holding one property
        }
        NativeStructs.Layout layout = NativeStructJson.layoutOf(e.get("$type").asText());
        return layout != null && layout.name().equals(struct) && e.has("Value") ? e : null;
    }

    private ArrayValue readArray(String kind, JsonIn in) {
        PropertyType inner = props.readType(in.opt("InnerType"));
        if (inner == null && in.has("ArrayType")) {
            inner = PropertyType.of(in.get("ArrayType").asText());
        }
        JsonIn tag = in.opt("InnerTag");
        StructInnerTag innerTag = tag == null ? null : new StructInnerTag(props.readTag(tag, null));
        if (tag == null && kind.equals("ArrayProperty") && inner != null && inner.kind().equals("StructProperty")
                && !pkg.hasUnversionedProperties() && pkg.version().atLeast(ObjectVersion.INNER_ARRAY_TAG_INFO)
                && !PropertyTag.completeTypeName(pkg.version())) {
            innerTag = props.derivedInnerTag(in);
        }
        List<PropertyValue> removed = null;
        if (kind.equals("SetProperty")) {
            JsonIn r = in.opt("ElementsToRemove");
            removed = r == null ? new ArrayList<>() : elements(r);
        }
        return new ArrayValue(kind, inner, innerTag, removed, elements(in.get("Value")));
    }

    private MapValue readMap(JsonIn in) {
        PropertyType keyType = props.readType(in.opt("KeyPropertyType"));
        PropertyType valueType = props.readType(in.opt("ValuePropertyType"));
        if (keyType == null && in.has("KeyType")) {
            keyType = PropertyType.of(in.get("KeyType").asText());
        }
        if (valueType == null && in.has("ValueType")) {
            valueType = PropertyType.of(in.get("ValueType").asText());
        }
        JsonIn r = in.opt("KeysToRemove");
        List<PropertyValue> removed = r == null ? new ArrayList<>() : elements(r);
        List<MapValue.Entry> entries = new ArrayList<>();
        for (JsonIn pair : in.get("Value").elements()) {
            List<JsonIn> kv = pair.elements();
            if (kv.size() != 2) {
                throw pair.error("A map entry is [key, value]");
            }
            entries.add(new MapValue.Entry(read(kv.get(0), false), read(kv.get(1), false)));
        }
        return new MapValue(keyType, valueType, removed, entries);
    }

    private List<PropertyValue> elements(JsonIn array) {
        List<JsonIn> items = array.elements();
        List<PropertyValue> out = new ArrayList<>(items.size());
        for (JsonIn item : items) {
            out.add(read(item, false));
        }
        return out;
    }
}
