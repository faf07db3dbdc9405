package io.uassetd.codecs.asset.json;

import io.uassetd.codecs.asset.archive.PackageWriter;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * UAssetAPI's StructExport and its subclasses ClassExport and FunctionExport, read only (uassetd
 * writes these exports as NormalExports whose {@code Extras} hold the class data). After the
 * properties and the object GUID, UStruct's data is serialized from UAssetAPI's fields in Unreal's
 * order: {@code Field.Next} (only when UAssetAPI read it, before FFrameworkObjectVersion's
 * RemoveUField_Next), {@code SuperStruct}, {@code Children}, {@code LoadedProperties} (the FProperty
 * list of UE4.25 and later; absent or null before), then the script: {@code ScriptBytecodeSize} and
 * the bytecode: UAssetAPI's raw form ({@code ScriptBytecodeRaw}, base64, with {@code ScriptBytecodeSize},
 * when {@code ScriptBytecode} is null) or its expression tree ({@code ScriptBytecode}, the expressions
 * {@link KismetJson} reads; the sizes are computed). A document with neither is refused naming the
 * export. Then the subclass's own fields and {@code Extras}.
 */
class StructExportJson extends ReadOnlyExportJson {
    StructExportJson() {
        this("StructExport");
    }

    /** {@code exportClass}: the subclass's UAssetAPI class name. */
    StructExportJson(String exportClass) {
        super(exportClass);
    }

    @Override
    void writeClassData(JsonContext c, JsonIn in, PropertyWriter w) {
        JsonIn field = in.opt("Field");
        if (field != null && field.has("Next")) {
            w.out().writeI32(field.get("Next").asInt());
        }
        w.out().writeI32(in.intOr("SuperStruct", 0));
        JsonIn children = in.opt("Children");
        if (children == null) {
            w.out().writeI32(0);
        } else {
            w.out().writeI32(children.elements().size());
            children.elements().forEach(i -> w.out().writeI32(i.asInt()));
        }
        JsonIn loaded = in.opt("LoadedProperties");
        if (loaded != null) {
            w.out().writeI32(loaded.elements().size());
            for (JsonIn p : loaded.elements()) {
                fproperty(c, w, p, 0);
            }
        }
        script(c, w, in);
        afterStruct(c, w, in);
    }

    /** The subclass's fields after UStruct's. */
    void afterStruct(JsonContext c, PropertyWriter w, JsonIn in) {
    }

    private static void script(JsonContext c, PropertyWriter w, JsonIn in) {
        JsonIn tree = in.opt("ScriptBytecode");
        if (tree != null) {
            // the expression tree: serialized, its sizes (in memory, on disk) counted
            PackageWriter code = new PackageWriter(
                    c.pkg().version(), w.out().filterEditorOnly());
            int memory = KismetJson.write(c, code, tree);
            byte[] bytes = code.toByteArray();
            w.out().writeI32(memory);
            w.out().writeI32(bytes.length);
            w.out().writeBytes(bytes);
            return;
        }
        JsonIn raw = in.opt("ScriptBytecodeRaw");
        if (raw == null) {
            throw in.error("Missing field ScriptBytecodeRaw (or ScriptBytecode) of a struct export");
        }
        byte[] bytes = raw.base64();
        w.out().writeI32(in.get("ScriptBytecodeSize").asInt()); // size in memory
        w.out().writeI32(bytes.length); // size on disk
        w.out().writeBytes(bytes);
    }

    static final int MAX_DEPTH = 16;

