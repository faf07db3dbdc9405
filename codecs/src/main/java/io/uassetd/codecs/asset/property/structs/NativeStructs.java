package io.uassetd.codecs.asset.property.structs;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import java.util.Arrays;
import java.util.Set;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The structs with a native serializer (binary, no property tags) this code knows, and their field
 * layouts. Large-world-coordinate structs (Vector, Rotator, Quat, Box, ...) store doubles from UE5
 * (LARGE_WORLD_COORDINATES) and floats before; the {@code 3f}/{@code 3d} variants are fixed.
 */
public final class NativeStructs {

    /** Field kinds; REAL is float or double by the package's large world coordinates. */
    public enum Kind {
        REAL, F32, F64, I32, U32, I64, U8, BOOL32, NAME, NAME_ARRAY, F32_ARRAY, I32_ARRAY, SOFT_OBJECT_PATH, STRUCT,
        /** TArray<uint8>: int32 count, then the bytes. */
        U8_ARRAY,
        /** The property list (tagged, or unversioned through the mappings) of the struct named by the field. */
        PROPERTIES
    }

    /** One field: its name, kind and, for STRUCT, the nested native struct. */
    public record Field(String name, Kind kind, String struct) {
    }

    /** A native struct's field layout. */
    public record Layout(String name, List<Field> fields) {
    }

    private static final Map<String, Layout> LAYOUTS = new HashMap<>();

    /**
     * Structs whose native Serialize exists only in UE5 packages (FNiagaraVariableBase and its
     * children write Name and the FNiagaraTypeDefinition their handle refers to since the
     * type-definition registry); older packages store them as property lists.
     */
    private static final Set<String> UE5_ONLY = Set.of("niagaravariablebase", "niagaravariable",
            "niagaravariablewithoffset");

