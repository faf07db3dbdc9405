package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.node.TextNode;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.property.SchemaSource;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import java.util.Map;
import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.types.StructInnerTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyTypeName;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.BoolValue;
import io.uassetd.codecs.asset.property.types.ZeroValue;
import io.uassetd.codecs.asset.property.UnversionedHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;

/**
 * Property lists and properties in UAssetAPI's JSON ({@code Name}, {@code ArrayIndex},
 * {@code IsZero}, {@code PropertyGuid}, {@code DuplicationIndex}, then the value's fields), plus
 * what uassetd keeps to write the bytes back exactly: the tag of a tagged property ({@code Tag}),
 * the schema index of an unversioned one ({@code SchemaIndex}), the property's full type
 * ({@code PropertyType}), a list's non-default terminator and unversioned header.
 */
final class PropertyJson {
    private final AssetPackage pkg;
    private final JsonNames names;
    private final ValueJson values;

    private final SchemaSource schemas;

    PropertyJson(AssetPackage pkg, JsonNames names) {
        this(pkg, names, null);
    }

    PropertyJson(AssetPackage pkg, JsonNames names, SchemaSource schemas) {
        this.pkg = pkg;
        this.names = names;
        this.schemas = schemas;
        this.values = new ValueJson(pkg, names, this);
    }

    // ---- lists -------------------------------------------------------------------------------------

    void writeList(JsonGenerator g, PropertyList list) throws IOException {
        g.writeStartArray();
        for (Property p : list.properties()) {
            writeProperty(g, p);
        }
        g.writeEndArray();
    }

