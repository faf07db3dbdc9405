package io.uassetd.daemon.util;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import io.uassetd.protocol.Json;

/** Turns a codecs record (camelCase components) into a JSON tree with snake_case keys, as the protocol names fields. */
public final class SnakeCase {
    private static final ObjectMapper MAPPER = Json.mapper().copy()
            .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);

    private SnakeCase() {
    }

    public static JsonNode tree(Object value) {
        return MAPPER.valueToTree(value);
    }
}