    static {
        put("NiagaraVariableBase", new Field("Name", Kind.NAME, null), new Field("TypeDef", Kind.PROPERTIES, "NiagaraTypeDefinition"));
        put("NiagaraVariable", new Field("Name", Kind.NAME, null), new Field("TypeDef", Kind.PROPERTIES, "NiagaraTypeDefinition"),
                new Field("VarData", Kind.U8_ARRAY, null));
        put("NiagaraVariableWithOffset", new Field("Name", Kind.NAME, null),
                new Field("TypeDef", Kind.PROPERTIES, "NiagaraTypeDefinition"), new Field("Offset", Kind.I32, null));
        reals("Vector", "X", "Y", "Z");
        reals("Vector2D", "X", "Y");
        reals("Vector4", "X", "Y", "Z", "W");
        reals("Rotator", "Pitch", "Yaw", "Roll");
        reals("Quat", "X", "Y", "Z", "W");
        reals("Plane", "X", "Y", "Z", "W");
        reals("Vector_NetQuantize", "X", "Y", "Z");
        reals("Vector_NetQuantize10", "X", "Y", "Z");
        reals("Vector_NetQuantize100", "X", "Y", "Z");
        reals("Vector_NetQuantizeNormal", "X", "Y", "Z");
        fixed("Vector3f", Kind.F32, "X", "Y", "Z");
        fixed("Vector3d", Kind.F64, "X", "Y", "Z");
        fixed("Vector2f", Kind.F32, "X", "Y");
        fixed("Vector4f", Kind.F32, "X", "Y", "Z", "W");
        fixed("Vector4d", Kind.F64, "X", "Y", "Z", "W");
        fixed("Rotator3f", Kind.F32, "Pitch", "Yaw", "Roll");
        fixed("Quat4f", Kind.F32, "X", "Y", "Z", "W");
        fixed("LinearColor", Kind.F32, "R", "G", "B", "A");
        fixed("Color", Kind.U8, "B", "G", "R", "A");
        fixed("Guid", Kind.U32, "A", "B", "C", "D");
        fixed("DateTime", Kind.I64, "Ticks");
        fixed("Timespan", Kind.I64, "Ticks");
        fixed("IntPoint", Kind.I32, "X", "Y");
        fixed("IntVector", Kind.I32, "X", "Y", "Z");
        fixed("IntVector4", Kind.I32, "X", "Y", "Z", "W");
        fixed("FrameNumber", Kind.I32, "Value");
        fixed("NavAgentSelector", Kind.U32, "PackedBits");
        fixed("DeprecateSlateVector2D", Kind.F32, "X", "Y");
        // TRange<FFrameNumber>: each bound is a uint8 ERangeBoundTypes then the value
        put("MovieSceneFrameRange", new Field("LowerBoundType", Kind.U8, null), new Field("LowerBoundValue", Kind.I32, null),
                new Field("UpperBoundType", Kind.U8, null), new Field("UpperBoundValue", Kind.I32, null));
        put("Box", new Field("Min", Kind.STRUCT, "Vector"), new Field("Max", Kind.STRUCT, "Vector"),
                new Field("IsValid", Kind.U8, null));
        put("Box2D", new Field("Min", Kind.STRUCT, "Vector2D"), new Field("Max", Kind.STRUCT, "Vector2D"),
                new Field("bIsValid", Kind.U8, null));
        put("TwoVectors", new Field("v1", Kind.STRUCT, "Vector"), new Field("v2", Kind.STRUCT, "Vector"));
        put("Sphere", new Field("Center", Kind.STRUCT, "Vector"), new Field("W", Kind.REAL, null));
        put("Matrix", new Field("XPlane", Kind.STRUCT, "Plane"), new Field("YPlane", Kind.STRUCT, "Plane"),
                new Field("ZPlane", Kind.STRUCT, "Plane"), new Field("WPlane", Kind.STRUCT, "Plane"));
        for (String s : List.of("SoftObjectPath", "SoftClassPath", "StringAssetReference", "StringClassReference")) {
            put(s, new Field("Path", Kind.SOFT_OBJECT_PATH, null));
        }
        put("GameplayTagContainer", new Field("GameplayTags", Kind.NAME_ARRAY, null));
        put("PerPlatformFloat", new Field("bCooked", Kind.BOOL32, null), new Field("Default", Kind.F32, null));
        put("PerPlatformInt", new Field("bCooked", Kind.BOOL32, null), new Field("Default", Kind.I32, null));
        put("PerPlatformBool", new Field("bCooked", Kind.BOOL32, null), new Field("Default", Kind.BOOL32, null));
        // FWeightedRandomSampler (a skeletal mesh's area-weighted triangle sampler): probabilities, aliases, total weight
        put("SkeletalMeshAreaWeightedTriangleSampler", new Field("Prob", Kind.F32_ARRAY, null), new Field("Alias", Kind.I32_ARRAY, null),
                new Field("TotalWeight", Kind.F32, null));
        put("SkeletalMeshSamplingLODBuiltData", new Field("AreaWeightedTriangleSampler", Kind.STRUCT,
                "SkeletalMeshAreaWeightedTriangleSampler"));
        put("RichCurveKey", new Field("InterpMode", Kind.U8, null), new Field("TangentMode", Kind.U8, null),
                new Field("TangentWeightMode", Kind.U8, null), new Field("Time", Kind.F32, null),
                new Field("Value", Kind.F32, null), new Field("ArriveTangent", Kind.F32, null),
                new Field("ArriveTangentWeight", Kind.F32, null), new Field("LeaveTangent", Kind.F32, null),
                new Field("LeaveTangentWeight", Kind.F32, null));
    }

    private NativeStructs() {
    }

    private static void reals(String name, String... fields) {
        fixed(name, Kind.REAL, fields);
    }

    private static void fixed(String name, Kind kind, String... fields) {
        put(name, Arrays.stream(fields).map(f -> new Field(f, kind, null)).toArray(Field[]::new));
    }

    private static void put(String name, Field... fields) {
        LAYOUTS.put(name.toLowerCase(Locale.ROOT), new Layout(name, List.of(fields)));
    }

    /** Every layout, in no particular order. */
    public static java.util.Collection<Layout> layouts() {
        return java.util.Collections.unmodifiableCollection(LAYOUTS.values());
    }

    /** The layout of a native struct, or null when the struct is not known to be native. */
    public static Layout layout(String structName) {
        return structName == null ? null : LAYOUTS.get(structName.toLowerCase(Locale.ROOT));
    }

    /** The layout a package of this version serializes the struct with natively, or null. */
    public static Layout layout(String structName, AssetPackage pkg) {
        Layout l = layout(structName);
        if (l != null && UE5_ONLY.contains(structName.toLowerCase(Locale.ROOT)) && !pkg.version().atLeast(ObjectVersionUE5.INITIAL_VERSION)) {
            return null;
        }
        return l;
    }
}
