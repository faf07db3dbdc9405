package io.uassetd.daemon.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.uassetd.protocol.Json;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A command-line value for an any-typed field reads as the JSON mapper would read it, else as text. */
class CliAnyValueTest {
    @Test
    void scalarsAreReadWithoutTheMapperAsTheMapperReadsThem() {
        List<String> values = List.of("true", "false", "null", " true ", "0", "7", "-7", "2147483647", "2147483648",
                "-2147483649", "123456789012345678", "1234567890123456789012", "1.5", "-0.25", "1e3", "007", "-", "01",
                "Zlib", "LZ4", "", " ", "[1,2]", "{\"a\":1}", "\"quoted\"", "[", "{bad", "tru", "True", "0x10");
        for (String v : values) {
            JsonNode expected;
            try {
                expected = Json.mapper().readTree(v);
                if (expected == null || expected.isMissingNode()) {
                    expected = JsonNodeFactory.instance.textNode(v);
                }
            } catch (Exception e) {
                expected = JsonNodeFactory.instance.textNode(v);
            }
            JsonNode got = Cli.anyValue(v);
            assertThat(got).as("'%s'", v).isEqualTo(expected);
            assertThat(got.getNodeType()).as("'%s'", v).isEqualTo(expected.getNodeType());
            assertThat(got.getClass()).as("'%s'", v).isEqualTo(expected.getClass());
        }
    }
}
