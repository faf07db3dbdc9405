package io.uassetd.codecs.diff;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Three-way merges of packages at property level, on their UAssetAPI-schema JSON trees, addressed as
 * {@link PackageDiff} addresses changes: names, imports, exports by name, export fields, properties
 * by name, DataTable rows by row name, struct fields, array elements by index, map entries (and
 * string table entries) by key.
 *
 * <p>{@link #rebase}: the changes a mod made to the package it was made from, applied to a new
 * version of that package. {@link #merge}: the changes of several mods of one package, applied one
 * after the other to it. A place changed on both sides to different values (or changed on one side
 * and removed on the other) is a {@link Conflict}; a {@link Resolution} decides it.
 *
 * <p>Package indexes (object references, outers, classes) are compared and carried by the object
 * they name, so an import the mod added is added to the result's import table, and a reference to
 * it is renumbered; names the mod's values introduced are appended to the name map (the package
 * reader adds any other name a merged value needs). The new base's layout (serial offsets,
 * dependency tables, its uassetd layout block) is kept; adding or removing whole exports is refused.
 */
public final class PackageMerge {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final Set<String> TOP_SKIPPED = Set.of("$type", "Info", "Uassetd", "NameMap", "Imports", "Exports",
            "Generations", "DependsMap");
    /** Export fields that are layout, the key, or taken from the new base as a whole (the preload dependency tables). */
    private static final Set<String> EXPORT_KEPT = Set.of("SerialSize", "SerialOffset", "ScriptSerializationStartOffset",
            "ScriptSerializationEndOffset", "ObjectName", "$type", "DependencyCounts", "FirstExportDependency");
    private static final Set<String> EXPORT_INDEXES = Set.of("OuterIndex", "ClassIndex", "SuperIndex", "TemplateIndex");
    private static final PackageDiff.Refs NO_REFS = new PackageDiff.Refs(F.objectNode());

    /** How a conflict is decided: take the incoming change, keep what is there, or fail (write nothing). */
    public enum Resolution {
        /** The incoming side: the mod (rebase), the later mod (merge). */
        INCOMING,
        /** The side already there: the new base (rebase), the earlier mod (merge). */
        EXISTING,
        /** Nothing is written; every conflict is reported. */
        FAIL
    }

    /** One side's value at a conflicting place ({@code null} when that side removed it). */
    public record Side(String source, JsonNode value) {
    }

    /** A place changed differently by two sides: its path, the base's value, each side's value, and the side chosen (null on fail). */
    public record Conflict(String path, JsonNode base, List<Side> sides, String chosen) {
    }

    /** The merged package tree (UAssetAPI schema, ready for {@code UAssetJson.fromTree}) and the conflicts met. */
    public record Result(ObjectNode tree, List<Conflict> conflicts) {
        public boolean failed(Resolution r) {
            return r == Resolution.FAIL && !conflicts.isEmpty();
        }
    }

    /** A merge that cannot be expressed in the package (an export added or removed, a reference to an object nowhere defined). */
    public static final class MergeException extends RuntimeException {
        private final String path;

        public MergeException(String message, String path) {
            super(message + " (at " + path + ")");
            this.path = path;
        }

        public String path() {
            return path;
        }
    }

    private final Resolution resolution;
    private final List<Conflict> conflicts = new ArrayList<>();
    /** For merges: which source last set each path. */
    private final Map<String, String> provenance = new LinkedHashMap<>();
    private String incoming = "mod";
    private String existing = "new_base";
    private boolean trackExisting;

    private PackageMerge(Resolution resolution) {
        this.resolution = resolution;
    }

    /**
     * The changes from {@code base} to {@code mod} applied to {@code newBase} (all three UAssetAPI JSON
     * trees of one package); conflicts name the sides {@code mod} and {@code new_base}.
     */
    public static Result rebase(JsonNode base, JsonNode mod, JsonNode newBase, Resolution resolution) {
        PackageMerge m = new PackageMerge(resolution);
        Tree b = new Tree(base);
        Tree n = new Tree(newBase);
        Tree md = new Tree(mod);
        ObjectNode out = m.threeWay(b, md, n, List.of(md));
        return new Result(out, List.copyOf(m.conflicts));
    }

