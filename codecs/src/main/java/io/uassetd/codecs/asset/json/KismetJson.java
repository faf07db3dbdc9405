package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.version.ObjectVersionUE5;
import java.util.TreeSet;
import io.uassetd.codecs.asset.archive.PackageWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

/**
 * Kismet bytecode given as UAssetAPI's expression tree ({@code ScriptBytecode}: a list of
 * {@code {"$type": "UAssetAPI.Kismet.Bytecode.Expressions.EX_...", ...}}), serialized as Unreal's
 * script: each expression is its token byte, then its operands, nested expressions in place. The
 * script's size in memory (the UStruct's {@code ScriptBytecodeSize}) is counted as Unreal counts it:
 * names 12 bytes (FScriptName), object and property pointers 8, other operands their bytes.
 *
 * <p>Read: every expression UAssetAPI's {@code Kismet/Bytecode/Expressions} writes, under its field names (see the
 * README's "Reading UAssetAPI's own JSON"): the operand-less tokens, the constants (numbers, strings, names,
 * objects, vectors, rotators and transforms in floats or, from UE5's large world coordinates, doubles, texts as
 * {@code FScriptText}, struct/array/set/map constants, soft object, field path, property and bit field constants),
 * control flow (returns, jumps, execution flow, skips, asserts, switches), variables, lets, container setters, calls,
 * contexts, casts, delegates and instrumentation events. The end tokens closing a list are written after it, as
 * UAssetAPI writes them; a map's count is its pairs (Unreal's count), its {@code Elements} being key, value, key,
 * value. An unknown {@code $type} is refused naming its path.
 */
final class KismetJson {
    private static final String PREFIX = "UAssetAPI.Kismet.Bytecode.Expressions.";
    private static final String SUFFIX = ", UAssetAPI";
    private static final Map<String, Integer> TOKENS = new HashMap<>();
    private static final Set<String> NO_OPERANDS = Set.of("EX_Nothing", "EX_EndOfScript", "EX_Self", "EX_IntZero", "EX_IntOne",
            "EX_True", "EX_False", "EX_NoObject", "EX_NoInterface", "EX_EndFunctionParms", "EX_EndStructConst", "EX_EndArray",
            "EX_EndArrayConst", "EX_EndSet", "EX_EndMap", "EX_EndSetConst", "EX_EndMapConst", "EX_EndParmValue",
            "EX_PopExecutionFlow", "EX_DeprecatedOp4A", "EX_Breakpoint", "EX_Tracepoint", "EX_WireTracepoint");

