package io.uassetd.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Objects;

/**
 * An event line sent before the final reply of a request that asked for {@code progress: true}:
 * {@code {"id":…,"event":"progress","done":k,"total":n,"item":"…"}}.
 */
@JsonPropertyOrder({"id", "event", "done", "total", "item"})
public record ProgressEvent(JsonNode id, String event, long done, long total,
                            @JsonInclude(JsonInclude.Include.NON_NULL) String item) {
    public static final String PROGRESS = "progress";

    public ProgressEvent {
        Objects.requireNonNull(id, "progress events need a request id");
        Objects.requireNonNull(event, "event");
    }

    public static ProgressEvent progress(JsonNode id, long done, long total, String item) {
        return new ProgressEvent(id, PROGRESS, done, total, item);
    }
}
