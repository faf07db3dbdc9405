package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyFixtures;
import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.types.SoftObjectPath;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import io.uassetd.testkit.SkipWithoutFixtures;
import java.math.BigInteger;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AddLifecycleHook;

/**
 * Property-based round trips of random tagged property trees. A generator ({@link Trees}) makes a
 * random property list in UAssetAPI's JSON (numbers of every width, floats and doubles, bools,
 * ASCII and UTF-16 strings, names with numbers, enums, bytes, object and soft object references,
 * generic structs and the native Vector/Rotator/LinearColor/Guid, text with the None and Base
 * histories, arrays, sets and maps, nested to a bounded depth) and puts it in place of the first
 * export's properties of a real tagged package of UE4.25, UE4.27, UE5.1, UE5.7 (editor) and UE5.8
 * (cooked, from CUE4Parse's LegacyPak pak); UE5.4+ tags carry the complete type name. The package is written, read back and parsed: the tree read back
 * holds every generated value, writing it again gives the same bytes, and its JSON (to JSON,
 * from JSON) writes the same bytes and reads back to the same JSON.
 */
@AddLifecycleHook(SkipWithoutFixtures.class)
class PropertyTreePropertiesTest {
    /** A cooked UE5.8 package inside CUE4Parse's tagged LegacyPak pak: this prefix, then its name. */
    static final String LEGACY_PAK = "Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak#";
    static final List<String> FIXTURES = List.of(
            "unrealmodding/general/npc_onop/NPC_Onop_IO_Bech.uasset",
            "uassetapi/TestJson/RaceSimDataAsset.uasset",
            "unrealmodding/general/pseudoregalia/BP_looseWeapon.uasset",
            "uassetapi/TestEditorUE5_7/Blueprints/BP_FirstPersonGameMode.uasset",
            LEGACY_PAK + "DA_AllProperties");
    /** How deep values nest (a struct in an array in a struct...). */
    static final int DEPTH = 4;
    private static final Map<String, AssetPackage> PACKAGES = new ConcurrentHashMap<>();
    private static final Map<String, ObjectNode> DOCUMENTS = new ConcurrentHashMap<>();

    @Provide
    Arbitrary<String> fixtures() {
        return Arbitraries.of(FIXTURES);
    }

    @Property(tries = 200, seed = "20261125")
    void randomPropertyTreesRoundTripThroughBytesAndJson(@ForAll("fixtures") String fixture, @ForAll long seed) {
        roundTrip(fixture, seed);
    }

    /** One try: exposed for regression tests that replay a seed. */
    static void roundTrip(String fixture, long seed) {
        AssetPackage original = PACKAGES.computeIfAbsent(fixture, PropertyTreePropertiesTest::open);
        EngineVersion engine = fixture.startsWith(LEGACY_PAK) ? EngineVersion.UE5_8 : PropertyFixtures.engineFor(fixture);
        ObjectNode doc = DOCUMENTS.computeIfAbsent(fixture, f -> UAssetJson.toTree(original, null)).deepCopy();
        ObjectNode export = firstNormalExport(doc);
        ArrayNode tree = new Trees(original, new Random(seed)).propertyList(DEPTH);
        export.set("Data", tree);
        String name = original.name();

        AssetPackage.Bytes written = UAssetJson.toPackageBytes(doc, name);
        AssetPackage back = read(written, name, engine);
        ObjectNode backJson = UAssetJson.toTree(back, null);
        JsonNode backTree = firstNormalExport(backJson).get("Data");
        assertSubset(tree, backTree, "$");

        AssetPackage.Bytes again = back.toBytes();
        assertThat(again.header()).as("second write, header").isEqualTo(written.header());
        assertThat(again.exports()).as("second write, exports").isEqualTo(written.exports());

        AssetPackage.Bytes fromJson = UAssetJson.toPackageBytes(backJson, name);
        assertThat(fromJson.header()).as("from JSON, header").isEqualTo(written.header());
        assertThat(fromJson.exports()).as("from JSON, exports").isEqualTo(written.exports());
        AssetPackage third = read(fromJson, name, engine);
        assertThat(UAssetJson.toTree(third, null)).isEqualTo(backJson);
    }