    static {
        Object[] t = {"EX_LocalVariable", 0x00, "EX_InstanceVariable", 0x01, "EX_DefaultVariable", 0x02, "EX_Return", 0x04,
            "EX_Jump", 0x06, "EX_JumpIfNot", 0x07, "EX_Nothing", 0x0B, "EX_Let", 0x0F, "EX_ClassContext", 0x12, "EX_LetBool", 0x14,
            "EX_EndParmValue", 0x15, "EX_EndFunctionParms", 0x16, "EX_Self", 0x17, "EX_Context", 0x19, "EX_Context_FailSilent", 0x1A,
            "EX_VirtualFunction", 0x1B, "EX_FinalFunction", 0x1C, "EX_IntConst", 0x1D, "EX_FloatConst", 0x1E, "EX_StringConst", 0x1F,
            "EX_ObjectConst", 0x20, "EX_NameConst", 0x21, "EX_ByteConst", 0x24, "EX_IntZero", 0x25, "EX_IntOne", 0x26, "EX_True", 0x27,
            "EX_False", 0x28, "EX_NoObject", 0x2A, "EX_IntConstByte", 0x2C, "EX_NoInterface", 0x2D, "EX_EndStructConst", 0x30,
            "EX_EndArray", 0x32, "EX_UnicodeStringConst", 0x34, "EX_Int64Const", 0x35, "EX_UInt64Const", 0x36,
            "EX_EndSet", 0x3A, "EX_EndMap", 0x3C, "EX_EndSetConst", 0x3E, "EX_EndMapConst", 0x40, "EX_LetMulticastDelegate", 0x43,
            "EX_LetDelegate", 0x44, "EX_LocalVirtualFunction", 0x45, "EX_LocalFinalFunction", 0x46, "EX_LocalOutVariable", 0x48,
            "EX_DeprecatedOp4A", 0x4A, "EX_PushExecutionFlow", 0x4C, "EX_PopExecutionFlow", 0x4D, "EX_ComputedJump", 0x4E,
            "EX_PopExecutionFlowIfNot", 0x4F, "EX_Breakpoint", 0x50, "EX_EndOfScript", 0x53, "EX_WireTracepoint", 0x5A,
            "EX_SkipOffsetConst", 0x5B, "EX_Tracepoint", 0x5E, "EX_LetObj", 0x5F, "EX_LetWeakObjPtr", 0x60, "EX_CallMath", 0x68,
            "EX_EndArrayConst", 0x66,
            // the rest of UAssetAPI's expressions
            "EX_Assert", 0x09, "EX_NothingInt32", 0x0C, "EX_BitFieldConst", 0x11, "EX_MetaCast", 0x13, "EX_Skip", 0x18,
            "EX_RotationConst", 0x22, "EX_VectorConst", 0x23, "EX_TextConst", 0x29, "EX_TransformConst", 0x2B,
            "EX_DynamicCast", 0x2E, "EX_StructConst", 0x2F, "EX_SetArray", 0x31, "EX_PropertyConst", 0x33, "EX_DoubleConst", 0x37,
            "EX_PrimitiveCast", 0x38, "EX_SetSet", 0x39, "EX_SetMap", 0x3B, "EX_SetConst", 0x3D, "EX_MapConst", 0x3F,
            "EX_Vector3fConst", 0x41, "EX_StructMemberContext", 0x42, "EX_InstanceDelegate", 0x4B, "EX_InterfaceContext", 0x51,
            "EX_ObjToInterfaceCast", 0x52, "EX_CrossInterfaceCast", 0x54, "EX_InterfaceToObjCast", 0x55,
            "EX_AddMulticastDelegate", 0x5C, "EX_ClearMulticastDelegate", 0x5D, "EX_BindDelegate", 0x61,
            "EX_RemoveMulticastDelegate", 0x62, "EX_CallMulticastDelegate", 0x63, "EX_LetValueOnPersistentFrame", 0x64,
            "EX_ArrayConst", 0x65, "EX_SoftObjectConst", 0x67, "EX_SwitchValue", 0x69, "EX_InstrumentationEvent", 0x6A,
            "EX_ArrayGetByRef", 0x6B, "EX_ClassSparseDataVariable", 0x6C, "EX_FieldPathConst", 0x6D};
        for (int i = 0; i < t.length; i += 2) {
            TOKENS.put((String) t[i], (Integer) t[i + 1]);
        }
    }

    private static final int MAX_DEPTH = 256;
    private final JsonContext c;
    private final PackageWriter out;

    private KismetJson(JsonContext c, PackageWriter out) {
        this.c = c;
        this.out = out;
    }

    /** Serializes the expression list to {@code out}; returns the script's size in memory. */
    static int write(JsonContext c, PackageWriter out, JsonIn list) {
        KismetJson k = new KismetJson(c, out);
        int size = 0;
        for (JsonIn e : list.elements()) {
            size += k.expression(e, 0);
        }
        return size;
    }

