package io.uassetd.client;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * A request the daemon answered with a failure: its error code (NOT_FOUND, CORRUPT_DATA,
 * WRONG_KEY, CANCELLED, NO_SPACE (a full disk; the file names the path), INVALID_PATH, TOO_LARGE,
 * ...), message, the file, offset and structure of bad input, and the
 * reply's warnings. Codes are kept as strings so codes newer than this client still arrive.
 */
public class UassetdException extends RuntimeException {
    private final String code;
    private final String file;
    private final Long offset;
    private final String structure;
    private final List<String> warnings;
    private final transient JsonNode reply;

    public UassetdException(String message, String code, String file, Long offset, String structure, List<String> warnings, JsonNode reply) {
        super(message);
        this.code = code;
        this.file = file;
        this.offset = offset;
        this.structure = structure;
        this.warnings = List.copyOf(warnings);
        this.reply = reply;
    }

    /** The failure a reply line describes. */
    public static UassetdException fromReply(JsonNode reply) {
        JsonNode e = reply.path("error");
        String code = e.path("code").asText("INTERNAL");
        List<String> warnings = new ArrayList<>();
        reply.path("warnings").forEach(w -> warnings.add(w.asText()));
        String file = e.hasNonNull("file") ? e.get("file").asText() : null;
        Long offset = e.hasNonNull("offset") ? e.get("offset").asLong() : null;
        String structure = e.hasNonNull("structure") ? e.get("structure").asText() : null;
        String message = reply.path("message").asText(code);
        return "CANCELLED".equals(code)
                ? new CancelledException(message, file, offset, structure, warnings, reply)
                : new UassetdException(message, code, file, offset, structure, warnings, reply);
    }

    public String code() {
        return code;
    }

    public String file() {
        return file;
    }

    public Long offset() {
        return offset;
    }

    public String structure() {
        return structure;
    }

    public List<String> warnings() {
        return warnings;
    }

    /** The reply line (null for the client's own failures). */
    public JsonNode reply() {
        return reply;
    }

    /** The request was cancelled (code CANCELLED). */
    public static final class CancelledException extends UassetdException {
        CancelledException(String message, String file, Long offset, String structure, List<String> warnings, JsonNode reply) {
            super(message, "CANCELLED", file, offset, structure, warnings, reply);
        }
    }

    /** The request did not finish within its timeout; the client cancelled it on the daemon (code TIMEOUT). */
    public static final class TimeoutException extends UassetdException {
        public TimeoutException(String message) {
            super(message, "TIMEOUT", null, null, null, List.of(), null);
        }
    }
}
