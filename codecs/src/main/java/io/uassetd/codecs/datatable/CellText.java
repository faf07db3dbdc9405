package io.uassetd.codecs.datatable;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.DoubleNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.LongNode;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.codecs.usmap.UsmapEnum;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One property value (a node of the UAssetAPI-schema JSON tree) as the engine's text form, and back.
 * Top-level cells are written as {@code ExportText} writes a property with no port flags (strings,
 * names and paths bare); inside structs, arrays and maps values are "delimited" (strings and names
 * in quotes), as the engine writes them there.
 */
final class CellText {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final String OBJECTS = "UAssetAPI.PropertyTypes.Objects.";
    private static final String ASSEMBLY = ", UAssetAPI";

    private final JsonNode root;
    private final Usmap mappings;

    /** A stored value of each struct type in the package (native by kind, others by StructType): the shape of zero values. */
    private final Map<String, JsonNode> shapes = new java.util.HashMap<>();

    CellText(JsonNode root, Usmap mappings) {
        this.root = root;
        this.mappings = mappings;
        collectShapes(root.path("Exports"));
    }

    private void collectShapes(JsonNode n) {
        if (n.isObject()) {
            JsonNode v = n.get("Value");
            if (v != null && !v.isNull() && n.has("$type")) {
                if (nativeStruct(n) && v.isObject()) {
                    shapes.putIfAbsent(kind(n), v);
                } else if (kind(n).equals("Struct") && v.isArray() && n.hasNonNull("StructType")) {
                    shapes.putIfAbsent(n.get("StructType").asText(), v);
                }
            }
        }
        if (n.isContainerNode()) {
            for (JsonNode c : n) {
                collectShapes(c);
            }
        }
    }

    private static String structName(JsonNode p) {
        return p.hasNonNull("StructType") ? p.get("StructType").asText() : p.path("PropertyType").path("StructName").asText(null);
    }

    /** The stored shape of the struct a zero-valued node holds, or null. */
    private JsonNode shapeOf(JsonNode p) {
        if (nativeStruct(p)) {
            return shapes.get(kind(p));
        }
        if (kind(p).equals("Struct")) {
            String type = p.hasNonNull("StructType") ? p.get("StructType").asText() : p.path("PropertyType").path("StructName").asText(null);
            return type == null ? null : shapes.get(type);
        }
        return null;
    }

    /** A node whose value is zero: numbers 0, strings empty, arrays empty, structs of zero fields. */
    private static JsonNode zeroed(JsonNode v) {
        if (v.isObject()) {
            ObjectNode o = ((ObjectNode) v).deepCopy();
            if (o.has("$type") && o.has("Value")) {
                o.set("Value", zeroed(o.get("Value")));
                if (o.has("Label")) {
                    o.remove("Label");
                }
                return o;
            }
            for (String k : List.copyOf(o.properties().stream().map(Map.Entry::getKey).toList())) {
                if (!k.equals("$type")) {
                    o.set(k, zeroed(o.get(k)));
                }
            }
            return o;
        }
        if (v.isArray()) {
            ArrayNode a = (ArrayNode) v;
            boolean fields = !a.isEmpty() && a.get(0).isObject() && a.get(0).has("Name") && !a.get(0).path("Name").asText().matches("\\d+");
            if (fields) {
                ArrayNode out = F.arrayNode();
                a.forEach(x -> out.add(zeroed(x)));
                return out;
            }
            return F.arrayNode();
        }
        if (v.isNumber()) {
            return v.isFloatingPointNumber() ? DoubleNode.valueOf(0) : IntNode.valueOf(0);
        }
        if (v.isBoolean()) {
            return com.fasterxml.jackson.databind.node.BooleanNode.FALSE;
        }
        if (v.isTextual()) {
            return v.asText().startsWith("{") && v.asText().length() == 38 ? TextNode.valueOf("{00000000-0000-0000-0000-000000000000}")
                    : NullNode.instance;
        }
        return v;
    }

    /** The property kind of a node: {@code Int}, {@code Float}, {@code Struct}, {@code Vector}... */
    static String kind(JsonNode p) {
        String t = p.path("$type").asText("");
        int comma = t.indexOf(',');
        String s = comma < 0 ? t : t.substring(0, comma);
        s = s.substring(s.lastIndexOf('.') + 1);
        return s.endsWith("PropertyData") ? s.substring(0, s.length() - "PropertyData".length()) : s;
    }