    static AssetPackage open(String fixture) {
        if (!fixture.startsWith(LEGACY_PAK)) {
            return PropertyFixtures.open(fixture);
        }
        String name = fixture.substring(LEGACY_PAK.length());
        return PropertyFixtures.legacyPak(LEGACY_PAK.substring(0, LEGACY_PAK.length() - 1)).entrySet().stream()
                .filter(e -> e.getKey().endsWith("/" + name)).map(Map.Entry::getValue).findFirst()
                .orElseThrow(() -> new AssertionError("no " + name + " in " + LEGACY_PAK));
    }

    /** Reads written bytes back (a single-file package has no .uexp). */
    static AssetPackage read(AssetPackage.Bytes b, String name, EngineVersion engine) {
        return AssetPackage.read(b.header(), b.exports().length == 0 ? null : b.exports(), name, engine);
    }

    static ObjectNode firstNormalExport(JsonNode doc) {
        for (JsonNode e : doc.get("Exports")) {
            if (e.get("$type").asText().contains(".NormalExport,")) {
                return (ObjectNode) e;
            }
        }
        throw new AssertionError("no NormalExport");
    }

    /** Every field of {@code expected} is in {@code actual} with an equal value; arrays element by element. */
    static void assertSubset(JsonNode expected, JsonNode actual, String path) {
        assertThat(actual).as(path + " missing").isNotNull();
        if (expected.isObject()) {
            assertThat(actual.isObject()).as(path + " is not an object: " + actual).isTrue();
            Iterator<Map.Entry<String, JsonNode>> it = expected.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> f = it.next();
                if (f.getKey().equals("StructGUID")) {
                    // uassetd keeps it in the Tag
                    assertThat(actual.path("Tag").path("StructGuid")).as(path + ".StructGUID").isEqualTo(f.getValue());
                    continue;
                }
                if (f.getKey().equals("PropertyTypeName")) {
                    // UAssetAPI's pre-order node list; uassetd keeps the tree in its Tag
                    ArrayNode nodes = JsonNodeFactory.instance.arrayNode();
                    preOrder(actual.path("Tag").path("TypeName"), nodes);
                    assertThat(nodes).as(path + ".PropertyTypeName").isEqualTo(f.getValue());
                    continue;
                }
                assertSubset(f.getValue(), actual.get(f.getKey()), path + "." + f.getKey());
            }
        } else if (expected.isArray()) {
            assertThat(actual.isArray()).as(path + " is not an array: " + actual).isTrue();
            assertThat(actual.size()).as(path + " size").isEqualTo(expected.size());
            for (int i = 0; i < expected.size(); i++) {
                assertSubset(expected.get(i), actual.get(i), path + "[" + i + "]");
            }
        } else if (expected.isNumber()) {
            assertThat(actual.isNumber()).as(path + " is not a number: " + actual).isTrue();
            if (expected.isFloat()) {
                // a float written as its shortest decimal form reads back as a double of that text
                assertThat(Float.floatToRawIntBits((float) actual.doubleValue())).as(path + ": " + actual + " vs " + expected)
                        .isEqualTo(Float.floatToRawIntBits(expected.floatValue()));
            } else if (expected.isDouble()) {
                assertThat(Double.doubleToRawLongBits(actual.doubleValue())).as(path + ": " + actual + " vs " + expected)
                        .isEqualTo(Double.doubleToRawLongBits(expected.doubleValue()));
            } else {
                assertThat(actual.bigIntegerValue()).as(path).isEqualTo(expected.bigIntegerValue());
            }
        } else {
            assertThat(actual).as(path).isEqualTo(expected);
        }
    }

    private static void preOrder(JsonNode typeName, ArrayNode out) {
        JsonNode params = typeName.path("Parameters");
        ObjectNode n = out.addObject();
        n.put("Name", typeName.path("Name").asText());
        n.put("InnerCount", params.size());
        params.forEach(p -> preOrder(p, out));
    }

    /**
     * Random property trees in UAssetAPI's JSON for one package (its version decides the soft
     * object path form, doubles in native structs and whether tags carry the complete type name).
     */
    static final class Trees {
        private static final JsonNodeFactory F = JsonNodeFactory.instance;
        private static final String OBJECTS = "UAssetAPI.PropertyTypes.Objects.";
        private static final String STRUCTS = "UAssetAPI.PropertyTypes.Structs.";
        private static final String ASSEMBLY = ", UAssetAPI";
        private static final List<String> NUMBERS = List.of("Int8Property", "Int16Property", "IntProperty", "Int64Property",
                "UInt16Property", "UInt32Property", "UInt64Property", "FloatProperty", "DoubleProperty");
        private static final List<String> NATIVE = List.of("Vector", "Rotator", "LinearColor", "Guid");
        /** Kinds an element of a set or a map may be: a tagged set or map names only its element kinds. */
        private static final List<String> KEYS = List.of("IntProperty", "Int64Property", "UInt32Property", "StrProperty",
                "NameProperty", "ObjectProperty", "FloatProperty");

        private final Random r;
        private final boolean completeTypeName;
        private final boolean doubles;
        private final SoftObjectPath.Layout softLayout;
        private final int softPaths;
        private final int imports;
        private final int exports;

        Trees(AssetPackage pkg, Random r) {
            this.r = r;
            this.completeTypeName = PropertyTag.completeTypeName(pkg.version());
            this.doubles = pkg.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
            this.softLayout = SoftObjectPath.layout(pkg);
            this.softPaths = pkg.softObjectPaths() == null ? 0 : pkg.softObjectPaths().size();
            this.imports = pkg.imports().size();
            this.exports = pkg.exports().size();
        }

        /** A type: a kind with its struct, enum and element types. */
        record Type(String kind, String struct, String enumName, Type inner, Type value) {
            static Type of(String kind) {
                return new Type(kind, null, null, null, null);
            }
        }

        ArrayNode propertyList(int depth) {
            ArrayNode out = F.arrayNode();
            int n = r.nextInt(depth == DEPTH ? 8 : 4) + (depth == DEPTH ? 1 : 0);
            for (int i = 0; i < n; i++) {
                Type t = type(depth, true);
                ObjectNode p = value(t, depth, true);
                ObjectNode prop = F.objectNode();
                prop.put("$type", p.get("$type").asText());
                prop.put("Name", name("Prop" + i));
                prop.put("ArrayIndex", r.nextInt(8) == 0 ? 1 + r.nextInt(3) : 0);
                prop.put("IsZero", false);
                if (r.nextInt(6) == 0) {
                    prop.put("PropertyGuid", guid());
                } else {
                    prop.putNull("PropertyGuid");
                }
                prop.put("DuplicationIndex", 0);
                p.properties().forEach(e -> {
                    if (!e.getKey().equals("$type")) {
                        prop.set(e.getKey(), e.getValue());
                    }
                });
                if (completeTypeName) {
                    ArrayNode nodes = F.arrayNode();
                    typeName(t, nodes);
                    prop.set("PropertyTypeName", nodes);
                }
                out.add(prop);
            }
            return out;
        }

        /** A name, sometimes with a number suffix ({@code Base_3}). */
        private String name(String base) {
            return switch (r.nextInt(12)) {
                case 0, 1, 2 -> base + "_" + r.nextInt(40);
                case 3 -> base + "_0";
                case 4 -> base + "_01"; // not a number suffix: a leading zero
                case 5 -> base + "_2147483646";
                case 6 -> base + "_";
                case 7 -> base.toUpperCase(Locale.ROOT); // differs from another name in case only
                case 8 -> base.toLowerCase(Locale.ROOT) + "_" + r.nextInt(3);
                default -> base;
            };
        }

        private Type type(int depth, boolean topLevel) {
            int pick = r.nextInt(depth > 0 ? 22 : 17);
            return switch (pick) {
                case 0, 1, 2, 3, 4 -> Type.of(NUMBERS.get(r.nextInt(NUMBERS.size())));
                case 5 -> Type.of("BoolProperty");
                case 6 -> Type.of("StrProperty");
                case 7 -> Type.of("NameProperty");
                case 8 -> new Type("EnumProperty", null, "E" + name("Colour"),
                        r.nextBoolean() ? null : Type.of(List.of("IntProperty", "UInt16Property", "Int64Property").get(r.nextInt(3))), null);
                case 9 -> topLevel && r.nextBoolean() ? new Type("ByteProperty", null, "E" + name("Mode"), null, null)
                        : Type.of("ByteProperty");
                case 10 -> Type.of("ObjectProperty");
                case 11 -> Type.of("SoftObjectProperty");
                case 12, 13 -> new Type("StructProperty", NATIVE.get(r.nextInt(NATIVE.size())), null, null, null);
                case 14 -> Type.of("TextProperty");
                case 15 -> Type.of("IntProperty");
                case 16 -> Type.of("StrProperty");
                case 17, 18 -> new Type("StructProperty", "Struct" + r.nextInt(5), null, null, null);
                case 19 -> new Type("ArrayProperty", null, null, element(depth - 1), null);
                case 20 -> new Type("SetProperty", null, null, key(depth - 1), null);
                default -> new Type("MapProperty", null, null, key(depth - 1),
                        completeTypeName && r.nextBoolean() ? type(depth - 1, false)
                                : r.nextBoolean() ? Type.of(KEYS.get(r.nextInt(KEYS.size()))) : simpleValueType());
            };
        }

        /**
         * An array's element type: before UE5.4 a tag names only the element kind, so an element
         * that is itself a container has element types nothing records (UE reads them through
         * the class schema); from UE5.4 the complete type name records them.
         */
        private Type element(int depth) {
            while (true) {
                Type t = type(depth, false);
                if (completeTypeName || !List.of("ArrayProperty", "SetProperty", "MapProperty").contains(t.kind())) {
                    return t;
                }
            }
        }

        /**
         * A set element or map key: before UE5.4 a tag names only its kind (a struct's name is not
         * recorded), from UE5.4 also native structs.
         */
        private Type key(int depth) {
            if (completeTypeName && r.nextInt(4) == 0) {
                return new Type("StructProperty", NATIVE.get(r.nextInt(NATIVE.size())), null, null, null);
            }
            return Type.of(KEYS.get(r.nextInt(KEYS.size())));
        }

        private Type simpleValueType() {
            return Type.of(List.of("BoolProperty", "DoubleProperty", "Int8Property", "UInt64Property", "SoftObjectProperty")
                    .get(r.nextInt(5)));
        }

        /** The complete type name as UAssetAPI's pre-order node list. */
        private void typeName(Type t, ArrayNode nodes) {
            switch (t.kind()) {
                case "StructProperty" -> {
                    node(nodes, t.kind(), 1);
                    node(nodes, t.struct(), 1);
                    node(nodes, NATIVE.contains(t.struct()) ? "/Script/CoreUObject" : "/Game/Structs/" + t.struct(), 0);
                }
                case "EnumProperty" -> {
                    node(nodes, t.kind(), 2);
                    node(nodes, t.enumName(), 1);
                    node(nodes, "/Script/Game", 0);
                    node(nodes, t.inner() == null ? "ByteProperty" : t.inner().kind(), 0);
                }
                case "ByteProperty" -> {
                    if (t.enumName() == null) {
                        node(nodes, t.kind(), 0);
                    } else {
                        node(nodes, t.kind(), 1);
                        node(nodes, t.enumName(), 1);
                        node(nodes, "/Script/Game", 0);
                    }
                }
                case "ArrayProperty", "SetProperty" -> {
                    node(nodes, t.kind(), 1);
                    typeName(t.inner(), nodes);
                }
                case "MapProperty" -> {
                    node(nodes, t.kind(), 2);
                    typeName(t.inner(), nodes);
                    typeName(t.value(), nodes);
                }
                default -> node(nodes, t.kind(), 0);
            }
        }

        private static void node(ArrayNode nodes, String name, int inner) {
            ObjectNode n = nodes.addObject();
            n.put("Name", name);
            n.put("InnerCount", inner);
        }

        /** A value object ($type and value fields) of type {@code t}; {@code topLevel}: a property, not an element. */
        ObjectNode value(Type t, int depth, boolean topLevel) {
            ObjectNode o = F.objectNode();
            String kind = t.kind();
            switch (kind) {
                case "Int8Property" -> number(o, kind, r.nextInt(256) - 128);
                case "Int16Property" -> number(o, kind, r.nextInt(65536) - 32768);
                case "IntProperty" -> number(o, kind, r.nextInt());
                case "Int64Property" -> number(o, kind, r.nextLong());
                case "UInt16Property" -> number(o, kind, r.nextInt(65536));
                case "UInt32Property" -> number(o, kind, r.nextInt() & 0xFFFFFFFFL);
                case "UInt64Property" -> {
                    o.put("$type", OBJECTS + "UInt64PropertyData" + ASSEMBLY);
                    o.put("Value", new BigInteger(Long.toUnsignedString(r.nextLong())));
                }
                case "FloatProperty" -> {
                    o.put("$type", OBJECTS + "FloatPropertyData" + ASSEMBLY);
                    float f = switch (r.nextInt(6)) {
                        case 0 -> Float.intBitsToFloat(r.nextInt());
                        case 1 -> List.of(-0.0f, Float.MIN_VALUE, Float.MAX_VALUE, 1e-40f, 0.1f).get(r.nextInt(5));
                        default -> (float) (r.nextInt(20001) - 10000) / 16;
                    };
                    if (Float.isFinite(f)) {
                        o.put("Value", f);
                    } else {
                        o.put("Value", Float.toString(f));
                        o.put("Bits", Float.floatToRawIntBits(f));
                    }
                }
                case "DoubleProperty" -> {
                    o.put("$type", OBJECTS + "DoublePropertyData" + ASSEMBLY);
                    double d = switch (r.nextInt(4)) {
                        case 0 -> Double.longBitsToDouble(r.nextLong());
                        case 1 -> r.nextDouble() * 1e6 - 5e5;
                        default -> (double) r.nextInt(1000) / 8;
                    };
                    if (Double.isFinite(d)) {
                        o.put("Value", d);
                    } else {
                        o.put("Value", Double.toString(d));
                        o.put("Bits", Double.doubleToRawLongBits(d));
                    }
                }
                case "BoolProperty" -> {
                    o.put("$type", OBJECTS + "BoolPropertyData" + ASSEMBLY);
                    o.put("Value", r.nextBoolean());
                }
                case "StrProperty" -> {
                    o.put("$type", OBJECTS + "StrPropertyData" + ASSEMBLY);
                    o.put("Value", string());
                }
                case "NameProperty" -> {
                    o.put("$type", OBJECTS + "NamePropertyData" + ASSEMBLY);
                    o.put("Value", name("Name"));
                }
                case "EnumProperty" -> {
                    o.put("$type", OBJECTS + "EnumPropertyData" + ASSEMBLY);
                    if (topLevel) {
                        o.put("EnumType", t.enumName());
                    }
                    o.put("Value", t.enumName() + "::" + name("Value"));
                }
                case "ByteProperty" -> {
                    o.put("$type", OBJECTS + "BytePropertyData" + ASSEMBLY);
                    if (t.enumName() != null) {
                        o.put("ByteType", "FName");
                        o.put("EnumType", t.enumName());
                        o.put("EnumValue", t.enumName() + "::" + name("Value"));
                    } else {
                        o.put("ByteType", "Byte");
                        o.put("Value", r.nextInt(256));
                    }
                }
                case "ObjectProperty" -> {
                    o.put("$type", OBJECTS + "ObjectPropertyData" + ASSEMBLY);
                    o.put("Value", r.nextInt(imports + exports + 1) - imports);
                }
                case "SoftObjectProperty" -> soft(o);
                case "TextProperty" -> text(o);
                case "StructProperty" -> struct(o, t, depth, topLevel);
                case "ArrayProperty", "SetProperty" -> {
                    o.put("$type", OBJECTS + (kind.equals("SetProperty") ? "Set" : "Array") + "PropertyData" + ASSEMBLY);
                    o.put("ArrayType", t.inner().kind());
                    ArrayNode items = o.putArray("Value");
                    boolean structs = t.inner().kind().equals("StructProperty");
                    int n = r.nextInt(4) + (structs ? 1 : 0);
                    for (int i = 0; i < n; i++) {
                        items.add(value(t.inner(), depth - 1, false));
                    }
                    if (kind.equals("SetProperty")) {
                        o.putArray("ElementsToRemove");
                    }
                }
                case "MapProperty" -> {
                    o.put("$type", OBJECTS + "MapPropertyData" + ASSEMBLY);
                    o.put("KeyType", t.inner().kind());
                    o.put("ValueType", t.value().kind());
                    o.putArray("KeysToRemove");
                    ArrayNode entries = o.putArray("Value");
                    int n = r.nextInt(4);
                    for (int i = 0; i < n; i++) {
                        ArrayNode pair = entries.addArray();
                        pair.add(value(t.inner(), depth - 1, false));
                        pair.add(value(t.value(), depth - 1, false));
                    }
                }
                default -> throw new IllegalStateException(kind);
            }
            return o;
        }

        private void number(ObjectNode o, String kind, long v) {
            o.put("$type", OBJECTS + kind.replace("Property", "PropertyData") + ASSEMBLY);
            o.put("Value", v);
        }

        /** ASCII, or UTF-16 (Latin-1 accents, Greek, CJK), sometimes empty. */
        private String string() {
            int n = r.nextInt(12);
            StringBuilder sb = new StringBuilder();
            boolean wide = r.nextInt(3) == 0;
            for (int i = 0; i < n; i++) {
                if (wide && r.nextInt(8) == 0) {
                    sb.append("\uD83D\uDE00"); // a surrogate pair
                } else if (r.nextInt(8) == 0) {
                    sb.append(" \"\\\n\t/:.é".charAt(r.nextInt(9))); // punctuation, controls and a Latin-1 letter
                } else {
                    sb.append(wide && r.nextInt(3) == 0 ? "é漢Ωж".charAt(r.nextInt(4)) : (char) ('a' + r.nextInt(26)));
                }
            }
            if (wide && n > 0) {
                sb.append('漢');
            }
            return sb.toString();
        }

        private String guid() {
            return String.format("{%08X-%04X-%04X-%04X-%04X%08X}", r.nextInt(), r.nextInt(65536), r.nextInt(65536),
                    r.nextInt(65536), r.nextInt(65536), r.nextInt());
        }

        private void soft(ObjectNode o) {
            o.put("$type", OBJECTS + "SoftObjectPropertyData" + ASSEMBLY);
            ObjectNode v = o.putObject("Value");
            String pkgName = "/Game/Assets/" + name("Asset");
            switch (softLayout) {
                case ASSET_PATH_NAME -> {
                    ObjectNode asset = v.putObject("AssetPath");
                    asset.putNull("PackageName");
                    asset.put("AssetName", pkgName + ".Object");
                    v.put("SubPathString", r.nextBoolean() ? "" : "Sub" + r.nextInt(9));
                }
                case TOP_LEVEL_ASSET_PATH -> {
                    ObjectNode asset = v.putObject("AssetPath");
                    asset.put("PackageName", pkgName);
                    asset.put("AssetName", name("Object"));
                    v.put("SubPathString", r.nextBoolean() ? "" : "Sub" + r.nextInt(9));
                }
                case LIST_INDEX -> v.put("Index", r.nextInt(softPaths));
                case STRING -> v.put("Path", pkgName + ".Object");
                default -> throw new IllegalStateException(softLayout.toString());
            }
        }

        private void text(ObjectNode o) {
            o.put("$type", OBJECTS + "TextPropertyData" + ASSEMBLY);
            o.put("Flags", r.nextInt(3) == 0 ? 2 : 0);
            int history = r.nextInt(5);
            if (history < 2) {
                o.put("HistoryType", "None");
                o.put("CultureInvariantString", string());
            } else if (history == 2) {
                o.put("HistoryType", "StringTableEntry");
                o.put("TableId", "/Game/Tables/" + name("Strings") + ".Strings");
                o.put("Value", "Key" + r.nextInt(100));
            } else {
                o.put("HistoryType", "Base");
                o.put("Namespace", r.nextBoolean() ? "" : "NS" + r.nextInt(5));
                o.put("Value", Long.toHexString(r.nextLong()).toUpperCase());
                o.put("CultureInvariantString", string());
            }
        }

        private void struct(ObjectNode o, Type t, int depth, boolean topLevel) {
            String s = t.struct();
            if (!NATIVE.contains(s)) {
                o.put("$type", STRUCTS + "StructPropertyData" + ASSEMBLY);
                o.put("StructType", s);
                o.put("SerializeNone", true);
                if (topLevel && !completeTypeName && r.nextInt(4) == 0) {
                    // a tag's struct GUID (elements share their array's inner tag)
                    o.put("StructGUID", guid());
                }
                o.set("Value", depth > 0 ? propertyList(depth - 1) : F.arrayNode());
                return;
            }
            o.put("$type", STRUCTS + s + "PropertyData" + ASSEMBLY);
            if (s.equals("Guid")) {
                o.put("Value", guid());
                return;
            }
            ObjectNode v = o.putObject("Value");
            List<String> fields = switch (s) {
                case "Vector" -> List.of("X", "Y", "Z");
                case "Rotator" -> List.of("Pitch", "Yaw", "Roll");
                default -> List.of("R", "G", "B", "A");
            };
            for (String f : fields) {
                if (doubles && !s.equals("LinearColor")) {
                    v.put(f, r.nextDouble() * 2000 - 1000);
                } else {
                    v.put(f, (float) (r.nextInt(4001) - 2000) / 32);
                }
            }
        }
    }
}
