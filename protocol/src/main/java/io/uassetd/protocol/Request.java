package io.uassetd.protocol;

import java.util.Set;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeType;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One request: its {@code action}, the optional {@code id} (string or number) and
 * {@code progress} extension, and every other field as given (snake_case, as UAssetTool names
 * them). Immutable: the field map is an unmodifiable copy and the nodes are deep copies.
 */
public record Request(String action, JsonNode id, boolean progress, Map<String, JsonNode> fields) {
    /** Fields every request may carry, whatever its action. */
    public static final Set<String> ENVELOPE_FIELDS = Set.of("action", "id", "progress");

    public Request {
        Objects.requireNonNull(action, "action");
        fields = Collections.unmodifiableMap(new LinkedHashMap<>(fields));
    }

    /** Builds a request from a parsed JSON object, validating the envelope fields. */
    public static Request fromJson(JsonNode node) throws ProtocolException {
        if (node == null || !node.isObject()) {
            throw new ProtocolException(ErrorCode.PARSE_ERROR, "Request must be a JSON object", null);
        }
        ObjectNode obj = (ObjectNode) node;
        JsonNode id = obj.get("id");
        if (id != null && !(id.isTextual() || id.isIntegralNumber())) {
            if (id.isNull()) {
                id = null;
            } else {
                throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Field 'id' must be a string or an integer", null);
            }
        }
        JsonNode actionNode = obj.get("action");
        if (actionNode == null || actionNode.isNull()) {
            throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Missing field 'action'", id);
        }
        if (actionNode.getNodeType() != JsonNodeType.STRING) {
            throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Field 'action' must be a string", id);
        }
        JsonNode progressNode = obj.get("progress");
        boolean progress = false;
        if (progressNode != null && !progressNode.isNull()) {
            if (!progressNode.isBoolean()) {
                throw new ProtocolException(ErrorCode.INVALID_ARGUMENT, "Field 'progress' must be a boolean", id);
            }
            progress = progressNode.booleanValue();
        }
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        var it = obj.properties().iterator();
        while (it.hasNext()) {
            var e = it.next();
            if (!ENVELOPE_FIELDS.contains(e.getKey())) {
                fields.put(e.getKey(), e.getValue().deepCopy());
            }
        }
        return new Request(actionNode.textValue(), id == null ? null : id.deepCopy(), progress, fields);
    }

    /** The field's value, or null when absent or JSON null. Returned nodes must not be mutated. */
    public JsonNode field(String name) {
        JsonNode n = fields.get(name);
        return n == null || n.isNull() ? null : n;
    }

    /** The request as a JSON object again (for clients that build requests programmatically). */
    public ObjectNode toJson() {
        ObjectNode o = Json.mapper().createObjectNode();
        o.put("action", action);
        if (id != null) {
            o.set("id", id.deepCopy());
        }
        if (progress) {
            o.put("progress", true);
        }
        fields.forEach((k, v) -> o.set(k, v.deepCopy()));
        return o;
    }
}
