package io.uassetd.codecs.asset.niagara;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.structs.NativeStructValue;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.NumericValue;
import java.util.List;

/**
 * One curve or array data interface of a NiagaraSystem, over the export's parsed properties: the
 * values live in the property model ({@code ShaderLUT} floats, or the elements of the array
 * property), so a change made here is what the package writes, and only the changed values differ.
 *
 * <p>Values are addressed flat: entry {@code i}, channel {@code c} is value {@code i * stride + c}.
 */
public final class NiagaraDataInterface {
    /** LUT time range defaults of UNiagaraDataInterfaceCurveBase (tagged data omits default values). */
    private static final double DEFAULT_MIN_TIME = 0.0;
    private static final double DEFAULT_MAX_TIME = 1.0;

    private final AssetPackage pkg;
    private final Export export;
    private final NiagaraInterfaceKind kind;
    private final String emitter;
    private final Property values;
    private final PropertyList properties;

    NiagaraDataInterface(AssetPackage pkg, Export export, NiagaraInterfaceKind kind, String emitter, PropertyList properties) {
        this.pkg = pkg;
        this.export = export;
        this.kind = kind;
        this.emitter = emitter;
        this.properties = properties;
        Property found = null;
        for (String name : kind.valueProperties()) {
            found = properties.find(pkg, name, 0);
            if (found != null) {
                break;
            }
        }
        if (found != null && !(found.value() instanceof ArrayValue)) {
            throw new NiagaraException("Export " + export.index() + " (" + exportName() + "): property " + found.name(pkg)
                    + " is a " + found.value().type() + ", expected an array");
        }
        this.values = found;
    }

    public int exportIndex() {
        return export.index();
    }

    public String exportName() {
        return pkg.name(export.entry().objectName());
    }

    public String className() {
        return kind.className();
    }

    public NiagaraInterfaceKind kind() {
        return kind;
    }

    /** The name of the NiagaraEmitter export the interface belongs to (its nearest emitter outer), or null. */
    public String emitter() {
        return emitter;
    }

    /** The property holding the values, or null when the export stores none (an empty LUT or array). */
    public String valuePropertyName() {
        return values == null ? null : values.name(pkg);
    }

    private List<PropertyValue> items() {
        return values == null ? List.of() : ((ArrayValue) values.value()).items();
    }

    /** Number of values (floats in the LUT, or array elements times their channels). */
    public int valueCount() {
        List<PropertyValue> items = items();
        return kind.isCurve() ? items.size() : items.size() * kind.stride();
    }

    /** Number of entries: colours, vectors or floats. */
    public int entryCount() {
        return valueCount() / kind.stride();
    }

    /** Value {@code flat} as a double (integers of an Int32 array as their value). */
    public double value(int flat) {
        List<PropertyValue> items = items();
        if (kind.isCurve()) {
            return number(items.get(flat), 0);
        }
        return number(items.get(flat / kind.stride()), flat % kind.stride());
    }

    /** Every value, flat. */
    public double[] values() {
        double[] out = new double[valueCount()];
        for (int i = 0; i < out.length; i++) {
            out[i] = value(i);
        }
        return out;
    }

    /** Entry {@code i}'s channels. */
    public double[] entry(int i) {
        double[] out = new double[kind.stride()];
        for (int c = 0; c < out.length; c++) {
            out[c] = value(i * kind.stride() + c);
        }
        return out;
    }

    /**
     * Sets value {@code flat}; returns true when its stored bits changed. The element keeps its
     * property type (a float stays a float; a double-precision vector stays double).
     */
    public boolean set(int flat, double v) {
        if (kind == NiagaraInterfaceKind.ARRAY_INT32 && v != Math.rint(v)) {
            throw new NiagaraException("Export " + exportIndex() + " (" + exportName() + ") holds integers; got " + v);
        }
        List<PropertyValue> items = items();
        int item = kind.isCurve() ? flat : flat / kind.stride();
        int channel = kind.isCurve() ? 0 : flat % kind.stride();
        PropertyValue old = items.get(item);
        PropertyValue now = with(old, channel, v);
        if (now.equals(old)) {
            return false;
        }
        items.set(item, now);
        return true;
    }

    /** The LUT's first time (curves; null for arrays). */
    public Double minTime() {
        return kind.isCurve() ? floatProperty("LUTMinTime", DEFAULT_MIN_TIME) : null;
    }

    /** The LUT's last time (curves; null for arrays). */
    public Double maxTime() {
        return kind.isCurve() ? floatProperty("LUTMaxTime", DEFAULT_MAX_TIME) : null;
    }

    private Double floatProperty(String name, double fallback) {
        Property p = properties.find(pkg, name, 0);
        if (p == null || p.isZero() || !(p.value() instanceof NumericValue n)) {
            return fallback;
        }
        return n.number().doubleValue();
    }

    private NativeStructs.Field field(NativeStructValue s, int channel) {
        List<NativeStructs.Field> fields = NativeStructs.layout(s.structName()).fields();
        if (channel >= fields.size()) {
            throw new NiagaraException("Export " + exportIndex() + " (" + exportName() + "): " + s.structName() + " has no channel " + channel);
        }
        return fields.get(channel);
    }

    /** A native struct field's number from its stored bits (floats exactly as stored). */
    private double structNumber(NativeStructValue s, int channel) {
        NativeStructs.Field f = field(s, channel);
        Object bits = s.fields().get(f.name());
        if (!(bits instanceof Long b)) {
            throw new NiagaraException("Export " + exportIndex() + " (" + exportName() + "): " + s.structName() + "." + f.name()
                    + " is not a number");
        }
        return switch (f.kind()) {
            case REAL -> s.doubles() ? Double.longBitsToDouble(b) : Float.intBitsToFloat((int) (long) b);
            case F32 -> Float.intBitsToFloat((int) (long) b);
            case F64 -> Double.longBitsToDouble(b);
            default -> b;
        };
    }

    private double number(PropertyValue v, int channel) {
        if (v instanceof NumericValue n) {
            return n.number().doubleValue();
        }
        if (v instanceof NativeStructValue s) {
            return structNumber(s, channel);
        }
        throw new NiagaraException("Export " + exportIndex() + " (" + exportName() + "): element of " + valuePropertyName()
                + " is a " + v.type() + " this code cannot read as numbers");
    }

    private PropertyValue with(PropertyValue v, int channel, double x) {
        if (v instanceof NumericValue n) {
            return NumericValue.of(n.type(), n.type().equals("IntProperty") ? (Number) (long) x : (Number) x);
        }
        if (v instanceof NativeStructValue s) {
            return s.with(field(s, channel).name(), x);
        }
        throw new NiagaraException("Export " + exportIndex() + " (" + exportName() + "): element of " + valuePropertyName()
                + " is a " + v.type() + " this code cannot edit");
    }
}