    /**
     * One FProperty as UAssetAPI's FieldTypes write it ({@code $type} = {@code UAssetAPI.FieldTypes.F...Property}):
     * the serialized type name, FField's {@code Name}, {@code Flags} (EObjectFlags) and, in packages that
     * are neither cooked nor editor-filtered, {@code MetaDataMap}; FProperty's {@code ArrayDim},
     * {@code ElementSize}, {@code PropertyFlags}, {@code RepIndex}, {@code RepNotifyFunc},
     * {@code BlueprintReplicationCondition}; then the fields of its class.
     */
    private static void fproperty(JsonContext c, PropertyWriter w, JsonIn p, int depth) {
        if (depth > MAX_DEPTH) {
            throw p.error("FProperty definitions nested deeper than " + MAX_DEPTH);
        }
        String type = p.get("$type").asText();
        String cls = type.startsWith("UAssetAPI.FieldTypes.") && type.endsWith(", UAssetAPI")
                ? type.substring("UAssetAPI.FieldTypes.".length(), type.length() - ", UAssetAPI".length()) : null;
        if (cls == null || !cls.startsWith("F")) {
            throw p.get("$type").error("Unknown FProperty $type " + type);
        }
        var out = w.out();
        out.writeFName(c.names().read(p.get("SerializedType")));
        out.writeFName(c.names().read(p.get("Name")));
        JsonIn flags = p.opt("Flags");
        out.writeU32(flags == null ? 0 : UAssetApiJson.flags(flags, UAssetApiJson.OBJECT_FLAGS) & 0xFFFFFFFFL);
        int pkgFlags = c.pkg().summary().packageFlags();
        if ((pkgFlags & 0x80000000) == 0 && (pkgFlags & 0x200) == 0) {
            JsonIn meta = p.opt("MetaDataMap");
            out.writeBool32(meta != null);
            if (meta != null) {
                out.writeI32(meta.elements().size());
                for (JsonIn pair : meta.elements()) {
                    List2 kv = List2.of(pair);
                    out.writeFName(c.names().read(kv.a));
                    out.writeFString(LevelExportJson.string(kv.b));
                }
            }
        }
        out.writeI32((int) enumValue(p.opt("ArrayDim"), ARRAY_DIM, 1));
        out.writeI32(p.intOr("ElementSize", 0));
        JsonIn pf = p.opt("PropertyFlags");
        out.writeI64(pf == null ? 0 : UAssetApiJson.flags(pf, PROPERTY_FLAGS));
        out.writeU16(p.intOr("RepIndex", 0));
        JsonIn notify = p.opt("RepNotifyFunc");
        out.writeFName(notify == null ? w.name("None") : c.names().read(notify));
        out.writeU8((int) enumValue(p.opt("BlueprintReplicationCondition"), LIFETIME_CONDITION, 0));
        switch (cls) {
            case "FBoolProperty" -> {
                out.writeU8(p.intOr("FieldSize", 0));
                out.writeU8(p.intOr("ByteOffset", 0));
                out.writeU8(p.intOr("ByteMask", 0));
                out.writeU8(p.intOr("FieldMask", 0));
                out.writeU8(p.boolOr("NativeBool", false) ? 1 : 0);
                out.writeU8(p.boolOr("Value", false) ? 1 : 0);
            }
            case "FObjectProperty", "FSoftObjectProperty", "FWeakObjectProperty" -> out.writeI32(p.intOr("PropertyClass", 0));
            case "FClassProperty", "FSoftClassProperty" -> {
                out.writeI32(p.intOr("PropertyClass", 0));
                out.writeI32(p.intOr("MetaClass", 0));
            }
            case "FStructProperty" -> out.writeI32(p.intOr("Struct", 0));
            case "FByteProperty" -> out.writeI32(p.intOr("Enum", 0));
            case "FEnumProperty" -> {
                out.writeI32(p.intOr("Enum", 0));
                fproperty(c, w, p.get("UnderlyingProp"), depth + 1);
            }
            case "FDelegateProperty", "FMulticastDelegateProperty", "FMulticastInlineDelegateProperty",
                "FMulticastSparseDelegateProperty" -> out.writeI32(p.intOr("SignatureFunction", 0));
            case "FInterfaceProperty" -> out.writeI32(p.intOr("InterfaceClass", 0));
            case "FArrayProperty" -> fproperty(c, w, p.get("Inner"), depth + 1);
            case "FSetProperty" -> fproperty(c, w, p.get("ElementProp"), depth + 1);
            case "FOptionalProperty" -> fproperty(c, w, p.get("ValueProperty"), depth + 1);
            case "FMapProperty" -> {
                fproperty(c, w, p.get("KeyProp"), depth + 1);
                fproperty(c, w, p.get("ValueProp"), depth + 1);
            }
            case "FNumericProperty", "FGenericProperty" -> {
            }
            default -> throw p.get("$type").error("Unsupported FProperty class " + cls);
        }
    }

