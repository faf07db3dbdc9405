package io.uassetd.protocol;

import com.fasterxml.jackson.databind.JsonNode;

/** A request that cannot be accepted as it is: the reply carries {@link #code()}. */
public class ProtocolException extends Exception {
    private final ErrorCode code;
    private final JsonNode id;

    public ProtocolException(ErrorCode code, String message, JsonNode id) {
        super(message);
        this.code = code;
        this.id = id;
    }

    public ErrorCode code() {
        return code;
    }

    /** The request id when it could be read, else null. */
    public JsonNode id() {
        return id;
    }
}
