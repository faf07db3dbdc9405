package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.structs.NativeStructValue;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Native structs (Vector, Rotator, LinearColor, Guid, IntPoint, Box, GameplayTagContainer, ...) as
 * UAssetAPI's struct PropertyData classes ({@code VectorPropertyData}, ...), their fields by name in
 * {@code Value} ({@code {"X": 1.0, "Y": 2.0, "Z": 3.0}}), driven by the struct's
 * {@link NativeStructs.Layout}; a {@code Guid} is a GUID string as UAssetAPI writes it. A float
 * that a JSON number cannot hold exactly (NaN, infinities, NaN payloads) is {@code {"Bits": n}}.
 * Structs holding soft object paths keep the raw form.
 */
final class NativeStructJson {
    private static final String SUFFIX = "PropertyData" + ValueJson.ASSEMBLY;

    private final AssetPackage pkg;
    private final JsonNames names;

    NativeStructJson(AssetPackage pkg, JsonNames names) {
        this.pkg = pkg;
        this.names = names;
    }

    /** True when the value has a structured form here. */
    static boolean handles(NativeStructValue v) {
        NativeStructs.Layout layout = NativeStructs.layout(v.structName());
        return layout != null && layout.name().equals(v.structName()) && structured(layout);
    }

    /** False for layouts with soft object paths, nested property lists or byte arrays: those travel as UnknownPropertyData bytes. */
    private static boolean structured(NativeStructs.Layout layout) {
        for (NativeStructs.Field f : layout.fields()) {
            if (f.kind() == NativeStructs.Kind.SOFT_OBJECT_PATH || f.kind() == NativeStructs.Kind.PROPERTIES
                    || f.kind() == NativeStructs.Kind.U8_ARRAY
                    || f.kind() == NativeStructs.Kind.STRUCT && !structured(NativeStructs.layout(f.struct()))) {
                return false;
            }
        }
        return true;
    }

    static String typeName(NativeStructValue v) {
        return ValueJson.STRUCTS + v.structName() + SUFFIX;
    }

    /** The layout a $type names ({@code UAssetAPI.PropertyTypes.Structs.VectorPropertyData, UAssetAPI}), or null. */
    static NativeStructs.Layout layoutOf(String type) {
        if (!type.startsWith(ValueJson.STRUCTS) || !type.endsWith(SUFFIX)) {
            return null;
        }
        NativeStructs.Layout layout = NativeStructs.layout(type.substring(ValueJson.STRUCTS.length(), type.length() - SUFFIX.length()));
        return layout != null && structured(layout) ? layout : null;
    }

    // ---- writing -----------------------------------------------------------------------------------

    void write(JsonGenerator g, NativeStructValue v) throws IOException {
        if (v.structName().equals("Guid")) {
            Map<String, Object> f = v.fields();
            g.writeString(JsonNames.guid(new FGuid((int) (long) (Long) f.get("A"), (int) (long) (Long) f.get("B"),
                    (int) (long) (Long) f.get("C"), (int) (long) (Long) f.get("D"))));
            return;
        }
        fields(g, v);
    }

    @SuppressWarnings("unchecked")
    private void fields(JsonGenerator g, NativeStructValue v) throws IOException {
        g.writeStartObject();
        for (NativeStructs.Field f : NativeStructs.layout(v.structName()).fields()) {
            Object x = v.fields().get(f.name());
            g.writeFieldName(f.name());
            switch (f.kind()) {
                case REAL -> {
                    if (v.doubles()) {
                        writeDouble(g, (Long) x);
                    } else {
                        writeFloat(g, (Long) x);
                    }
                }
                case F32 -> writeFloat(g, (Long) x);
                case F64 -> writeDouble(g, (Long) x);
                case I32, U32, I64, U8 -> g.writeNumber((Long) x);
                case BOOL32 -> g.writeBoolean((Boolean) x);
                case NAME -> names.write(g, (FName) x);
                case NAME_ARRAY -> {
                    g.writeStartArray();
                    for (FName n : (List<FName>) x) {
                        names.write(g, n);
                    }
                    g.writeEndArray();
                }
                case STRUCT -> fields(g, (NativeStructValue) x);
                case F32_ARRAY -> {
                    g.writeStartArray();
                    for (long b : (List<Long>) x) {
                        writeFloat(g, b);
                    }
                    g.writeEndArray();
                }
                case I32_ARRAY -> {
                    g.writeStartArray();
                    for (long b : (List<Long>) x) {
                        g.writeNumber((int) b);
                    }
                    g.writeEndArray();
                }
                default -> throw new IllegalStateException("No JSON form for " + f.kind());
            }
        }
        g.writeEndObject();
    }