    /** A two-element JSON array (a TMap entry as UAssetAPI's TMapJsonConverter writes it). */
    record List2(JsonIn a, JsonIn b) {
        static List2 of(JsonIn pair) {
            var e = pair.elements();
            if (e.size() != 2) {
                throw pair.error("A map entry is [key, value]");
            }
            return new List2(e.get(0), e.get(1));
        }
    }

    /** An enum by UAssetAPI's name or a number; {@code otherwise} when absent. */
    static long enumValue(JsonIn in, Map<String, Long> names, long otherwise) {
        if (in == null) {
            return otherwise;
        }
        if (in.node().isNumber()) {
            return in.asLong();
        }
        Long v = names.get(in.asText().trim());
        if (v == null) {
            throw in.error("Unknown value " + in.asText() + " (one of " + names.keySet() + " or a number)");
        }
        return v;
    }

    static final Map<String, Long> ARRAY_DIM = Map.of("NotAnArray", 0L, "TArray", 1L, "CArray", 2L);
    static final Map<String, Long> LIFETIME_CONDITION = table("COND_None", 0, "COND_InitialOnly", 1, "COND_OwnerOnly", 2,
            "COND_SkipOwner", 3, "COND_SimulatedOnly", 4, "COND_AutonomousOnly", 5, "COND_SimulatedOrPhysics", 6,
            "COND_InitialOrOwner", 7, "COND_Custom", 8, "COND_ReplayOrOwner", 9, "COND_ReplayOnly", 10,
            "COND_SimulatedOnlyNoReplay", 11, "COND_SimulatedOrPhysicsNoReplay", 12, "COND_SkipReplay", 13, "COND_Never", 15,
            "COND_Max", 16);
    /** EPropertyFlags by UAssetAPI's names. */
    static final Map<String, Long> PROPERTY_FLAGS = table("CPF_None", 0, "CPF_Edit", 0x1L, "CPF_ConstParm", 0x2L,
            "CPF_BlueprintVisible", 0x4L, "CPF_ExportObject", 0x8L, "CPF_BlueprintReadOnly", 0x10L, "CPF_Net", 0x20L,
            "CPF_EditFixedSize", 0x40L, "CPF_Parm", 0x80L, "CPF_OutParm", 0x100L, "CPF_ZeroConstructor", 0x200L,
            "CPF_ReturnParm", 0x400L, "CPF_DisableEditOnTemplate", 0x800L, "CPF_Transient", 0x2000L, "CPF_Config", 0x4000L,
            "CPF_DisableEditOnInstance", 0x10000L, "CPF_EditConst", 0x20000L, "CPF_GlobalConfig", 0x40000L,
            "CPF_InstancedReference", 0x80000L, "CPF_DuplicateTransient", 0x200000L, "CPF_SaveGame", 0x1000000L,
            "CPF_NoClear", 0x2000000L, "CPF_ReferenceParm", 0x8000000L, "CPF_BlueprintAssignable", 0x10000000L,
            "CPF_Deprecated", 0x20000000L, "CPF_IsPlainOldData", 0x40000000L, "CPF_RepSkip", 0x80000000L,
            "CPF_RepNotify", 0x100000000L, "CPF_Interp", 0x200000000L, "CPF_NonTransactional", 0x400000000L,
            "CPF_EditorOnly", 0x800000000L, "CPF_NoDestructor", 0x1000000000L, "CPF_AutoWeak", 0x4000000000L,
            "CPF_ContainsInstancedReference", 0x8000000000L, "CPF_AssetRegistrySearchable", 0x10000000000L,
            "CPF_SimpleDisplay", 0x20000000000L, "CPF_AdvancedDisplay", 0x40000000000L, "CPF_Protected", 0x80000000000L,
            "CPF_BlueprintCallable", 0x100000000000L, "CPF_BlueprintAuthorityOnly", 0x200000000000L,
            "CPF_TextExportTransient", 0x400000000000L, "CPF_NonPIEDuplicateTransient", 0x800000000000L,
            "CPF_ExposeOnSpawn", 0x1000000000000L, "CPF_PersistentInstance", 0x2000000000000L,
            "CPF_UObjectWrapper", 0x4000000000000L, "CPF_HasGetValueTypeHash", 0x8000000000000L,
            "CPF_NativeAccessSpecifierPublic", 0x10000000000000L, "CPF_NativeAccessSpecifierProtected", 0x20000000000000L,
            "CPF_NativeAccessSpecifierPrivate", 0x40000000000000L, "CPF_SkipSerialization", 0x80000000000000L);
    /** EClassFlags by UAssetAPI's names. */
    static final Map<String, Long> CLASS_FLAGS = table("CLASS_None", 0, "CLASS_Abstract", 0x1L, "CLASS_DefaultConfig", 0x2L,
            "CLASS_Config", 0x4L, "CLASS_Transient", 0x8L, "CLASS_Parsed", 0x10L, "CLASS_MatchedSerializers", 0x20L,
            "CLASS_ProjectUserConfig", 0x40L, "CLASS_Native", 0x80L, "CLASS_NoExport", 0x100L, "CLASS_NotPlaceable", 0x200L,
            "CLASS_PerObjectConfig", 0x400L, "CLASS_ReplicationDataIsSetUp", 0x800L, "CLASS_EditInlineNew", 0x1000L,
            "CLASS_CollapseCategories", 0x2000L, "CLASS_Interface", 0x4000L, "CLASS_CustomConstructor", 0x8000L,
            "CLASS_Const", 0x10000L, "CLASS_LayoutChanging", 0x20000L, "CLASS_CompiledFromBlueprint", 0x40000L,
            "CLASS_MinimalAPI", 0x80000L, "CLASS_RequiredAPI", 0x100000L, "CLASS_DefaultToInstanced", 0x200000L,
            "CLASS_TokenStreamAssembled", 0x400000L, "CLASS_HasInstancedReference", 0x800000L, "CLASS_Hidden", 0x1000000L,
            "CLASS_Deprecated", 0x2000000L, "CLASS_HideDropDown", 0x4000000L, "CLASS_GlobalUserConfig", 0x8000000L,
            "CLASS_Intrinsic", 0x10000000L, "CLASS_Constructed", 0x20000000L, "CLASS_ConfigDoNotCheckDefaults", 0x40000000L,
            "CLASS_NewerVersionExists", 0x80000000L);
    /** EFunctionFlags by UAssetAPI's names. */
    static final Map<String, Long> FUNCTION_FLAGS = table("FUNC_None", 0, "FUNC_Final", 0x1L, "FUNC_RequiredAPI", 0x2L,
            "FUNC_BlueprintAuthorityOnly", 0x4L, "FUNC_BlueprintCosmetic", 0x8L, "FUNC_Net", 0x40L, "FUNC_NetReliable", 0x80L,
            "FUNC_NetRequest", 0x100L, "FUNC_Exec", 0x200L, "FUNC_Native", 0x400L, "FUNC_Event", 0x800L,
            "FUNC_NetResponse", 0x1000L, "FUNC_Static", 0x2000L, "FUNC_NetMulticast", 0x4000L, "FUNC_UbergraphFunction", 0x8000L,
            "FUNC_MulticastDelegate", 0x10000L, "FUNC_Public", 0x20000L, "FUNC_Private", 0x40000L, "FUNC_Protected", 0x80000L,
            "FUNC_Delegate", 0x100000L, "FUNC_NetServer", 0x200000L, "FUNC_HasOutParms", 0x400000L, "FUNC_HasDefaults", 0x800000L,
            "FUNC_NetClient", 0x1000000L, "FUNC_DLLImport", 0x2000000L, "FUNC_BlueprintCallable", 0x4000000L,
            "FUNC_BlueprintEvent", 0x8000000L, "FUNC_BlueprintPure", 0x10000000L, "FUNC_EditorOnly", 0x20000000L,
            "FUNC_Const", 0x40000000L, "FUNC_NetValidate", 0x80000000L, "FUNC_AllFlags", 0xFFFFFFFFL);