    /** One expression: its token, then its operands; returns its size in memory. */
    private int expression(JsonIn e, int depth) {
        if (depth > MAX_DEPTH) {
            throw e.error("Kismet expressions nested deeper than " + MAX_DEPTH);
        }
        JsonIn typeIn = e.get("$type");
        String type = typeIn.asText();
        String name = type.startsWith(PREFIX) && type.endsWith(SUFFIX) ? type.substring(PREFIX.length(), type.length() - SUFFIX.length())
                : null;
        Integer token = name == null ? null : TOKENS.get(name);
        if (token == null) {
            throw typeIn.error(type + " is not a Kismet expression UAssetAPI writes (the raw form, ScriptBytecodeRaw, takes any bytecode)");
        }
        out.writeU8(token);
        int size = 1;
        if (NO_OPERANDS.contains(name)) {
            return size;
        }
        switch (name) {
            case "EX_Return" -> size += expression(e.get("ReturnExpression"), depth + 1);
            case "EX_IntConst" -> {
                out.writeI32(e.get("Value").asInt());
                size += 4;
            }
            case "EX_SkipOffsetConst" -> {
                out.writeU32(e.get("Value").asLong() & 0xFFFFFFFFL);
                size += 4;
            }
            case "EX_Int64Const", "EX_UInt64Const" -> {
                out.writeI64(e.get("Value").node().isBigInteger() ? e.get("Value").node().bigIntegerValue().longValue() : e.get("Value").asLong());
                size += 8;
            }
            case "EX_FloatConst" -> {
                out.writeI32(e.get("Value").asFloatBits());
                size += 4;
            }
            case "EX_ByteConst", "EX_IntConstByte" -> {
                out.writeU8(e.get("Value").asInt() & 0xFF);
                size += 1;
            }
            case "EX_NameConst" -> size += name(e.get("Value"));
            case "EX_ObjectConst" -> size += pointer(e.opt("Value"));
            case "EX_StringConst" -> {
                byte[] b = (e.get("Value").asText() + "\0").getBytes(StandardCharsets.ISO_8859_1);
                out.writeBytes(b);
                size += b.length;
            }
            case "EX_UnicodeStringConst" -> {
                byte[] b = (e.get("Value").asText() + "\0").getBytes(StandardCharsets.UTF_16LE);
                out.writeBytes(b);
                size += b.length;
            }
            case "EX_Jump" -> size += u32(e, "CodeOffset");
            case "EX_JumpIfNot" -> {
                size += u32(e, "CodeOffset");
                size += expression(e.get("BooleanExpression"), depth + 1);
            }
            case "EX_PushExecutionFlow" -> size += u32(e, "PushingAddress");
            case "EX_PopExecutionFlowIfNot" -> size += expression(e.get("BooleanExpression"), depth + 1);
            case "EX_ComputedJump" -> size += expression(e.get("CodeOffsetExpression"), depth + 1);
            case "EX_LocalVariable", "EX_InstanceVariable", "EX_DefaultVariable", "EX_LocalOutVariable", "EX_ClassSparseDataVariable",
                "EX_PropertyConst" ->
                size += propertyPointer(e.get(name.equals("EX_PropertyConst") ? "Property" : "Variable"));
            case "EX_Let" -> {
                size += propertyPointer(e.get("Value"));
                size += expression(e.get("Variable"), depth + 1);
                size += expression(e.get("Expression"), depth + 1);
            }
            case "EX_LetBool", "EX_LetObj", "EX_LetWeakObjPtr", "EX_LetDelegate", "EX_LetMulticastDelegate" -> {
                size += expression(e.get("VariableExpression"), depth + 1);
                size += expression(e.get("AssignmentExpression"), depth + 1);
            }
            case "EX_FinalFunction", "EX_LocalFinalFunction", "EX_CallMath" -> {
                size += pointer(e.opt("StackNode"));
                size += parameters(e, depth);
            }
            case "EX_VirtualFunction", "EX_LocalVirtualFunction" -> {
                size += name(e.get("VirtualFunctionName"));
                size += parameters(e, depth);
            }
            case "EX_Context", "EX_Context_FailSilent", "EX_ClassContext" -> {
                size += expression(e.get("ObjectExpression"), depth + 1);
                size += u32(e, "Offset");
                size += propertyPointer(e.get("RValuePointer"));
                size += expression(e.get("ContextExpression"), depth + 1);
            }
            default -> size += more(name, e, depth);
        }
        return size;
    }

