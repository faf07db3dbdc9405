package io.uassetd.codecs.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.usmap.Usmap;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The semantic difference of two packages, computed on their UAssetAPI-schema JSON trees.
 *
 * <p>Paths: {@code Names[X]}; {@code Imports[/Script/Engine.DataTable]} (the import's outer chain);
 * {@code Exports[Name]} ({@code Name#1}, {@code #2}... for later exports of a repeated name); an
 * export's property {@code .Prop} ({@code .Prop(2)} for static-array element 2), a DataTable row
 * {@code .Rows[Row]}, an array element {@code [3]}, a map value {@code ["key"]} (keys in their JSON
 * text), a struct field {@code .Field}; {@code @Field} for a field that is not a property value (an
 * export's {@code @ObjectFlags}, a text's {@code @TableId}, the package's {@code Package@PackageFlags}).
 * Package indexes (object references, outers, classes) are compared by the object they name, so an
 * import added before them does not change them; serial offsets and sizes, generation counts and
 * name-map order are ignored.
 */
public final class PackageDiff {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    /** Top-level fields that are layout, or compared on their own. */
    private static final Set<String> TOP_SKIPPED = Set.of("$type", "Info", "Uassetd", "NameMap", "Imports", "Exports",
            "Generations", "DependsMap");
    /** Export fields that are layout, or compared on their own. */
    private static final Set<String> EXPORT_SKIPPED = Set.of("SerialSize", "SerialOffset", "ScriptSerializationStartOffset",
            "ScriptSerializationEndOffset", "Data", "Table", "ObjectName");
    private static final Set<String> EXPORT_INDEXES = Set.of("OuterIndex", "ClassIndex", "SuperIndex", "TemplateIndex");
    private static final Set<String> PROPERTY_KEYS = Set.of("$type", "Name", "ArrayIndex", "Value");

    private final Refs refsA;
    private final Refs refsB;
    private final List<Change> out = new ArrayList<>();

    private PackageDiff(JsonNode a, JsonNode b) {
        refsA = new Refs(a);
        refsB = new Refs(b);
    }

    /** The changes from package {@code a} to package {@code b}; mappings (may be null) as their readers used. */
    public static List<Change> diff(AssetPackage a, Usmap mappingsA, AssetPackage b, Usmap mappingsB) {
        return diffTrees(UAssetJson.toTree(a, mappingsA), UAssetJson.toTree(b, mappingsB));
    }

    /** The changes from tree {@code a} to tree {@code b}, both in UAssetAPI's JSON schema. */
    public static List<Change> diffTrees(JsonNode a, JsonNode b) {
        PackageDiff d = new PackageDiff(a, b);
        d.comparePackage(a, b);
        return List.copyOf(d.out);
    }

    private void comparePackage(JsonNode a, JsonNode b) {
        compareNames(a.path("NameMap"), b.path("NameMap"));
        compareImports();
        compareExports();
        for (String f : union(a, b)) {
            if (!TOP_SKIPPED.contains(f) && !f.endsWith("Offset")) {
                generic("Package@" + f, a.get(f), b.get(f));
            }
        }
    }

    private void compareNames(JsonNode a, JsonNode b) {
        Set<String> na = new LinkedHashSet<>();
        a.forEach(n -> na.add(n.asText()));
        Set<String> nb = new LinkedHashSet<>();
        b.forEach(n -> nb.add(n.asText()));
        for (String n : na) {
            if (!nb.contains(n)) {
                out.add(new Change("Names[" + n + "]", Change.Kind.REMOVED, TextNode.valueOf(n), null));
            }
        }
        for (String n : nb) {
            if (!na.contains(n)) {
                out.add(new Change("Names[" + n + "]", Change.Kind.ADDED, null, TextNode.valueOf(n)));
            }
        }
    }

    private void compareImports() {
        Map<String, JsonNode> a = refsA.importsByKey;
        Map<String, JsonNode> b = refsB.importsByKey;
        for (var e : a.entrySet()) {
            String path = "Imports[" + e.getKey() + "]";
            JsonNode ib = b.get(e.getKey());
            if (ib == null) {
                out.add(new Change(path, Change.Kind.REMOVED, importView(e.getValue()), null));
                continue;
            }
            JsonNode ia = e.getValue();
            for (String f : union(ia, ib)) {
                if (!f.equals("OuterIndex") && !f.equals("ObjectName")) {
                    generic(path + "@" + f, ia.get(f), ib.get(f));
                }
            }
        }
        for (var e : b.entrySet()) {
            if (!a.containsKey(e.getKey())) {
                out.add(new Change("Imports[" + e.getKey() + "]", Change.Kind.ADDED, null, importView(e.getValue())));
            }
        }
    }

    private static JsonNode importView(JsonNode imp) {
        ObjectNode o = F.objectNode();
        o.set("ClassPackage", imp.get("ClassPackage"));
        o.set("ClassName", imp.get("ClassName"));
        return o;
    }

    private void compareExports() {
        Map<String, JsonNode> a = refsA.exportsByKey;
        Map<String, JsonNode> b = refsB.exportsByKey;
        for (var e : a.entrySet()) {
            String path = "Exports[" + e.getKey() + "]";
            JsonNode eb = b.get(e.getKey());
            if (eb == null) {
                out.add(new Change(path, Change.Kind.REMOVED, exportView(refsA, e.getValue()), null));
            } else {
                compareExport(path, e.getValue(), eb);
            }
        }
        for (var e : b.entrySet()) {
            if (!a.containsKey(e.getKey())) {
                out.add(new Change("Exports[" + e.getKey() + "]", Change.Kind.ADDED, null, exportView(refsB, e.getValue())));
            }
        }
    }

    private JsonNode exportView(Refs refs, JsonNode exp) {
        ObjectNode o = F.objectNode();
        o.set("Class", refs.ref(exp.path("ClassIndex").asInt()));
        if (exp.has("Data")) {
            o.set("Properties", plainList(exp.get("Data"), refs));
        }
        return o;
    }

    private void compareExport(String path, JsonNode a, JsonNode b) {
        for (String f : union(a, b)) {
            if (EXPORT_SKIPPED.contains(f)) {
                continue;
            }
            JsonNode va = a.get(f);
            JsonNode vb = b.get(f);
            if (EXPORT_INDEXES.contains(f)) {
                generic(path + "@" + f, refsA.ref(va == null ? 0 : va.asInt()), refsB.ref(vb == null ? 0 : vb.asInt()));
            } else if (f.endsWith("Dependencies") && (va == null || va.isArray()) && (vb == null || vb.isArray())) {
                generic(path + "@" + f, refsA.refs(va), refsB.refs(vb));
            } else {
                generic(path + "@" + f, va, vb);
            }
        }
        compareProperties(path, a.path("Data"), b.path("Data"));
        JsonNode ta = a.path("Table");
        JsonNode tb = b.path("Table");
        if (ta.isObject() || tb.isObject()) {
            compareRows(path, ta.path("Data"), tb.path("Data"));
            for (String f : union(ta, tb)) {
                if (f.equals("Value") && pairsOrEmpty(ta.get(f)) && pairsOrEmpty(tb.get(f))) {
                    compareMap(path + "@Table.Value", ta.get(f), tb.get(f)); // a string table's entries, by key
                } else if (!f.equals("Data") && !f.equals("$type")) {
                    generic(path + "@Table." + f, ta.get(f), tb.get(f));
                }
            }
        }
    }

    private void compareRows(String path, JsonNode a, JsonNode b) {
        Map<String, JsonNode> ra = byName(a);
        Map<String, JsonNode> rb = byName(b);
        for (var e : ra.entrySet()) {
            String p = path + ".Rows[" + e.getKey() + "]";
            JsonNode rowB = rb.get(e.getKey());
            if (rowB == null) {
                out.add(new Change(p, Change.Kind.REMOVED, plain(e.getValue(), refsA), null));
            } else {
                compareProperty(p, e.getValue(), rowB);
            }
        }
        for (var e : rb.entrySet()) {
            if (!ra.containsKey(e.getKey())) {
                out.add(new Change(path + ".Rows[" + e.getKey() + "]", Change.Kind.ADDED, null, plain(e.getValue(), refsB)));
            }
        }
    }

    private void compareProperties(String path, JsonNode a, JsonNode b) {
        if (!a.isArray() && !b.isArray()) {
            return;
        }
        Map<String, JsonNode> pa = byName(a);
        Map<String, JsonNode> pb = byName(b);
        for (var e : pa.entrySet()) {
            String p = path + "." + e.getKey();
            JsonNode propB = pb.get(e.getKey());
            if (propB == null) {
                out.add(new Change(p, Change.Kind.REMOVED, plain(e.getValue(), refsA), null));
            } else {
                compareProperty(p, e.getValue(), propB);
            }
        }
        for (var e : pb.entrySet()) {
            if (!pa.containsKey(e.getKey())) {
                out.add(new Change(path + "." + e.getKey(), Change.Kind.ADDED, null, plain(e.getValue(), refsB)));
            }
        }
    }

    private void compareProperty(String path, JsonNode a, JsonNode b) {
        String type = a.path("$type").asText();
        if (!type.equals(b.path("$type").asText())) {
            changed(path, plain(a, refsA), plain(b, refsB));
            return;
        }
        compareValue(path, type, a.get("Value"), b.get("Value"));
        for (String f : union(a, b)) {
            if (!PROPERTY_KEYS.contains(f)) {
                generic(path + "@" + f, a.get(f), b.get(f));
            }
        }
    }

    private void compareValue(String path, String type, JsonNode a, JsonNode b) {
        if (isReference(type)) {
            generic(path, refsA.ref(a), refsB.ref(b));
        } else if (a != null && b != null && a.isArray() && b.isArray() && (isPropertyList(a) || isPropertyList(b))) {
            if (type.contains(".StructPropertyData")) {
                compareProperties(path, a, b);
            } else {
                compareElements(path, a, b);
            }
        } else if (a != null && b != null && a.isArray() && b.isArray() && (isPairList(a) || isPairList(b))) {
            compareMap(path, a, b);
        } else {
            generic(path, a, b);
        }
    }

    private void compareElements(String path, JsonNode a, JsonNode b) {
        int n = Math.max(a.size(), b.size());
        for (int i = 0; i < n; i++) {
            String p = path + "[" + i + "]";
            if (i >= b.size()) {
                out.add(new Change(p, Change.Kind.REMOVED, plain(a.get(i), refsA), null));
            } else if (i >= a.size()) {
                out.add(new Change(p, Change.Kind.ADDED, null, plain(b.get(i), refsB)));
            } else if (isProperty(a.get(i)) && isProperty(b.get(i))) {
                compareProperty(p, a.get(i), b.get(i));
            } else {
                generic(p, a.get(i), b.get(i));
            }
        }
    }

    private void compareMap(String path, JsonNode a, JsonNode b) {
        Map<String, JsonNode[]> ma = pairs(a, refsA);
        Map<String, JsonNode[]> mb = pairs(b, refsB);
        for (var e : ma.entrySet()) {
            String p = path + "[" + e.getKey() + "]";
            JsonNode[] vb = mb.get(e.getKey());
            if (vb == null) {
                out.add(new Change(p, Change.Kind.REMOVED, plain(e.getValue()[1], refsA), null));
            } else if (isProperty(e.getValue()[1]) && isProperty(vb[1])) {
                compareProperty(p, e.getValue()[1], vb[1]);
            } else {
                generic(p, e.getValue()[1], vb[1]);
            }
        }
        for (var e : mb.entrySet()) {
            if (!ma.containsKey(e.getKey())) {
                out.add(new Change(path + "[" + e.getKey() + "]", Change.Kind.ADDED, null, plain(e.getValue()[1], refsB)));
            }
        }
    }

    private static Map<String, JsonNode[]> pairs(JsonNode list, Refs refs) {
        Map<String, JsonNode[]> m = new LinkedHashMap<>();
        for (JsonNode pair : list) {
            if (!pair.isArray() || pair.size() != 2) {
                continue;
            }
            String key = unique(m, plain(pair.get(0), refs).toString());
            m.put(key, new JsonNode[] {pair.get(0), pair.get(1)});
        }
        return m;
    }

    /** Any JSON below a property: objects by field, arrays by index, property nodes as properties. */
    private void generic(String path, JsonNode a, JsonNode b) {
        boolean absentA = a == null || a.isMissingNode();
        boolean absentB = b == null || b.isMissingNode();
        if (absentA && absentB || !absentA && a.equals(b)) {
            return;
        }
        if (absentA) {
            out.add(new Change(path, Change.Kind.ADDED, null, plain(b, refsB)));
        } else if (absentB) {
            out.add(new Change(path, Change.Kind.REMOVED, plain(a, refsA), null));
        } else if (isProperty(a) && isProperty(b)) {
            compareProperty(path, a, b);
        } else if (a.isObject() && b.isObject()) {
            for (String f : union(a, b)) {
                if (isIndexField(a, f) || isIndexField(b, f)) {
                    generic(path + "." + f, refsA.ref(a.get(f)), refsB.ref(b.get(f)));
                } else if (!f.equals("$type")) {
                    generic(path + "." + f, a.get(f), b.get(f));
                }
            }
            if (!a.path("$type").equals(b.path("$type"))) {
                changed(path + "@$type", a.get("$type"), b.get("$type"));
            }
        } else if (a.isArray() && b.isArray() && isNamedPropertyList(a) && isNamedPropertyList(b)) {
            compareProperties(path, a, b);
        } else if (a.isArray() && b.isArray() && (a.size() > 0 || b.size() > 0)
                && (containers(a) || containers(b))) {
            compareElements(path, a, b);
        } else {
            changed(path, plain(a, refsA), plain(b, refsB));
        }
    }

    private void changed(String path, JsonNode a, JsonNode b) {
        out.add(new Change(path, Change.Kind.CHANGED, a, b));
    }

    // ---- plain values ----

    /** A property or JSON value without its schema noise: scalars, structs as objects, arrays, maps as pairs. */
    static JsonNode plain(JsonNode n, Refs refs) {
        if (n == null) {
            return null;
        }
        if (isProperty(n)) {
            String type = n.path("$type").asText();
            JsonNode v = n.get("Value");
            if (isReference(type)) {
                return refs.ref(v);
            }
            if (v != null && v.isArray() && isPropertyList(v)) {
                return type.contains(".StructPropertyData") ? plainList(v, refs) : plainArray(v, refs);
            }
            if (v == null) {
                ObjectNode o = F.objectNode();
                n.properties().forEach(e -> {
                    if (!PROPERTY_KEYS.contains(e.getKey()) && !NOISE.contains(e.getKey())) {
                        o.set(e.getKey(), plain(e.getValue(), refs));
                    }
                });
                return o;
            }
            return plain(v, refs);
        }
        if (n.isObject()) {
            ObjectNode o = F.objectNode();
            n.properties().forEach(e -> {
                if (isIndexField(n, e.getKey())) {
                    o.set(e.getKey(), refs.ref(e.getValue()));
                } else if (!e.getKey().equals("$type")) {
                    o.set(e.getKey(), plain(e.getValue(), refs));
                }
            });
            return o;
        }
        if (n.isArray()) {
            return plainArray(n, refs);
        }
        return n;
    }

    private static final Set<String> NOISE = Set.of("IsZero", "PropertyTagFlags", "PropertyTagExtensions", "SerializationControl",
            "Operation");

    private static ArrayNode plainArray(JsonNode list, Refs refs) {
        ArrayNode a = F.arrayNode();
        list.forEach(e -> a.add(plain(e, refs)));
        return a;
    }

    static ObjectNode plainList(JsonNode props, Refs refs) {
        ObjectNode o = F.objectNode();
        for (var e : byName(props).entrySet()) {
            o.set(e.getKey(), plain(e.getValue(), refs));
        }
        return o;
    }

    // ---- shapes ----

    static boolean isProperty(JsonNode n) {
        return n != null && n.isObject() && n.path("$type").asText().contains("PropertyData");
    }

    static boolean isPropertyList(JsonNode list) {
        if (list.isEmpty()) {
            return false;
        }
        for (JsonNode e : list) {
            if (!isProperty(e)) {
                return false;
            }
        }
        return true;
    }

    /** A property list keyed by name (not an array's elements, which all carry the array's name or an index). */
    static boolean isNamedPropertyList(JsonNode list) {
        if (!isPropertyList(list)) {
            return false;
        }
        for (JsonNode e : list) {
            if (!e.hasNonNull("Name")) {
                return false;
            }
        }
        return true;
    }

    static boolean isPairList(JsonNode list) {
        if (list.isEmpty()) {
            return false;
        }
        for (JsonNode e : list) {
            if (!e.isArray() || e.size() != 2) {
                return false;
            }
        }
        return true;
    }

    private static boolean pairsOrEmpty(JsonNode list) {
        return list != null && list.isArray() && (list.isEmpty() || isPairList(list));
    }

    private static boolean containers(JsonNode list) {
        for (JsonNode e : list) {
            if (e.isContainerNode()) {
                return true;
            }
        }
        return false;
    }

    /** A package index inside a value: a field path's owner, a delegate's object. */
    static boolean isIndexField(JsonNode owner, String field) {
        if (owner == null || !owner.path(field).isIntegralNumber()) {
            return false;
        }
        return field.equals("ResolvedOwner") || field.equals("Object") && owner.has("Delegate");
    }

    static boolean isReference(String type) {
        return type.endsWith(".ObjectPropertyData, UAssetAPI") || type.endsWith(".InterfacePropertyData, UAssetAPI")
                || type.endsWith(".WeakObjectPropertyData, UAssetAPI");
    }

    /** Properties (or rows) by name, {@code Name(i)} for static-array element i, {@code #k} for repeats. */
    static Map<String, JsonNode> byName(JsonNode list) {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        if (list == null || !list.isArray()) {
            return m;
        }
        for (JsonNode p : list) {
            String name = p.path("Name").asText();
            int index = p.path("ArrayIndex").asInt(0);
            String key = index == 0 ? name : name + "(" + index + ")";
            m.put(unique(m, key), p);
        }
        return m;
    }

    static String unique(Map<String, ?> m, String key) {
        if (!m.containsKey(key)) {
            return key;
        }
        for (int k = 1;; k++) {
            String c = key + "#" + k;
            if (!m.containsKey(c)) {
                return c;
            }
        }
    }

    static Set<String> union(JsonNode a, JsonNode b) {
        Set<String> s = new LinkedHashSet<>();
        if (a != null) {
            a.fieldNames().forEachRemaining(s::add);
        }
        if (b != null) {
            b.fieldNames().forEachRemaining(s::add);
        }
        return s;
    }

    /** Package indexes of one tree resolved to names: imports by outer chain, exports by name. */
    static final class Refs {
        final List<JsonNode> imports = new ArrayList<>();
        final List<JsonNode> exports = new ArrayList<>();
        final List<String> importKeys = new ArrayList<>();
        final List<String> exportKeys = new ArrayList<>();
        final Map<String, JsonNode> importsByKey = new LinkedHashMap<>();
        final Map<String, JsonNode> exportsByKey = new LinkedHashMap<>();

        Refs(JsonNode root) {
            root.path("Imports").forEach(imports::add);
            root.path("Exports").forEach(exports::add);
            Map<Integer, String> chain = new HashMap<>();
            for (int i = 0; i < imports.size(); i++) {
                String key = unique(importsByKey, importPath(i, chain, 0));
                importKeys.add(key);
                importsByKey.put(key, imports.get(i));
            }
            for (JsonNode e : exports) {
                String key = unique(exportsByKey, e.path("ObjectName").asText());
                exportKeys.add(key);
                exportsByKey.put(key, e);
            }
        }

        private String importPath(int i, Map<Integer, String> memo, int depth) {
            String known = memo.get(i);
            if (known != null) {
                return known;
            }
            JsonNode imp = imports.get(i);
            String name = imp.path("ObjectName").asText();
            int outer = imp.path("OuterIndex").asInt(0);
            String path = name;
            if (outer < 0 && -outer - 1 < imports.size() && -outer - 1 != i && depth < 64) {
                path = importPath(-outer - 1, memo, depth + 1) + "." + name;
            } else if (outer > 0 && outer - 1 < exports.size()) {
                path = exports.get(outer - 1).path("ObjectName").asText() + "." + name;
            }
            memo.put(i, path);
            return path;
        }

        /** The object a package index names, as text ({@code import /Script/Engine.Actor}, {@code export Name}); null for 0. */
        JsonNode ref(int index) {
            if (index == 0) {
                return F.nullNode();
            }
            if (index < 0 && -index - 1 < importKeys.size()) {
                return TextNode.valueOf("import " + importKeys.get(-index - 1));
            }
            if (index > 0 && index - 1 < exportKeys.size()) {
                return TextNode.valueOf("export " + exportKeys.get(index - 1));
            }
            return TextNode.valueOf("index " + index);
        }

        JsonNode ref(JsonNode value) {
            if (value == null || !value.isIntegralNumber()) {
                return value;
            }
            return ref(value.asInt());
        }

        JsonNode refs(JsonNode list) {
            if (list == null) {
                return null;
            }
            ArrayNode a = F.arrayNode();
            for (Iterator<JsonNode> it = list.elements(); it.hasNext();) {
                a.add(ref(it.next()));
            }
            return a;
        }
    }
}
