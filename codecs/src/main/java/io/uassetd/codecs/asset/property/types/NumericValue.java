package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.math.BigInteger;

/**
 * Int8/Int16/Int(32)/Int64/UInt16/UInt32/UInt64/Float/Double properties: little-endian numbers of
 * the property's width. Integers are held in a long (UInt64 as its bit pattern), floats as their
 * exact bits so NaN payloads and negative zero write back unchanged.
 */
public record NumericValue(String type, long bits) implements PropertyValue {

    /** True for the property classes this family reads. */
    public static boolean handles(String kind) {
        return width(kind) > 0;
    }

    /** Bytes on disk for a kind; 0 when not numeric. */
    public static int width(String kind) {
        return switch (kind) {
            case "Int8Property" -> 1;
            case "Int16Property", "UInt16Property" -> 2;
            case "IntProperty", "UInt32Property", "FloatProperty" -> 4;
            case "Int64Property", "UInt64Property", "DoubleProperty" -> 8;
            default -> 0;
        };
    }

    public static NumericValue read(String kind, PropertyReader r) {
        var in = r.in();
        long v = switch (kind) {
            case "Int8Property" -> (byte) in.readU8();
            case "Int16Property" -> (short) in.readU16();
            case "UInt16Property" -> in.readU16();
            case "IntProperty", "FloatProperty" -> in.readI32();
            case "UInt32Property" -> in.readU32();
            default -> in.readI64();
        };
        return new NumericValue(kind, v);
    }

    /** A value from a Java number, range-checked for the kind. */
    public static NumericValue of(String kind, Number n) {
        return switch (kind) {
            case "FloatProperty" -> new NumericValue(kind, Float.floatToRawIntBits(n.floatValue()));
            case "DoubleProperty" -> new NumericValue(kind, Double.doubleToRawLongBits(n.doubleValue()));
            default -> {
                long v = n instanceof BigInteger b ? b.longValue() : n.longValue();
                if (!(n instanceof Long || n instanceof Integer || n instanceof Short || n instanceof Byte || n instanceof BigInteger)
                        && n.doubleValue() != Math.rint(n.doubleValue())) {
                    throw new IllegalArgumentException(kind + " needs an integer, got " + n);
                }
                long[] range = range(kind);
                if (range != null && (v < range[0] || v > range[1])) {
                    throw new IllegalArgumentException(n + " is outside the range of " + kind);
                }
                yield new NumericValue(kind, v);
            }
        };
    }

    private static long[] range(String kind) {
        return switch (kind) {
            case "Int8Property" -> new long[] {Byte.MIN_VALUE, Byte.MAX_VALUE};
            case "Int16Property" -> new long[] {Short.MIN_VALUE, Short.MAX_VALUE};
            case "UInt16Property" -> new long[] {0, 0xFFFF};
            case "IntProperty" -> new long[] {Integer.MIN_VALUE, Integer.MAX_VALUE};
            case "UInt32Property" -> new long[] {0, 0xFFFFFFFFL};
            default -> null;
        };
    }

    /** The value as a Java number: Long, Double (Float for FloatProperty), BigInteger for large UInt64. */
    public Number number() {
        return switch (type) {
            case "FloatProperty" -> Float.intBitsToFloat((int) bits);
            case "DoubleProperty" -> Double.longBitsToDouble(bits);
            case "UInt64Property" -> bits >= 0 ? (Number) bits : new BigInteger(Long.toUnsignedString(bits));
            default -> bits;
        };
    }

    @Override
    public Object view(AssetPackage pkg) {
        return switch (type) {
            case "FloatProperty" -> floatView((int) bits);
            case "DoubleProperty" -> doubleView(bits);
            default -> number();
        };
    }

    /**
     * A float as the double a reader expects (0.1f shows as 0.1, not 0.10000000149011612); NaN and
     * infinities as their names, which JSON cannot hold as numbers.
     */
    public static Object floatView(int bits) {
        float f = Float.intBitsToFloat(bits);
        if (Float.isNaN(f) || Float.isInfinite(f)) {
            return Float.toString(f);
        }
        return Double.parseDouble(Float.toString(f));
    }

    /** A double for JSON: NaN and infinities as their names. */
    public static Object doubleView(long bits) {
        double d = Double.longBitsToDouble(bits);
        return Double.isNaN(d) || Double.isInfinite(d) ? (Object) Double.toString(d) : (Object) d;
    }

    @Override
    public void write(PropertyWriter w) {
        var out = w.out();
        switch (width(type)) {
            case 1 -> out.writeU8((int) bits & 0xFF);
            case 2 -> out.writeU16((int) bits & 0xFFFF);
            case 4 -> out.writeI32((int) bits);
            default -> out.writeI64(bits);
        }
    }

    @Override
    public String toString() {
        return type + "=" + number();
    }
}