    /**
     * The changes of each mod (from {@code base}) applied in order to {@code base}; {@code labels} name
     * the mods in conflicts. With {@link Resolution#INCOMING} the later mod wins a conflict, with
     * {@link Resolution#EXISTING} the earlier.
     */
    public static Result merge(JsonNode base, List<? extends JsonNode> mods, List<String> labels, Resolution resolution) {
        if (mods.size() != labels.size() || mods.isEmpty()) {
            throw new IllegalArgumentException("one label per mod, at least one mod");
        }
        PackageMerge m = new PackageMerge(resolution);
        m.trackExisting = true;
        Tree b = new Tree(base);
        List<Tree> sources = new ArrayList<>();
        mods.forEach(t -> sources.add(new Tree(t)));
        Tree acc = new Tree(base);
        for (int i = 0; i < mods.size(); i++) {
            m.incoming = labels.get(i);
            m.existing = null;
            ObjectNode next = m.threeWay(b, sources.get(i), acc, sources.subList(0, i + 1));
            acc = new Tree(next);
        }
        return new Result(acc.original, List.copyOf(m.conflicts));
    }

    // ---- the package ----

    /** One input tree: as given, and canonical (package indexes as the objects they name). */
    private static final class Tree {
        final ObjectNode original;
        final PackageDiff.Refs refs;
        final ObjectNode canon;
        final List<String> names = new ArrayList<>();

        Tree(JsonNode tree) {
            original = (ObjectNode) tree;
            refs = new PackageDiff.Refs(tree);
            tree.path("NameMap").forEach(n -> names.add(n.asText()));
            canon = canonical(tree, refs, names);
        }

        Map<String, JsonNode> exports() {
            Map<String, JsonNode> m = new LinkedHashMap<>();
            ArrayNode list = (ArrayNode) canon.path("Exports");
            for (int i = 0; i < refs.exportKeys.size(); i++) {
                m.put(refs.exportKeys.get(i), list.get(i));
            }
            return m;
        }

        JsonNode importNode(String key) {
            int i = refs.importKeys.indexOf(key);
            return i < 0 ? null : canon.path("Imports").get(i);
        }
    }

    private ObjectNode threeWay(Tree b, Tree m, Tree n, List<Tree> sources) {
        ObjectNode out = n.canon.deepCopy();
        // package fields
        Set<String> fields = union(b.canon, m.canon, n.canon);
        for (String f : fields) {
            if (TOP_SKIPPED.contains(f) || f.endsWith("Offset")) {
                continue;
            }
            set(out, f, merge("Package@" + f, b.canon.get(f), m.canon.get(f), n.canon.get(f)));
        }
        // exports, by name
        Map<String, JsonNode> eb = b.exports();
        Map<String, JsonNode> em = m.exports();
        Map<String, JsonNode> en = n.exports();
        ArrayNode exports = (ArrayNode) out.get("Exports");
        List<String> order = new ArrayList<>(en.keySet());
        for (String key : union(eb.keySet(), em.keySet(), en.keySet())) {
            String path = "Exports[" + key + "]";
            JsonNode xb = eb.get(key);
            JsonNode xm = em.get(key);
            JsonNode xn = en.get(key);
            if (xb != null && xm != null && xn != null) {
                exports.set(order.indexOf(key), mergeExport(path, xb, xm, xn));
                continue;
            }
            JsonNode r = merge(path, xb, xm, xn);
            if (!same(r, xn)) {
                throw new MergeException("The merged package would " + (xn == null ? "gain" : "lose") + " export " + key
                        + ": adding or removing exports is not supported", path);
            }
        }
        // names the incoming side introduced
        ArrayNode nameMap = (ArrayNode) out.get("NameMap");
        Set<String> have = new HashSet<>(n.names);
        Set<String> inBase = new HashSet<>(b.names);
        for (String name : m.names) {
            if (!inBase.contains(name) && have.add(name)) {
                nameMap.add(name);
            }
        }
        return new Resolver(out, n, sources, m, b).resolve();
    }

    private JsonNode mergeExport(String path, JsonNode b, JsonNode m, JsonNode n) {
        ObjectNode out = n.deepCopy();
        for (String f : union(b, m, n)) {
            if (EXPORT_KEPT.contains(f) || f.endsWith("Dependencies")) {
                continue;
            }
            JsonNode r;
            if (f.equals("Data")) {
                r = mergeList(path, b.get(f), m.get(f), n.get(f), true, ".");
            } else if (f.equals("Table") && isObject(b.get(f), m.get(f), n.get(f))) {
                r = mergeTable(path, b.get(f), m.get(f), n.get(f));
            } else {
                r = merge(path + "@" + f, b.get(f), m.get(f), n.get(f));
            }
            set(out, f, r);
        }
        return out;
    }

