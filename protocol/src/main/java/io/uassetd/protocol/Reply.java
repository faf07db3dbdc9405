package io.uassetd.protocol;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;

/**
 * One reply line: {@code {"success":…,"message":…,"data":…}} as UAssetTool writes it, preceded by
 * the request's {@code id} when it had one, and followed by {@code error} (failures) and
 * {@code warnings} (when there are any). {@code data} is always present ({@code null} on failure).
 * The data object must not be mutated after the reply is built.
 */
@JsonPropertyOrder({"id", "success", "message", "data", "error", "warnings"})
public record Reply(
        @JsonInclude(JsonInclude.Include.NON_NULL) JsonNode id,
        boolean success,
        String message,
        @JsonInclude(JsonInclude.Include.ALWAYS) Object data,
        @JsonInclude(JsonInclude.Include.NON_NULL) ErrorInfo error,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> warnings) {

    public Reply {
        warnings = warnings == null ? List.of() : List.copyOf(warnings);
        if (success && error != null) {
            throw new IllegalArgumentException("a successful reply carries no error");
        }
        if (!success && error == null) {
            throw new IllegalArgumentException("a failed reply carries an error code");
        }
    }

    public static Reply ok(JsonNode id, String message, Object data, List<String> warnings) {
        return new Reply(id, true, message, data, null, warnings);
    }

    public static Reply failure(JsonNode id, String message, ErrorInfo error, List<String> warnings) {
        return new Reply(id, false, message, null, error, warnings);
    }

    /** The data as a JSON tree (for clients, which receive it as plain maps and lists). */
    @JsonIgnore
    public JsonNode dataTree() {
        return Json.mapper().valueToTree(data);
    }

    /** The error code, or null on success. */
    @JsonIgnore
    public ErrorCode errorCode() {
        return error == null ? null : error.code();
    }
}
