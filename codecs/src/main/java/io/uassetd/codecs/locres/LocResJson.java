package io.uassetd.codecs.locres;

import java.util.TreeSet;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.error.JsonFormatException;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The editable JSON form of a .locres:
 *
 * <pre>
 * {"format": "uassetd-locres", "version": "Optimized_CityHash64_UTF16", "entry_count": 5,
 *  "namespaces": [{"namespace": "Game", "entries": [
 *      {"key": "Hello", "source_hash": "0x1A2B3C4D", "string": "Hallo"}]}]}
 * </pre>
 *
 * Only what cannot be computed is written: a namespace/key hash appears ({@code namespace_hash},
 * {@code key_hash}) only when the file's differs from the one the version computes, a string's
 * storage ({@code namespace_form}, {@code key_form}, {@code string_form}: {@code ANSI}, {@code UTF16},
 * {@code EMPTY}) only when it is not the engine's choice, and {@code force_unicode} only when true.
 * Reading it back gives the same file byte for byte when the file's string table is laid out as the
 * engine lays it out (every engine-written file is). On input, {@code source_hash} (a number or a
 * {@code 0x} hex string) may be left out: it is then the hash of {@code source_string} when given,
 * else of {@code string} itself.
 */
public final class LocResJson {
    public static final String FORMAT = "uassetd-locres";
    private static final Set<String> TOP = Set.of("format", "version", "force_unicode", "entry_count", "namespaces");
    private static final Set<String> NS = Set.of("namespace", "namespace_hash", "namespace_form", "entries");
    private static final Set<String> ENTRY = Set.of("key", "key_hash", "key_form", "source_hash", "source_string", "string", "string_form");

    private LocResJson() {
    }

    public static ObjectNode toJson(LocRes res) {
        JsonNodeFactory f = JsonNodeFactory.instance;
        ObjectNode root = f.objectNode();
        root.put("format", FORMAT);
        root.put("version", res.version().engineName());
        if (res.forceUnicode()) {
            root.put("force_unicode", true);
        }
        root.put("entry_count", res.entryCount());
        ArrayNode nss = root.putArray("namespaces");
        LocResVersion v = res.version();
        for (LocRes.Namespace ns : res.namespaces()) {
            ObjectNode n = nss.addObject();
            n.put("namespace", ns.name());
            if (ns.storedHash() != null && ns.storedHash() != LocResHashes.keyHash(v, ns.name())) {
                n.put("namespace_hash", LocResHashes.hex32(ns.storedHash()));
            }
            putForm(n, "namespace_form", ns.nameText(), res.text(ns.name(), true));
            ArrayNode entries = n.putArray("entries");
            for (LocRes.Entry e : ns.entries()) {
                ObjectNode o = entries.addObject();
                o.put("key", e.key());
                if (e.storedKeyHash() != null && e.storedKeyHash() != LocResHashes.keyHash(v, e.key())) {
                    o.put("key_hash", LocResHashes.hex32(e.storedKeyHash()));
                }
                putForm(o, "key_form", e.keyText(), res.text(e.key(), true));
                o.put("source_hash", LocResHashes.hex32(e.sourceHash()));
                o.put("string", e.value());
                putForm(o, "string_form", e.valueText(), res.text(e.value(), false));
            }
        }
        return root;
    }

    private static void putForm(ObjectNode o, String field, LocText actual, LocText canonical) {
        if (actual.form() != canonical.form()) {
            o.put(field, actual.form().name());
        }
    }

