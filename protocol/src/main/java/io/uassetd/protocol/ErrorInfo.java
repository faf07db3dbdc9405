package io.uassetd.protocol;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonPropertyOrder;
import java.util.Objects;

/**
 * The {@code error} object of a failed reply: a stable code and, where known, the file, the
 * absolute byte offset and the structure the problem was found in.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
@JsonPropertyOrder({"code", "file", "offset", "structure"})
public record ErrorInfo(ErrorCode code, String file, Long offset, String structure) {
    public ErrorInfo {
        Objects.requireNonNull(code, "code");
    }

    public static ErrorInfo of(ErrorCode code) {
        return new ErrorInfo(code, null, null, null);
    }
}
