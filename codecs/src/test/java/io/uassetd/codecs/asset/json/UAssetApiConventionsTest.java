package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.error.JsonFormatException;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Hand-made documents in conventions UAssetAPI writes that no real fixture covers (resources under
 * {@code uassetapi-json/}): a blueprint class (UAssetAPI 1.0.2's FunctionExport and ClassExport with
 * Kismet bytecode in the raw form and as an expression tree, FProperty definitions, a class default object whose floats are
 * UAssetAPI's strings {@code "-0"}, {@code "NaN"}, {@code "Infinity"}, {@code "+0"}, {@code "-Infinity"}),
 * and the 1.0.0 layout ({@code EngineVersion} instead of {@code ObjectVersion}). The export bytes
 * written are checked against bytes assembled here in Unreal's layout (UStruct, UFunction, UClass,
 * FProperty), not against the code's own output.
 */
class UAssetApiConventionsTest {
    private static byte[] resource(String name) throws IOException {
        try (var in = UAssetApiConventionsTest.class.getResourceAsStream("/uassetapi-json/" + name)) {
            return in.readAllBytes();
        }
    }

    /** The package written from the document, read back. */
    private static AssetPackage written(byte[] json, String name) {
        AssetPackage.Bytes b = UAssetJson.fromJson(json, name).toBytes();
        return AssetPackage.read(b.header(), b.exports(), name, null);
    }

    /** The bytes of export {@code i} as written. */
    private static byte[] exportBytes(byte[] json, String name, int i) {
        AssetPackage.Bytes b = UAssetJson.fromJson(json, name).toBytes();
        AssetPackage p = AssetPackage.read(b.header(), b.exports(), name, null);
        long off = p.export(i).entry().serialOffset() - b.header().length;
        return Arrays.copyOfRange(b.exports(), (int) off, (int) (off + p.export(i).entry().serialSize()));
    }

    /** Little-endian bytes in Unreal's layout; names by their index in the document's name map. */
    private static final class Expected {
        final ByteArrayOutputStream out = new ByteArrayOutputStream();
        final List<String> names;

        Expected(JsonNode doc) {
            names = new ArrayList<>();
            doc.get("NameMap").forEach(n -> names.add(n.asText()));
        }

        Expected i32(long v) {
            byte[] b = ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt((int) v).array();
            out.writeBytes(b);
            return this;
        }

        Expected i64(long v) {
            out.writeBytes(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(v).array());
            return this;
        }

        Expected u16(int v) {
            out.write(v & 0xFF);
            out.write(v >>> 8);
            return this;
        }

        Expected u8(int... v) {
            for (int x : v) {
                out.write(x);
            }
            return this;
        }

        Expected name(String n) {
            int i = names.indexOf(n);
            assertThat(i).as(n).isNotNegative();
            return i32(i).i32(0);
        }