    private JsonNode mergeTable(String path, JsonNode b, JsonNode m, JsonNode n) {
        ObjectNode out = n.deepCopy();
        for (String f : union(b, m, n)) {
            JsonNode r = f.equals("Data") ? mergeList(path, b.get(f), m.get(f), n.get(f), true, ".Rows[")
                    : merge(path + "@Table." + f, b.get(f), m.get(f), n.get(f));
            set(out, f, r);
        }
        return out;
    }

    // ---- values ----

    /** The merged value at a place; {@code null} when absent. */
    private JsonNode merge(String path, JsonNode b, JsonNode m, JsonNode n) {
        if (same(m, b)) {
            return n;
        }
        if (same(n, b)) {
            taken(path);
            return m;
        }
        if (same(m, n)) {
            return n;
        }
        if (b != null && m != null && n != null) {
            if (PackageDiff.isProperty(b) && PackageDiff.isProperty(m) && PackageDiff.isProperty(n)
                    && same(b.get("$type"), m.get("$type")) && same(b.get("$type"), n.get("$type"))) {
                return mergeProperty(path, b, m, n);
            }
            if (b.isObject() && m.isObject() && n.isObject()) {
                ObjectNode out = n.deepCopy();
                for (String f : union(b, m, n)) {
                    set(out, f, merge(path + "." + f, b.get(f), m.get(f), n.get(f)));
                }
                return out;
            }
            if (b.isArray() && m.isArray() && n.isArray()) {
                if (all(PackageDiff::isNamedPropertyList, b, m, n)) {
                    return mergeList(path, b, m, n, true, ".");
                }
                if (all(PackageDiff::isPairList, b, m, n)) {
                    return mergeList(path, b, m, n, false, "[");
                }
                return mergeElements(path, b, m, n);
            }
        }
        return conflict(path, b, m, n);
    }

    private JsonNode mergeProperty(String path, JsonNode b, JsonNode m, JsonNode n) {
        ObjectNode out = n.deepCopy();
        String type = b.path("$type").asText();
        for (String f : union(b, m, n)) {
            if (f.equals("$type") || f.equals("Name") || f.equals("ArrayIndex")) {
                continue;
            }
            if (!f.equals("Value")) {
                set(out, f, merge(path + "@" + f, b.get(f), m.get(f), n.get(f)));
                continue;
            }
            JsonNode vb = b.get(f);
            JsonNode vm = m.get(f);
            JsonNode vn = n.get(f);
            JsonNode r;
            if (same(vm, vb)) {
                r = vn;
            } else if (same(vn, vb)) {
                taken(path);
                r = vm;
            } else if (vb != null && vm != null && vn != null && vb.isArray() && vm.isArray() && vn.isArray()
                    && !PackageDiff.isReference(type)) {
                if (type.contains(".StructPropertyData") && all(PackageDiff::isPropertyList, vb, vm, vn)) {
                    r = mergeList(path, vb, vm, vn, true, ".");
                } else if (all(PackageDiff::isPairList, vb, vm, vn)) {
                    r = mergeList(path, vb, vm, vn, false, "[");
                } else {
                    r = mergeElements(path, vb, vm, vn);
                }
            } else {
                r = merge(path, vb, vm, vn);
            }
            set(out, f, r);
        }
        return out;
    }