    /** {@code ("A","B")} or {@code ((TagName="A"),(TagName="B"))}: the names of a gameplay tag container. */
    private static ArrayNode nameArray(EngineText t) {
        ArrayNode out = F.arrayNode();
        if (!t.openGroup()) {
            return out;
        }
        do {
            if (t.accept('(')) {
                t.fieldName();
                out.add(t.token());
                t.expect(')');
            } else {
                out.add(t.token());
            }
        } while (t.accept(','));
        t.expect(')');
        return out;
    }

    static boolean nativeStruct(JsonNode p) {
        return p.path("$type").asText("").startsWith("UAssetAPI.PropertyTypes.Structs.") && !kind(p).equals("Struct");
    }

    static boolean isZeroOnly(JsonNode p) {
        return p.path("IsZero").asBoolean(false) && (!p.has("Value") || p.get("Value").isNull());
    }

    // ---- export ---------------------------------------------------------------------------------

    String export(JsonNode p, boolean delimited) {
        try {
            return exportValue(p, delimited);
        } catch (RuntimeException e) {
            // a value this form cannot state (a reference outside the tables, an odd layout): shown as its JSON, not editable
            return unsupported(p);
        }
    }

    private String exportValue(JsonNode p, boolean delimited) {
        String kind = kind(p);
        JsonNode v = p.get("Value");
        if (isZeroOnly(p)) {
            return zeroText(p, delimited);
        }
        if (nativeStruct(p)) {
            return nativeText(kind, v);
        }
        switch (kind) {
            case "Bool":
                return v.asBoolean() ? "True" : "False";
            case "Int8", "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64":
                return v.asText();
            case "Float":
                return p.has("Bits") ? v.asText() : floatText((float) v.asDouble());
            case "Double":
                return p.has("Bits") ? v.asText() : doubleText(v.asDouble());
            case "Byte":
                if (p.hasNonNull("EnumValue")) {
                    return shortEnum(p.get("EnumValue").asText());
                }
                return v.asText();
            case "Enum":
                if (v.isNumber()) {
                    String label = p.hasNonNull("Label") ? p.get("Label").asText() : enumName(p, v.asLong());
                    return label == null ? v.asText() : shortEnum(label);
                }
                return v.isNull() ? "" : shortEnum(v.asText());
            case "Str":
            case "Name": {
                String s = v == null || v.isNull() ? "" : v.asText();
                return delimited ? EngineText.quote(s) : s;
            }
            case "Text":
                return textText(p);
            case "Object":
                return objectText(v.asInt());
            case "SoftObject", "SoftClass", "SoftObjectPath", "SoftClassPath": {
                String s = softText(v);
                return delimited ? EngineText.quote(s) : s;
            }
            case "Struct":
                return structText(v);
            case "Array", "Set":
                return elementsText(v);
            case "Map":
                return mapText(v);
            default:
                return unsupported(p);
        }
    }

    /** Kinds without a text form here: their JSON, marked so that an edit is refused (the value is kept when unchanged). */
    private static String unsupported(JsonNode p) {
        JsonNode v = p.get("Value");
        return "{" + kind(p) + "}" + (v == null ? "" : v.toString());
    }

    boolean editable(JsonNode p) {
        String kind = kind(p);
        if (!kind.equals("Str") && !kind.equals("Name") && export(p, false).startsWith("{" + kind + "}")) {
            return false;
        }
        if (nativeStruct(p)) {
            return p.has("Value") && p.get("Value").isObject() || kind.equals("Guid") || isZeroOnly(p);
        }
        return switch (kind) {
            case "Bool", "Int8", "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64", "Float", "Double", "Byte", "Enum", "Str",
                 "Name", "Text", "Object", "SoftObject", "SoftClass", "SoftObjectPath", "SoftClassPath", "Struct", "Array", "Set",
                 "Map" -> true;
            default -> false;
        };
    }

    private String zeroText(JsonNode p, boolean delimited) {
        String kind = kind(p);
        if (nativeStruct(p)) {
            if (kind.equals("Guid")) {
                return "00000000000000000000000000000000";
            }
            JsonNode shape = shapeOf(p);
            return shape == null ? "" : nativeText(kind, zeroed(shape));
        }
        if (kind.equals("Struct")) {
            JsonNode shape = shapeOf(p);
            if (shape != null && shape.isObject()) {
                return nativeText(structName(p), zeroed(shape));
            }
            return shape == null ? "" : structText(zeroed(shape));
        }
        return switch (kind) {
            case "Bool" -> "False";
            case "Int8", "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64", "Byte" -> "0";
            case "Float", "Double" -> "0.000000";
            case "Enum" -> {
                String n = enumName(p, 0);
                yield n == null ? "0" : shortEnum(n);
            }
            case "Str", "Name" -> delimited ? "\"\"" : "";
            case "Object" -> "None";
            default -> "";
        };
    }