    /** Builds a resource from the JSON form; {@code source} names the document in errors. */
    public static LocRes fromJson(JsonNode root, String source) {
        if (root == null || !root.isObject()) {
            throw new JsonFormatException("A LocRes document must be a JSON object", source, "$", false);
        }
        unknown(root, TOP, source, "$");
        JsonNode fmt = root.get("format");
        if (fmt != null && !FORMAT.equals(fmt.asText())) {
            throw new JsonFormatException("Not a LocRes document: format is '" + fmt.asText() + "', expected '" + FORMAT + "'",
                    source, "$.format", false);
        }
        JsonNode vn = root.get("version");
        if (vn == null || !(vn.isTextual() || vn.isIntegralNumber())) {
            throw new JsonFormatException("Missing 'version' (Legacy, Compact, Optimized_CRC32, Optimized_CityHash64_UTF16 or 0..3)",
                    source, "$.version", false);
        }
        LocResVersion version = LocResVersion.parse(vn.asText());
        if (version == null) {
            throw new JsonFormatException("Unknown LocRes version '" + vn.asText() + "'", source, "$.version", false);
        }
        LocRes res = new LocRes(version);
        JsonNode fu = root.get("force_unicode");
        if (fu != null) {
            if (!fu.isBoolean()) {
                throw new JsonFormatException("'force_unicode' must be true or false", source, "$.force_unicode", false);
            }
            res.forceUnicode(fu.booleanValue());
        }
        JsonNode nss = root.get("namespaces");
        if (nss == null || !nss.isArray()) {
            throw new JsonFormatException("Missing 'namespaces' (a list)", source, "$.namespaces", false);
        }
        for (int i = 0; i < nss.size(); i++) {
            String p = "$.namespaces[" + i + "]";
            JsonNode n = nss.get(i);
            if (!n.isObject()) {
                throw new JsonFormatException("A namespace must be an object", source, p, false);
            }
            unknown(n, NS, source, p);
            String name = text(n, "namespace", source, p, true);
            LocText nameText = form(n, "namespace_form", name, res.text(name, true), source, p);
            LocRes.Namespace ns = new LocRes.Namespace(nameText, hash(n, "namespace_hash", source, p));
            JsonNode entries = n.get("entries");
            if (entries == null || !entries.isArray()) {
                throw new JsonFormatException("Missing 'entries' (a list)", source, p + ".entries", false);
            }
            for (int k = 0; k < entries.size(); k++) {
                String ep = p + ".entries[" + k + "]";
                JsonNode e = entries.get(k);
                if (!e.isObject()) {
                    throw new JsonFormatException("An entry must be an object", source, ep, false);
                }
                unknown(e, ENTRY, source, ep);
                String key = text(e, "key", source, ep, true);
                String value = text(e, "string", source, ep, true);
                Integer sourceHash = hash(e, "source_hash", source, ep);
                if (sourceHash == null) {
                    String src = text(e, "source_string", source, ep, false);
                    sourceHash = LocResHashes.strCrc32(src != null ? src : value);
                }
                ns.entries().add(new LocRes.Entry(form(e, "key_form", key, res.text(key, true), source, ep),
                        hash(e, "key_hash", source, ep), sourceHash,
                        form(e, "string_form", value, res.text(value, false), source, ep)));
            }
            res.namespaces().add(ns);
        }
        res.markModified();
        return res;
    }

    private static void unknown(JsonNode n, Set<String> known, String source, String path) {
        for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                throw new JsonFormatException("Unknown field '" + f + "' (known: " + String.join(", ", new TreeSet<>(known)) + ")",
                        source, path + "." + f, false);
            }
        }
    }

    private static String text(JsonNode n, String field, String source, String path, boolean required) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new JsonFormatException("Missing '" + field + "'", source, path + "." + field, false);
            }
            return null;
        }
        if (!v.isTextual()) {
            throw new JsonFormatException("'" + field + "' must be a string", source, path + "." + field, false);
        }
        return v.textValue();
    }

    /** A u32 as a number (0..4294967295, or a negative int32) or a hex string {@code 0x...}; null when absent. */
    static Integer hash(JsonNode n, String field, String source, String path) {
        JsonNode v = n.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        String p = path + "." + field;
        if (v.isIntegralNumber()) {
            long l = v.longValue();
            if (!v.canConvertToLong() || l < Integer.MIN_VALUE || l > 0xFFFFFFFFL) {
                throw new JsonFormatException("'" + field + "' must fit 32 bits", source, p, false);
            }
            return (int) l;
        }
        if (v.isTextual()) {
            String s = v.textValue().trim().toLowerCase(Locale.ROOT);
            try {
                long l = s.startsWith("0x") ? Long.parseLong(s.substring(2), 16) : Long.parseLong(s);
                if (l >= Integer.MIN_VALUE && l <= 0xFFFFFFFFL) {
                    return (int) l;
                }
            } catch (NumberFormatException ignored) {
                // reported below
            }
        }
        throw new JsonFormatException("'" + field + "' must be a 32-bit number or a 0x hex string, not " + v, source, p, false);
    }

    private static LocText form(JsonNode n, String field, String value, LocText canonical, String source, String path) {
        String f = text(n, field, source, path, false);
        if (f == null) {
            return canonical;
        }
        LocText.Form form;
        try {
            form = LocText.Form.valueOf(f.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new JsonFormatException("'" + field + "' must be ANSI, UTF16 or EMPTY, not '" + f + "'", source, path + "." + field, false);
        }
        try {
            return new LocText(value, form);
        } catch (IllegalArgumentException e) {
            throw new JsonFormatException("'" + field + "' " + form + " cannot store this string: " + e.getMessage(), source,
                    path + "." + field, false);
        }
    }
}