    private JsonNode mergeElements(String path, JsonNode b, JsonNode m, JsonNode n) {
        ArrayNode out = F.arrayNode();
        int len = Math.max(b.size(), Math.max(m.size(), n.size()));
        for (int i = 0; i < len; i++) {
            JsonNode r = merge(path + "[" + i + "]", b.get(i), m.get(i), n.get(i));
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    /**
     * A keyed list: properties or rows by name ({@code named}), map pairs by key; the result keeps the
     * existing side's order, with entries the incoming side added placed after their predecessor there.
     */
    private JsonNode mergeList(String path, JsonNode b, JsonNode m, JsonNode n, boolean named, String open) {
        if (b == null || m == null || n == null || !b.isArray() || !m.isArray() || !n.isArray()) {
            return merge(path, b, m, n);
        }
        Map<String, JsonNode> kb = keyed(b, named);
        Map<String, JsonNode> km = keyed(m, named);
        Map<String, JsonNode> kn = keyed(n, named);
        List<String> order = new ArrayList<>(kn.keySet());
        String previous = null;
        for (String k : km.keySet()) {
            if (!order.contains(k)) {
                order.add(previous == null ? 0 : order.indexOf(previous) + 1, k);
            }
            previous = k;
        }
        for (String k : kb.keySet()) {
            if (!order.contains(k)) {
                order.add(k);
            }
        }
        ArrayNode out = F.arrayNode();
        for (String k : order) {
            String p = path + open + k + (open.equals(".") ? "" : "]");
            JsonNode r;
            if (named) {
                r = merge(p, kb.get(k), km.get(k), kn.get(k));
            } else {
                JsonNode pb = kb.get(k);
                JsonNode pm = km.get(k);
                JsonNode pn = kn.get(k);
                JsonNode v = merge(p, value(pb), value(pm), value(pn));
                if (v == null) {
                    r = null;
                } else {
                    JsonNode keyNode = (pn != null ? pn : pm != null ? pm : pb).get(0);
                    ArrayNode pair = F.arrayNode();
                    pair.add(keyNode.deepCopy());
                    pair.add(v);
                    r = pair;
                }
            }
            if (r != null) {
                out.add(r);
            }
        }
        return out;
    }

    private static JsonNode value(JsonNode pair) {
        return pair == null ? null : pair.get(1);
    }

    private static Map<String, JsonNode> keyed(JsonNode list, boolean named) {
        if (named) {
            return PackageDiff.byName(list);
        }
        Map<String, JsonNode> m = new LinkedHashMap<>();
        for (JsonNode pair : list) {
            m.put(PackageDiff.unique(m, PackageDiff.plain(pair.get(0), NO_REFS).toString()), pair);
        }
        return m;
    }

    private JsonNode conflict(String path, JsonNode b, JsonNode m, JsonNode n) {
        String existingLabel = existing != null ? existing : sourceOf(path);
        boolean takeIncoming = resolution == Resolution.INCOMING;
        String chosen = resolution == Resolution.FAIL ? null : takeIncoming ? incoming : existingLabel;
        Side in = new Side(incoming, plain(m));
        // a place already in conflict (a third mod): one entry with every side
        for (int i = 0; i < conflicts.size(); i++) {
            Conflict c = conflicts.get(i);
            if (c.path().equals(path)) {
                List<Side> sides = new ArrayList<>(c.sides());
                sides.add(in);
                conflicts.set(i, new Conflict(path, c.base(), List.copyOf(sides), resolution == Resolution.FAIL ? null
                        : takeIncoming ? incoming : c.chosen()));
                return pick(path, m, n, takeIncoming);
            }
        }
        conflicts.add(new Conflict(path, plain(b), List.of(new Side(existingLabel, plain(n)), in), chosen));
        return pick(path, m, n, takeIncoming);
    }

    private JsonNode pick(String path, JsonNode m, JsonNode n, boolean takeIncoming) {
        if (takeIncoming) {
            taken(path);
            return m;
        }
        return n;
    }

    private void taken(String path) {
        if (trackExisting) {
            provenance.put(path, incoming);
        }
    }

    /** The mod that set a path (or the nearest place around it) in a merge. */
    private String sourceOf(String path) {
        String exact = provenance.get(path);
        if (exact != null) {
            return exact;
        }
        for (String p = parent(path); p != null; p = parent(p)) {
            if (provenance.containsKey(p)) {
                return provenance.get(p);
            }
        }
        for (var e : provenance.entrySet()) {
            if (e.getKey().startsWith(path + ".") || e.getKey().startsWith(path + "[") || e.getKey().startsWith(path + "@")) {
                return e.getValue();
            }
        }
        return "base";
    }

    private static String parent(String path) {
        int cut = Math.max(path.lastIndexOf('.'), Math.max(path.lastIndexOf('['), path.lastIndexOf('@')));
        return cut <= 0 ? null : path.substring(0, cut);
    }

    private static JsonNode plain(JsonNode n) {
        return n == null ? NullNode.getInstance() : PackageDiff.plain(n, NO_REFS);
    }

    // ---- canonical form: package indexes as the objects they name ----

    private static ObjectNode canonical(JsonNode tree, PackageDiff.Refs refs, List<String> names) {
        ObjectNode t = tree.deepCopy();
        for (JsonNode imp : t.path("Imports")) {
            ((ObjectNode) imp).set("OuterIndex", refs.ref(imp.path("OuterIndex").asInt()));
        }
        for (JsonNode exp : t.path("Exports")) {
            ObjectNode e = (ObjectNode) exp;
            for (String f : fieldNames(e)) {
                if (EXPORT_INDEXES.contains(f) && e.get(f).isIntegralNumber()) {
                    e.set(f, refs.ref(e.get(f).asInt()));
                } else if (!f.endsWith("Dependencies") && !EXPORT_KEPT.contains(f)) {
                    canonValues(e.get(f), refs, names);
                }
            }
        }
        return t;
    }

    private static void canonValues(JsonNode n, PackageDiff.Refs refs, List<String> names) {
        if (n instanceof ObjectNode o) {
            if (PackageDiff.isProperty(o) && PackageDiff.isReference(o.path("$type").asText()) && o.path("Value").isIntegralNumber()) {
                o.set("Value", refs.ref(o.get("Value").asInt()));
            }
            if (isNameObject(o)) {
                int i = o.get("Index").asInt();
                if (i >= 0 && i < names.size()) {
                    o.put("Index", NAME_MARK + names.get(i));
                }
                return;
            }
            for (String f : fieldNames(o)) {
                if (PackageDiff.isIndexField(o, f)) {
                    o.set(f, refs.ref(o.get(f).asInt()));
                } else {
                    canonValues(o.get(f), refs, names);
                }
            }
        } else if (n instanceof ArrayNode a) {
            a.forEach(e -> canonValues(e, refs, names));
        }
    }

    private static final String NAME_MARK = "name ";

    /** An FName written as {Value, Index, Number} (a name the display string does not resolve exactly). */
    private static boolean isNameObject(ObjectNode o) {
        return o.size() == 3 && o.path("Value").isTextual() && o.path("Index").isIntegralNumber() && o.path("Number").isIntegralNumber();
    }

    /** Turns the canonical result back into package indexes, adding the imports and names its values need. */
    private static final class Resolver {
        private final ObjectNode out;
        private final List<Tree> sources;
        private final List<String> importKeys;
        private final List<String> exportKeys;
        private final ArrayNode imports;
        private final ArrayNode nameMap;
        private final Tree incoming;
        private final Tree base;

        Resolver(ObjectNode out, Tree existing, List<Tree> sources, Tree incoming, Tree base) {
            this.out = out;
            this.sources = sources;
            this.incoming = incoming;
            this.base = base;
            importKeys = new ArrayList<>(existing.refs.importKeys);
            exportKeys = existing.refs.exportKeys;
            imports = (ArrayNode) out.get("Imports");
            nameMap = (ArrayNode) out.get("NameMap");
        }

        ObjectNode resolve() {
            int existingImports = imports.size();
            // imports the incoming side added, even when nothing references them yet
            Set<String> baseKeys = new LinkedHashSet<>(base.refs.importKeys);
            for (String k : incoming.refs.importKeys) {
                if (!baseKeys.contains(k) && !importKeys.contains(k)) {
                    importIndex(k, "Imports[" + k + "]");
                }
            }
            for (int i = 0; i < existingImports; i++) {
                ObjectNode imp = (ObjectNode) imports.get(i);
                imp.put("OuterIndex", index(imp.get("OuterIndex"), "Imports[" + importKeys.get(i) + "]"));
            }
            int k = 0;
            for (JsonNode exp : out.path("Exports")) {
                ObjectNode e = (ObjectNode) exp;
                String path = "Exports[" + exportKeys.get(k++) + "]";
                for (String f : fieldNames(e)) {
                    if (EXPORT_INDEXES.contains(f) && !e.get(f).isIntegralNumber()) {
                        e.put(f, index(e.get(f), path + "@" + f));
                    } else if (!f.endsWith("Dependencies") && !EXPORT_KEPT.contains(f)) {
                        values(e.get(f), path);
                    }
                }
            }
            return out;
        }

        private void values(JsonNode n, String path) {
            if (n instanceof ObjectNode o) {
                if (PackageDiff.isProperty(o) && PackageDiff.isReference(o.path("$type").asText()) && o.has("Value")
                        && !o.get("Value").isIntegralNumber()) {
                    o.put("Value", index(o.get("Value"), path + "." + o.path("Name").asText()));
                }
                if (o.size() == 3 && o.path("Value").isTextual() && o.path("Index").isTextual()
                        && o.path("Index").asText().startsWith(NAME_MARK) && o.path("Number").isIntegralNumber()) {
                    o.put("Index", name(o.get("Index").asText().substring(NAME_MARK.length())));
                    return;
                }
                for (String f : fieldNames(o)) {
                    JsonNode v = o.get(f);
                    if ((f.equals("ResolvedOwner") || f.equals("Object") && o.has("Delegate")) && (v.isTextual() || v.isNull())) {
                        o.put(f, index(v, path));
                    } else {
                        values(v, path);
                    }
                }
            } else if (n instanceof ArrayNode a) {
                a.forEach(e -> values(e, path));
            }
        }

        private int name(String text) {
            for (int i = 0; i < nameMap.size(); i++) {
                if (nameMap.get(i).asText().equals(text)) {
                    return i;
                }
            }
            nameMap.add(text);
            return nameMap.size() - 1;
        }

        private int index(JsonNode ref, String path) {
            if (ref == null || ref.isNull()) {
                return 0;
            }
            if (ref.isIntegralNumber()) {
                return ref.asInt();
            }
            String s = ref.asText();
            if (s.startsWith("import ")) {
                return importIndex(s.substring("import ".length()), path);
            }
            if (s.startsWith("export ")) {
                int i = exportKeys.indexOf(s.substring("export ".length()));
                if (i < 0) {
                    throw new MergeException("A merged value references export " + s.substring(7) + ", which the result does not have", path);
                }
                return i + 1;
            }
            if (s.startsWith("index ")) {
                return Integer.parseInt(s.substring("index ".length()));
            }
            throw new MergeException("Not an object reference: " + s, path);
        }

        /** The import's index in the result, appending it (and its outers) from a source tree when absent. */
        private int importIndex(String key, String path) {
            int i = importKeys.indexOf(key);
            if (i >= 0) {
                return -(i + 1);
            }
            JsonNode found = null;
            for (int s = sources.size() - 1; s >= 0 && found == null; s--) {
                found = sources.get(s).importNode(key);
            }
            if (found == null) {
                throw new MergeException("A merged value references import " + key + ", which no input defines", path);
            }
            ObjectNode imp = found.deepCopy();
            JsonNode outer = imp.get("OuterIndex");
            imp.put("OuterIndex", 0);
            imports.add(imp);
            importKeys.add(key);
            int at = imports.size() - 1;
            for (String f : List.of("ObjectName", "ClassPackage", "ClassName", "PackageName")) {
                JsonNode v = imp.get(f);
                if (v != null && v.isTextual()) {
                    name(nameOf(v.asText()));
                }
            }
            imp.put("OuterIndex", index(outer, path));
            return -(at + 1);
        }

        /** The name-map entry of a display string ({@code Foo_2} is entry {@code Foo}, number 3). */
        private static String nameOf(String display) {
            int u = display.lastIndexOf('_');
            if (u > 0 && u < display.length() - 1) {
                String digits = display.substring(u + 1);
                if (digits.chars().allMatch(Character::isDigit) && (digits.length() == 1 || digits.charAt(0) != '0')) {
                    return display.substring(0, u);
                }
            }
            return display;
        }
    }

    // ---- helpers ----

    private static boolean same(JsonNode a, JsonNode b) {
        boolean absentA = a == null || a.isMissingNode();
        boolean absentB = b == null || b.isMissingNode();
        return absentA ? absentB : !absentB && a.equals(b);
    }

    private static void set(ObjectNode o, String field, JsonNode v) {
        if (v == null) {
            o.remove(field);
        } else {
            o.set(field, v);
        }
    }

    private static boolean isObject(JsonNode... nodes) {
        for (JsonNode n : nodes) {
            if (n != null && !n.isObject()) {
                return false;
            }
        }
        return true;
    }

    /** Every non-empty list is of the shape, and at least one is. */
    private static boolean all(java.util.function.Predicate<JsonNode> shape, JsonNode... lists) {
        boolean any = false;
        for (JsonNode l : lists) {
            if (l.isEmpty()) {
                continue;
            }
            if (!shape.test(l)) {
                return false;
            }
            any = true;
        }
        return any;
    }

    private static List<String> fieldNames(JsonNode o) {
        List<String> names = new ArrayList<>();
        o.fieldNames().forEachRemaining(names::add);
        return names;
    }

    private static Set<String> union(JsonNode... nodes) {
        Set<String> s = new LinkedHashSet<>();
        for (JsonNode n : nodes) {
            if (n != null) {
                n.fieldNames().forEachRemaining(s::add);
            }
        }
        return s;
    }

    @SafeVarargs
    private static Set<String> union(Set<String>... sets) {
        Set<String> s = new LinkedHashSet<>();
        for (Set<String> x : sets) {
            s.addAll(x);
        }
        return s;
    }

    static TextNode text(String s) {
        return TextNode.valueOf(s);
    }
}
