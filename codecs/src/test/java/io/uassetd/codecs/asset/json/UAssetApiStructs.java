package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;

/**
 * For the conformance test: turns uassetd's NormalExports of blueprint classes and functions (class
 * data at the front of {@code Extras}) into UAssetAPI's {@code ClassExport} and {@code FunctionExport}
 * with the bytecode in its raw form, decoding the bytes here in Unreal's layout (UObject's GUID,
 * UStruct, UClass or UFunction) independently of the reader under test. An export whose bytes do not
 * decode in the layout this knows is left as it is (the caller counts the converted ones exactly).
 */
final class UAssetApiStructs {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** The Kismet expression types met while converting, with their counts (reset by the test). */
    static final Map<String, Integer> EXPRESSIONS = new java.util.TreeMap<>();

    private UAssetApiStructs() {
    }

    /** Converts the class and function exports of {@code root} (uassetd's JSON, before the rest of the conversion); returns how many. */
    static int convert(ObjectNode root) {
        JsonNode names = root.get("NameMap");
        long packageFlags = root.get("PackageFlags").asLong();
        boolean metadata = (packageFlags & 0x80000000L) == 0 && (packageFlags & 0x200) == 0;
        int converted = 0;
        boolean modern = childProperties(root);
        boolean lwc = root.path("ObjectVersionUE5").asInt() >= 1004; // LARGE_WORLD_COORDINATES: vectors of doubles
        for (JsonNode e : root.get("Exports")) {
            ObjectNode o = (ObjectNode) e;
            if (!o.get("$type").asText().contains(".NormalExport,")) {
                continue;
            }
            String cls = className(root, o.get("ClassIndex").asInt());
            if (cls.equals("MetaData")) {
                converted += metaData(o, names, editorVersion(root) >= 3) ? 1 : 0;
                continue;
            }
            boolean function = cls.equals("Function");
            if (!function && !cls.endsWith("GeneratedClass")) {
                continue;
            }
            byte[] extras = Base64.getDecoder().decode(o.get("Extras").asText());
            ObjectNode fields = F.objectNode();
            int end;
            // UE4.25+ (ChildProperties), or the older layouts: without ChildProperties, with UField's Next too
            end = -1;
            for (int layout = modern ? 0 : 1; layout < (modern ? 1 : 3) && end < 0; layout++) {
                fields = F.objectNode();
                try {
                    end = new Decoder(extras, names, metadata, layout, lwc).struct(fields, function);
                } catch (RuntimeException ex) {
                    end = -1;
                }
            }
            if (end < 0) {
                continue; // no layout this knows
            }
            o.put("$type", "UAssetAPI.ExportTypes." + (function ? "FunctionExport" : "ClassExport") + ", UAssetAPI");
            o.setAll(fields);
            o.put("Extras", Base64.getEncoder().encodeToString(Arrays.copyOfRange(extras, end, extras.length)));
            converted++;
        }
        return converted;
    }

    /**
     * Whether UStruct serializes ChildProperties (FCoreObjectVersion FProperties, 4): by the custom
     * version when the package records it, else by the object version (519 and later: UE4.26+; 518 is
     * taken as UE4.25, the more common of the two releases that write it).
     */
    private static boolean childProperties(JsonNode root) {
        for (JsonNode v : root.path("CustomVersionContainer")) {
            if (v.path("Key").asText().equalsIgnoreCase("{375EC13C-06E4-48FB-B500-84F0262A717E}")) {
                return v.path("Version").asInt() >= 4;
            }
        }
        return root.get("ObjectVersion").asInt() >= 518;
    }

    /** MetaData exports converted to UAssetAPI's MetaDataExport (counted by the caller as well). */
    static int metaDataExports;

    /** FEditorObjectVersion as the package records it (-1 without it). */
    private static int editorVersion(JsonNode root) {
        for (JsonNode v : root.path("CustomVersionContainer")) {
            if (v.path("Key").asText().equalsIgnoreCase("{E4B068ED-F494-42E9-A231-DA0B2E46BB41}")) {
                return v.path("Version").asInt();
            }
        }
        return -1;
    }

    /**
     * A UMetaData export as UAssetAPI's MetaDataExport: the object GUID, {@code ObjectMetaData} ([{Import, MetaData:
     * [[name, string], ...]}]) and, from FEditorObjectVersion RootMetaDataSupport (3), {@code RootMetaData}.
     */
    private static boolean metaData(ObjectNode o, JsonNode names, boolean root) {
        byte[] extras = Base64.getDecoder().decode(o.get("Extras").asText());
        ObjectNode fields = F.objectNode();
        Decoder d = new Decoder(extras, names, false, 1, false);
        try {
            if (d.bool32()) {
                fields.put("ObjectGuid", JsonNames.guid(new io.uassetd.codecs.asset.core.FGuid(d.b.getInt(), d.b.getInt(), d.b.getInt(),
                        d.b.getInt())));
            } else {
                fields.putNull("ObjectGuid");
            }
            ArrayNode objects = fields.putArray("ObjectMetaData");
            int n = d.count();
            for (int i = 0; i < n; i++) {
                ObjectNode entry = objects.addObject().put("$type", "UAssetAPI.ExportTypes.ObjectMetaDataEntry, UAssetAPI");
                entry.put("Import", d.b.getInt());
                entry.set("MetaData", d.stringMap());
            }
            if (root) {
                fields.set("RootMetaData", d.stringMap());
            } else {
                fields.putNull("RootMetaData");
            }
        } catch (RuntimeException ex) {
            return false;
        }
        o.put("$type", "UAssetAPI.ExportTypes.MetaDataExport, UAssetAPI");
        o.setAll(fields);
        o.put("Extras", Base64.getEncoder().encodeToString(Arrays.copyOfRange(extras, d.b.position(), extras.length)));
        metaDataExports++;
        return true;
    }