    private static Map<String, Long> table(Object... pairs) {
        Map<String, Long> m = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            m.put((String) pairs[i], ((Number) pairs[i + 1]).longValue());
        }
        return Map.copyOf(m);
    }

    /** UAssetAPI's ClassExport: UStruct's data, then UClass's. */
    static final class ClassExportJson extends StructExportJson {
        ClassExportJson() {
            super("ClassExport");
        }

        /**
         * UClass::Serialize after UStruct's (UE4.0 and later): {@code FuncMap} ([[name, export index], ...]),
         * {@code ClassFlags}, {@code ClassWithin}, {@code ClassConfigName}, {@code ClassGeneratedBy},
         * {@code Interfaces} ({@code {Class, PointerOffset, bImplementedByK2}}), {@code bDeprecatedForceScriptOrder},
         * the name None, {@code bCooked}, {@code ClassDefaultObject}.
         */
        @Override
        void afterStruct(JsonContext c, PropertyWriter w, JsonIn in) {
            var out = w.out();
            JsonIn funcs = in.opt("FuncMap");
            if (funcs == null) {
                out.writeI32(0);
            } else {
                out.writeI32(funcs.elements().size());
                for (JsonIn pair : funcs.elements()) {
                    List2 kv = List2.of(pair);
                    out.writeFName(c.names().read(kv.a()));
                    out.writeI32(kv.b().asInt());
                }
            }
            JsonIn flags = in.opt("ClassFlags");
            out.writeU32(flags == null ? 0 : UAssetApiJson.flags(flags, CLASS_FLAGS) & 0xFFFFFFFFL);
            out.writeI32(in.intOr("ClassWithin", 0));
            JsonIn config = in.opt("ClassConfigName");
            out.writeFName(config == null ? w.name("None") : c.names().read(config));
            out.writeI32(in.intOr("ClassGeneratedBy", 0));
            JsonIn interfaces = in.opt("Interfaces");
            if (interfaces == null) {
                out.writeI32(0);
            } else {
                out.writeI32(interfaces.elements().size());
                for (JsonIn i : interfaces.elements()) {
                    out.writeI32(i.intOr("Class", 0));
                    out.writeI32(i.intOr("PointerOffset", 0));
                    out.writeBool32(i.boolOr("bImplementedByK2", false));
                }
            }
            out.writeBool32(in.boolOr("bDeprecatedForceScriptOrder", false));
            out.writeFName(w.name("None"));
            out.writeBool32(in.boolOr("bCooked", false));
            out.writeI32(in.intOr("ClassDefaultObject", 0));
        }
    }

    /** UAssetAPI's FunctionExport: UStruct's data, then {@code FunctionFlags} (what follows stays in {@code Extras}). */
    static final class FunctionExportJson extends StructExportJson {
        FunctionExportJson() {
            super("FunctionExport");
        }

        @Override
        void afterStruct(JsonContext c, PropertyWriter w, JsonIn in) {
            JsonIn flags = in.opt("FunctionFlags");
            w.out().writeU32(flags == null ? 0 : UAssetApiJson.flags(flags, FUNCTION_FLAGS) & 0xFFFFFFFFL);
        }
    }

    /**
     * UAssetAPI's UserDefinedStructExport: UStruct's data, then (not for a class default object) UUserDefinedStruct's
     * {@code StructFlags} and {@code StructData}, the struct's default values as a property list (of the struct's
     * own properties: unversioned packages find their schema by the export's {@code ObjectName}); {@code Extras}
     * follows.
     */
    static final class UserDefinedStructExportJson extends StructExportJson {
        UserDefinedStructExportJson() {
            super("UserDefinedStructExport");
        }

        @Override
        void afterStruct(JsonContext c, PropertyWriter w, JsonIn in) {
            JsonIn objectFlags = in.opt("ObjectFlags");
            long flags = objectFlags == null ? 0 : objectFlags.node().isNumber() ? objectFlags.asLong()
                    : UAssetApiJson.flags(objectFlags, UAssetApiJson.OBJECT_FLAGS);
            if ((flags & RF_CLASS_DEFAULT_OBJECT) != 0) {
                return;
            }
            JsonIn structFlags = in.opt("StructFlags");
            w.out().writeU32(structFlags == null ? 0 : structFlags.asLong() & 0xFFFFFFFFL);
            JsonIn data = in.opt("StructData");
            if (data == null) {
                throw in.error("Missing field StructData of a UserDefinedStructExport");
            }
            c.props().readList(data, in.get("ObjectName").asText(), in).write(w);
        }
    }
}
