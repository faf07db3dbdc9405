package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.core.FName;
import java.util.ArrayList;
import java.util.List;

/**
 * FPropertyTypeName, the complete type name a UE5.4+ property tag stores
 * (PROPERTY_TAG_COMPLETE_TYPE_NAME): a tree of names written in pre-order, each node as an FName
 * and an int32 count of its parameters, e.g. {@code StructProperty(Vector(/Script/CoreUObject))}
 * or {@code MapProperty(NameProperty, IntProperty)}.
 */
public record PropertyTypeName(FName name, List<PropertyTypeName> parameters) {
    /** Deepest nesting accepted, far above what Unreal writes. */
    static final int MAX_DEPTH = 64;

    public PropertyTypeName {
        parameters = List.copyOf(parameters);
    }

    public PropertyTypeName parameter(int i) {
        return i < parameters.size() ? parameters.get(i) : null;
    }

    static PropertyTypeName read(PropertyReader r) {
        return read(r, 0);
    }

    private static PropertyTypeName read(PropertyReader r, int depth) {
        if (depth > MAX_DEPTH) {
            throw r.corrupt("Property type name nested deeper than " + MAX_DEPTH);
        }
        FName name = r.in().readFName();
        long at = r.in().position();
        int count = r.in().readI32();
        if (count < 0 || count * 12L > r.in().remaining()) {
            throw r.corrupt("Implausible property type parameter count " + count, at);
        }
        List<PropertyTypeName> params = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            params.add(read(r, depth + 1));
        }
        return new PropertyTypeName(name, params);
    }

    void write(PropertyWriter w) {
        w.out().writeFName(name);
        w.out().writeI32(parameters.size());
        for (PropertyTypeName p : parameters) {
            p.write(w);
        }
    }

    /** The value type this name describes; the struct name is the first parameter of a StructProperty. */
    PropertyType toType(PropertyReader r) {
        String kind = r.name(name);
        return switch (kind) {
            case "StructProperty" -> new PropertyType(kind, paramName(r, 0), null, null, null);
            case "ByteProperty" -> new PropertyType(kind, null, paramName(r, 0), null, null);
            case "EnumProperty" -> new PropertyType(kind, null, paramName(r, 0),
                    parameter(1) == null ? PropertyType.of("ByteProperty") : parameter(1).toType(r), null);
            case "ArrayProperty", "SetProperty", "OptionalProperty" ->
                new PropertyType(kind, null, null, parameter(0) == null ? null : parameter(0).toType(r), null);
            case "MapProperty" -> new PropertyType(kind, null, null, parameter(0) == null ? null : parameter(0).toType(r),
                    parameter(1) == null ? null : parameter(1).toType(r));
            default -> PropertyType.of(kind);
        };
    }

    private String paramName(PropertyReader r, int i) {
        PropertyTypeName p = parameter(i);
        return p == null ? null : r.name(p.name());
    }

    /** Builds a parameterless node. */
    public static PropertyTypeName simple(FName name) {
        return new PropertyTypeName(name, List.of());
    }
}
