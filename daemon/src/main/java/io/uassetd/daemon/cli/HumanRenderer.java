package io.uassetd.daemon.cli;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import java.util.Iterator;
import java.util.Map;

/** Renders reply data as indented {@code key: value} text for people. */
final class HumanRenderer {
    private HumanRenderer() {
    }

    static String render(Object data) {
        if (data == null) {
            return "";
        }
        JsonNode n = Json.mapper().valueToTree(data);
        StringBuilder sb = new StringBuilder();
        write(n, 0, sb);
        return sb.toString();
    }

    private static void write(JsonNode n, int indent, StringBuilder sb) {
        String pad = "  ".repeat(indent);
        if (n.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = n.properties().iterator();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                JsonNode v = e.getValue();
                if (v.isContainerNode() && !v.isEmpty()) {
                    sb.append(pad).append(e.getKey()).append(":\n");
                    write(v, indent + 1, sb);
                } else {
                    sb.append(pad).append(e.getKey()).append(": ").append(scalar(v)).append('\n');
                }
            }
        } else if (n.isArray()) {
            for (JsonNode v : n) {
                if (v.isObject() && !v.isEmpty()) {
                    sb.append(pad).append("-\n");
                    write(v, indent + 1, sb);
                } else if (v.isArray() && !v.isEmpty()) {
                    sb.append(pad).append("-\n");
                    write(v, indent + 1, sb);
                } else {
                    sb.append(pad).append("- ").append(scalar(v)).append('\n');
                }
            }
        } else {
            sb.append(pad).append(scalar(n)).append('\n');
        }
    }

    private static String scalar(JsonNode v) {
        if (v.isTextual()) {
            return v.textValue();
        }
        if (v.isArray()) {
            return "[]";
        }
        if (v.isObject()) {
            return "{}";
        }
        return v.toString();
    }
}