    /** The expressions beyond the calls, variables and simple constants. */
    private int more(String name, JsonIn e, int depth) {
        int size = 0;
        switch (name) {
            case "EX_NothingInt32" -> {
                out.writeI32(e.get("Value").asInt());
                size += 4;
            }
            case "EX_DoubleConst" -> {
                out.writeI64(e.get("Value").asDoubleBits());
                size += 8;
            }
            case "EX_Vector3fConst" -> {
                for (String f : new String[] {"X", "Y", "Z"}) {
                    out.writeI32(e.get(f).asFloatBits());
                }
                size += 12;
            }
            case "EX_VectorConst" -> size += reals(e.get("Value"), "X", "Y", "Z");
            case "EX_RotationConst" -> size += reals(e.get("Value"), "Pitch", "Yaw", "Roll");
            case "EX_TransformConst" -> {
                JsonIn t = e.get("Value");
                size += reals(t.get("Rotation"), "X", "Y", "Z", "W");
                size += reals(t.get("Translation"), "X", "Y", "Z");
                size += reals(t.get("Scale3D"), "X", "Y", "Z");
            }
            case "EX_TextConst" -> size += text(e.get("Value"), depth);
            case "EX_BitFieldConst" -> {
                size += propertyPointer(e.get("Property"));
                out.writeU8(e.get("Value").asInt() & 0xFF);
                size += 1;
            }
            case "EX_Assert" -> {
                out.writeU16(e.get("LineNumber").asInt() & 0xFFFF);
                out.writeU8(e.get("DebugMode").asBool() ? 1 : 0);
                size += 3 + expression(e.get("AssertExpression"), depth + 1);
            }
            case "EX_Skip" -> {
                size += u32(e, "CodeOffset");
                size += expression(e.get("SkipExpression"), depth + 1);
            }
            case "EX_MetaCast", "EX_DynamicCast", "EX_ObjToInterfaceCast", "EX_CrossInterfaceCast", "EX_InterfaceToObjCast" -> {
                size += pointer(e.opt("ClassPtr"));
                // UAssetAPI 1.0.2's EX_CastBase writes Target; older releases TargetExpression
                JsonIn target = e.opt("Target");
                size += expression(target != null ? target : e.get("TargetExpression"), depth + 1);
            }
            case "EX_PrimitiveCast" -> {
                out.writeU8(enumValue(e.get("ConversionType"), CAST_TOKENS));
                size += 1 + expression(e.get("Target"), depth + 1);
            }
            case "EX_StructConst" -> {
                size += pointer(e.opt("Struct"));
                out.writeI32(e.get("StructSize").asInt());
                size += 4 + list(e.get("Value"), depth) + end("EX_EndStructConst");
            }
            case "EX_SetArray" -> {
                JsonIn assigning = e.opt("AssigningProperty");
                // before VER_UE4_CHANGE_SETARRAY_BYTECODE: the inner property's pointer instead of the array expression
                size += assigning != null ? expression(assigning, depth + 1) : pointer(e.opt("ArrayInnerProp"));
                size += list(e.get("Elements"), depth) + end("EX_EndArray");
            }
            case "EX_SetSet", "EX_SetMap" -> {
                boolean map = name.equals("EX_SetMap");
                size += expression(e.get(map ? "MapProperty" : "SetProperty"), depth + 1);
                size += count(e.get("Elements"), map);
                size += list(e.get("Elements"), depth) + end(map ? "EX_EndMap" : "EX_EndSet");
            }
            case "EX_ArrayConst", "EX_SetConst" -> {
                size += propertyPointer(e.get("InnerProperty"));
                size += count(e.get("Elements"), false);
                size += list(e.get("Elements"), depth) + end(name.equals("EX_ArrayConst") ? "EX_EndArrayConst" : "EX_EndSetConst");
            }
            case "EX_MapConst" -> {
                size += propertyPointer(e.get("KeyProperty"));
                size += propertyPointer(e.get("ValueProperty"));
                size += count(e.get("Elements"), true);
                size += list(e.get("Elements"), depth) + end("EX_EndMapConst");
            }
            case "EX_StructMemberContext" -> {
                size += propertyPointer(e.get("StructMemberExpression"));
                size += expression(e.get("StructExpression"), depth + 1);
            }
            case "EX_LetValueOnPersistentFrame" -> {
                size += propertyPointer(e.get("DestinationProperty"));
                size += expression(e.get("AssignmentExpression"), depth + 1);
            }
            case "EX_InstanceDelegate" -> size += name(e.get("FunctionName"));
            case "EX_BindDelegate" -> {
                size += name(e.get("FunctionName"));
                size += expression(e.get("Delegate"), depth + 1);
                size += expression(e.get("ObjectTerm"), depth + 1);
            }
            case "EX_AddMulticastDelegate", "EX_RemoveMulticastDelegate" -> {
                size += expression(e.get("Delegate"), depth + 1);
                size += expression(e.get("DelegateToAdd"), depth + 1);
            }
            case "EX_ClearMulticastDelegate" -> size += expression(e.get("DelegateToClear"), depth + 1);
            case "EX_CallMulticastDelegate" -> {
                size += pointer(e.opt("StackNode"));
                size += expression(e.get("Delegate"), depth + 1);
                size += parameters(e, depth);
            }
            case "EX_InterfaceContext" -> size += expression(e.get("InterfaceValue"), depth + 1);
            case "EX_SoftObjectConst", "EX_FieldPathConst" -> size += expression(e.get("Value"), depth + 1);
            case "EX_ArrayGetByRef" -> {
                size += expression(e.get("ArrayVariable"), depth + 1);
                size += expression(e.get("ArrayIndex"), depth + 1);
            }
            case "EX_SwitchValue" -> {
                JsonIn cases = e.get("Cases");
                int n = cases.elements().size();
                if (n > 0xFFFF) {
                    throw cases.error(n + " switch cases; at most 65535 fit");
                }
                out.writeU16(n);
                size += 2 + u32(e, "EndGotoOffset");
                size += expression(e.get("IndexTerm"), depth + 1);
                for (JsonIn k : cases.elements()) {
                    size += expression(k.get("CaseIndexValueTerm"), depth + 1);
                    size += u32(k, "NextOffset");
                    size += expression(k.get("CaseTerm"), depth + 1);
                }
                size += expression(e.get("DefaultTerm"), depth + 1);
            }
            case "EX_InstrumentationEvent" -> {
                int type = enumValue(e.get("EventType"), INSTRUMENTATION_TYPES);
                out.writeU8(type);
                size += 1;
                if (type == INSTRUMENTATION_TYPES.get("InlineEvent")) {
                    size += name(e.get("EventName"));
                }
            }
            default -> throw e.get("$type").error("Kismet expression " + name + " is not read yet");
        }
        return size;
    }

