package io.uassetd.codecs.asset.property.structs;

import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.types.NumericValue;
import io.uassetd.codecs.asset.property.types.SoftObjectPath;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A StructProperty value of a native struct (Vector, Guid, GameplayTagContainer, ...), read and
 * written field by field through its {@link NativeStructs.Layout}. Numbers are kept as their exact
 * bits (floats as raw bits) so they write back unchanged.
 *
 * @param fields field name -> Long bits, Boolean, FName, List of FName, SoftObjectPath or nested value
 * @param doubles true when REAL fields are doubles
 */
public record NativeStructValue(String structName, Map<String, Object> fields, boolean doubles) implements PropertyValue {

    public static NativeStructValue read(NativeStructs.Layout layout, PropertyReader r) {
        boolean lwc = r.largeWorldCoordinates();
        Map<String, Object> values = new LinkedHashMap<>();
        var in = r.in();
        for (NativeStructs.Field f : layout.fields()) {
            Object v = switch (f.kind()) {
                case REAL -> lwc ? in.readI64() : (long) in.readI32();
                case F32, I32 -> (long) in.readI32();
                case U32 -> in.readU32();
                case F64, I64 -> in.readI64();
                case U8 -> (long) in.readU8();
                case BOOL32 -> in.readBool32();
                case NAME -> readName(r);
                case NAME_ARRAY -> {
                    int n = r.count(8, "name");
                    List<FName> names = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        names.add(readName(r));
                    }
                    yield names;
                }
                case F32_ARRAY, I32_ARRAY -> {
                    int n = r.count(4, "element");
                    List<Long> bits = new ArrayList<>(n);
                    for (int i = 0; i < n; i++) {
                        bits.add((long) in.readI32());
                    }
                    yield bits;
                }
                case SOFT_OBJECT_PATH -> SoftObjectPath.read(r);
                case STRUCT -> read(NativeStructs.layout(f.struct()), r);
                case U8_ARRAY -> {
                    int n = r.count(1, "byte");
                    yield in.readBytes(n);
                }
                case PROPERTIES -> new StructValue(f.struct(),
                        PropertyList.read(r, f.struct()));
            };
            values.put(f.name(), v);
        }
        return new NativeStructValue(layout.name(), values, lwc);
    }

    private static FName readName(PropertyReader r) {
        FName n = r.in().readFName();
        r.name(n);
        return n;
    }

    @Override
    public String type() {
        return "StructProperty";
    }

    @Override
    @SuppressWarnings("unchecked")
    public void write(PropertyWriter w) {
        var out = w.out();
        for (NativeStructs.Field f : NativeStructs.layout(structName).fields()) {
            Object v = fields.get(f.name());
            switch (f.kind()) {
                case REAL -> {
                    if (doubles) {
                        out.writeI64((Long) v);
                    } else {
                        out.writeI32((int) (long) (Long) v);
                    }
                }
                case F32, I32, U32 -> out.writeI32((int) (long) (Long) v);
                case F64, I64 -> out.writeI64((Long) v);
                case U8 -> out.writeU8((int) (long) (Long) v);
                case BOOL32 -> out.writeBool32((Boolean) v);
                case NAME -> out.writeFName((FName) v);
                case NAME_ARRAY -> {
                    List<FName> names = (List<FName>) v;
                    out.writeI32(names.size());
                    names.forEach(out::writeFName);
                }
                case F32_ARRAY, I32_ARRAY -> {
                    List<Long> bits = (List<Long>) v;
                    out.writeI32(bits.size());
                    bits.forEach(b -> out.writeI32((int) (long) b));
                }
                case SOFT_OBJECT_PATH -> ((SoftObjectPath) v).write(w);
                case STRUCT -> ((NativeStructValue) v).write(w);
                case U8_ARRAY -> {
                    byte[] b = (byte[]) v;
                    out.writeI32(b.length);
                    out.writeBytes(b);
                }
                case PROPERTIES -> ((StructValue) v).write(w);
                default -> throw new IllegalStateException();
            }
        }
    }

    /** A copy with one numeric field set from a Java number (floats stored as their bits). */
    public NativeStructValue with(String field, Number n) {
        NativeStructs.Field f = NativeStructs.layout(structName).fields().stream()
                .filter(x -> x.name().equalsIgnoreCase(field)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException(structName + " has no field " + field));
        long bits = switch (f.kind()) {
            case REAL -> doubles ? Double.doubleToRawLongBits(n.doubleValue()) : Float.floatToRawIntBits(n.floatValue());
            case F32 -> Float.floatToRawIntBits(n.floatValue());
            case F64 -> Double.doubleToRawLongBits(n.doubleValue());
            case I32, U32, I64, U8 -> n.longValue();
            default -> throw new IllegalArgumentException(structName + "." + f.name() + " is not a number");
        };
        Map<String, Object> copy = new LinkedHashMap<>(fields);
        copy.put(f.name(), bits);
        return new NativeStructValue(structName, copy, doubles);
    }

    @Override
    @SuppressWarnings("unchecked")
    public Object view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (NativeStructs.Field f : NativeStructs.layout(structName).fields()) {
            Object v = fields.get(f.name());
            m.put(f.name(), switch (f.kind()) {
                case REAL -> doubles ? NumericValue.doubleView((Long) v) : NumericValue.floatView((int) (long) (Long) v);
                case F32 -> NumericValue.floatView((int) (long) (Long) v);
                case F64 -> NumericValue.doubleView((Long) v);
                case NAME -> pkg.names().render((FName) v);
                case NAME_ARRAY -> ((List<FName>) v).stream().map(n -> pkg.names().render(n)).toList();
                case F32_ARRAY -> ((List<Long>) v).stream().map(b -> NumericValue.floatView((int) (long) b)).toList();
                case I32_ARRAY -> ((List<Long>) v).stream().map(b -> (Object) (long) (int) (long) b).toList();
                case SOFT_OBJECT_PATH -> ((SoftObjectPath) v).text(pkg);
                case STRUCT -> ((NativeStructValue) v).view(pkg);
                case U8_ARRAY -> {
                    List<Object> bytes = new ArrayList<>();
                    for (byte b : (byte[]) v) {
                        bytes.add((long) (b & 0xFF));
                    }
                    yield bytes;
                }
                case PROPERTIES -> ((StructValue) v).view(pkg);
                default -> v;
            });
        }
        return m.size() == 1 && NativeStructs.layout(structName).fields().get(0).kind() == NativeStructs.Kind.SOFT_OBJECT_PATH
                ? m.get("Path") : m;
    }
}