    /** The editor's float text ({@code %f}) when it reads back as the same float, else the shortest text that does. */
    static String floatText(float f) {
        String s = String.format(Locale.ROOT, "%f", f);
        if (Float.floatToRawIntBits(Float.parseFloat(s)) == Float.floatToRawIntBits(f)) {
            return s;
        }
        return Float.toString(f);
    }

    static String doubleText(double d) {
        String s = String.format(Locale.ROOT, "%f", d);
        if (Double.doubleToRawLongBits(Double.parseDouble(s)) == Double.doubleToRawLongBits(d)) {
            return s;
        }
        return Double.toString(d);
    }

    private static String shortEnum(String name) {
        int i = name.lastIndexOf("::");
        return i < 0 ? name : name.substring(i + 2);
    }

    private String enumName(JsonNode p, long value) {
        String type = enumType(p);
        if (mappings == null || type == null) {
            return null;
        }
        UsmapEnum e = mappings.enumNamed(type);
        return e == null ? null : e.nameOf(value);
    }

    private static String enumType(JsonNode p) {
        if (p.hasNonNull("EnumType")) {
            return p.get("EnumType").asText();
        }
        JsonNode t = p.path("PropertyType");
        return t.hasNonNull("EnumName") ? t.get("EnumName").asText() : null;
    }