    private static void writeFloat(JsonGenerator g, long bits) throws IOException {
        if (ValueJson.exactFloat((int) bits)) {
            g.writeNumber(Float.intBitsToFloat((int) bits));
        } else {
            g.writeStartObject();
            g.writeNumberField("Bits", bits);
            g.writeEndObject();
        }
    }

    private static void writeDouble(JsonGenerator g, long bits) throws IOException {
        double d = Double.longBitsToDouble(bits);
        if (Double.isFinite(d)) {
            g.writeNumber(d);
        } else {
            g.writeStartObject();
            g.writeNumberField("Bits", bits);
            g.writeEndObject();
        }
    }

    // ---- reading -----------------------------------------------------------------------------------

    NativeStructValue read(NativeStructs.Layout layout, JsonIn value) {
        boolean doubles = pkg.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
        if (layout.name().equals("Guid") && value.node().isTextual()) {
            FGuid g = JsonNames.guid(value);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("A", g.a() & 0xFFFFFFFFL);
            m.put("B", g.b() & 0xFFFFFFFFL);
            m.put("C", g.c() & 0xFFFFFFFFL);
            m.put("D", g.d() & 0xFFFFFFFFL);
            return new NativeStructValue(layout.name(), m, doubles);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        List<NativeStructs.Field> fields = layout.fields();
        if (value.node().isArray()) {
            // UAssetAPI's array forms: a GameplayTagContainer's Value is its tag names, an IntPoint's [X, Y]
            List<JsonIn> items = value.elements();
            if (fields.size() == 1 && fields.get(0).kind() == NativeStructs.Kind.NAME_ARRAY) {
                List<FName> list = new ArrayList<>();
                items.forEach(e -> list.add(names.read(e)));
                m.put(fields.get(0).name(), list);
                return new NativeStructValue(layout.name(), m, doubles);
            }
            if (items.size() != fields.size() || fields.stream().anyMatch(f -> f.kind() != NativeStructs.Kind.I32)) {
                throw value.error("Expected the fields of " + layout.name() + " by name");
            }
            for (int i = 0; i < fields.size(); i++) {
                m.put(fields.get(i).name(), (long) items.get(i).asInt());
            }
            return new NativeStructValue(layout.name(), m, doubles);
        }
        for (NativeStructs.Field f : fields) {
            JsonIn x = value.get(f.name());
            m.put(f.name(), switch (f.kind()) {
                case REAL -> doubles ? readDouble(x) : readFloat(x);
                case F32 -> readFloat(x);
                case F64 -> readDouble(x);
                case I32 -> (long) x.asInt();
                case U32 -> checked(x, 0, 0xFFFFFFFFL);
                case U8 -> checked(x, 0, 0xFF);
                case I64 -> x.asLong();
                case BOOL32 -> x.asBool();
                case NAME -> names.read(x);
                case NAME_ARRAY -> {
                    List<FName> list = new ArrayList<>();
                    x.elements().forEach(e -> list.add(names.read(e)));
                    yield list;
                }
                case STRUCT -> read(NativeStructs.layout(f.struct()), x);
                case F32_ARRAY -> {
                    List<Long> list = new ArrayList<>();
                    x.elements().forEach(e -> list.add(readFloat(e)));
                    yield list;
                }
                case I32_ARRAY -> {
                    List<Long> list = new ArrayList<>();
                    x.elements().forEach(e -> list.add((long) e.asInt()));
                    yield list;
                }
                default -> throw x.error("No JSON form for " + f.kind());
            });
        }
        return new NativeStructValue(layout.name(), m, doubles);
    }

    private static long checked(JsonIn x, long min, long max) {
        long v = x.asLong();
        if (v < min || v > max) {
            throw x.error(v + " is outside " + min + ".." + max);
        }
        return v;
    }

    private static long readFloat(JsonIn x) {
        if (x.node().isObject()) {
            return (int) x.longField("Bits");
        }
        return x.asFloatBits();
    }

    private static long readDouble(JsonIn x) {
        if (x.node().isObject()) {
            return x.longField("Bits");
        }
        return x.asDoubleBits();
    }
}
