package io.uassetd.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * The line sent instead of running a request whose {@code id} is already in flight:
 * {@code {"event":"rejected","duplicate_id":…,"success":false,"message":…,"data":null,"error":{"code":"DUPLICATE_ID"}}}.
 * It deliberately carries no {@code id}: a client that matches replies by id cannot take it for the
 * reply of the request that is still running, and since it is an {@code event} line a client that
 * matches id-less replies in order never takes it for the reply of an id-less request either.
 */
@JsonPropertyOrder({"event", "duplicate_id", "success", "message", "data", "error"})
public record DuplicateIdRejection(
        String event,
        @JsonProperty("duplicate_id") JsonNode duplicateId,
        boolean success,
        String message,
        @JsonInclude(JsonInclude.Include.ALWAYS) Object data,
        ErrorInfo error) {
    public static final String REJECTED = "rejected";

    public DuplicateIdRejection {
        Objects.requireNonNull(duplicateId, "duplicate_id");
    }

    public static DuplicateIdRejection of(JsonNode duplicateId) {
        return new DuplicateIdRejection(REJECTED, duplicateId, false,
                "A request with id " + duplicateId + " is already in flight; this request was not run",
                null, ErrorInfo.of(ErrorCode.DUPLICATE_ID));
    }
}