    private String nativeText(String kind, JsonNode v) {
        if (kind.equals("GameplayTagContainer") && v.isObject() && v.path("GameplayTags").isArray()) {
            List<String> tags = new ArrayList<>();
            v.get("GameplayTags").forEach(x -> tags.add("(TagName=" + EngineText.quote(x.asText()) + ")"));
            return "(GameplayTags=" + (tags.isEmpty() ? "" : "(" + String.join(",", tags) + ")") + ")";
        }
        if (v.isTextual() && kind.equals("Guid")) {
            return v.asText().replace("{", "").replace("}", "").replace("-", "").toUpperCase(Locale.ROOT);
        }
        if (!v.isObject()) {
            return "{" + kind + "}" + v;
        }
        StringBuilder sb = new StringBuilder("(");
        Iterator<Map.Entry<String, JsonNode>> it = v.properties().iterator();
        boolean first = true;
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append(e.getKey()).append('=').append(nativeField(e.getValue()));
        }
        return sb.append(')').toString();
    }

    private String nativeField(JsonNode v) {
        if (v.isObject()) {
            if (v.has("Bits")) {
                return v.toString();
            }
            return nativeText("", v);
        }
        if (v.isFloatingPointNumber()) {
            double d = v.asDouble();
            return (double) (float) d == d ? floatText((float) d) : doubleText(d);
        }
        if (v.isBoolean()) {
            return v.asBoolean() ? "True" : "False";
        }
        if (v.isTextual()) {
            return EngineText.quote(v.asText());
        }
        if (v.isArray()) {
            List<String> parts = new ArrayList<>();
            v.forEach(x -> parts.add(nativeField(x)));
            return parts.isEmpty() ? "" : "(" + String.join(",", parts) + ")";
        }
        return v.asText();
    }

    private String textText(JsonNode p) {
        String history = p.path("HistoryType").asText("None");
        switch (history) {
            case "StringTableEntry":
                return "LOCTABLE(" + EngineText.quote(p.path("TableId").asText("")) + ", " + EngineText.quote(p.path("Value").asText(""))
                        + ")";
            case "Base":
                return "NSLOCTEXT(" + EngineText.quote(p.path("Namespace").asText("")) + ", " + EngineText.quote(p.path("Value").asText(""))
                        + ", " + EngineText.quote(p.path("CultureInvariantString").asText("")) + ")";
            case "None":
                if (p.hasNonNull("CultureInvariantString")) {
                    return "INVTEXT(" + EngineText.quote(p.get("CultureInvariantString").asText()) + ")";
                }
                return "";
            default:
                return unsupported(p);
        }
    }

    private String structText(JsonNode list) {
        StringBuilder sb = new StringBuilder("(");
        boolean first = true;
        for (JsonNode f : list) {
            if (!first) {
                sb.append(',');
            }
            first = false;
            sb.append(f.path("Name").asText());
            int index = f.path("ArrayIndex").asInt(0);
            if (index > 0) {
                sb.append('(').append(index).append(')');
            }
            sb.append('=').append(export(f, true));
        }
        return sb.append(')').toString();
    }

    private String elementsText(JsonNode list) {
        if (list == null || list.isNull() || list.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        list.forEach(e -> parts.add(export(e, true)));
        return "(" + String.join(",", parts) + ")";
    }

    private String mapText(JsonNode list) {
        if (list == null || list.isNull() || list.isEmpty()) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (JsonNode pair : list) {
            parts.add("(" + export(pair.get(0), true) + ", " + export(pair.get(1), true) + ")");
        }
        return "(" + String.join(",", parts) + ")";
    }

    // ---- object references -----------------------------------------------------------------------

    /** {@code Class'/Package/Path.Object'} for the object a package index names; {@code None} for 0. */
    String objectText(int index) {
        if (index == 0) {
            return "None";
        }
        return className(index) + "'" + objectPath(index) + "'";
    }

    private JsonNode objectEntry(int index) {
        JsonNode list = index < 0 ? root.path("Imports") : root.path("Exports");
        int i = index < 0 ? -index - 1 : index - 1;
        JsonNode e = list.get(i);
        if (e == null) {
            throw new IllegalArgumentException("package index " + index + " names no object");
        }
        return e;
    }

    private String className(int index) {
        JsonNode e = objectEntry(index);
        if (index < 0) {
            return e.path("ClassName").asText();
        }
        int cls = e.path("ClassIndex").asInt(0);
        return cls == 0 ? "Class" : objectEntry(cls).path("ObjectName").asText();
    }

    /** The object's path name: its package, then {@code .} before the first object and {@code :} before a subobject. */
    String objectPath(int index) {
        List<String> chain = new ArrayList<>();
        int i = index;
        int guard = 0;
        while (i != 0 && guard++ < 256) {
            JsonNode e = objectEntry(i);
            chain.add(0, e.path("ObjectName").asText());
            i = e.path("OuterIndex").asInt(0);
        }
        if (index > 0) {
            chain.add(0, root.path("FolderName").asText(""));
        }
        StringBuilder sb = new StringBuilder(chain.get(0));
        for (int k = 1; k < chain.size(); k++) {
            sb.append(k == 2 ? ':' : '.').append(chain.get(k));
        }
        return sb.toString();
    }

    private int findObject(String text) {
        String t = text.trim();
        if (t.isEmpty() || t.equalsIgnoreCase("None")) {
            return 0;
        }
        String path = t;
        String cls = null;
        int q = t.indexOf('\'');
        if (q > 0 && t.endsWith("'")) {
            cls = t.substring(0, q);
            path = t.substring(q + 1, t.length() - 1);
            if (path.startsWith("\"") && path.endsWith("\"") && path.length() >= 2) {
                path = path.substring(1, path.length() - 1);
            }
            int dot = cls.lastIndexOf('.');
            if (dot >= 0) {
                cls = cls.substring(dot + 1);
            }
        }
        int imports = root.path("Imports").size();
        int exports = root.path("Exports").size();
        for (int k = 1; k <= imports + exports; k++) {
            int index = k <= imports ? -k : k - imports;
            if (objectPath(index).equalsIgnoreCase(path) && (cls == null || className(index).equalsIgnoreCase(cls))) {
                return index;
            }
        }
        throw new IllegalArgumentException("the package neither imports nor exports '" + t
                + "' (a CSV can refer only to objects the package already names)");
    }

    // ---- soft paths ---------------------------------------------------------------------------------

    private static String softText(JsonNode v) {
        if (v == null || v.isNull()) {
            return "";
        }
        JsonNode asset = v.path("AssetPath");
        String pkg = asset.path("PackageName").isTextual() ? asset.get("PackageName").asText() : null;
        String name = asset.path("AssetName").isTextual() ? asset.get("AssetName").asText() : null;
        if (v.has("AssetPathName")) {
            name = v.get("AssetPathName").isTextual() ? v.get("AssetPathName").asText() : null;
        }
        String path = pkg != null && name != null ? pkg + "." + name : pkg != null ? pkg : name != null ? name : "";
        if ("None".equals(path)) {
            path = "";
        }
        String sub = v.path("SubPathString").isTextual() ? v.get("SubPathString").asText() : null;
        return sub == null || sub.isEmpty() ? path : path + ":" + sub;
    }

    private static JsonNode softValue(String text, JsonNode template) {
        ObjectNode out = template != null && template.isObject() ? template.deepCopy() : F.objectNode();
        String path = text;
        String sub = null;
        int colon = text.indexOf(':');
        if (colon >= 0) {
            path = text.substring(0, colon);
            sub = text.substring(colon + 1);
        }
        JsonNode tAsset = template == null ? null : template.get("AssetPath");
        boolean split = tAsset != null && tAsset.path("PackageName").isTextual();
        if (template != null && template.has("AssetPathName")) {
            out.set("AssetPathName", path.isEmpty() ? NullNode.instance : TextNode.valueOf(path));
        } else {
            ObjectNode asset = tAsset != null && tAsset.isObject() ? tAsset.deepCopy() : F.objectNode();
            if (!asset.has("$type")) {
                asset.put("$type", "UAssetAPI.PropertyTypes.Objects.FTopLevelAssetPath" + ASSEMBLY);
            }
            int dot = path.lastIndexOf('.');
            if (split && dot > 0) {
                asset.put("PackageName", path.substring(0, dot));
                asset.put("AssetName", path.substring(dot + 1));
            } else if (split && !path.isEmpty()) {
                asset.put("PackageName", path);
                asset.set("AssetName", NullNode.instance);
            } else {
                asset.set("PackageName", NullNode.instance);
                asset.set("AssetName", path.isEmpty() ? NullNode.instance : TextNode.valueOf(path));
            }
            out.set("AssetPath", asset);
        }
        String oldSub = template == null || !template.path("SubPathString").isTextual() ? null : template.get("SubPathString").asText();
        if (sub == null && oldSub != null && oldSub.isEmpty()) {
            out.put("SubPathString", "");
        } else {
            out.set("SubPathString", sub == null ? NullNode.instance : TextNode.valueOf(sub));
        }
        if (!out.has("$type")) {
            out.put("$type", "UAssetAPI.PropertyTypes.Objects.FSoftObjectPath" + ASSEMBLY);
        }
        return out;
    }

    // ---- parse --------------------------------------------------------------------------------------

    /**
     * The node {@code template} with its value replaced by the one {@code text} states. {@code
     * prototype} (may be null) gives the shape of a struct or element the template lacks (a zero
     * value stores none).
     */
    JsonNode parse(String text, JsonNode template, JsonNode prototype, boolean delimited) {
        EngineText t = new EngineText(text);
        JsonNode out = parseValue(t, template, prototype, delimited, true);
        t.skipSpaces();
        if (!t.atEnd()) {
            throw t.error("unexpected text after the value");
        }
        return out;
    }

    /** The elements of a static array ({@code (a,b,c)}, one per stored element, in order). */
    List<JsonNode> parseStatic(String text, List<JsonNode> elements) {
        EngineText t = new EngineText(text);
        List<JsonNode> out = new ArrayList<>();
        t.expect('(');
        for (int i = 0; i < elements.size(); i++) {
            if (i > 0) {
                t.expect(',');
            }
            JsonNode old = elements.get(i);
            JsonNode parsed = parseValue(t, old, null, true, false);
            out.add(sameValue(old, parsed));
        }
        t.expect(')');
        t.skipSpaces();
        if (!t.atEnd()) {
            throw t.error("a static array of " + elements.size() + " elements holds exactly " + elements.size() + " values");
        }
        return out;
    }

    private JsonNode parseValue(EngineText t, JsonNode template, JsonNode prototype, boolean delimited, boolean whole) {
        String kind = kind(template);
        JsonNode shape = template;
        if (isZeroOnly(template)) {
            JsonNode stored = shapeOf(template);
            if (prototype != null) {
                shape = prototype;
            } else if (stored != null) {
                ObjectNode s = template.deepCopy();
                s.set("Value", zeroed(stored));
                shape = s;
            }
        }
        ObjectNode out = template.deepCopy();
        if (isZeroOnly(template) && prototype != null && kind(prototype).equals(kind)) {
            // a zero value stores only its name: the type's details come from a stored value of the column
            out = prototype.deepCopy();
            for (String k : List.of("Name", "ArrayIndex", "SchemaIndex", "DuplicationIndex", "PropertyGuid")) {
                if (template.has(k)) {
                    out.set(k, template.get(k));
                } else {
                    out.remove(k);
                }
            }
        }
        if (out.has("IsZero")) {
            out.put("IsZero", false);
        }
        if (nativeStruct(template)) {
            out.set("Value", parseNative(t, kind, shape.get("Value"), template));
            return out;
        }
        if (kind.equals("Struct") && shape.path("Value").isObject() && structName(template) != null) {
            // a zero native struct stored as a plain StructPropertyData: its value takes the native form
            String name = structName(template);
            out.put("$type", "UAssetAPI.PropertyTypes.Structs." + name + "PropertyData" + ASSEMBLY);
            out.set("Value", parseNative(t, name, shape.get("Value"), template));
            return out;
        }
        switch (kind) {
            case "Bool" -> {
                String s = t.token();
                out.put("Value", switch (s.toLowerCase(Locale.ROOT)) {
                    case "true", "yes", "1" -> true;
                    case "false", "no", "0" -> false;
                    default -> throw t.error("expected True or False, found '" + s + "'");
                });
            }
            case "Int8", "Int16", "Int", "Int64", "UInt16", "UInt32", "UInt64" -> out.set("Value", integer(t.token(), kind, t));
            case "Float" -> {
                out.put("Value", (float) real(t.token(), t));
                out.remove("Bits");
            }
            case "Double" -> {
                out.set("Value", DoubleNode.valueOf(real(t.token(), t)));
                out.remove("Bits");
            }
            case "Byte" -> {
                String s = t.token();
                if (template.hasNonNull("EnumValue") || !s.matches("-?\\d+")) {
                    out.put("EnumValue", fullEnum(s, template, shape));
                } else {
                    out.set("Value", integer(s, "Byte", t));
                }
            }
            case "Enum" -> parseEnum(t.token(), template, shape, out, t);
            case "Str", "Name" -> {
                String s = whole && !delimited ? t.restAndEnd() : t.token();
                JsonNode old = template.get("Value");
                if (s.isEmpty() && (old == null || old.isNull()) && kind.equals("Str")) {
                    out.set("Value", NullNode.instance);
                } else {
                    out.put("Value", s);
                }
            }
            case "Text" -> parseText(t, out);
            case "Object" -> {
                String s = t.token();
                try {
                    out.put("Value", findObject(s));
                } catch (IllegalArgumentException e) {
                    throw t.error(e.getMessage());
                }
            }
            case "SoftObject", "SoftClass", "SoftObjectPath", "SoftClassPath" -> {
                String s = whole && !delimited ? t.restAndEnd() : t.token();
                out.set("Value", softValue(s, shape.get("Value")));
            }
            case "Struct" -> out.set("Value", parseStruct(t, shape.get("Value")));
            case "Array", "Set" -> out.set("Value", parseElements(t, template, shape));
            case "Map" -> out.set("Value", parseMap(t, template, shape));
            default -> throw t.error("values of kind " + kind + " cannot be edited in a CSV");
        }
        return out;
    }

    private static JsonNode integer(String s, String kind, EngineText t) {
        try {
            BigInteger b = new BigInteger(s.trim());
            if (kind.equals("UInt64") && b.signum() >= 0 && b.bitLength() > 63) {
                return F.numberNode(b);
            }
            long v = b.longValueExact();
            return Math.abs(v) <= Integer.MAX_VALUE ? IntNode.valueOf((int) v) : LongNode.valueOf(v);
        } catch (NumberFormatException | ArithmeticException e) {
            throw t.error("expected an integer, found '" + s + "'");
        }
    }

    private static double real(String s, EngineText t) {
        try {
            return Double.parseDouble(s.trim());
        } catch (NumberFormatException e) {
            throw t.error("expected a number, found '" + s + "'");
        }
    }

    private String fullEnum(String shortName, JsonNode template, JsonNode shape) {
        String type = enumType(template);
        UsmapEnum known = mappings == null || type == null ? null : mappings.enumNamed(type);
        if (known != null && known.entries().stream().noneMatch(e -> shortEnum(e.name()).equals(shortEnum(shortName)))) {
            throw new IllegalArgumentException("enum " + type + " has no entry '" + shortName + "'");
        }
        for (JsonNode n : List.of(template, shape)) {
            String old = n.hasNonNull("EnumValue") ? n.get("EnumValue").asText() : n.path("Value").isTextual() ? n.get("Value").asText() : null;
            if (old != null && old.contains("::")) {
                return old.substring(0, old.lastIndexOf("::") + 2) + shortName;
            }
            if (old != null) {
                return shortName;
            }
        }
        return type == null || shortName.contains("::") ? shortName : type + "::" + shortName;
    }

    private void parseEnum(String s, JsonNode template, JsonNode shape, ObjectNode out, EngineText t) {
        JsonNode old = shape.get("Value");
        boolean numeric = old == null || old.isNull() ? !template.path("Tag").isObject() && template.has("SchemaIndex") : old.isNumber();
        if (!numeric) {
            out.put("Value", fullEnum(s, template, shape));
            out.remove("Label");
            return;
        }
        if (s.matches("-?\\d+")) {
            out.put("Value", Long.parseLong(s));
            out.remove("Label");
            return;
        }
        String type = enumType(template);
        UsmapEnum e = mappings == null || type == null ? null : mappings.enumNamed(type);
        if (e == null) {
            throw t.error("enum " + type + " is stored as a number and no mappings name its entries: give the number or usmap_path");
        }
        for (UsmapEnum.Entry entry : e.entries()) {
            if (shortEnum(entry.name()).equals(s) || entry.name().equals(s)) {
                out.put("Value", entry.value());
                String full = entry.name().contains("::") ? entry.name() : type + "::" + entry.name();
                out.put("Label", full);
                return;
            }
        }
        throw t.error("enum " + type + " has no entry '" + s + "'");
    }

    private void parseText(EngineText t, ObjectNode out) {
        t.skipSpaces();
        if (t.acceptCall("LOCTABLE")) {
            List<String> a = t.quotedArguments(2);
            out.put("HistoryType", "StringTableEntry");
            out.put("TableId", a.get(0));
            out.put("Value", a.get(1));
            return;
        }
        if (t.acceptCall("NSLOCTEXT")) {
            List<String> a = t.quotedArguments(3);
            out.put("HistoryType", "Base");
            out.put("Namespace", a.get(0));
            out.put("Value", a.get(1));
            out.put("CultureInvariantString", a.get(2));
            return;
        }
        if (t.acceptCall("INVTEXT")) {
            out.put("HistoryType", "None");
            out.put("CultureInvariantString", t.quotedArguments(1).get(0));
            return;
        }
        if (t.atValueEnd()) {
            out.put("HistoryType", "None");
            out.set("CultureInvariantString", NullNode.instance);
            return;
        }
        throw t.error("expected LOCTABLE(...), NSLOCTEXT(...) or INVTEXT(...)");
    }

    private ArrayNode parseStruct(EngineText t, JsonNode fields) {
        if (fields == null || !fields.isArray()) {
            throw t.error("the struct's fields are not known here (no row stores them)");
        }
        ArrayNode out = fields.deepCopy();
        if (!t.openGroup()) {
            return out;
        }
        do {
            String name = t.fieldName();
            int index = 0;
            int paren = name.indexOf('(');
            if (paren > 0 && name.endsWith(")")) {
                index = Integer.parseInt(name.substring(paren + 1, name.length() - 1).trim());
                name = name.substring(0, paren).trim();
            }
            int at = -1;
            for (int k = 0; k < out.size(); k++) {
                JsonNode f = out.get(k);
                if (f.path("Name").asText().equalsIgnoreCase(name) && f.path("ArrayIndex").asInt(0) == index) {
                    at = k;
                    break;
                }
            }
            if (at < 0) {
                throw t.error("the struct has no field '" + name + "' stored");
            }
            JsonNode field = out.get(at);
            out.set(at, sameValue(field, parseValue(t, field, null, true, false)));
        } while (t.accept(','));
        t.expect(')');
        return out;
    }

    /** The old node when the parsed one states the same value (keeps zero markers and layout of unchanged fields). */
    private JsonNode sameValue(JsonNode old, JsonNode parsed) {
        return export(old, true).equals(export(parsed, true)) ? old : parsed;
    }

    private JsonNode elementTemplate(JsonNode template, JsonNode shape) {
        for (JsonNode n : List.of(template, shape)) {
            JsonNode v = n.get("Value");
            if (v != null && v.isArray() && !v.isEmpty()) {
                JsonNode first = v.get(0);
                return first.isArray() ? first : first;
            }
        }
        String inner = template.hasNonNull("ArrayType") ? template.get("ArrayType").asText() : template.path("InnerType").asText(null);
        if (inner == null || inner.equals("StructProperty")) {
            return null;
        }
        ObjectNode e = F.objectNode();
        e.put("$type", OBJECTS + inner.replace("Property", "PropertyData") + ASSEMBLY);
        return e;
    }

    private ArrayNode parseElements(EngineText t, JsonNode template, JsonNode shape) {
        ArrayNode out = F.arrayNode();
        if (!t.openGroup()) {
            return out;
        }
        JsonNode element = elementTemplate(template, shape);
        if (element == null) {
            throw t.error("the element type is not known here (no row stores an element)");
        }
        JsonNode old = template.get("Value");
        int i = 0;
        do {
            JsonNode parsed = parseValue(t, element, null, true, false);
            if (old != null && old.isArray() && i < old.size()) {
                parsed = sameValue(old.get(i), parseValue(new EngineText(export(parsed, true)), old.get(i), null, true, false));
            }
            out.add(parsed);
            i++;
        } while (t.accept(','));
        t.expect(')');
        return out;
    }

    private ArrayNode parseMap(EngineText t, JsonNode template, JsonNode shape) {
        ArrayNode out = F.arrayNode();
        t.skipSpaces();
        if (t.atValueEnd()) {
            return out;
        }
        JsonNode pair = elementTemplate(template, shape);
        if (pair == null || !pair.isArray()) {
            throw t.error("the map's key and value types are not known here (no row stores an entry)");
        }
        t.expect('(');
        if (t.accept(')')) {
            return out;
        }
        do {
            t.expect('(');
            JsonNode k = parseValue(t, pair.get(0), null, true, false);
            t.expect(',');
            JsonNode v = parseValue(t, pair.get(1), null, true, false);
            t.expect(')');
            ArrayNode p = F.arrayNode();
            p.add(k);
            p.add(v);
            out.add(p);
        } while (t.accept(','));
        t.expect(')');
        return out;
    }

    private JsonNode parseNative(EngineText t, String kind, JsonNode shape, JsonNode template) {
        if (kind.equals("Guid")) {
            String s = t.token().replace("{", "").replace("}", "").replace("-", "");
            if (!s.matches("[0-9A-Fa-f]{32}")) {
                throw t.error("expected a GUID of 32 hex digits");
            }
            String u = s.toUpperCase(Locale.ROOT);
            return TextNode.valueOf("{" + u.substring(0, 8) + "-" + u.substring(8, 12) + "-" + u.substring(12, 16) + "-"
                    + u.substring(16, 20) + "-" + u.substring(20) + "}");
        }
        if (shape == null || !shape.isObject()) {
            throw t.error("the fields of " + kind + " are not known here (no row stores them)");
        }
        return nativeObject(t, (ObjectNode) shape);
    }

    private ObjectNode nativeObject(EngineText t, ObjectNode shape) {
        ObjectNode out = shape.deepCopy();
        if (!t.openGroup()) {
            return out;
        }
        do {
            String name = t.fieldName();
            String key = null;
            for (Iterator<String> it = out.fieldNames(); it.hasNext(); ) {
                String k = it.next();
                if (k.equalsIgnoreCase(name)) {
                    key = k;
                }
            }
            if (key == null) {
                throw t.error("no field '" + name + "'");
            }
            JsonNode old = out.get(key);
            if (old.isObject() && !old.has("Bits")) {
                out.set(key, nativeObject(t, (ObjectNode) old));
                continue;
            }
            if (old.isArray()) {
                out.set(key, nameArray(t));
                continue;
            }
            String s = t.token();
            if (s.equals(old.isTextual() ? old.asText() : nativeField(old))) {
                continue;
            }
            if (old.isBoolean()) {
                out.put(key, s.equalsIgnoreCase("true") || s.equals("1"));
            } else if (old.isTextual()) {
                out.put(key, s);
            } else if (old.isFloatingPointNumber()) {
                out.set(key, DoubleNode.valueOf(real(s, t)));
            } else if (old.isIntegralNumber()) {
                out.set(key, integer(s, "Int64", t));
            } else {
                throw t.error("field '" + name + "' cannot be edited in a CSV");
            }
        } while (t.accept(','));
        t.expect(')');
        return out;
    }

}
