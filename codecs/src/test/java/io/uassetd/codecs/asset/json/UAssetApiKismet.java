package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * For the conformance test: decodes Kismet bytecode (Unreal's on-disk script) into UAssetAPI's expression tree
 * ({@code ScriptBytecode}), the form UAssetAPI's {@code KismetExpression} classes serialize to JSON: one object per
 * expression with {@code $type} = {@code UAssetAPI.Kismet.Bytecode.Expressions.EX_...}, its fields named as UAssetAPI's
 * public source names them (derived from UAssetAPI's {@code Kismet/Bytecode/Expressions/*.cs}, read for the field names
 * and operand order only). Written independently of the reader under test ({@link KismetJson}); the end markers
 * ({@code EX_EndFunctionParms}, {@code EX_EndStructConst}, ...) are consumed here as UAssetAPI consumes them.
 */
final class UAssetApiKismet {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String[] NAMES = new String[256];

    static {
        Object[] t = {0x00, "EX_LocalVariable", 0x01, "EX_InstanceVariable", 0x02, "EX_DefaultVariable", 0x04, "EX_Return",
            0x06, "EX_Jump", 0x07, "EX_JumpIfNot", 0x09, "EX_Assert", 0x0B, "EX_Nothing", 0x0C, "EX_NothingInt32", 0x0F, "EX_Let",
            0x11, "EX_BitFieldConst", 0x12, "EX_ClassContext", 0x13, "EX_MetaCast", 0x14, "EX_LetBool", 0x15, "EX_EndParmValue",
            0x16, "EX_EndFunctionParms", 0x17, "EX_Self", 0x18, "EX_Skip", 0x19, "EX_Context", 0x1A, "EX_Context_FailSilent",
            0x1B, "EX_VirtualFunction", 0x1C, "EX_FinalFunction", 0x1D, "EX_IntConst", 0x1E, "EX_FloatConst", 0x1F, "EX_StringConst",
            0x20, "EX_ObjectConst", 0x21, "EX_NameConst", 0x22, "EX_RotationConst", 0x23, "EX_VectorConst", 0x24, "EX_ByteConst",
            0x25, "EX_IntZero", 0x26, "EX_IntOne", 0x27, "EX_True", 0x28, "EX_False", 0x29, "EX_TextConst", 0x2A, "EX_NoObject",
            0x2B, "EX_TransformConst", 0x2C, "EX_IntConstByte", 0x2D, "EX_NoInterface", 0x2E, "EX_DynamicCast", 0x2F, "EX_StructConst",
            0x30, "EX_EndStructConst", 0x31, "EX_SetArray", 0x32, "EX_EndArray", 0x33, "EX_PropertyConst", 0x34, "EX_UnicodeStringConst",
            0x35, "EX_Int64Const", 0x36, "EX_UInt64Const", 0x37, "EX_DoubleConst", 0x38, "EX_PrimitiveCast", 0x39, "EX_SetSet",
            0x3A, "EX_EndSet", 0x3B, "EX_SetMap", 0x3C, "EX_EndMap", 0x3D, "EX_SetConst", 0x3E, "EX_EndSetConst", 0x3F, "EX_MapConst",
            0x40, "EX_EndMapConst", 0x41, "EX_Vector3fConst", 0x42, "EX_StructMemberContext", 0x43, "EX_LetMulticastDelegate",
            0x44, "EX_LetDelegate", 0x45, "EX_LocalVirtualFunction", 0x46, "EX_LocalFinalFunction", 0x48, "EX_LocalOutVariable",
            0x4A, "EX_DeprecatedOp4A", 0x4B, "EX_InstanceDelegate", 0x4C, "EX_PushExecutionFlow", 0x4D, "EX_PopExecutionFlow",
            0x4E, "EX_ComputedJump", 0x4F, "EX_PopExecutionFlowIfNot", 0x50, "EX_Breakpoint", 0x51, "EX_InterfaceContext",
            0x52, "EX_ObjToInterfaceCast", 0x53, "EX_EndOfScript", 0x54, "EX_CrossInterfaceCast", 0x55, "EX_InterfaceToObjCast",
            0x5A, "EX_WireTracepoint", 0x5B, "EX_SkipOffsetConst", 0x5C, "EX_AddMulticastDelegate", 0x5D, "EX_ClearMulticastDelegate",
            0x5E, "EX_Tracepoint", 0x5F, "EX_LetObj", 0x60, "EX_LetWeakObjPtr", 0x61, "EX_BindDelegate", 0x62, "EX_RemoveMulticastDelegate",
            0x63, "EX_CallMulticastDelegate", 0x64, "EX_LetValueOnPersistentFrame", 0x65, "EX_ArrayConst", 0x66, "EX_EndArrayConst",
            0x67, "EX_SoftObjectConst", 0x68, "EX_CallMath", 0x69, "EX_SwitchValue", 0x6A, "EX_InstrumentationEvent",
            0x6B, "EX_ArrayGetByRef", 0x6C, "EX_ClassSparseDataVariable", 0x6D, "EX_FieldPathConst"};
        for (int i = 0; i < t.length; i += 2) {
            NAMES[(Integer) t[i]] = (String) t[i + 1];
        }
    }

    private final ByteBuffer b;
    private final JsonNode names;
    private final boolean fieldPaths;
    private final boolean lwc;
    private final Map<String, Integer> seen;

    private UAssetApiKismet(byte[] code, JsonNode names, boolean fieldPaths, boolean lwc, Map<String, Integer> seen) {
        this.b = ByteBuffer.wrap(code).order(ByteOrder.LITTLE_ENDIAN);
        this.names = names;
        this.fieldPaths = fieldPaths;
        this.lwc = lwc;
        this.seen = seen;
    }

    /**
     * The script as UAssetAPI's expression list; throws when a byte is not a token this knows or the script
     * does not end where the expressions do. {@code seen} counts the expression types met.
     */
    static ArrayNode decode(byte[] code, JsonNode names, boolean fieldPaths, boolean lwc, Map<String, Integer> seen) {
        Map<String, Integer> local = new TreeMap<>();
        UAssetApiKismet k = new UAssetApiKismet(code, names, fieldPaths, lwc, local);
        ArrayNode list = F.arrayNode();
        while (k.b.hasRemaining()) {
            list.add(k.expr());
        }
        local.forEach((key, v) -> seen.merge(key, v, Integer::sum));
        return list;
    }

    private String token(int t) {
        String n = NAMES[t];
        if (n == null) {
            throw new IllegalStateException(String.format("token 0x%02X at %d", t, b.position() - 1));
        }
        return n;
    }

    private ObjectNode expr() {
        int t = b.get() & 0xFF;
        String n = token(t);
        seen.merge(n, 1, Integer::sum);
        ObjectNode o = F.objectNode();
        o.put("$type", "UAssetAPI.Kismet.Bytecode.Expressions." + n + ", UAssetAPI");
        switch (n) {
            case "EX_LocalVariable", "EX_InstanceVariable", "EX_DefaultVariable", "EX_LocalOutVariable", "EX_ClassSparseDataVariable" ->
                o.set("Variable", prop());
            case "EX_PropertyConst" -> o.set("Property", prop());
            case "EX_Return" -> o.set("ReturnExpression", expr());
            case "EX_Jump" -> o.put("CodeOffset", u32());
            case "EX_JumpIfNot" -> {
                o.put("CodeOffset", u32());
                o.set("BooleanExpression", expr());
            }
            case "EX_Assert" -> {
                o.put("LineNumber", b.getShort() & 0xFFFF);
                o.put("DebugMode", b.get() != 0);
                o.set("AssertExpression", expr());
            }
            case "EX_NothingInt32", "EX_IntConst" -> o.put("Value", b.getInt());
            case "EX_Let" -> {
                o.set("Value", prop());
                o.set("Variable", expr());
                o.set("Expression", expr());
            }
            case "EX_BitFieldConst" -> {
                o.set("Property", prop());
                o.put("Value", b.get() & 0xFF);
            }
            case "EX_ClassContext", "EX_Context", "EX_Context_FailSilent" -> {
                o.set("ObjectExpression", expr());
                o.put("Offset", u32());
                o.set("RValuePointer", prop());
                o.set("ContextExpression", expr());
            }
            case "EX_MetaCast", "EX_DynamicCast", "EX_ObjToInterfaceCast", "EX_CrossInterfaceCast", "EX_InterfaceToObjCast" -> {
                o.put("ClassPtr", b.getInt());
                o.set("Target", expr());
            }
            case "EX_LetBool", "EX_LetObj", "EX_LetWeakObjPtr", "EX_LetDelegate", "EX_LetMulticastDelegate" -> {
                o.set("VariableExpression", expr());
                o.set("AssignmentExpression", expr());
            }
            case "EX_Skip" -> {
                o.put("CodeOffset", u32());
                o.set("SkipExpression", expr());
            }
            case "EX_VirtualFunction", "EX_LocalVirtualFunction" -> {
                o.put("VirtualFunctionName", name());
                o.set("Parameters", until("EX_EndFunctionParms"));
            }
            case "EX_FinalFunction", "EX_LocalFinalFunction", "EX_CallMath" -> {
                o.put("StackNode", b.getInt());
                o.set("Parameters", until("EX_EndFunctionParms"));
            }
            case "EX_CallMulticastDelegate" -> {
                o.put("StackNode", b.getInt());
                o.set("Delegate", expr());
                o.set("Parameters", until("EX_EndFunctionParms"));
            }
            case "EX_FloatConst" -> o.set("Value", real(b.getFloat()));
            case "EX_DoubleConst" -> o.set("Value", real(b.getDouble()));
            case "EX_StringConst" -> o.put("Value", ansi());
            case "EX_UnicodeStringConst" -> o.put("Value", utf16());
            case "EX_ObjectConst" -> o.put("Value", b.getInt());
            case "EX_NameConst" -> o.put("Value", name());
            case "EX_RotationConst" -> o.set("Value", reals("UAssetAPI.UnrealTypes.FRotator", "Pitch", "Yaw", "Roll"));
            case "EX_VectorConst" -> o.set("Value", reals("UAssetAPI.UnrealTypes.FVector", "X", "Y", "Z"));
            case "EX_Vector3fConst" -> {
                o.set("X", real(b.getFloat()));
                o.set("Y", real(b.getFloat()));
                o.set("Z", real(b.getFloat()));
            }
            case "EX_TransformConst" -> {
                ObjectNode v = o.putObject("Value").put("$type", "UAssetAPI.UnrealTypes.FTransform, UAssetAPI");
                v.set("Rotation", reals("UAssetAPI.UnrealTypes.FQuat", "X", "Y", "Z", "W"));
                v.set("Translation", reals("UAssetAPI.UnrealTypes.FVector", "X", "Y", "Z"));
                v.set("Scale3D", reals("UAssetAPI.UnrealTypes.FVector", "X", "Y", "Z"));
            }
            case "EX_ByteConst", "EX_IntConstByte" -> o.put("Value", b.get() & 0xFF);
            case "EX_Int64Const" -> o.put("Value", b.getLong());
            case "EX_UInt64Const" -> o.put("Value", new java.math.BigInteger(Long.toUnsignedString(b.getLong())));
            case "EX_SkipOffsetConst" -> o.put("Value", u32());
            case "EX_TextConst" -> o.set("Value", text());
            case "EX_StructConst" -> {
                o.put("Struct", b.getInt());
                o.put("StructSize", b.getInt());
                o.set("Value", until("EX_EndStructConst"));
            }
            case "EX_SetArray" -> {
                o.set("AssigningProperty", expr());
                o.putNull("ArrayInnerProp");
                o.set("Elements", until("EX_EndArray"));
            }
            case "EX_SetSet", "EX_SetMap" -> {
                o.set(n.equals("EX_SetSet") ? "SetProperty" : "MapProperty", expr());
                b.getInt(); // count, not kept by UAssetAPI
                o.set("Elements", until(n.equals("EX_SetSet") ? "EX_EndSet" : "EX_EndMap"));
            }
            case "EX_ArrayConst", "EX_SetConst" -> {
                o.set("InnerProperty", prop());
                b.getInt();
                o.set("Elements", until(n.equals("EX_ArrayConst") ? "EX_EndArrayConst" : "EX_EndSetConst"));
            }
            case "EX_MapConst" -> {
                o.set("KeyProperty", prop());
                o.set("ValueProperty", prop());
                b.getInt();
                o.set("Elements", until("EX_EndMapConst"));
            }
            case "EX_PrimitiveCast" -> {
                int c = b.get() & 0xFF;
                String cn = switch (c) {
                    case 0x46 -> "ObjectToInterface";
                    case 0x47 -> "ObjectToBool";
                    case 0x49 -> "InterfaceToBool";
                    default -> null;
                };
                if (cn == null) {
                    o.put("ConversionType", c); // StringEnumConverter writes undefined values as numbers
                } else {
                    o.put("ConversionType", cn);
                }
                o.set("Target", expr());
            }
            case "EX_StructMemberContext" -> {
                o.set("StructMemberExpression", prop());
                o.set("StructExpression", expr());
            }
            case "EX_InstanceDelegate" -> o.put("FunctionName", name());
            case "EX_PushExecutionFlow" -> o.put("PushingAddress", u32());
            case "EX_ComputedJump" -> o.set("CodeOffsetExpression", expr());
            case "EX_PopExecutionFlowIfNot" -> o.set("BooleanExpression", expr());
            case "EX_InterfaceContext" -> o.set("InterfaceValue", expr());
            case "EX_AddMulticastDelegate", "EX_RemoveMulticastDelegate" -> {
                o.set("Delegate", expr());
                o.set("DelegateToAdd", expr());
            }
            case "EX_ClearMulticastDelegate" -> o.set("DelegateToClear", expr());
            case "EX_BindDelegate" -> {
                o.put("FunctionName", name());
                o.set("Delegate", expr());
                o.set("ObjectTerm", expr());
            }
            case "EX_LetValueOnPersistentFrame" -> {
                o.set("DestinationProperty", prop());
                o.set("AssignmentExpression", expr());
            }
            case "EX_SoftObjectConst", "EX_FieldPathConst" -> o.set("Value", expr());
            case "EX_SwitchValue" -> {
                int cases = b.getShort() & 0xFFFF;
                o.put("EndGotoOffset", u32());
                o.set("IndexTerm", expr());
                ArrayNode list = F.arrayNode();
                for (int i = 0; i < cases; i++) {
                    ObjectNode c = list.addObject().put("$type", "UAssetAPI.Kismet.Bytecode.Expressions.FKismetSwitchCase, UAssetAPI");
                    c.set("CaseIndexValueTerm", expr());
                    c.put("NextOffset", u32());
                    c.set("CaseTerm", expr());
                }
                o.set("DefaultTerm", expr());
                o.set("Cases", list);
            }
            case "EX_InstrumentationEvent" -> {
                int type = b.get() & 0xFF;
                o.put("EventType", type);
                if (type == 4) {
                    o.put("EventName", name());
                }
            }
            case "EX_ArrayGetByRef" -> {
                o.set("ArrayVariable", expr());
                o.set("ArrayIndex", expr());
            }
            default -> {
                // the operand-less tokens
            }
        }
        return o;
    }

    private ArrayNode until(String end) {
        ArrayNode list = F.arrayNode();
        while (true) {
            int t = b.get(b.position()) & 0xFF;
            if (end.equals(NAMES[t])) {
                b.get();
                return list;
            }
            list.add(expr());
        }
    }

    private ObjectNode text() {
        ObjectNode t = F.objectNode().put("$type", "UAssetAPI.Kismet.Bytecode.FScriptText, UAssetAPI");
        int type = b.get() & 0xFF;
        t.put("TextLiteralType", new String[] {"Empty", "LocalizedText", "InvariantText", "LiteralString", "StringTableEntry"}[type]);
        switch (type) {
            case 1 -> {
                t.set("LocalizedSource", expr());
                t.set("LocalizedKey", expr());
                t.set("LocalizedNamespace", expr());
            }
            case 2 -> t.set("InvariantLiteralString", expr());
            case 3 -> t.set("LiteralString", expr());
            case 4 -> {
                t.put("StringTableAsset", b.getInt());
                t.set("StringTableId", expr());
                t.set("StringTableKey", expr());
            }
            default -> {
            }
        }
        return t;
    }

    private ObjectNode reals(String type, String... fields) {
        ObjectNode v = F.objectNode().put("$type", type + ", UAssetAPI");
        for (String f : fields) {
            v.set(f, real(lwc ? b.getDouble() : b.getFloat()));
        }
        return v;
    }

    /** A real as UAssetAPI writes it: a number, the signed zeros as "+0"/"-0", NaN and infinities as strings. */
    private static JsonNode real(double d) {
        if (d == 0) {
            return F.textNode(1 / d > 0 ? "+0" : "-0");
        }
        if (Double.isNaN(d)) {
            return F.textNode("NaN");
        }
        if (Double.isInfinite(d)) {
            return F.textNode(d > 0 ? "Infinity" : "-Infinity");
        }
        return F.numberNode(d);
    }

    private static JsonNode real(float f) {
        if (Float.isNaN(f) || Float.isInfinite(f) || f == 0) {
            return real((double) f);
        }
        return F.numberNode(f);
    }

    /** A KismetPropertyPointer: from UE4.25 an FFieldPath ({@code New}), before it an object index ({@code Old}). */
    private ObjectNode prop() {
        ObjectNode p = F.objectNode().put("$type", "UAssetAPI.Kismet.Bytecode.KismetPropertyPointer, UAssetAPI");
        if (!fieldPaths) {
            p.put("Old", b.getInt());
            p.putNull("New");
            return p;
        }
        p.putNull("Old");
        ObjectNode path = p.putObject("New").put("$type", "UAssetAPI.UnrealTypes.FFieldPath, UAssetAPI");
        int n = b.getInt();
        if (n < 0 || n > 64) {
            throw new IllegalStateException("field path of " + n + " names");
        }
        ArrayNode list = path.putArray("Path");
        for (int i = 0; i < n; i++) {
            list.add(name());
        }
        path.put("ResolvedOwner", b.getInt());
        return p;
    }

    private String name() {
        int i = b.getInt();
        int number = b.getInt();
        return names.get(i).asText() + (number > 0 ? "_" + (number - 1) : "");
    }

    private long u32() {
        return b.getInt() & 0xFFFFFFFFL;
    }

    private String ansi() {
        int start = b.position();
        while (b.get() != 0) {
            // to the terminator
        }
        return new String(b.array(), start, b.position() - start - 1, StandardCharsets.ISO_8859_1);
    }

    private String utf16() {
        int start = b.position();
        while (b.getShort() != 0) {
            // to the terminator
        }
        return new String(b.array(), start, b.position() - start - 2, StandardCharsets.UTF_16LE);
    }
}
