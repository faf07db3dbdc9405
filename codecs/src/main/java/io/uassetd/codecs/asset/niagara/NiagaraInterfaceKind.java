package io.uassetd.codecs.asset.niagara;

import java.util.List;

/**
 * The Niagara data interfaces whose values this package reads and edits: the curve interfaces,
 * which bake their curves into a flat {@code ShaderLUT} float array ({@link #stride} floats per
 * entry), and the array interfaces, which hold their values in one array property (whose name
 * changed between engine releases, so each kind lists the names it accepts).
 */
public enum NiagaraInterfaceKind {
    COLOR_CURVE("NiagaraDataInterfaceColorCurve", 4, true, "ShaderLUT"),
    VECTOR_CURVE("NiagaraDataInterfaceVectorCurve", 3, true, "ShaderLUT"),
    VECTOR2D_CURVE("NiagaraDataInterfaceVector2DCurve", 2, true, "ShaderLUT"),
    VECTOR4_CURVE("NiagaraDataInterfaceVector4Curve", 4, true, "ShaderLUT"),
    CURVE("NiagaraDataInterfaceCurve", 1, true, "ShaderLUT"),
    ARRAY_COLOR("NiagaraDataInterfaceArrayColor", 4, false, "ColorData"),
    ARRAY_FLOAT("NiagaraDataInterfaceArrayFloat", 1, false, "FloatData"),
    ARRAY_FLOAT3("NiagaraDataInterfaceArrayFloat3", 3, false, "VectorData", "InternalFloatData"),
    ARRAY_FLOAT4("NiagaraDataInterfaceArrayFloat4", 4, false, "FloatData", "InternalFloatData"),
    ARRAY_INT32("NiagaraDataInterfaceArrayInt32", 1, false, "IntData");

    private final String className;
    private final int stride;
    private final boolean lut;
    private final List<String> properties;

    NiagaraInterfaceKind(String className, int stride, boolean lut, String... properties) {
        this.className = className;
        this.stride = stride;
        this.lut = lut;
        this.properties = List.of(properties);
    }

    /** The kind of an export class, or null when the class is not one of these interfaces. */
    public static NiagaraInterfaceKind ofClass(String className) {
        for (NiagaraInterfaceKind k : values()) {
            if (k.className.equals(className)) {
                return k;
            }
        }
        return null;
    }

    public String className() {
        return className;
    }

    /** Values per entry: 4 for a colour, 3 for a vector, 1 for a float. */
    public int stride() {
        return stride;
    }

    /** True when the values are a baked ShaderLUT (a curve interface). */
    public boolean isCurve() {
        return lut;
    }

    /** The property names that hold the values, in the order they are looked for. */
    public List<String> valueProperties() {
        return properties;
    }

    /** True for interfaces that hold colours: RGBA colour curves and colour arrays. */
    public boolean isColor() {
        return this == COLOR_CURVE || this == ARRAY_COLOR;
    }

    /** True when a colour edit may target the interface: its entries have at least three float channels (R, G, B[, A]). */
    public boolean isColorEditable() {
        return stride >= 3;
    }
}