    /** What a list needs beyond its properties, on the object that holds it. */
    void writeListExtras(JsonGenerator g, PropertyList list) throws IOException {
        if (list.isUnversioned()) {
            UnversionedHeader h = list.header();
            if (!h.equals(UnversionedHeader.of(h.slots()))) {
                g.writeObjectFieldStart("UnversionedHeader");
                g.writeArrayFieldStart("Fragments");
                for (UnversionedHeader.Fragment f : h.fragments()) {
                    g.writeStartArray();
                    g.writeNumber(f.skip());
                    g.writeBoolean(f.hasZeroes());
                    g.writeBoolean(f.isLast());
                    g.writeNumber(f.values());
                    g.writeEndArray();
                }
                g.writeEndArray();
                g.writeArrayFieldStart("ZeroMask");
                for (long l : h.zeroMask().toLongArray()) {
                    g.writeNumber(l);
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            return;
        }
        FName t = list.terminator();
        if (t != null && !(t.number() == 0 && names.map().indexOf("None") == t.index())) {
            names.writeField(g, "Terminator", t);
        }
    }

    /** A list from its JSON array; {@code owner} is the object holding the list's extras. */
    PropertyList readList(JsonIn array, String structName, JsonIn owner) {
        List<JsonIn> items = array.elements();
        List<Property> out = new ArrayList<>(items.size());
        boolean unversioned = pkg.hasUnversionedProperties();
        for (JsonIn item : items) {
            out.add(readProperty(item, unversioned, structName));
        }
        if (unversioned) {
            return new PropertyList(structName, out, null, readHeader(owner.opt("UnversionedHeader"), out), null);
        }
        JsonIn t = owner.opt("Terminator");
        return new PropertyList(structName, out, t == null ? names.map().toFName("None") : names.read(t), null, null);
    }

    private static UnversionedHeader readHeader(JsonIn in, List<Property> props) {
        if (in == null) {
            List<UnversionedHeader.Slot> slots = new ArrayList<>(props.size());
            props.stream().sorted((a, b) -> Integer.compare(a.schemaIndex(), b.schemaIndex()))
                    .forEach(p -> slots.add(new UnversionedHeader.Slot(p.schemaIndex(), p.isZero())));
            return UnversionedHeader.of(slots);
        }
        List<UnversionedHeader.Fragment> fragments = new ArrayList<>();
        for (JsonIn f : in.get("Fragments").elements()) {
            List<JsonIn> parts = f.elements();
            if (parts.size() != 4) {
                throw f.error("A fragment is [skip, hasZeroes, isLast, values]");
            }
            fragments.add(new UnversionedHeader.Fragment(parts.get(0).asInt(), parts.get(1).asBool(), parts.get(2).asBool(),
                    parts.get(3).asInt()));
        }
        List<JsonIn> words = in.get("ZeroMask").elements();
        long[] mask = new long[words.size()];
        for (int i = 0; i < mask.length; i++) {
            mask[i] = words.get(i).asLong();
        }
        return new UnversionedHeader(fragments, BitSet.valueOf(mask));
    }

    // ---- properties --------------------------------------------------------------------------------

    void writeProperty(JsonGenerator g, Property p) throws IOException {
        PropertyValue v = p.value();
        PropertyTag tag = p.tag();
        g.writeStartObject();
        g.writeStringField("$type", ValueJson.typeName(v));
        if (tag != null) {
            names.writeField(g, "Name", tag.name());
        } else {
            g.writeStringField("Name", p.name(pkg));
        }
        g.writeNumberField("ArrayIndex", p.arrayIndex());
        g.writeBooleanField("IsZero", p.isZero());
        g.writeStringField("PropertyGuid", tag != null && tag.hasPropertyGuid() ? JsonNames.guid(tag.propertyGuid()) : null);
        g.writeNumberField("DuplicationIndex", 0);
        if (!p.isZero()) {
            values.writeFields(g, v);
        }
        if (tag != null) {
            g.writeFieldName("Tag");
            writeTag(g, tag, false);
        } else {
            g.writeNumberField("SchemaIndex", p.schemaIndex());
        }
        g.writeFieldName("PropertyType");
        writeType(g, p.type());
        g.writeEndObject();
    }

    Property readProperty(JsonIn in, boolean unversioned, String structName) {
        JsonIn typeIn = in.opt("PropertyType");
        PropertyType type = typeIn != null ? readType(typeIn) : derivedType(in);
        int arrayIndex = in.intOr("ArrayIndex", 0);
        if (unversioned) {
            String name = in.get("Name").asText();
            int schemaIndex = in.has("SchemaIndex") ? in.intField("SchemaIndex") : schemaIndex(in, structName, name, arrayIndex);
            boolean zero = in.boolOr("IsZero", false);
            PropertyValue v = zero ? new ZeroValue(type) : values.read(in, false);
            return Property.unversioned(name, type, arrayIndex, schemaIndex, zero, v);
        }
        FName name = names.read(in.get("Name"));
        FGuid guid = JsonNames.guid(in.opt("PropertyGuid"));
        PropertyTag base = new PropertyTag(name, null, null, 0, arrayIndex, null, null, 0, null, null, null, guid != null, guid, 0, null);
        JsonIn tagIn = in.opt("Tag");
        PropertyTag tag = tagIn != null ? readTag(tagIn, base) : null;
        PropertyValue v = values.read(in, true);
        if (tag == null) {
            tag = derivedTag(in, type, v, base);
        }
        if (v instanceof BoolValue b && b.value() != tag.boolValue()) {
            tag = tag.withBool(b.value());
        }
        return Property.tagged(tag, type, v);
    }

    /**
     * The schema index of an unversioned property written without SchemaIndex (UAssetAPI's JSON):
     * its position in the mappings' schema of the struct holding it, plus its array index.
     */
    private int schemaIndex(JsonIn in, String structName, String name, int arrayIndex) {
        if (schemas == null || schemas.usmap() == null) {
            throw in.error("An unversioned property without SchemaIndex needs the mappings (usmap_path) to find its schema index");
        }
        var located = structName == null ? null : schemas.locate(structName, name);
        if (located == null) {
            throw in.error("No property " + name + " in the mappings' schema of " + structName);
        }
        return located.index() + arrayIndex;
    }

    /** The type of a property written without PropertyType (e.g. by another tool): its kind and named types. */
    private PropertyType derivedType(JsonIn in) {
        String kind = ValueJson.kindOf(in);
        String inner = in.textOr("ArrayType", in.textOr("KeyType", null));
        String value = in.textOr("ValueType", null);
        return new PropertyType(kind, structTypeOf(in), ValueJson.enumType(in, names),
                inner == null ? null : PropertyType.of(inner), value == null ? null : PropertyType.of(value));
    }

    /** The struct a property names: its StructType, else the native struct its $type stands for (VectorPropertyData: Vector). */
    static String structTypeOf(JsonIn in) {
        String struct = in.textOr("StructType", null);
        if (struct == null && in.has("$type")) {
            var layout = NativeStructJson.layoutOf(in.get("$type").asText());
            struct = layout == null ? null : layout.name();
        }
        return struct;
    }

    /**
     * The tag of a tagged property written without {@code Tag} (UAssetAPI's JSON): the type names
     * come from UAssetAPI's fields ({@code StructType}, {@code StructGUID}, {@code EnumType},
     * {@code ArrayType}, {@code KeyType}, {@code ValueType}); the size is computed on write. UE5.4+
     * tags also store the complete type name, which UAssetAPI's property objects do not carry.
     */
    private PropertyTag derivedTag(JsonIn in, PropertyType type, PropertyValue v, PropertyTag base) {
        if (pkg.version().atLeast(ObjectVersionUE5.PROPERTY_TAG_COMPLETE_TYPE_NAME)) {
            return completeTag(in, type, v, base);
        }
        String kind = type.kind();
        FName structName = null;
        FGuid structGuid = null;
        FName enumName = null;
        FName innerType = null;
        FName valueType = null;
        switch (kind) {
            case "StructProperty" -> {
                String struct = type.structName() != null ? type.structName() : structTypeOf(in);
                if (struct == null) {
                    throw in.error("A StructProperty needs its StructType");
                }
                structName = nameOf(in, struct);
                JsonIn g = in.opt("StructGUID");
                structGuid = g == null || g.isNull() ? FGuid.ZERO : JsonNames.guid(g);
            }
            case "ByteProperty" -> enumName = nameOf(in, type.enumName() == null ? "None" : type.enumName());
            case "EnumProperty" -> enumName = nameOf(in, type.enumName() == null ? "None" : type.enumName());
            case "ArrayProperty", "SetProperty" -> innerType = nameOf(in, elementKind(in, type.inner(), "ArrayType"));
            case "MapProperty" -> {
                innerType = nameOf(in, elementKind(in, type.inner(), "KeyType"));
                valueType = nameOf(in, elementKind(in, type.value(), "ValueType"));
            }
            default -> {
            }
        }
        if (kind.equals("EnumProperty") && !in.has("EnumType")) {
            throw in.error("An EnumProperty needs its EnumType");
        }
        int boolVal = v instanceof BoolValue b && b.value() ? 1 : 0;
        return new PropertyTag(base.name(), nameOf(in, kind), null, 0, base.arrayIndex(), structName, structGuid, boolVal, enumName,
                innerType, valueType, base.hasPropertyGuid(), base.propertyGuid(), 0, null);
    }

    /** EPropertyTagFlags by UAssetAPI's names. */
    private static final Map<String, Long> TAG_FLAGS = Map.of("None", 0L, "HasArrayIndex",
            (long) PropertyTag.HAS_ARRAY_INDEX, "HasPropertyGuid", (long) PropertyTag.HAS_PROPERTY_GUID, "HasPropertyExtensions",
            (long) PropertyTag.HAS_PROPERTY_EXTENSIONS, "HasBinaryOrNativeSerialize", (long) PropertyTag.HAS_BINARY_OR_NATIVE_SERIALIZE,
            "BoolTrue", (long) PropertyTag.BOOL_TRUE, "SkippedSerialize", (long) PropertyTag.SKIPPED_SERIALIZE);
    /** EPropertyTagExtension by UAssetAPI's names. */
    private static final Map<String, Long> TAG_EXTENSIONS = Map.of("NoExtension", 0L, "ReserveForFutureUse", 1L,
            "OverridableInformation", 2L);
    /** EOverriddenPropertyOperation by UAssetAPI's names. */
    private static final Map<String, Long> OVERRIDE_OPERATIONS = Map.of("None", 0L, "Modified", 1L, "Replaced", 2L,
            "Add", 3L, "Remove", 4L);

    /**
     * A UE5.4+ tag from UAssetAPI's fields: the complete type name from {@code PropertyTypeName}
     * (its pre-order node list, {@code [{"Name", "InnerCount"}, ...]}), {@code HasBinaryOrNativeSerialize}
     * and {@code SkippedSerialize} from {@code PropertyTagFlags} (the other flags follow the array
     * index, GUID, bool value and extensions), the extensions from {@code PropertyTagExtensions},
     * {@code OverrideOperation} and {@code bExperimentalOverridableLogic}.
     */
    private PropertyTag completeTag(JsonIn in, PropertyType type, PropertyValue v, PropertyTag base) {
        JsonIn nodes = in.opt("PropertyTypeName");
        if (nodes == null) {
            throw in.error("A tagged property of a UE5.4+ package needs its complete type name: PropertyTypeName (UAssetAPI's "
                    + "node list) or uassetd's Tag");
        }
        List<JsonIn> list = nodes.elements();
        int[] next = {0};
        PropertyTypeName typeName = typeNameFromNodes(nodes, list, next, 0);
        if (next[0] != list.size()) {
            throw nodes.error("PropertyTypeName has " + (list.size() - next[0]) + " nodes after the complete name");
        }
        int flags = flagsOf(in.opt("PropertyTagFlags"), TAG_FLAGS)
                & (PropertyTag.HAS_BINARY_OR_NATIVE_SERIALIZE | PropertyTag.SKIPPED_SERIALIZE);
        if (in.opt("PropertyTagFlags") == null && type.is("StructProperty")
                && NativeStructs.layout(type.structName(), pkg) != null) {
            flags |= PropertyTag.HAS_BINARY_OR_NATIVE_SERIALIZE;
        }
        if (base.arrayIndex() != 0) {
            flags |= PropertyTag.HAS_ARRAY_INDEX;
        }
        if (base.hasPropertyGuid()) {
            flags |= PropertyTag.HAS_PROPERTY_GUID;
        }
        if (v instanceof BoolValue b && b.value()) {
            flags |= PropertyTag.BOOL_TRUE;
        }
        int ext = flagsOf(in.opt("PropertyTagExtensions"), TAG_EXTENSIONS);
        byte[] extensions = null;
        if (ext != 0) {
            flags |= PropertyTag.HAS_PROPERTY_EXTENSIONS;
            boolean overridable = (ext & 2) != 0;
            extensions = new byte[overridable ? 6 : 1];
            extensions[0] = (byte) ext;
            if (overridable) {
                extensions[1] = (byte) flagsOf(in.opt("OverrideOperation"), OVERRIDE_OPERATIONS);
                extensions[2] = (byte) (in.boolOr("bExperimentalOverridableLogic", false) ? 1 : 0);
            }
        }
        return new PropertyTag(base.name(), typeName.name(), typeName, 0, base.arrayIndex(), null, null, 0, null, null, null,
                base.hasPropertyGuid(), base.propertyGuid(), flags, extensions);
    }

    private PropertyTypeName typeNameFromNodes(JsonIn owner, List<JsonIn> nodes, int[] next, int depth) {
        if (next[0] >= nodes.size()) {
            throw owner.error("PropertyTypeName ends before its last parameter");
        }
        if (depth > 64) {
            throw owner.error("PropertyTypeName nested deeper than 64");
        }
        JsonIn node = nodes.get(next[0]++);
        int count = node.intField("InnerCount");
        if (count < 0 || count > nodes.size()) {
            throw node.get("InnerCount").error("Implausible InnerCount " + count);
        }
        FName name = names.read(node.get("Name"));
        List<PropertyTypeName> params = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            params.add(typeNameFromNodes(owner, nodes, next, depth + 1));
        }
        return new PropertyTypeName(name, params);
    }

    /** A flags value: a number, or names joined by "," or "|" from {@code table}; absent is 0. */
    private static int flagsOf(JsonIn in, Map<String, Long> table) {
        return in == null ? 0 : (int) UAssetApiJson.flags(in, table);
    }

    /**
     * The inner tag of a tagged array of structs written without {@code InnerTag} (UAssetAPI's JSON):
     * the array's name, the struct name and GUID of its first element (or of UAssetAPI's
     * {@code DummyStruct} when the array is empty).
     */
    StructInnerTag derivedInnerTag(JsonIn array) {
        JsonIn sample = null;
        JsonIn value = array.get("Value");
        if (value.node().isArray() && value.node().size() > 0) {
            sample = value.elements().get(0);
        } else {
            JsonIn dummy = array.opt("DummyStruct");
            sample = dummy == null || dummy.isNull() ? null : dummy;
        }
        String struct = sample == null ? null : structTypeOf(sample);
        if (struct == null) {
            throw array.error("An array of structs needs InnerTag, or elements (or a DummyStruct) naming their StructType");
        }
        JsonIn g = sample.opt("StructGUID");
        JsonIn nameIn = array.opt("Name");
        FName name = nameIn == null ? nameOf(array, "None") : names.read(nameIn);
        return new StructInnerTag(new PropertyTag(name, nameOf(array, "StructProperty"), null, 0, 0, nameOf(array, struct),
                g == null || g.isNull() ? FGuid.ZERO : JsonNames.guid(g), 0, null, null, null, false, null, 0, null));
    }

    private static String elementKind(JsonIn in, PropertyType t, String field) {
        if (t != null) {
            return t.kind();
        }
        String k = in.textOr(field, null);
        if (k == null) {
            throw in.error("Missing " + field);
        }
        return k;
    }

    private FName nameOf(JsonIn in, String text) {
        return names.read(new JsonIn(TextNode.valueOf(text), in.path(), in.file()));
    }

    // ---- tags and types ----------------------------------------------------------------------------

    /**
     * A tag as JSON; with {@code full}, also its name, array index and GUID (an array's inner tag,
     * which has no property object of its own to carry them).
     */
    void writeTag(JsonGenerator g, PropertyTag t, boolean full) throws IOException {
        g.writeStartObject();
        if (full) {
            names.writeField(g, "Name", t.name());
            g.writeNumberField("ArrayIndex", t.arrayIndex());
            g.writeStringField("PropertyGuid", t.hasPropertyGuid() ? JsonNames.guid(t.propertyGuid()) : null);
        }
        names.writeField(g, "Type", t.type());
        if (t.typeName() != null) {
            g.writeFieldName("TypeName");
            writeTypeName(g, t.typeName());
        }
        putName(g, "StructName", t.structName());
        if (t.structGuid() != null) {
            g.writeStringField("StructGuid", JsonNames.guid(t.structGuid()));
        }
        if (t.boolVal() != 0) {
            g.writeNumberField("BoolVal", t.boolVal());
        }
        putName(g, "EnumName", t.enumName());
        putName(g, "InnerType", t.innerType());
        putName(g, "ValueType", t.valueType());
        if (t.flags() != 0) {
            g.writeNumberField("Flags", t.flags());
        }
        if (t.extensions() != null) {
            g.writeFieldName("Extensions");
            g.writeBinary(t.extensions());
        }
        g.writeEndObject();
    }

    private void putName(JsonGenerator g, String field, FName n) throws IOException {
        if (n != null) {
            names.writeField(g, field, n);
        }
    }

    /** A tag from JSON; name, array index and GUID come from {@code base} when given, else from the tag object. */
    PropertyTag readTag(JsonIn in, PropertyTag base) {
        FName name;
        int arrayIndex;
        FGuid guid;
        if (base != null) {
            name = base.name();
            arrayIndex = base.arrayIndex();
            guid = base.propertyGuid();
        } else {
            name = names.read(in.get("Name"));
            arrayIndex = in.intOr("ArrayIndex", 0);
            guid = JsonNames.guid(in.opt("PropertyGuid"));
        }
        JsonIn typeName = in.opt("TypeName");
        JsonIn ext = in.opt("Extensions");
        return new PropertyTag(name, names.read(in.get("Type")), typeName == null ? null : readTypeName(typeName), 0, arrayIndex,
                names.readOrNull(in.opt("StructName")), JsonNames.guid(in.opt("StructGuid")), in.intOr("BoolVal", 0),
                names.readOrNull(in.opt("EnumName")), names.readOrNull(in.opt("InnerType")),
                names.readOrNull(in.opt("ValueType")), guid != null, guid, in.intOr("Flags", 0), ext == null ? null : ext.base64());
    }

    private void writeTypeName(JsonGenerator g, PropertyTypeName t) throws IOException {
        g.writeStartObject();
        names.writeField(g, "Name", t.name());
        if (!t.parameters().isEmpty()) {
            g.writeArrayFieldStart("Parameters");
            for (PropertyTypeName p : t.parameters()) {
                writeTypeName(g, p);
            }
            g.writeEndArray();
        }
        g.writeEndObject();
    }

    private PropertyTypeName readTypeName(JsonIn in) {
        List<PropertyTypeName> params = new ArrayList<>();
        JsonIn p = in.opt("Parameters");
        if (p != null) {
            for (JsonIn e : p.elements()) {
                params.add(readTypeName(e));
            }
        }
        return new PropertyTypeName(names.read(in.get("Name")), params);
    }

    /** A property type: its kind as a string, or an object when it names a struct, enum or element types. */
    void writeType(JsonGenerator g, PropertyType t) throws IOException {
        if (t == null) {
            g.writeNull();
            return;
        }
        if (t.structName() == null && t.enumName() == null && t.inner() == null && t.value() == null) {
            g.writeString(t.kind());
            return;
        }
        g.writeStartObject();
        g.writeStringField("Kind", t.kind());
        if (t.structName() != null) {
            g.writeStringField("StructName", t.structName());
        }
        if (t.enumName() != null) {
            g.writeStringField("EnumName", t.enumName());
        }
        if (t.inner() != null) {
            g.writeFieldName("Inner");
            writeType(g, t.inner());
        }
        if (t.value() != null) {
            g.writeFieldName("Value");
            writeType(g, t.value());
        }
        g.writeEndObject();
    }

    PropertyType readType(JsonIn in) {
        if (in == null) {
            return null;
        }
        if (in.node().isTextual()) {
            return PropertyType.of(in.asText());
        }
        return new PropertyType(in.get("Kind").asText(), in.textOr("StructName", null), in.textOr("EnumName", null),
                readType(in.opt("Inner")), readType(in.opt("Value")));
    }
}