    /** UAssetAPI's ECastToken names (Unreal's), or a number. */
    private static final Map<String, Integer> CAST_TOKENS = Map.of("ObjectToInterface", 0x46, "ObjectToBool", 0x47,
            "InterfaceToBool", 0x49, "DoubleToFloat", 0x4A, "FloatToDouble", 0x4B);
    /** EScriptInstrumentation::Type's names, in order. */
    private static final Map<String, Integer> INSTRUMENTATION_TYPES = new HashMap<>();

    static {
        String[] n = {"Class", "ClassScope", "Instance", "Event", "InlineEvent", "ResumeEvent", "PureNodeEntry", "NodeDebugSite",
            "NodeEntry", "NodeExit", "PushState", "RestoreState", "ResetState", "SuspendState", "PopState", "TunnelEndOfThread", "Stop"};
        for (int i = 0; i < n.length; i++) {
            INSTRUMENTATION_TYPES.put(n[i], i);
        }
    }

    /** A byte enum given as UAssetAPI's name (Newtonsoft's StringEnumConverter) or as a number. */
    private static int enumValue(JsonIn v, Map<String, Integer> names) {
        if (v.node().isNumber()) {
            int x = v.asInt();
            if (x < 0 || x > 0xFF) {
                throw v.error("Value " + x + " does not fit a byte");
            }
            return x;
        }
        Integer x = names.get(v.asText());
        if (x == null) {
            throw v.error("Unknown name " + v.asText() + " (known: " + new TreeSet<>(names.keySet()) + ")");
        }
        return x;
    }

