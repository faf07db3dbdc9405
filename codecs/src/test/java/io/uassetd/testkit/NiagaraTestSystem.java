package io.uassetd.testkit;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.NameEntry;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.ObjectImport;
import io.uassetd.codecs.asset.PackageBuilder;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.usmap.Usmap;
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
 * to legacy (UE5.8, tagged or unversioned), extended with the project's package builder by an
 * emitter and one export per data interface kind, their properties written as UE5.4+ property tags
 * or as unversioned properties, with the property names and types the CUE4Parse usmap declares for
 * those classes.
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
    /**
     * A team colour parameter of the emitter Fire as Marvel Rivals names them ({@code <Emitter>.EnemyColor...}),
     * in the name map; {@link #OTHER_EMITTER_TEAM_PARAMETER} is one of an emitter the system does not have.
     */
    public static final String TEAM_PARAMETER = "Fire.EnemyColor_Core";
    public static final String OTHER_EMITTER_TEAM_PARAMETER = "Smoke.EnemyColor";

    private NiagaraTestSystem() {
    }

    /** Writes the extended system (tagged properties) as {@code dir/NS_Fixture.uasset} (+ .uexp) and returns its path. */
    public static Path write(Path dir) {
        return write(dir, "Tagged", null);
    }

    /**
     * The same system with unversioned properties (as games ship them), built on the Unversioned
     * container's NS_Fixture; the data interfaces' properties are laid out by the schemas of the
     * fixture mappings ({@link ZenLegacyFixtures#usmap()}), which reading needs too.
     */
    public static Path writeUnversioned(Path dir) {
        return write(dir, "Unversioned", Usmap.load(ZenLegacyFixtures.usmap(), Codecs.standard()));
    }

    private static Path write(Path dir, String flavour, Usmap usmap) {
        Path converted = ZenLegacyFixtures.convert(flavour, "/Game/Fixtures/Effects/NS_Fixture", dir.resolve("converted"));
        AssetPackage base = AssetPackage.open(converted, EngineVersion.UE5_8);
        AssetPackage built = extend(base, usmap);
        Path out = dir.resolve("NS_Fixture.uasset");
        built.write(out);
        return out;
    }

    static AssetPackage extend(AssetPackage base, Usmap usmap) {
        PackageBuilder b = PackageCopies.builderOf(base);
        Names names = new Names(base, b);
        PackageIndex niagara = importNamed(base, "/Script/Niagara");
        Export template = base.exports().get(TEXTURE_INTERFACE);
        // what follows the properties (the object GUID flag, ...) as NS_Fixture's own data interface has it
        byte[] tail = PropertyParser.parse(base, template, usmap).extras();
        java.util.function.Function<String, Props> props = cls -> usmap == null ? new Tagged(names, tail) : new Unversioned(usmap, cls, tail);
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
        add(b, template, classes.get("NiagaraEmitter"), system, names.of("Fire"), props.apply("NiagaraEmitter").end());
        names.of(TEAM_PARAMETER);
        names.of(OTHER_EMITTER_TEAM_PARAMETER);
        add(b, template, classes.get("NiagaraDataInterfaceColorCurve"), emitter, names.of("NiagaraDataInterfaceColorCurve_Glow"),
                props.apply("NiagaraDataInterfaceColorCurve")
                        .floats("ShaderLUT", glow())
                        .f32("LUTMaxTime", 2.0f)
                        .f32("LUTNumSamplesMinusOne", GLOW_COLORS - 1)
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceColorCurve"), emitter, names.of("NiagaraDataInterfaceColorCurve_Alpha"),
                props.apply("NiagaraDataInterfaceColorCurve")
                        .floats("ShaderLUT", alpha())
                        .f32("LUTNumSamplesMinusOne", ALPHA_COLORS - 1)
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceVectorCurve"), emitter, names.of("NiagaraDataInterfaceVectorCurve_0"),
                props.apply("NiagaraDataInterfaceVectorCurve")
                        .floats("ShaderLUT", ramp(5 * 3, 0.5f))
                        .f32("LUTNumSamplesMinusOne", 4)
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceCurve"), emitter, names.of("NiagaraDataInterfaceCurve_Scale"),
                props.apply("NiagaraDataInterfaceCurve")
                        .floats("ShaderLUT", ramp(6, 1f))
                        .f32("LUTMinTime", 0.5f)
                        .f32("LUTMaxTime", 3f)
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceVector2DCurve"), emitter, names.of("NiagaraDataInterfaceVector2DCurve_0"),
                props.apply("NiagaraDataInterfaceVector2DCurve").floats("ShaderLUT", ramp(3 * 2, 0.25f)).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayColor"), emitter, names.of("NiagaraDataInterfaceArrayColor_0"),
                props.apply("NiagaraDataInterfaceArrayColor")
                        .structs("ColorData", "LinearColor", new float[] {1, 0, 0, 1, 0, 1, 0, 0.5f, 0, 0, 4, 1})
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayFloat"), system, names.of("NiagaraDataInterfaceArrayFloat_0"),
                props.apply("NiagaraDataInterfaceArrayFloat").floats("FloatData", new float[] {1, 2, 3, 4}).end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayFloat3"), emitter, names.of("NiagaraDataInterfaceArrayFloat3_0"),
                props.apply("NiagaraDataInterfaceArrayFloat3")
                        .structs("InternalFloatData", "Vector3f", new float[] {0.1f, 0.2f, 0.3f, 0.4f, 0.5f, 0.6f})
                        .end());
        add(b, template, classes.get("NiagaraDataInterfaceArrayInt32"), emitter, names.of("NiagaraDataInterfaceArrayInt32_0"),
                props.apply("NiagaraDataInterfaceArrayInt32").ints("IntData", new int[] {7, 8, 9}).end());
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

    /** An export's properties being written. */
    private interface Props {
        Props f32(String property, float v);

        Props floats(String property, float[] v);

        Props ints(String property, int[] v);

        Props structs(String property, String struct, float[] flat);

        byte[] end();
    }

    private static byte[] le(int... values) {
        ByteBuffer b = ByteBuffer.allocate(4 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (int v : values) {
            b.putInt(v);
        }
        return b.array();
    }

    private static byte[] floatArray(float[] v) {
        ByteBuffer b = ByteBuffer.allocate(4 + 4 * v.length).order(ByteOrder.LITTLE_ENDIAN).putInt(v.length);
        for (float f : v) {
            b.putFloat(f);
        }
        return b.array();
    }

    /** Unversioned properties: the FUnversionedHeader fragments over the class schema, then the values in schema order. */
    private static final class Unversioned implements Props {
        private final Usmap usmap;
        private final String cls;
        private final byte[] tail;
        private final java.util.TreeMap<Integer, byte[]> values = new java.util.TreeMap<>();

        Unversioned(Usmap usmap, String cls, byte[] tail) {
            this.usmap = usmap;
            this.cls = cls;
            this.tail = tail;
        }

        /** Stores a value at the property's schema index: the class's own properties first, then each super's. */
        private Props put(String property, byte[] value) {
            int base = 0;
            for (var schema : usmap.hierarchy(cls)) {
                for (var p : schema.properties()) {
                    if (p.name().equals(property)) {
                        values.put(base + p.schemaIndex(), value);
                        return this;
                    }
                }
                base += schema.propertyCount();
            }
            throw new AssertionError(cls + " has no property " + property + " in the mappings");
        }

        @Override
        public Props f32(String property, float v) {
            return put(property, le(Float.floatToRawIntBits(v)));
        }

        @Override
        public Props floats(String property, float[] v) {
            return put(property, floatArray(v));
        }

        @Override
        public Props ints(String property, int[] v) {
            byte[] n = le(v.length);
            byte[] body = le(v);
            byte[] all = new byte[n.length + body.length];
            System.arraycopy(n, 0, all, 0, n.length);
            System.arraycopy(body, 0, all, n.length, body.length);
            return put(property, all);
        }

        @Override
        public Props structs(String property, String struct, float[] flat) {
            int fields = struct.equals("LinearColor") ? 4 : 3;
            ByteBuffer b = ByteBuffer.allocate(4 + 4 * flat.length).order(ByteOrder.LITTLE_ENDIAN).putInt(flat.length / fields);
            for (float f : flat) {
                b.putFloat(f);
            }
            return put(property, b.array());
        }

        @Override
        public byte[] end() {
            ByteArrayOutputStream header = new ByteArrayOutputStream();
            ByteArrayOutputStream body = new ByteArrayOutputStream();
            List<int[]> runs = new ArrayList<>();
            for (int index : values.keySet()) {
                int[] last = runs.isEmpty() ? null : runs.get(runs.size() - 1);
                if (last != null && last[0] + last[1] == index) {
                    last[1]++;
                } else {
                    runs.add(new int[] {index, 1});
                }
                body.writeBytes(values.get(index));
            }
            int next = 0;
            for (int r = 0; r < runs.size(); r++) {
                int skip = runs.get(r)[0] - next;
                int packed = skip | (r == runs.size() - 1 ? 0x100 : 0) | runs.get(r)[1] << 9;
                header.write(packed & 0xFF);
                header.write(packed >>> 8);
                next = runs.get(r)[0] + runs.get(r)[1];
            }
            if (runs.isEmpty()) {
                header.writeBytes(new byte[] {0, 1});
            }
            header.writeBytes(body.toByteArray());
            header.writeBytes(tail);
            return header.toByteArray();
        }
    }

    /** UE5.4+ tagged properties: name, type name tree, size, flags, value; the serialization control byte first. */
    private static final class Tagged implements Props {
        private final Names names;
        private final byte[] tail;
        private final ByteArrayOutputStream out = new ByteArrayOutputStream();

        Tagged(Names names, byte[] tail) {
            this.names = names;
            this.tail = tail;
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

        @Override
        public Props f32(String property, float v) {
            tag(property, 4, "FloatProperty");
            i32(Float.floatToRawIntBits(v));
            return this;
        }

        @Override
        public Props floats(String property, float[] v) {
            tag(property, 4 + 4 * v.length, "ArrayProperty", "FloatProperty");
            out.writeBytes(floatArray(v));
            return this;
        }

        @Override
        public Props ints(String property, int[] v) {
            tag(property, 4 + 4 * v.length, "ArrayProperty", "IntProperty");
            i32(v.length);
            for (int x : v) {
                i32(x);
            }
            return this;
        }

        @Override
        public Props structs(String property, String struct, float[] flat) {
            int fields = struct.equals("LinearColor") ? 4 : 3;
            tag(property, 4 + 4 * flat.length, "ArrayProperty", "StructProperty", struct, "/Script/CoreUObject");
            i32(flat.length / fields);
            for (float f : flat) {
                i32(Float.floatToRawIntBits(f));
            }
            return this;
        }

        @Override
        public byte[] end() {
            name("None");
            out.writeBytes(tail);
            return out.toByteArray();
        }
    }
}
