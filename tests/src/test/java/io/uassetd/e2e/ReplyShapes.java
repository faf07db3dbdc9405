package io.uassetd.e2e;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks reply data against the reply shape an action declares in {@code capabilities}
 * ({@code reply: {type, records}}): every value's JSON type is the declared one, and a record
 * holds no field it does not declare (beside the engine fields the dispatcher adds to any reply
 * that used an engine). A field may be absent or null.
 */
final class ReplyShapes {
    /** What the dispatcher adds to the data of a reply that used an engine. */
    static final Set<String> ENGINE_FIELDS = Set.of("engine_version", "engine_source", "engine_candidates");
    private static final Pattern MAP = Pattern.compile("map<string,(.*)>");

    private ReplyShapes() {
    }

    /** Where {@code data} departs from the declared {@code reply}; empty when it conforms. */
    static List<String> mismatches(JsonNode data, JsonNode reply) {
        List<String> out = new ArrayList<>();
        check(data, reply.get("type").textValue(), reply.get("records"), "data", true, out);
        return out;
    }

    private static void check(JsonNode v, String type, JsonNode records, String at, boolean top, List<String> out) {
        if (v == null || v.isNull()) {
            return;
        }
        if (type.endsWith("[]")) {
            if (!v.isArray()) {
                out.add(at + " is " + v.getNodeType() + ", declared " + type);
                return;
            }
            for (int i = 0; i < v.size(); i++) {
                check(v.get(i), type.substring(0, type.length() - 2), records, at + "[" + i + "]", false, out);
            }
            return;
        }
        Matcher m = MAP.matcher(type);
        if (m.matches()) {
            if (!v.isObject()) {
                out.add(at + " is " + v.getNodeType() + ", declared " + type);
                return;
            }
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                check(e.getValue(), m.group(1), records, at + "." + e.getKey(), false, out);
            }
            return;
        }
        JsonNode record = records.get(type);
        if (record != null) {
            if (!v.isObject()) {
                out.add(at + " is " + v.getNodeType() + ", declared record " + type);
                return;
            }
            for (Map.Entry<String, JsonNode> e : v.properties()) {
                String fieldType = null;
                for (JsonNode f : record) {
                    if (f.get("name").textValue().equals(e.getKey())) {
                        fieldType = f.get("type").textValue();
                    }
                }
                if (fieldType == null) {
                    if (!(top && ENGINE_FIELDS.contains(e.getKey()))) {
                        out.add(at + "." + e.getKey() + " is sent but " + type + " does not declare it");
                    }
                    continue;
                }
                check(e.getValue(), fieldType, records, at + "." + e.getKey(), false, out);
            }
            return;
        }
        boolean ok = switch (type) {
            case "string" -> v.isTextual();
            case "integer", "uint64" -> v.isIntegralNumber();
            case "number" -> v.isNumber();
            case "boolean" -> v.isBoolean();
            case "any" -> true;
            default -> false;
        };
        if (!ok) {
            out.add(at + " is " + v.getNodeType() + " " + abbreviate(v.toString()) + ", declared " + type);
        }
    }

    private static String abbreviate(String s) {
        return s.length() > 40 ? s.substring(0, 37) + "..." : s;
    }
}
