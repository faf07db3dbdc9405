package io.uassetd.testkit;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The fixtures hold one NiagaraSystem, NS_Fixture (a Zen package of the CUE4Parse containers),
 * and it has no curve or array data interface. This builds one that has them: NS_Fixture converted
 * to legacy (tagged, UE5.8), extended with the project's package builder by an emitter and one
 * export per data interface kind, their properties written as UE5.4+ property tags with the
 * property names and types the CUE4Parse usmap declares for those classes.
 */
public final class NiagaraTestSystem {
    /** Export indexes of the added exports (NS_Fixture's own four come first). */
    public static final int EMITTER = 4;
    public static final int COLOR_GLOW = 5;
    public static final int COLOR_ALPHA = 6;
    public static final int VECTOR_CURVE = 7;
    public static final int FLOAT_CURVE = 8;
    public static final int VECTOR2D_CURVE = 9;
    public static final int ARRAY_COLOR = 10;
    public static final int ARRAY_FLOAT = 11;
    public static final int ARRAY_FLOAT3 = 12;
    public static final int ARRAY_INT32 = 13;
    /** NS_Fixture's export 0, a NiagaraDataInterfaceTexture (not a curve or array interface). */
    public static final int TEXTURE_INTERFACE = 0;
    /** NS_Fixture's system export. */
    public static final int SYSTEM = 3;

    /** Colours of the Glow LUT: 8 entries, red to yellow, alpha 1 down to 0.3. */
    public static final int GLOW_COLORS = 8;
    public static final int ALPHA_COLORS = 4;

    private NiagaraTestSystem() {
    }

    /** Writes the extended system as {@code dir/NS_Fixture.uasset} (+ .uexp) and returns its path. */
    public static Path write(Path dir) {
        Path converted = ZenLegacyFixtures.convert("Tagged", "/Game/Fixtures/Effects/NS_Fixture", dir.resolve("converted"));
        AssetPackage base = AssetPackage.open(converted, EngineVersion.UE5_8);
        AssetPackage built = extend(base);
        Path out = dir.resolve("NS_Fixture.uasset");
        built.write(out);
        return out;
    }

    static AssetPackage extend(AssetPackage base) {
        PackageBuilder b = PackageCopies.builderOf(base);
        Names names = new Names(base, b);
        PackageIndex niagara = importNamed(base, "/Script/Niagara");
        Export template = base.exports().get(TEXTURE_INTERFACE);
        List<ObjectImport> imports = new ArrayList<>(base.imports());
        Map<String, PackageIndex> classes = new HashMap<>();
        for (String c : List.of("NiagaraEmitter", "NiagaraDataInterfaceColorCurve", "NiagaraDataInterfaceVectorCurve",
                "NiagaraDataInterfaceCurve", "NiagaraDataInterfaceVector2DCurve", "NiagaraDataInterfaceArrayColor",
                "NiagaraDataInterfaceArrayFloat", "NiagaraDataInterfaceArrayFloat3", "NiagaraDataInterfaceArrayInt32")) {
            ObjectImport imp = new ObjectImport(names.of("/Script/CoreUObject"), names.of("Class"), niagara, names.of(c), null, false);
            imports.add(imp);
            classes.put(c, b.addImport(imp));
        }
        PackageIndex system = PackageIndex.ofExport(SYSTEM);
        PackageIndex emitter = PackageIndex.ofExport(EMITTER);
        add(b, template, classes.get("NiagaraEmitter"), system, names.of("Fire"), tagged(names).end());
        add(b, template, classes.get("NiagaraDataInterfaceColorCurve"), emitter, names.of("NiagaraDataInterfaceColorCurve_Glow"),
                tagged(names).floats("ShaderLUT", glow()).f32("LUTMaxTime", 2.0f).f32("LUTNumSamplesMinusOne", GLOW_COLORS - 1).end());
        add(b, template, classes.get("NiagaraDataInterfaceColorCurve"), emitter, names.of("NiagaraDataInterfaceColorCurve_Alpha"),
                tagged(names).floats("ShaderLUT", alpha()).f32("LUTNumSamplesMinusOne", ALPHA_COLORS - 1).end());
        add(b, template, classes.get("NiagaraDataInterfaceVectorCurve"), emitter, names.of("NiagaraDataInterfaceVectorCurve_0"),
                tagged(names).floats("ShaderLUT", ramp(5 * 3, 0.5f)).f32("LUTNumSamplesMinusOne", 4).end());
        add(b, template, classes.get("NiagaraDataInterfaceCurve"), emitter, names.of("NiagaraDataInterfaceCurve_Scale"),
                tagged(names).floats("ShaderLUT", ramp(6, 1f)).f32("LUTMinTime", 0.5f).f32("LUTMaxTime", 3f).end());
        add(b, template, classes.get("NiagaraDataInterfaceVector2DCurve"), emitter, names.of("NiagaraDataInterfaceVector2DCurve_0"),
                tagged(names).floats("ShaderLUT", ramp(3 * 2, 0.25f)).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayColor"), emitter, names.of("NiagaraDataInterfaceArrayColor_0"),
                tagged(names).structs("ColorData", "LinearColor", new float[] {1, 0, 0, 1, 0, 1, 0, 0.5f, 0, 0, 4, 1}).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayFloat"), system, names.of("NiagaraDataInterfaceArrayFloat_0"),
                tagged(names).floats("FloatData", new float[] {1, 2, 3, 4}).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayFloat3"), emitter, names.of("NiagaraDataInterfaceArrayFloat3_0"),
                tagged(names).structs("InternalFloatData", "Vector3f", new float[] {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f}).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayInt32"), emitter, names.of("NiagaraDataInterfaceArrayInt32_0"),
                tagged(names).ints("IntData", new int[] {7, 8, 9}).end());
        b.namesReferencedFromExportData(names.count());
        return b.build(base.name());
    }