    /** Reals of a vector, rotator or quaternion: doubles from UE5's large world coordinates, else floats. */
    private int reals(JsonIn v, String... fields) {
        boolean lwc = out.version().atLeast(ObjectVersionUE5.LARGE_WORLD_COORDINATES);
        for (String f : fields) {
            if (lwc) {
                out.writeI64(v.get(f).asDoubleBits());
            } else {
                out.writeI32(v.get(f).asFloatBits());
            }
        }
        return fields.length * (lwc ? 8 : 4);
    }

    /** FScriptText: the literal type, then its strings (expressions) and, for string table entries, the table. */
    private int text(JsonIn t, int depth) {
        JsonIn typeIn = t.get("TextLiteralType");
        int type = enumValue(typeIn, TEXT_LITERAL_TYPES);
        out.writeU8(type);
        int size = 1;
        switch (type) {
            case 0 -> {
            }
            case 1 -> {
                size += expression(t.get("LocalizedSource"), depth + 1);
                size += expression(t.get("LocalizedKey"), depth + 1);
                size += expression(t.get("LocalizedNamespace"), depth + 1);
            }
            case 2 -> size += expression(t.get("InvariantLiteralString"), depth + 1);
            case 3 -> size += expression(t.get("LiteralString"), depth + 1);
            case 4 -> {
                size += pointer(t.opt("StringTableAsset"));
                size += expression(t.get("StringTableId"), depth + 1);
                size += expression(t.get("StringTableKey"), depth + 1);
            }
            default -> throw typeIn.error("Unknown text literal type " + type);
        }
        return size;
    }

    private static final Map<String, Integer> TEXT_LITERAL_TYPES = Map.of("Empty", 0, "LocalizedText", 1, "InvariantText", 2,
            "LiteralString", 3, "StringTableEntry", 4);

    /** The element count Unreal writes: the elements, or for maps the pairs (UAssetAPI's list holds key, value, key, value...). */
    private int count(JsonIn elements, boolean pairs) {
        int n = elements.elements().size();
        if (pairs && n % 2 != 0) {
            throw elements.error("A map's elements are key, value pairs; found an odd count " + n);
        }
        out.writeI32(pairs ? n / 2 : n);
        return 4;
    }

    private int list(JsonIn list, int depth) {
        int size = 0;
        for (JsonIn x : list.elements()) {
            size += expression(x, depth + 1);
        }
        return size;
    }

    private int end(String token) {
        out.writeU8(TOKENS.get(token));
        return 1;
    }

    private int parameters(JsonIn e, int depth) {
        int size = 0;
        JsonIn params = e.opt("Parameters");
        if (params != null) {
            for (JsonIn p : params.elements()) {
                size += expression(p, depth + 1);
            }
        }
        out.writeU8(TOKENS.get("EX_EndFunctionParms"));
        return size + 1;
    }

    private int u32(JsonIn e, String field) {
        long v = e.get(field).asLong();
        if (v < 0 || v > 0xFFFFFFFFL) {
            throw e.get(field).error(field + " " + v + " is not a uint32");
        }
        out.writeU32(v);
        return 4;
    }

    private int name(JsonIn n) {
        out.writeFName(c.names().read(n));
        return 12; // FScriptName in memory
    }

    private int pointer(JsonIn index) {
        out.writeI32(index == null ? 0 : index.asInt());
        return 8; // a pointer in memory
    }

    /** A property pointer: an FFieldPath ({@code New}: its names, then the resolved owner) or, before UE4.25, an index ({@code Old}). */
    private int propertyPointer(JsonIn p) {
        JsonIn path = p.opt("New");
        if (path != null) {
            JsonIn names = path.opt("Path");
            if (names == null) {
                out.writeI32(0);
            } else {
                out.writeI32(names.elements().size());
                names.elements().forEach(this::name);
            }
            out.writeI32(path.intOr("ResolvedOwner", 0));
        } else {
            out.writeI32(p.intOr("Old", 0));
        }
        return 8;
    }
}