    private static String className(JsonNode root, int index) {
        if (index < 0) {
            return root.get("Imports").get(-index - 1).get("ObjectName").asText();
        }
        return index == 0 ? "Class" : "";
    }

    private static final class Decoder {
        final ByteBuffer b;
        final JsonNode names;
        final boolean metadata;
        final boolean next;
        final boolean childProperties;
        final boolean lwc;

        /** {@code layout}: 0 ChildProperties, 1 neither ChildProperties nor Next, 2 Next without ChildProperties. */
        Decoder(byte[] bytes, JsonNode names, boolean metadata, int layout, boolean lwc) {
            this.lwc = lwc;
            this.b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            this.names = names;
            this.metadata = metadata;
            this.next = layout == 2;
            this.childProperties = layout == 0;
        }

        String name() {
            int i = b.getInt();
            int number = b.getInt();
            return names.get(i).asText() + (number > 0 ? "_" + (number - 1) : "");
        }

        ArrayNode indexes() {
            int n = count();
            ArrayNode a = F.arrayNode();
            for (int i = 0; i < n; i++) {
                a.add(b.getInt());
            }
            return a;
        }

        int count() {
            int n = b.getInt();
            if (n < 0 || n > b.remaining()) {
                throw new IllegalStateException("count " + n);
            }
            return n;
        }

        /** UObject's GUID, UStruct's data, then UFunction's or UClass's; returns where the rest begins. */
        int struct(ObjectNode o, boolean function) {
            if (bool32()) {
                o.put("ObjectGuid", JsonNames.guid(new io.uassetd.codecs.asset.core.FGuid(b.getInt(), b.getInt(), b.getInt(), b.getInt())));
            } else {
                o.putNull("ObjectGuid");
            }
            ObjectNode field = o.putObject("Field").put("$type", "UAssetAPI.FieldTypes.UField, UAssetAPI");
            if (next) {
                field.put("Next", b.getInt());
            } else {
                field.putNull("Next");
            }
            o.put("SuperStruct", b.getInt());
            o.set("Children", indexes());
            if (!childProperties) {
                o.putNull("LoadedProperties");
            } else {
                int n = count();
                ArrayNode props = o.putArray("LoadedProperties");
                for (int i = 0; i < n; i++) {
                    props.add(fproperty(0));
                }
            }
            o.put("ScriptBytecodeSize", b.getInt());
            int disk = count();
            byte[] code = new byte[disk];
            b.get(code);
            // UAssetAPI's expression tree (it writes the raw form only for scripts it cannot parse)
            Map<String, Integer> seen = new java.util.TreeMap<>();
            o.set("ScriptBytecode", UAssetApiKismet.decode(code, names, childProperties, lwc, seen));
            seen.forEach((k, v) -> EXPRESSIONS.merge(k, v, Integer::sum));
            o.putNull("ScriptBytecodeRaw");
            if (function) {
                o.put("FunctionFlags", UAssetApiJsonTest.flagNames(b.getInt() & 0xFFFFFFFFL, StructExportJson.FUNCTION_FLAGS));
                return b.position();
            }
            ArrayNode funcs = o.putArray("FuncMap");
            int f = count();
            for (int i = 0; i < f; i++) {
                funcs.addArray().add(name()).add(b.getInt());
            }
            o.put("ClassFlags", UAssetApiJsonTest.flagNames(b.getInt() & 0xFFFFFFFFL, StructExportJson.CLASS_FLAGS));
            o.put("ClassWithin", b.getInt());
            o.put("ClassConfigName", name());
            o.put("ClassGeneratedBy", b.getInt());
            ArrayNode interfaces = o.putArray("Interfaces");
            int k = count();
            for (int i = 0; i < k; i++) {
                interfaces.addObject().put("$type", "UAssetAPI.ExportTypes.SerializedInterfaceReference, UAssetAPI")
                        .put("Class", b.getInt()).put("PointerOffset", b.getInt()).put("bImplementedByK2", b.getInt() == 1);
            }
            o.put("bDeprecatedForceScriptOrder", bool32());
            if (!name().equals("None")) {
                throw new IllegalStateException("no None after the interfaces");
            }
            o.put("bCooked", bool32());
            o.put("ClassDefaultObject", b.getInt());
            return b.position();
        }