    /** The Glow LUT: entry i = (1, i/7, 0, 1 - 0.1 i). */
    public static float[] glow() {
        float[] f = new float[GLOW_COLORS * 4];
        for (int i = 0; i < GLOW_COLORS; i++) {
            f[i * 4] = 1f;
            f[i * 4 + 1] = i / (float) (GLOW_COLORS - 1);
            f[i * 4 + 2] = 0f;
            f[i * 4 + 3] = 1f - 0.1f * i;
        }
        return f;
    }

    static float[] alpha() {
        float[] f = new float[ALPHA_COLORS * 4];
        for (int i = 0; i < ALPHA_COLORS; i++) {
            f[i * 4] = 1f;
            f[i * 4 + 1] = 1f;
            f[i * 4 + 2] = 1f;
            f[i * 4 + 3] = i / (float) (ALPHA_COLORS - 1);
        }
        return f;
    }

    static float[] ramp(int n, float step) {
        float[] f = new float[n];
        for (int i = 0; i < n; i++) {
            f[i] = i * step;
        }
        return f;
    }

    private static PackageIndex importNamed(AssetPackage p, String name) {
        for (int i = 0; i < p.imports().size(); i++) {
            if (p.name(p.imports().get(i).objectName()).equals(name)) {
                return PackageIndex.ofImport(i);
            }
        }
        throw new AssertionError("no import " + name);
    }

    private static void add(PackageBuilder b, Export template, PackageIndex cls, PackageIndex outer, FName name, byte[] data) {
        ObjectExport t = template.entry();
        long tail = template.rawSize() - t.scriptSerializationEndOffset();
        ObjectExport e = new ObjectExport(cls, PackageIndex.NULL, PackageIndex.NULL, outer, name, t.objectFlags(), 0, 0,
                false, false, false, t.packageGuid(), false, 0, t.notAlwaysLoadedForEditorGame(), false, t.generatePublicHash(),
                -1, 0, 0, 0, 0, t.scriptSerializationStartOffset(), t.scriptSerializationEndOffset() > 0 ? data.length - tail : 0);
        b.addExport(e, data, List.of());
    }

    private static Tagged tagged(Names names) {
        return new Tagged(names);
    }

    /** The package's names, adding missing ones to the builder. */
    private static final class Names {
        private final Map<String, Integer> index = new HashMap<>();
        private final PackageBuilder b;
        private int count;

        Names(AssetPackage p, PackageBuilder b) {
            this.b = b;
            this.count = p.names().size();
            for (int i = 0; i < p.names().entries().size(); i++) {
                index.putIfAbsent(p.names().entries().get(i).name().value(), i);
            }
        }

        FName of(String s) {
            return new FName(index.computeIfAbsent(s, k -> {
                count++;
                return b.addName(NameEntry.of(k));
            }), 0);
        }

        int count() {
            return count;
        }
    }

    /** UE5.4+ tagged properties: name, type name tree, size, flags, value; the serialization control byte first. */
    private static final class Tagged {
        private final Names names;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Tagged(Names names) {
            this.names = names;
            out.write(0);
        }

        private void i32(int v) {
            out.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(v).array());
        }

        private void name(String s) {
            FName n = names.of(s);
            i32(n.index());
            i32(n.number());
        }

        /** A chain of type names, each the single parameter of the one before. */
        private void tag(String property, int size, String... types) {
            name(property);
            for (int i = 0; i < types.length; i++) {
                name(types[i]);
                i32(i == types.length - 1 ? 0 : 1);
            }
            i32(size);
            out.write(0);
        }

        Tagged f32(String property, float v) {
            tag(property, 4, "FloatProperty");
            i32(Float.floatToRawIntBits(v));
            return this;
        }

        Tagged floats(String property, float[] v) {
            tag(property, 4 + 4 * v.length, "ArrayProperty", "FloatProperty");
            i32(v.length);
            for (float f : v) {
                i32(Float.floatToRawIntBits(f));
            }
            return this;
        }

        Tagged ints(String property, int[] v) {
            tag(property, 4 + 4 * v.length, "ArrayProperty", "IntProperty");
            i32(v.length);
            for (int x : v) {
                i32(x);
            }
            return this;
        }

        Tagged structs(String property, String struct, float[] flat) {
            int fields = struct.equals("LinearColor") ? 4 : 3;
            tag(property, 4 + 4 * flat.length, "ArrayProperty", "StructProperty", struct, "/Script/CoreUObject");
            i32(flat.length / fields);
            for (float f : flat) {
                i32(Float.floatToRawIntBits(f));
            }
            return this;
        }

        byte[] end() {
            name("None");
            i32(0);
            return out.toByteArray();
        }
    }
}