        /** FProperty: class name, FField (Name, flags RF_Public), FProperty (ArrayDim 1, ElementSize, flags, RepIndex, RepNotifyFunc None, condition 0). */
        Expected fproperty(String type, String name, int elementSize, long flags) {
            return name(type).name(name).i32(1).i32(1).i32(elementSize).i64(flags).u16(0).name("None").u8(0);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    private static final long CPF_EDIT = 0x1L, CPF_BLUEPRINT_VISIBLE = 0x4L, CPF_PARM = 0x80L, CPF_ZERO_CONSTRUCTOR = 0x200L,
            CPF_DISABLE_EDIT_ON_INSTANCE = 0x10000L, CPF_POD = 0x40000000L, CPF_NO_DESTRUCTOR = 0x1000000000L,
            CPF_HAS_HASH = 0x8000000000000L;

    @Test
    void functionAndClassExportsWithRawBytecodeBecomeUnrealsLayout() throws IOException {
        byte[] json = resource("BlueprintClass.json");
        JsonNode doc = UAssetJson.parse(json, "BlueprintClass.json");
        // FunctionExport: properties (none), object GUID, UStruct (SuperStruct, Children, ChildProperties, script), FunctionFlags, Extras
        byte[] function = new Expected(doc).name("None").i32(0).i32(0).i32(0).i32(1)
                .fproperty("IntProperty", "EntryPoint", 4, CPF_PARM | CPF_ZERO_CONSTRUCTOR | CPF_POD | CPF_NO_DESTRUCTOR | CPF_HAS_HASH)
                .i32(13).i32(3).u8(0x04, 0x0B, 0x53).i32(0x8000 | 0x20000).i64(0).bytes();
        assertThat(exportBytes(json, "BP_Thing.uasset", 0)).isEqualTo(function);
        // ClassExport: UStruct, then UClass: FuncMap, ClassFlags, ClassWithin, ClassConfigName, ClassGeneratedBy,
        // Interfaces, bDeprecatedForceScriptOrder, None, bCooked, ClassDefaultObject
        Expected c = new Expected(doc).name("None").i32(0).i32(-5).i32(1).i32(1).i32(4)
                .fproperty("IntProperty", "Health", 4, CPF_EDIT | CPF_BLUEPRINT_VISIBLE | CPF_ZERO_CONSTRUCTOR
                        | CPF_DISABLE_EDIT_ON_INSTANCE | CPF_POD | CPF_NO_DESTRUCTOR | CPF_HAS_HASH)
                .fproperty("BoolProperty", "bAlive", 1, CPF_EDIT | CPF_BLUEPRINT_VISIBLE | CPF_ZERO_CONSTRUCTOR | CPF_POD
                        | CPF_NO_DESTRUCTOR | CPF_HAS_HASH).u8(1, 0, 1, 255, 1, 1)
                .fproperty("ArrayProperty", "Tags", 16, CPF_EDIT | CPF_BLUEPRINT_VISIBLE).fproperty("NameProperty", "Tags", 12, 0)
                .fproperty("StructProperty", "Location", 12, CPF_EDIT).i32(-7)
                .i32(0).i32(0)
                .i32(1).name("ExecuteUbergraph_BP_Thing").i32(1)
                .i32(0x10 | 0x800 | 0x40000 | 0x800000 | 0x20000000).i32(-6).name("Engine").i32(0)
                .i32(1).i32(-6).i32(0).i32(1)
                .i32(0).name("None").i32(1).i32(3);
        assertThat(exportBytes(json, "BP_Thing.uasset", 1)).isEqualTo(c.bytes());

        // the class default object: no object GUID (UAssetAPI reads none for a CDO); floats from UAssetAPI's strings
        AssetPackage pkg = written(json, "BP_Thing.uasset");
        ObjectNode back = UAssetJson.toTree(pkg, null);
        JsonNode cdo = back.get("Exports").get(2);
        assertThat(cdo.get("Extras").asText()).isEmpty();
        JsonNode data = cdo.get("Data");
        assertThat(data.get(0).get("Value").asInt()).isEqualTo(100);
        assertThat(Float.floatToRawIntBits(data.get(1).get("Value").floatValue())).as("\"-0\"").isEqualTo(0x80000000);
        assertThat(data.get(2).get("Bits").asInt()).as("\"NaN\" as .NET's NaN").isEqualTo(0xFFC00000);
        assertThat(data.get(3).get("Bits").asInt()).as("\"Infinity\"").isEqualTo(0x7F800000);
        JsonNode v = data.get(4).get("Value");
        assertThat(Float.floatToRawIntBits(v.get("X").floatValue())).as("\"+0\"").isZero();
        assertThat(Float.floatToRawIntBits(v.get("Y").floatValue())).as("\"-0\"").isEqualTo(0x80000000);
        assertThat(v.get("Z").get("Bits").asInt()).as("\"-Infinity\"").isEqualTo(0xFF800000);
        // uassetd's own JSON of that package writes the same bytes again
        AssetPackage.Bytes first = pkg.toBytes();
        AssetPackage.Bytes again = UAssetJson.fromJson(UAssetJson.toJson(pkg, null), "BP_Thing.uasset").toBytes();
        assertThat(again.header()).isEqualTo(first.header());
        assertThat(again.exports()).isEqualTo(first.exports());
    }

    @Test
    void bytecodeAsAnExpressionTreeIsSerializedWithItsSizeInMemory() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode fn = (ObjectNode) doc.get("Exports").get(0);
        fn.putNull("ScriptBytecodeRaw");
        fn.put("ScriptBytecodeSize", 0);
        fn.set("ScriptBytecode", UAssetJson.parse(("""
                [{"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_Let, UAssetAPI",
                  "Value": {"New": {"Path": ["EntryPoint"], "ResolvedOwner": 1}},
                  "Variable": {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_LocalVariable, UAssetAPI",
                               "Variable": {"New": {"Path": ["EntryPoint"], "ResolvedOwner": 1}}},
                  "Expression": {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_IntConst, UAssetAPI", "Value": 5}},
                 {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_JumpIfNot, UAssetAPI", "CodeOffset": 40,
                  "BooleanExpression": {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_True, UAssetAPI"}},
                 {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_FinalFunction, UAssetAPI", "StackNode": -4,
                  "Parameters": [{"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_NameConst, UAssetAPI", "Value": "Health"},
                                 {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_StringConst, UAssetAPI", "Value": "hi"}]},
                 {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_Return, UAssetAPI",
                  "ReturnExpression": {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_Nothing, UAssetAPI"}},
                 {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_EndOfScript, UAssetAPI"}]
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "tree"));
        byte[] json = UAssetJson.MAPPER.writeValueAsBytes(doc);
        // sizes in memory: EX_Let 1 + 8 (property pointer) + (1 + 8) + (1 + 4) = 23; EX_JumpIfNot 1 + 4 + 1 = 6;
        // EX_FinalFunction 1 + 8 + (1 + 12) + (1 + 3) + 1 = 27; EX_Return 2; EX_EndOfScript 1: 59 (67 bytes on disk)
        Expected e = new Expected(doc).name("None").i32(0).i32(0).i32(0).i32(1)
                .fproperty("IntProperty", "EntryPoint", 4, CPF_PARM | CPF_ZERO_CONSTRUCTOR | CPF_POD | CPF_NO_DESTRUCTOR | CPF_HAS_HASH)
                .i32(59).i32(67)
                .u8(0x0F).i32(1).name("EntryPoint").i32(1).u8(0x00).i32(1).name("EntryPoint").i32(1).u8(0x1D).i32(5)
                .u8(0x07).i32(40).u8(0x27)
                .u8(0x1C).i32(-4).u8(0x21).name("Health").u8(0x1F, 'h', 'i', 0).u8(0x16)
                .u8(0x04, 0x0B)
                .u8(0x53)
                .i32(0x8000 | 0x20000).i64(0);
        assertThat(exportBytes(json, "BP_Thing.uasset", 0)).isEqualTo(e.bytes());
    }

    /**
     * The expressions no fixture's script holds, each in the JSON shape UAssetAPI's
     * {@code Kismet/Bytecode/Expressions/EX_*.cs} (and {@code FScriptText}, {@code FKismetSwitchCase}) serialize, derived
     * from that source: field names, operand order, the end tokens it writes itself, casts given as {@code Target} (1.0.2)
     * or {@code TargetExpression} (older), enum fields by name or number, reals as numbers or UAssetAPI's strings.
     */
    @Test
    void theExpressionsNoFixtureHoldsAreSerializedAsUnrealWritesThem() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode fn = (ObjectNode) doc.get("Exports").get(0);
        fn.putNull("ScriptBytecodeRaw");
        String x = "UAssetAPI.Kismet.Bytecode.Expressions.";
        String ptr = "{\"New\": {\"Path\": [\"EntryPoint\"], \"ResolvedOwner\": 1}}";
        String var = "{\"$type\": \"" + x + "EX_LocalVariable, UAssetAPI\", \"Variable\": " + ptr + "}";
        String tree = ("""
                [{"$type": "XEX_Assert, UAssetAPI", "LineNumber": 7, "DebugMode": true, "AssertExpression": {"$type": "XEX_True, UAssetAPI"}},
                 {"$type": "XEX_NothingInt32, UAssetAPI", "Value": -2},
                 {"$type": "XEX_MetaCast, UAssetAPI", "ClassPtr": -1, "Target": {"$type": "XEX_Self, UAssetAPI"}},
                 {"$type": "XEX_Skip, UAssetAPI", "CodeOffset": 9, "SkipExpression": {"$type": "XEX_Nothing, UAssetAPI"}},
                 {"$type": "XEX_TransformConst, UAssetAPI", "Value": {"$type": "UAssetAPI.UnrealTypes.FTransform, UAssetAPI",
                   "Rotation": {"X": "+0", "Y": 0, "Z": "-0", "W": 1.0}, "Translation": {"X": 1.0, "Y": 2.0, "Z": 3.0},
                   "Scale3D": {"X": 1, "Y": 1, "Z": 1}}},
                 {"$type": "XEX_SetSet, UAssetAPI", "SetProperty": VAR,
                  "Elements": [{"$type": "XEX_IntOne, UAssetAPI"}, {"$type": "XEX_IntZero, UAssetAPI"}]},
                 {"$type": "XEX_SetMap, UAssetAPI", "MapProperty": VAR,
                  "Elements": [{"$type": "XEX_NameConst, UAssetAPI", "Value": "Health"}, {"$type": "XEX_IntOne, UAssetAPI"}]},
                 {"$type": "XEX_SetConst, UAssetAPI", "InnerProperty": PTR, "Elements": [{"$type": "XEX_IntConst, UAssetAPI", "Value": 5}]},
                 {"$type": "XEX_MapConst, UAssetAPI", "KeyProperty": PTR, "ValueProperty": PTR,
                  "Elements": [{"$type": "XEX_ByteConst, UAssetAPI", "Value": 3}, {"$type": "XEX_False, UAssetAPI"}]},
                 {"$type": "XEX_Vector3fConst, UAssetAPI", "X": 1.5, "Y": "-0", "Z": 2},
                 {"$type": "XEX_InstanceDelegate, UAssetAPI", "FunctionName": "Health"},
                 {"$type": "XEX_CrossInterfaceCast, UAssetAPI", "ClassPtr": -1, "Target": {"$type": "XEX_NoInterface, UAssetAPI"}},
                 {"$type": "XEX_InterfaceToObjCast, UAssetAPI", "ClassPtr": -1, "TargetExpression": {"$type": "XEX_Self, UAssetAPI"}},
                 {"$type": "XEX_ArrayGetByRef, UAssetAPI", "ArrayVariable": VAR, "ArrayIndex": {"$type": "XEX_IntZero, UAssetAPI"}},
                 {"$type": "XEX_ClassSparseDataVariable, UAssetAPI", "Variable": PTR},
                 {"$type": "XEX_FieldPathConst, UAssetAPI", "Value": {"$type": "XEX_PropertyConst, UAssetAPI", "Property": PTR}},
                 {"$type": "XEX_InstrumentationEvent, UAssetAPI", "EventType": "InlineEvent", "EventName": "Health"},
                 {"$type": "XEX_InstrumentationEvent, UAssetAPI", "EventType": 8},
                 {"$type": "XEX_TextConst, UAssetAPI", "Value": {"$type": "UAssetAPI.Kismet.Bytecode.FScriptText, UAssetAPI",
                   "TextLiteralType": "LocalizedText", "LocalizedSource": {"$type": "XEX_StringConst, UAssetAPI", "Value": "a"},
                   "LocalizedKey": {"$type": "XEX_StringConst, UAssetAPI", "Value": "k"},
                   "LocalizedNamespace": {"$type": "XEX_StringConst, UAssetAPI", "Value": ""}}},
                 {"$type": "XEX_TextConst, UAssetAPI", "Value": {"TextLiteralType": "StringTableEntry", "StringTableAsset": -1,
                   "StringTableId": {"$type": "XEX_StringConst, UAssetAPI", "Value": "t"},
                   "StringTableKey": {"$type": "XEX_StringConst, UAssetAPI", "Value": "k"}}},
                 {"$type": "XEX_TextConst, UAssetAPI", "Value": {"TextLiteralType": 0}},
                 {"$type": "XEX_UInt64Const, UAssetAPI", "Value": 18446744073709551615},
                 {"$type": "XEX_BitFieldConst, UAssetAPI", "Property": PTR, "Value": 1},
                 {"$type": "XEX_EndOfScript, UAssetAPI"}]
                """).replace("VAR", var).replace("PTR", ptr).replace("\"X", "\"" + x).replace("\"" + x + "\"", "\"X\"");
        fn.set("ScriptBytecode", UAssetJson.parse(tree.getBytes(java.nio.charset.StandardCharsets.UTF_8), "tree"));
        byte[] json = UAssetJson.MAPPER.writeValueAsBytes(doc);
        Expected e = new Expected(doc).name("None").i32(0).i32(0).i32(0).i32(1)
                .fproperty("IntProperty", "EntryPoint", 4, CPF_PARM | CPF_ZERO_CONSTRUCTOR | CPF_POD | CPF_NO_DESTRUCTOR | CPF_HAS_HASH)
                // in memory: names 12 bytes, object and property pointers 8; on disk: names 8, pointers 4, field paths 16 here
                .i32(297).i32(341);
        e.u8(0x09).u16(7).u8(1, 0x27); // EX_Assert 5 (5)
        e.u8(0x0C).i32(-2); // EX_NothingInt32 5 (5)
        e.u8(0x13).i32(-1).u8(0x17); // EX_MetaCast 6 (10)
        e.u8(0x18).i32(9).u8(0x0B); // EX_Skip 6 (6)
        e.u8(0x2B).i32(0).i32(0).i32(0x80000000L).i32(Float.floatToIntBits(1)) // EX_TransformConst 41 (41)
                .i32(Float.floatToIntBits(1)).i32(Float.floatToIntBits(2)).i32(Float.floatToIntBits(3))
                .i32(Float.floatToIntBits(1)).i32(Float.floatToIntBits(1)).i32(Float.floatToIntBits(1));
        e.u8(0x39).u8(0x00).i32(1).name("EntryPoint").i32(1).i32(2).u8(0x26, 0x25, 0x3A); // EX_SetSet 25 (17)
        e.u8(0x3B).u8(0x00).i32(1).name("EntryPoint").i32(1).i32(1).u8(0x21).name("Health").u8(0x26, 0x3C); // EX_SetMap: 1 pair, 33 (29)
        e.u8(0x3D).i32(1).name("EntryPoint").i32(1).i32(1).u8(0x1D).i32(5).u8(0x3E); // EX_SetConst 27 (19)
        e.u8(0x3F).i32(1).name("EntryPoint").i32(1).i32(1).name("EntryPoint").i32(1).i32(1).u8(0x24, 3, 0x28, 0x40); // EX_MapConst 41 (25)
        e.u8(0x41).i32(Float.floatToIntBits(1.5f)).i32(0x80000000L).i32(Float.floatToIntBits(2)); // EX_Vector3fConst 13 (13)
        e.u8(0x4B).name("Health"); // EX_InstanceDelegate 9 (13)
        e.u8(0x54).i32(-1).u8(0x2D); // EX_CrossInterfaceCast 6 (10)
        e.u8(0x55).i32(-1).u8(0x17); // EX_InterfaceToObjCast 6 (10)
        e.u8(0x6B).u8(0x00).i32(1).name("EntryPoint").i32(1).u8(0x25); // EX_ArrayGetByRef 19 (11)
        e.u8(0x6C).i32(1).name("EntryPoint").i32(1); // EX_ClassSparseDataVariable 17 (9)
        e.u8(0x6D, 0x33).i32(1).name("EntryPoint").i32(1); // EX_FieldPathConst 18 (10)
        e.u8(0x6A, 4).name("Health"); // EX_InstrumentationEvent (inline event) 10 (14)
        e.u8(0x6A, 8); // 2 (2)
        e.u8(0x29, 1, 0x1F, 'a', 0, 0x1F, 'k', 0, 0x1F, 0); // EX_TextConst (localized) 10 (10)
        e.u8(0x29, 4).i32(-1).u8(0x1F, 't', 0, 0x1F, 'k', 0); // (string table entry) 12 (16)
        e.u8(0x29, 0); // (empty) 2 (2)
        e.u8(0x36).i64(-1); // EX_UInt64Const 9 (9)
        e.u8(0x11).i32(1).name("EntryPoint").i32(1).u8(1); // EX_BitFieldConst 18 (10)
        e.u8(0x53); // EX_EndOfScript 1 (1)
        e.i32(0x8000 | 0x20000).i64(0);
        assertThat(exportBytes(json, "BP_Thing.uasset", 0)).isEqualTo(e.bytes());
    }

    /**
     * UAssetAPI's UserDefinedStructExport (StructExport's fields, then {@code StructFlags} and {@code StructData}) and
     * MetaDataExport ({@code ObjectMetaData}, {@code RootMetaData}), in the shape their source
     * ({@code ExportTypes/UserDefinedStructExport.cs}, {@code MetaDataExport.cs}, {@code JSON/TMapJsonConverter.cs})
     * writes them, become Unreal's layout in front of {@code Extras}.
     */
    @Test
    void userDefinedStructAndMetaDataExportsBecomeUnrealsLayout() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode st = (ObjectNode) doc.get("Exports").get(0);
        st.put("$type", "UAssetAPI.ExportTypes.UserDefinedStructExport, UAssetAPI");
        st.remove("FunctionFlags");
        st.put("StructFlags", 0x201);
        st.set("StructData", UAssetJson.parse(("""
                [{"$type": "UAssetAPI.PropertyTypes.Objects.IntPropertyData, UAssetAPI", "Name": "EntryPoint", "ArrayIndex": 0,
                  "IsZero": false, "PropertyTagFlags": "None", "PropertyTagExtensions": "NoExtension", "Value": 42}]
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "data"));
        byte[] json = UAssetJson.MAPPER.writeValueAsBytes(doc);
        Expected e = new Expected(doc).name("None").i32(0).i32(0).i32(0).i32(1)
                .fproperty("IntProperty", "EntryPoint", 4, CPF_PARM | CPF_ZERO_CONSTRUCTOR | CPF_POD | CPF_NO_DESTRUCTOR | CPF_HAS_HASH)
                .i32(13).i32(3).u8(0x04, 0x0B, 0x53)
                .i32(0x201) // StructFlags, then the default values: one tagged IntProperty and None
                .name("EntryPoint").name("IntProperty").i32(4).i32(0).u8(0).i32(42).name("None")
                .i64(0); // Extras
        assertThat(exportBytes(json, "BP_Thing.uasset", 0)).isEqualTo(e.bytes());
        st.remove("StructData");
        assertThatThrownBy(() -> UAssetJson.fromTree(doc, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("StructData").hasMessageContaining("$.Exports[0]");

        ObjectNode meta = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode m = (ObjectNode) meta.get("Exports").get(0);
        for (String f : List.of("FunctionFlags", "SuperStruct", "Children", "LoadedProperties", "ScriptBytecode", "ScriptBytecodeSize",
                "ScriptBytecodeRaw", "Field")) {
            m.remove(f);
        }
        m.put("$type", "UAssetAPI.ExportTypes.MetaDataExport, UAssetAPI");
        m.set("ObjectMetaData", UAssetJson.parse(("""
                [{"$type": "UAssetAPI.ExportTypes.ObjectMetaDataEntry, UAssetAPI", "Import": -1,
                  "MetaData": [["EntryPoint", "x"], ["Health", null]]}]
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "meta"));
        m.set("RootMetaData", UAssetJson.parse("[[\"Health\", \"\u00e9t\u00e9\"]]".getBytes(java.nio.charset.StandardCharsets.UTF_8), "root"));
        Expected me = new Expected(meta).name("None").i32(0)
                .i32(1).i32(-1).i32(2).name("EntryPoint").i32(2).u8('x', 0).name("Health").i32(0) // null: the empty FString
                .i32(1).name("Health").i32(-4).u8(0xE9, 0, 't', 0, 0xE9, 0, 0, 0) // not pure ASCII: UTF-16, as Unreal picks
                .i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(meta), "BP_Thing.uasset", 0)).isEqualTo(me.bytes());
        m.putNull("RootMetaData"); // UAssetAPI's null before RootMetaDataSupport: no root map
        Expected none = new Expected(meta).name("None").i32(0)
                .i32(1).i32(-1).i32(2).name("EntryPoint").i32(2).u8('x', 0).name("Health").i32(0).i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(meta), "BP_Thing.uasset", 0)).isEqualTo(none.bytes());
    }

    /**
     * UAssetAPI's own classes for kinds uassetd writes under a base class ({@code WeakObjectPropertyData},
     * {@code InterfacePropertyData}, {@code Utf8StrPropertyData}: subclasses of ObjectPropertyData and a string class in
     * UAssetAPI's {@code PropertyTypes/Objects}), its {@code FieldPathPropertyData} ({@code Value} = an {@code FFieldPath})
     * and {@code UnknownPropertyData} ({@code SerializingPropertyType}, {@code Value} = the bytes) read, and come back.
     */
    @Test
    void uassetApisPropertySubclassesFieldPathsAndUnknownPropertiesRead() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ArrayNode data = (ArrayNode) doc.get("Exports").get(2).get("Data");
        String o = "UAssetAPI.PropertyTypes.Objects.";
        data.add(UAssetJson.parse(("""
                {"$type": "@@WeakObjectPropertyData, UAssetAPI", "Name": "Health", "ArrayIndex": 0, "Value": -1}
                """).replace("@@", o).getBytes(java.nio.charset.StandardCharsets.UTF_8), "p"));
        data.add(UAssetJson.parse(("""
                {"$type": "@@InterfacePropertyData, UAssetAPI", "Name": "Health", "ArrayIndex": 1, "Value": 2}
                """).replace("@@", o).getBytes(java.nio.charset.StandardCharsets.UTF_8), "p"));
        data.add(UAssetJson.parse(("""
                {"$type": "@@Utf8StrPropertyData, UAssetAPI", "Name": "Health", "ArrayIndex": 2, "Value": "h\u00e9"}
                """).replace("@@", o).getBytes(java.nio.charset.StandardCharsets.UTF_8), "p"));
        data.add(UAssetJson.parse(("""
                {"$type": "@@FieldPathPropertyData, UAssetAPI", "Name": "Health", "ArrayIndex": 3,
                 "Value": {"$type": "UAssetAPI.UnrealTypes.FFieldPath, UAssetAPI", "Path": ["EntryPoint"], "ResolvedOwner": 1}}
                """).replace("@@", o).getBytes(java.nio.charset.StandardCharsets.UTF_8), "p"));
        data.add(UAssetJson.parse(("""
                {"$type": "@@UnknownPropertyData, UAssetAPI", "Name": "Health", "ArrayIndex": 4,
                 "SerializingPropertyType": "Int16Property", "Value": "BwA="}
                """).replace("@@", o).getBytes(java.nio.charset.StandardCharsets.UTF_8), "p"));
        AssetPackage pkg = written(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset");
        JsonNode back = UAssetJson.toTree(pkg, null).get("Exports").get(2).get("Data");
        int n = back.size();
        assertThat(back.get(n - 5).get("SerializingPropertyType").asText()).isEqualTo("WeakObjectProperty");
        assertThat(back.get(n - 5).get("Value").asInt()).isEqualTo(-1);
        assertThat(back.get(n - 4).get("SerializingPropertyType").asText()).isEqualTo("InterfaceProperty");
        assertThat(back.get(n - 4).get("Value").asInt()).isEqualTo(2);
        assertThat(back.get(n - 3).get("SerializingPropertyType").asText()).isEqualTo("Utf8StrProperty");
        assertThat(back.get(n - 3).get("Value").asText()).isEqualTo("h\u00e9");
        assertThat(back.get(n - 2).get("Value").get("Path").get(0).asText()).isEqualTo("EntryPoint");
        assertThat(back.get(n - 2).get("Value").get("ResolvedOwner").asInt()).isEqualTo(1);
        // an Int16Property whose bytes UAssetAPI kept raw comes back parsed: the value 7
        assertThat(back.get(n - 1).get("$type").asText()).isEqualTo(o + "Int16PropertyData, UAssetAPI");
        assertThat(back.get(n - 1).get("Value").asInt()).isEqualTo(7);
        for (int i = 1; i <= 5; i++) {
            assertThat(back.get(n - i).get("ArrayIndex").asInt()).isEqualTo(5 - i);
        }
    }

    /**
     * UAssetAPI's PropertyExport (a UProperty export, before UE4.25), in the shape its source
     * ({@code ExportTypes/PropertyExport.cs}, {@code FieldTypes/UField.cs}) writes it: {@code Property} with UField's
     * {@code Next}, UProperty's fields (the replication condition only from FReleaseObjectVersion 21) and its class's.
     * No fixture holds such an export.
     */
    @Test
    void propertyExportsBecomeUnrealsLayout() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode p = (ObjectNode) doc.get("Exports").get(0);
        for (String f : List.of("FunctionFlags", "SuperStruct", "Children", "LoadedProperties", "ScriptBytecode", "ScriptBytecodeSize",
                "ScriptBytecodeRaw", "Field")) {
            p.remove(f);
        }
        p.put("$type", "UAssetAPI.ExportTypes.PropertyExport, UAssetAPI");
        p.set("Property", UAssetJson.parse(("""
                {"$type": "UAssetAPI.FieldTypes.UMapProperty, UAssetAPI", "Next": 3, "ArrayDim": "TArray", "ElementSize": 0,
                 "PropertyFlags": "CPF_Edit, CPF_BlueprintVisible", "RepNotifyFunc": "Health",
                 "BlueprintReplicationCondition": "COND_OwnerOnly", "RawValue": null, "KeyProp": 2, "ValueProp": 1}
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "property"));
        Expected e = new Expected(doc).name("None").i32(0)
                .i32(3).i32(1).i64(CPF_EDIT | CPF_BLUEPRINT_VISIBLE).name("Health").i32(2).i32(1).i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).as("without FReleaseObjectVersion")
                .isEqualTo(e.bytes());
        ((ArrayNode) doc.get("CustomVersionContainer")).add(UAssetJson.parse(("""
                {"$type": "UAssetAPI.UnrealTypes.CustomVersion, UAssetAPI", "Name": "FReleaseObjectVersion",
                 "Key": "{9C54D522-A826-4FBE-9421-074661B482D0}", "Version": 21, "IsSerialized": true}
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "version"));
        ((ObjectNode) p.get("Property")).put("$type", "UAssetAPI.FieldTypes.UBoolProperty, UAssetAPI").put("ElementSize", 1)
                .put("NativeBool", true).remove("Next");
        Expected b = new Expected(doc).name("None").i32(0)
                .i32(1).i64(CPF_EDIT | CPF_BLUEPRINT_VISIBLE).name("Health").u8(2).u8(1, 1).i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).as("with the replication condition")
                .isEqualTo(b.bytes());
        ((ObjectNode) p.get("Property")).put("$type", "UAssetAPI.FieldTypes.FIntProperty, UAssetAPI");
        assertThatThrownBy(() -> UAssetJson.fromTree(doc, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("Unknown UProperty $type").hasMessageContaining("$.Exports[0].Property.$type");
    }

    /** The BlueprintClass document with export 0 (a FunctionExport) turned into a NormalExport-based {@code type}. */
    private static ObjectNode componentDoc(String type) throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ObjectNode a = (ObjectNode) doc.get("Exports").get(0);
        for (String f : List.of("FunctionFlags", "SuperStruct", "Children", "LoadedProperties", "ScriptBytecode", "ScriptBytecodeSize",
                "ScriptBytecodeRaw", "Field")) {
            a.remove(f);
        }
        a.put("$type", type);
        return doc;
    }

    /**
     * UAssetAPI's ActorComponentExport ({@code ExportTypes/ActorComponentExport.cs}): {@code UCSModifiedProperties} as
     * {@code [{MemberParent, MemberName, MemberGuid}]} after the object GUID; null (a package before the sparse storage)
     * serializes nothing.
     */
    @Test
    void actorComponentExportsBecomeUnrealsLayout() throws IOException {
        ObjectNode doc = componentDoc("UAssetAPI.ExportTypes.ActorComponentExport, UAssetAPI");
        ObjectNode a = (ObjectNode) doc.get("Exports").get(0);
        a.set("UCSModifiedProperties", UAssetJson.parse(("""
                [{"$type": "UAssetAPI.ExportTypes.FSimpleMemberReference, UAssetAPI", "MemberParent": -2, "MemberName": "Health",
                  "MemberGuid": "{00000001-0000-0002-0000-000300000004}"}]
                """).getBytes(java.nio.charset.StandardCharsets.UTF_8), "ucs"));
        Expected e = new Expected(doc).name("None").i32(0).i32(1).i32(-2).name("Health").i32(1).i32(2).i32(3).i32(4).i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).isEqualTo(e.bytes());
        a.putNull("UCSModifiedProperties");
        Expected none = new Expected(doc).name("None").i32(0).i64(0);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).isEqualTo(none.bytes());
    }

    /** The BlueprintClass document with export 0 turned into the given component type, with one BoolProperty. */
    private static ObjectNode component(String type, String boolName, boolean value, int specialProjectVersion) throws IOException {
        ObjectNode doc = componentDoc(type);
        ObjectNode a = (ObjectNode) doc.get("Exports").get(0);
        ((ArrayNode) doc.get("NameMap")).add(boolName).add("BoolProperty");
        a.putArray("Data").addObject().put("$type", "UAssetAPI.PropertyTypes.Objects.BoolPropertyData, UAssetAPI").put("Name", boolName)
                .put("ArrayIndex", 0).put("IsZero", false).put("PropertyTagFlags", "None").put("PropertyTagExtensions", "NoExtension")
                .put("Value", value);
        ((ArrayNode) doc.get("CustomVersionContainer")).addObject().put("$type", "UAssetAPI.CustomVersion, UAssetAPI").putNull("Name")
                .put("Key", "{59DA5D52-1232-4948-B878-597870B8E98B}").put("FriendlyName", "FUE5SpecialProjectStreamObjectVersion")
                .put("Version", specialProjectVersion).put("IsSerialized", true);
        return doc;
    }

    /**
     * UAssetAPI's SceneComponentExport ({@code ExportTypes/SceneComponentExport.cs}), after the ActorComponentExport's data:
     * when a BoolProperty bComputeBoundsOnceForGame (or bComputedBoundsOnceForGame) is true and the package's
     * FUE5SpecialProjectStreamObjectVersion is at least SerializeSceneComponentStaticBounds (2), a bool32 bIsCooked and,
     * when it is set, the FBoxSphereBounds (floats before large world coordinates); otherwise nothing, whatever the JSON's
     * bIsCooked and Bounds say.
     */
    @Test
    void sceneComponentExportsSerializeTheirBoundsOnlyWhereTheEngineDoes() throws IOException {
        String scene = "UAssetAPI.ExportTypes.SceneComponentExport, UAssetAPI";
        for (String flag : List.of("bComputeBoundsOnceForGame", "bComputedBoundsOnceForGame")) {
            // the same properties as an ActorComponentExport: what the bounds go after
            byte[] base = exportBytes(UAssetJson.MAPPER.writeValueAsBytes(
                    component("UAssetAPI.ExportTypes.ActorComponentExport, UAssetAPI", flag, true, 2)), "BP_Thing.uasset", 0);
            byte[] head = Arrays.copyOf(base, base.length - 8);
            byte[] extras = Arrays.copyOfRange(base, base.length - 8, base.length);
            ObjectNode doc = component(scene, flag, true, 2);
            ObjectNode e = (ObjectNode) doc.get("Exports").get(0);
            e.put("bIsCooked", true);
            ObjectNode bounds = e.putObject("Bounds");
            bounds.putObject("Origin").put("X", 1.5).put("Y", -2).put("Z", "-0");
            bounds.putObject("BoxExtent").put("X", 10).put("Y", 20).put("Z", 30.25);
            bounds.put("SphereRadius", 40.5);
            ByteArrayOutputStream want = new ByteArrayOutputStream();
            want.writeBytes(head);
            ByteBuffer b = ByteBuffer.allocate(32).order(ByteOrder.LITTLE_ENDIAN).putInt(1);
            for (float f : new float[] {1.5f, -2f, -0f, 10f, 20f, 30.25f, 40.5f}) {
                b.putFloat(f);
            }
            want.writeBytes(b.array());
            want.writeBytes(extras);
            assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).as(flag).isEqualTo(want.toByteArray());
            // not cooked: the bool32 alone
            e.put("bIsCooked", false);
            ByteArrayOutputStream notCooked = new ByteArrayOutputStream();
            notCooked.writeBytes(head);
            notCooked.writeBytes(new byte[4]);
            notCooked.writeBytes(extras);
            assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).as(flag).isEqualTo(notCooked.toByteArray());
        }
        // before SerializeSceneComponentStaticBounds, or with the flag false: nothing after the component data
        for (ObjectNode doc : List.of(component(scene, "bComputeBoundsOnceForGame", true, 1), component(scene, "bComputeBoundsOnceForGame", false, 2))) {
            ObjectNode e = (ObjectNode) doc.get("Exports").get(0);
            e.put("bIsCooked", true);
            e.putObject("Bounds").put("SphereRadius", 1.0);
            ObjectNode actor = doc.deepCopy();
            ((ObjectNode) actor.get("Exports").get(0)).put("$type", "UAssetAPI.ExportTypes.ActorComponentExport, UAssetAPI");
            assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0))
                    .isEqualTo(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(actor), "BP_Thing.uasset", 0));
        }
    }

    /** UAssetAPI's AssetImportDataExport: its {@code Json} (an FString) in front of the tagged properties. */
    @Test
    void assetImportDataExportsPutTheirJsonTextBeforeTheProperties() throws IOException {
        ObjectNode doc = component("UAssetAPI.ExportTypes.AssetImportDataExport, UAssetAPI", "bAutoReimport", true, 0);
        byte[] normal = exportBytes(UAssetJson.MAPPER.writeValueAsBytes(
                component("UAssetAPI.ExportTypes.NormalExport, UAssetAPI", "bAutoReimport", true, 0)), "BP_Thing.uasset", 0);
        String text = "[{\"RelativeFilename\": \"T_Rock.png\"}]";
        ((ObjectNode) doc.get("Exports").get(0)).put("Json", text);
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.writeBytes(ByteBuffer.allocate(4).order(ByteOrder.LITTLE_ENDIAN).putInt(text.length() + 1).array());
        want.writeBytes(text.getBytes(java.nio.charset.StandardCharsets.US_ASCII));
        want.write(0);
        want.writeBytes(normal);
        assertThat(exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0)).isEqualTo(want.toByteArray());
        ((ObjectNode) doc.get("Exports").get(0)).putNull("Json");
        byte[] empty = exportBytes(UAssetJson.MAPPER.writeValueAsBytes(doc), "BP_Thing.uasset", 0);
        assertThat(Arrays.copyOf(empty, 4)).containsExactly(0, 0, 0, 0);
        assertThat(Arrays.copyOfRange(empty, 4, empty.length)).isEqualTo(normal);
    }

    @Test
    void unreadBytecodeExpressionsAndMissingBytecodeAreRefusedNamingThePath() throws IOException {
        ObjectNode doc = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ArrayNode tree = ((ObjectNode) doc.get("Exports").get(0)).putArray("ScriptBytecode");
        tree.addObject().put("$type", "UAssetAPI.Kismet.Bytecode.Expressions.EX_Max, UAssetAPI");
        assertThatThrownBy(() -> UAssetJson.fromTree(doc, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("EX_Max").hasMessageContaining("not a Kismet expression")
                .hasMessageContaining("$.Exports[0].ScriptBytecode[0].$type");
        // a switch without its cases, a map constant with a key and no value, a cast UAssetAPI has no name for
        String[] bad = {
            "{\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_SwitchValue, UAssetAPI\", \"EndGotoOffset\": 0,"
                + " \"IndexTerm\": {\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_IntZero, UAssetAPI\"}}",
            "{\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_MapConst, UAssetAPI\", \"KeyProperty\": {\"Old\": 0},"
                + " \"ValueProperty\": {\"Old\": 0}, \"Elements\": [{\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_IntZero, UAssetAPI\"}]}",
            "{\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_PrimitiveCast, UAssetAPI\", \"ConversionType\": \"ObjectToFish\","
                + " \"Target\": {\"$type\": \"UAssetAPI.Kismet.Bytecode.Expressions.EX_Self, UAssetAPI\"}}"};
        String[][] expected = {{"Missing field Cases", "$.Exports[0].ScriptBytecode[0]"},
            {"odd count 1", "$.Exports[0].ScriptBytecode[0].Elements"},
            {"Unknown name ObjectToFish", "$.Exports[0].ScriptBytecode[0].ConversionType"}};
        for (int i = 0; i < bad.length; i++) {
            ObjectNode d = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
            ((ObjectNode) d.get("Exports").get(0)).putArray("ScriptBytecode")
                    .add(UAssetJson.parse(bad[i].getBytes(java.nio.charset.StandardCharsets.UTF_8), "expression"));
            assertThatThrownBy(() -> UAssetJson.fromTree(d, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                    .hasMessageContaining(expected[i][0]).hasMessageContaining(expected[i][1]);
        }
        ObjectNode neither = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ((ObjectNode) neither.get("Exports").get(1)).remove("ScriptBytecodeRaw");
        assertThatThrownBy(() -> UAssetJson.fromTree(neither, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("ScriptBytecodeRaw").hasMessageContaining("$.Exports[1]");
        ObjectNode badFlag = (ObjectNode) UAssetJson.parse(resource("BlueprintClass.json"), "BlueprintClass.json");
        ((ObjectNode) badFlag.get("Exports").get(0)).put("FunctionFlags", "FUNC_NotAFlag");
        assertThatThrownBy(() -> UAssetJson.fromTree(badFlag, "BP_Thing.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("FUNC_NotAFlag").hasMessageContaining("$.Exports[0].FunctionFlags");
    }

    @Test
    void theOlderLayoutWithEngineVersionReads() throws IOException {
        byte[] json = resource("OldLayout100.json");
        AssetPackage pkg = written(json, "OldAsset.uasset");
        assertThat(pkg.version().fileVersionUE4()).as("VER_UE4_25").isEqualTo(518);
        assertThat(pkg.version().fileVersionUE5()).isZero();
        JsonNode e = UAssetJson.toTree(pkg, null).get("Exports").get(0);
        // UAssetAPI 1.0.0 had no ObjectGuid field: its bool32 is in Extras and stays there
        assertThat(e.get("Extras").asText()).isEqualTo("AAAAAA==");
        assertThat(e.get("Data").get(0).get("Value").asInt()).isEqualTo(7);
        assertThat(Float.floatToRawIntBits(e.get("Data").get(1).get("Value").floatValue())).as("\"+0\"").isZero();
        assertThat(e.get("Data").get(1).get("Value").isNumber()).isTrue();
        ObjectNode bad = (ObjectNode) UAssetJson.parse(json, "OldLayout100.json");
        bad.put("EngineVersion", "VER_UE4_99");
        assertThatThrownBy(() -> UAssetJson.fromTree(bad, "OldAsset.uasset")).isInstanceOf(JsonFormatException.class)
                .hasMessageContaining("Unknown EngineVersion VER_UE4_99").hasMessageContaining("$.EngineVersion");
    }
}