        boolean bool32() {
            int v = b.getInt();
            if (v != 0 && v != 1) {
                throw new IllegalStateException("bool " + v);
            }
            return v == 1;
        }

        ObjectNode fproperty(int depth) {
            if (depth > 8) {
                throw new IllegalStateException("too deep");
            }
            String type = name();
            ObjectNode p = F.objectNode();
            String cls = switch (type) {
                case "BoolProperty", "ObjectProperty", "SoftObjectProperty", "WeakObjectProperty", "ClassProperty", "SoftClassProperty",
                    "StructProperty", "ByteProperty", "EnumProperty", "DelegateProperty", "MulticastDelegateProperty",
                    "MulticastInlineDelegateProperty", "InterfaceProperty", "ArrayProperty", "SetProperty", "MapProperty" -> "F" + type;
                // numbers, names, strings, texts, and (as UAssetAPI reads them) classes it does not know
                default -> "FGenericProperty";
            };
            p.put("$type", "UAssetAPI.FieldTypes." + cls + ", UAssetAPI");
            p.put("SerializedType", type);
            p.put("Name", name());
            p.put("Flags", UAssetApiJsonTest.flagNames(b.getInt() & 0xFFFFFFFFL, UAssetApiJson.OBJECT_FLAGS));
            if (metadata) {
                if (bool32()) {
                    ArrayNode meta = p.putArray("MetaDataMap");
                    int n = count();
                    for (int i = 0; i < n; i++) {
                        meta.addArray().add(name()).add(fstring());
                    }
                } else {
                    p.putNull("MetaDataMap");
                }
            }
            int dim = b.getInt();
            p.put("ArrayDim", switch (dim) {
                case 0 -> "NotAnArray";
                case 1 -> "TArray";
                case 2 -> "CArray";
                default -> throw new IllegalStateException("ArrayDim " + dim);
            });
            p.put("ElementSize", b.getInt());
            p.put("PropertyFlags", UAssetApiJsonTest.flagNames(b.getLong(), StructExportJson.PROPERTY_FLAGS));
            p.put("RepIndex", b.getShort() & 0xFFFF);
            p.put("RepNotifyFunc", name());
            int cond = b.get() & 0xFF;
            p.put("BlueprintReplicationCondition", StructExportJson.LIFETIME_CONDITION.entrySet().stream()
                    .filter(x -> x.getValue() == cond).map(Map.Entry::getKey).findFirst().orElseThrow());
            switch (cls) {
                case "FBoolProperty" -> {
                    p.put("FieldSize", b.get() & 0xFF).put("ByteOffset", b.get() & 0xFF).put("ByteMask", b.get() & 0xFF)
                            .put("FieldMask", b.get() & 0xFF).put("NativeBool", b.get() != 0).put("Value", b.get() != 0);
                }
                case "FObjectProperty", "FSoftObjectProperty", "FWeakObjectProperty" -> p.put("PropertyClass", b.getInt());
                case "FClassProperty", "FSoftClassProperty" -> p.put("PropertyClass", b.getInt()).put("MetaClass", b.getInt());
                case "FStructProperty" -> p.put("Struct", b.getInt());
                case "FByteProperty" -> p.put("Enum", b.getInt());
                case "FEnumProperty" -> {
                    p.put("Enum", b.getInt());
                    p.set("UnderlyingProp", fproperty(depth + 1));
                }
                case "FDelegateProperty", "FMulticastDelegateProperty", "FMulticastInlineDelegateProperty" ->
                    p.put("SignatureFunction", b.getInt());
                case "FInterfaceProperty" -> p.put("InterfaceClass", b.getInt());
                case "FArrayProperty" -> p.set("Inner", fproperty(depth + 1));
                case "FSetProperty" -> p.set("ElementProp", fproperty(depth + 1));
                case "FMapProperty" -> {
                    p.set("KeyProp", fproperty(depth + 1));
                    p.set("ValueProp", fproperty(depth + 1));
                }
                default -> {
                }
            }
            return p;
        }

        /** A TMap of FName to FString in UAssetAPI's form: [[name, string], ...]. */
        ArrayNode stringMap() {
            ArrayNode m = F.arrayNode();
            int n = count();
            for (int i = 0; i < n; i++) {
                m.addArray().add(name()).add(fstring());
            }
            return m;
        }

        /** An FString as UAssetAPI writes it (null for the zero-length form). */
        JsonNode fstring() {
            int n = b.getInt();
            if (n == 0) {
                return F.nullNode();
            }
            byte[] chars = new byte[n > 0 ? n : -2 * n];
            b.get(chars);
            return F.textNode(n > 0 ? new String(chars, 0, n - 1, java.nio.charset.StandardCharsets.ISO_8859_1)
                    : new String(chars, 0, chars.length - 2, java.nio.charset.StandardCharsets.UTF_16LE));
        }
    }
}
