package io.uassetd.daemon;

import io.uassetd.daemon.services.Services;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.ErrorMapper;
import io.uassetd.daemon.actions.Actions;
import io.uassetd.daemon.server.Server;
import io.uassetd.protocol.Json;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ServerTest {
    static List<JsonNode> serve(String input) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (Services s = Bootstrap.services(Services.Config.defaults(), System.err, true)) {
            Dispatcher d = new Dispatcher(Actions.registry(), new ErrorMapper(System.err), Map.of());
            int status = new Server(d, s, new ByteArrayInputStream(input.getBytes(StandardCharsets.UTF_8)), out, System.err, 4).run();
            assertThat(status).isZero();
        }
        List<JsonNode> lines = new ArrayList<>();
        for (String l : out.toString(StandardCharsets.UTF_8).split("\n")) {
            if (!l.isEmpty()) {
                lines.add(Json.mapper().readTree(l));
            }
        }
        return lines;
    }

    @Test
    void idlessRepliesComeInRequestOrderIncludingParseErrors() throws Exception {
        List<JsonNode> r = serve("""
                {"action":"sleep","duration_ms":50,"steps":1}
                not json
                {"action":"ping"}

                {"action":"nope"}
                {"action":"cityhash","file_path":"/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu"}
                """);
        assertThat(r).hasSize(5);
        assertThat(r.get(0).get("message").textValue()).isEqualTo("Slept 50 ms");
        assertThat(r.get(1).get("error").get("code").textValue()).isEqualTo("PARSE_ERROR");
        assertThat(r.get(2).get("message").textValue()).isEqualTo("pong");
        assertThat(r.get(3).get("message").textValue()).isEqualTo("Unknown action: nope");
        assertThat(r.get(4).get("data").get("hash_hex").textValue()).isEqualTo("0x80E800043D46FA72");
    }

    @Test
    void unknownFieldsBecomeWarningsAndBadTypesInvalidArgument() throws Exception {
        List<JsonNode> r = serve("""
                {"action":"ping","id":1,"bogus":true}
                {"action":"sleep","id":2,"duration_ms":"soon"}
                {"action":"sleep","id":3,"duration_ms":-1}
                """);
        JsonNode ping = r.stream().filter(n -> n.get("id").intValue() == 1).findFirst().orElseThrow();
        assertThat(ping.get("warnings").get(0).textValue()).isEqualTo("Unknown field 'bogus' ignored by action ping");
        JsonNode bad = r.stream().filter(n -> n.get("id").intValue() == 2).findFirst().orElseThrow();
        assertThat(bad.get("error").get("code").textValue()).isEqualTo("INVALID_ARGUMENT");
        assertThat(bad.get("message").textValue()).startsWith("Field 'duration_ms' must be an integer");
        JsonNode range = r.stream().filter(n -> n.get("id").intValue() == 3).findFirst().orElseThrow();
        assertThat(range.get("message").textValue()).isEqualTo("Field 'duration_ms' must be between 0 and 600000, got -1");
    }

    @Test
    void shutdownRepliesLastAfterInFlightWorkAndStopsReading() throws Exception {
        List<JsonNode> r = serve("""
                {"action":"sleep","id":"s","duration_ms":200,"steps":2,"progress":true}
                {"action":"shutdown","id":"bye"}
                {"action":"ping","id":"never"}
                """);
        List<String> kinds = new ArrayList<>();
        for (JsonNode n : r) {
            kinds.add(n.has("event") ? "event:" + n.get("done") : n.get("id").textValue());
        }
        assertThat(kinds).containsExactly("event:0", "event:1", "event:2", "s", "bye");
    }

    @Test
    void cancelStopsALongRequestWithCodeCancelled() throws Exception {
        // The cancel line is read while the sleep runs; the sleep notices and replies CANCELLED.
        List<JsonNode> r = serve("""
                {"action":"sleep","id":"long","duration_ms":60000}
                {"action":"cancel","id":"c","target_id":"long"}
                {"action":"cancel","id":"c2","target_id":"nobody"}
                """);
        JsonNode cancelled = r.stream().filter(n -> n.get("id").textValue().equals("long")).findFirst().orElseThrow();
        assertThat(cancelled.get("error").get("code").textValue()).isEqualTo("CANCELLED");
        JsonNode ack = r.stream().filter(n -> n.get("id").textValue().equals("c")).findFirst().orElseThrow();
        assertThat(ack.get("data").get("cancelled").booleanValue()).isTrue();
        JsonNode none = r.stream().filter(n -> n.get("id").textValue().equals("c2")).findFirst().orElseThrow();
        assertThat(none.get("data").get("cancelled").booleanValue()).isFalse();
    }
}
