package io.uassetd.codecs.asset.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class JsonOutputTest {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Test
    void laysOutTextAsNewtonsoftIndentedDoes() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator g = JsonOutput.generator(MAPPER.getFactory(), out)) {
            g.writeStartObject();
            g.writeStringField("$type", "UAssetAPI.UAsset, UAssetAPI");
            g.writeArrayFieldStart("Empty");
            g.writeEndArray();
            g.writeObjectFieldStart("None");
            g.writeEndObject();
            g.writeArrayFieldStart("Numbers");
            g.writeNumber(1);
            g.writeNumber(-2);
            g.writeEndArray();
            g.writeFieldName("Bytes");
            g.writeBinary(new byte[] {1, 2, 3, 4});
            g.writeStringField("Quoted \"name\"", "tab\there");
            g.writeEndObject();
        }
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("""
                {
                  "$type": "UAssetAPI.UAsset, UAssetAPI",
                  "Empty": [],
                  "None": {},
                  "Numbers": [
                    1,
                    -2
                  ],
                  "Bytes": "AQIDBA==",
                  "Quoted \\"name\\"": "tab\\there"
                }""");
    }

    @Test
    void nestsDeeperThanThePrecomputedIndentation() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int depth = 70;
        try (JsonGenerator g = JsonOutput.generator(MAPPER.getFactory(), out)) {
            for (int i = 0; i < depth; i++) {
                g.writeStartArray();
            }
            g.writeNumber(7);
            for (int i = 0; i < depth; i++) {
                g.writeEndArray();
            }
        }
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(text).contains("\n" + "  ".repeat(depth) + "7\n" + "  ".repeat(depth - 1) + "]");
        assertThat(MAPPER.readTree(text).at("/0".repeat(depth)).asInt()).isEqualTo(7);
    }

    @Test
    void leavesTheTargetStreamOpen() throws Exception {
        boolean[] closed = {false};
        ByteArrayOutputStream out = new ByteArrayOutputStream() {
            @Override
            public void close() {
                closed[0] = true;
            }
        };
        try (JsonGenerator g = JsonOutput.generator(MAPPER.getFactory(), out)) {
            g.writeStartObject();
            g.writeEndObject();
        }
        assertThat(closed[0]).isFalse();
        assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("{}");
    }
}
