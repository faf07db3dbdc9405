package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * ByteProperty and EnumProperty. Tagged data stores an enumerator as an FName ("EFoo::Bar"); a plain
 * byte (or an enum byte in unversioned data) is a number of {@code width} bytes (1, 2, 4 or 8, the
 * enum's underlying type).
 *
 * @param name the enumerator name, or null when stored as a number
 * @param number the number when {@code name} is null
 * @param width bytes of the number
 * @param enumName the enum type name, or null
 * @param label for a number, the enumerator name the mappings give it ("EFoo::Bar"), else null
 */
public record EnumValue(String type, FName name, long number, int width, String enumName, String label)
        implements PropertyValue {

    public static EnumValue readName(String kind, PropertyReader r, String enumName) {
        FName n = r.in().readFName();
        r.name(n);
        return new EnumValue(kind, n, 0, 8, enumName, null);
    }

    public static EnumValue readNumber(String kind, PropertyReader r, int width, String enumName) {
        var in = r.in();
        long v = switch (width) {
            case 1 -> in.readU8();
            case 2 -> in.readU16();
            case 4 -> in.readU32();
            case 8 -> in.readI64();
            default -> throw r.corrupt("Unsupported enum width " + width);
        };
        return new EnumValue(kind, null, v, width, enumName, label(r, enumName, v));
    }

    /** "Enum::Name" for a value through the mappings, or null. */
    private static String label(PropertyReader r, String enumName, long value) {
        if (enumName == null || r.usmap() == null || r.usmap().enumNamed(enumName) == null) {
            return null;
        }
        String n = r.usmap().enumNamed(enumName).nameOf(value);
        return n == null ? null : n.contains("::") ? n : enumName + "::" + n;
    }

    /** A copy holding another number (the label is dropped). */
    public EnumValue withNumber(long value) {
        return new EnumValue(type, null, value, width, enumName, null);
    }

    @Override
    public Object view(AssetPackage pkg) {
        return name != null ? pkg.names().render(name) : label != null ? label : (Object) number;
    }

    @Override
    public void write(PropertyWriter w) {
        var out = w.out();
        if (name != null) {
            out.writeFName(name);
            return;
        }
        switch (width) {
            case 1 -> out.writeU8((int) number);
            case 2 -> out.writeU16((int) number);
            case 4 -> out.writeI32((int) number);
            default -> out.writeI64(number);
        }
    }
}
