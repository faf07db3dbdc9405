package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.uassetd.client.ActionRequest;
import io.uassetd.client.Actions;
import io.uassetd.client.DaemonExitedException;
import io.uassetd.client.UassetdClient;
import io.uassetd.client.UassetdException;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shared client conformance scenario ({@code clients/conformance/scenario.json}) through the
 * Java client against the packaged daemon, and the Java wrappers checked against the live
 * {@code capabilities}.
 */
class ClientConformanceTest {
    private static Path scenario() {
        return Fixtures.repoRoot().resolve("clients/conformance/scenario.json");
    }

    @Test
    void wrappersMatchTheLiveCapabilities() throws Exception {
        try (UassetdClient client = UassetdClient.spawnJar(Daemon.jar())) {
            JsonNode actions = client.call(new ActionRequest("capabilities")).get(60, TimeUnit.SECONDS).dataTree().get("actions");
            Map<String, Map<String, String>> live = new LinkedHashMap<>();
            for (JsonNode a : actions) {
                Map<String, String> f = new LinkedHashMap<>();
                a.get("fields").forEach(x -> f.put(x.get("name").asText(), x.get("type").asText() + (x.get("required").asBoolean() ? "!" : "")));
                live.put(a.get("name").asText(), f);
            }
            // The common actions are always wrapped; more (texture actions, ...) may be, once the daemon has them.
            assertThat(Actions.WRAPPED_FIELDS).containsKeys("list_pak", "extract_pak_file", "extract_pak_all", "create_pak", "list_iostore", "extract_iostore", "extract_iostore_legacy", "to_json", "from_json", "create_mod_iostore", "niagara_details", "niagara_edit");
            Actions.WRAPPED_FIELDS.forEach((action, fields) -> {
                assertThat(live).as("wrapped action %s is gone from the daemon", action).containsKey(action);
                assertThat(live.get(action)).as("wrapper of %s drifted; run clients/codegen/generate.py", action).isEqualTo(fields);
            });
        }
    }

    @Test
    void conformanceScenario(@TempDir Path tmp) throws Exception {
        Path fixtures = Fixtures.root();
        JsonNode doc = Json.mapper().readTree(scenario().toFile());
        Map<String, String> env = Map.of("fixtures", fixtures.toString(), "tmp", tmp.toString());
        List<String> ran = new ArrayList<>();
        List<String> names = new ArrayList<>();
        UassetdClient client = UassetdClient.spawnJar(Daemon.jar());
        try {
            for (JsonNode raw : doc.get("steps")) {
                names.add(raw.get("name").asText());
                JsonNode step = subst(raw, env);
                client = runStep(client, step, tmp);
                ran.add(step.get("name").asText());
            }
        } finally {
            client.close();
        }
        assertThat(ran).isEqualTo(names);
    }

    private static UassetdClient runStep(UassetdClient client, JsonNode step, Path tmp) throws Exception {
        JsonNode expect = step.path("expect");
        String action = step.path("action").asText();
        Duration minute = Duration.ofSeconds(60);
        switch (step.get("kind").asText()) {
            case "call" -> outcome(expect, client.call(request(action, step.get("fields")), null, minute));
            case "raw_line" -> {
                Reply r = client.sendRawLine(step.get("line").asText()).get(30, TimeUnit.SECONDS);
                assertThat(r.id()).isNull();
                checkError(expect, UassetdException.fromReply(Json.mapper().valueToTree(r)));
            }
            case "concurrent" -> {
                List<CompletableFuture<Reply>> futures = new ArrayList<>();
                List<Long> order = new CopyOnWriteArrayList<>();
                for (JsonNode r : step.get("requests")) {
                    CompletableFuture<Reply> f = client.call(request(r.get("action").asText(), r.get("fields")));
                    f.thenAccept(reply -> order.add(reply.id().asLong()));
                    futures.add(f);
                }
                int i = 0;
                for (JsonNode r : step.get("requests")) {
                    checkReply(r.get("expect"), futures.get(i++).get(60, TimeUnit.SECONDS));
                }
                assertThat(order).as("replies came back in request order").isNotEqualTo(order.stream().sorted().toList());
            }
            case "progress" -> {
                List<ProgressEvent> events = new CopyOnWriteArrayList<>();
                ObjectNode rest = ((ObjectNode) expect).deepCopy();
                rest.remove("events");
                rest.remove("files");
                outcome(rest, client.call(request(action, step.get("fields")), events::add, minute));
                checkEvents(expect.get("events"), events);
                for (Iterator<Map.Entry<String, JsonNode>> it = expect.path("files").properties().iterator(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> e = it.next();
                    assertThat(Files.size(tmp.resolve(e.getKey()))).as(e.getKey()).isEqualTo(e.getValue().asLong());
                }
            }
            case "cancel" -> {
                CountDownLatch started = new CountDownLatch(1);
                long t0 = System.nanoTime();
                UassetdClient.Call running = client.start(request(action, step.get("fields")), e -> started.countDown(), null);
                assertThat(started.await(30, TimeUnit.SECONDS)).as("a progress event before cancelling").isTrue();
                assertThat(client.cancel(running.id()).get(30, TimeUnit.SECONDS)).isEqualTo(expect.at("/cancel_reply/cancelled").asBoolean());
                outcome(expect, running.reply());
                assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(expect.get("within_ms").asLong());
            }
            case "timeout" -> {
                long t0 = System.nanoTime();
                CompletableFuture<Reply> f = client.call(request(action, step.get("fields")), null, Duration.ofMillis(step.get("timeout_ms").asLong()));
                Throwable e = failure(f, expect.get("within_ms").asLong());
                assertThat(e).isInstanceOf(UassetdException.TimeoutException.class);
                assertThat(((UassetdException) e).code()).isEqualTo("TIMEOUT");
                assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(expect.get("within_ms").asLong());
            }
            case "kill" -> {
                List<CompletableFuture<Reply>> waiting = new ArrayList<>();
                for (JsonNode r : step.get("requests")) {
                    waiting.add(client.call(request(r.get("action").asText(), r.get("fields"))));
                }
                Thread.sleep(200);
                long t0 = System.nanoTime();
                client.kill();
                for (CompletableFuture<Reply> f : waiting) {
                    Throwable e = failure(f, expect.get("within_ms").asLong());
                    assertThat(e).isInstanceOf(DaemonExitedException.class);
                    assertThat(e.getMessage()).contains("exit status");
                }
                assertThat((System.nanoTime() - t0) / 1_000_000).isLessThan(expect.get("within_ms").asLong());
                assertThat(failure(client.call(new Actions.Ping()), 5000)).isInstanceOf(DaemonExitedException.class);
                client = client.restart();
                JsonNode after = expect.get("after_restart");
                outcome(after.get("expect"), client.call(request(after.get("action").asText(), after.get("fields")), null, minute));
            }
            default -> fail("unknown step kind " + step.get("kind"));
        }
        return client;
    }

    private static ActionRequest request(String action, JsonNode fields) {
        ActionRequest r = new ActionRequest(action);
        fields.properties().forEach(e -> r.put(e.getKey(), Json.mapper().convertValue(e.getValue(), Object.class)));
        return r;
    }

    private static Throwable failure(CompletableFuture<Reply> f, long withinMs) throws Exception {
        try {
            Reply r = f.get(withinMs, TimeUnit.MILLISECONDS);
            fail("expected a failure, got " + r);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        }
    }

    private static void outcome(JsonNode expect, CompletableFuture<Reply> f) throws Exception {
        Reply r;
        try {
            r = f.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            assertThat(e.getCause()).isInstanceOf(UassetdException.class);
            assertThat(e.getCause()).isNotInstanceOf(UassetdException.TimeoutException.class);
            checkError(expect, (UassetdException) e.getCause());
            return;
        }
        checkReply(expect, r);
    }

    private static void checkReply(JsonNode expect, Reply r) {
        assertThat(expect.path("success").asBoolean(true)).as("expected a failure, got %s", r).isTrue();
        assertThat(r.success()).isTrue();
        if (expect.has("data")) {
            match(expect.get("data"), r.dataTree(), "data");
        }
        if (expect.has("data_keys")) {
            List<String> keys = new ArrayList<>();
            r.dataTree().fieldNames().forEachRemaining(keys::add);
            List<String> want = new ArrayList<>();
            expect.get("data_keys").forEach(k -> want.add(k.asText()));
            assertThat(keys).isEqualTo(want);
        }
        if (expect.has("warnings")) {
            assertThat(r.warnings()).hasSize(expect.get("warnings").size());
            for (int i = 0; i < r.warnings().size(); i++) {
                assertThat(r.warnings().get(i)).contains(expect.get("warnings").get(i).asText());
            }
        }
    }

    private static void checkError(JsonNode expect, UassetdException e) {
        assertThat(expect.path("success").asBoolean(true)).as("unexpected failure %s: %s", e.code(), e.getMessage()).isFalse();
        JsonNode x = expect.get("error");
        assertThat(e.code()).as(e.getMessage()).isEqualTo(x.get("code").asText());
        if (x.has("file")) {
            assertThat(e.file()).isEqualTo(x.get("file").asText());
        }
        if (x.has("offset")) {
            assertThat(e.offset()).isEqualTo(x.get("offset").asLong());
        }
        if (x.has("structure")) {
            assertThat(e.structure()).isEqualTo(x.get("structure").asText());
        }
        if (expect.has("message_contains")) {
            assertThat(e.getMessage()).contains(expect.get("message_contains").asText());
        }
        assertThat(e instanceof UassetdException.CancelledException).isEqualTo("CANCELLED".equals(e.code()));
    }

    private static void checkEvents(JsonNode expect, List<ProgressEvent> events) {
        assertThat(events).as("progress events").isNotEmpty();
        List<Long> within = new ArrayList<>();
        expect.get("done_within").forEach(v -> within.add(v.asLong()));
        List<Long> dones = events.stream().map(ProgressEvent::done).toList();
        assertThat(events).allSatisfy(e -> assertThat(e.total()).isEqualTo(expect.get("total").asLong()));
        assertThat(within).containsAll(dones);
        assertThat(dones).isSorted().doesNotHaveDuplicates();
        assertThat(dones.get(0)).isEqualTo(expect.get("first_done").asLong());
        assertThat(dones.get(dones.size() - 1)).isEqualTo(expect.get("last_done").asLong());
    }

    /** Objects: the expected keys match; lists: same length, each element matches; else equal. */
    private static void match(JsonNode expected, JsonNode actual, String where) {
        if (expected.isObject()) {
            assertThat(actual.isObject()).as(where + " is an object").isTrue();
            expected.properties().forEach(e -> {
                assertThat(actual.has(e.getKey())).as(where + " has " + e.getKey()).isTrue();
                match(e.getValue(), actual.get(e.getKey()), where + "." + e.getKey());
            });
        } else if (expected.isArray()) {
            assertThat(actual.isArray() && actual.size() == expected.size()).as(where + ": " + actual).isTrue();
            for (int i = 0; i < expected.size(); i++) {
                match(expected.get(i), actual.get(i), where + "[" + i + "]");
            }
        } else if (expected.isNumber()) {
            assertThat(actual.isNumber() && actual.decimalValue().compareTo(expected.decimalValue()) == 0).as(where + ": " + actual).isTrue();
        } else {
            assertThat(actual).as(where).isEqualTo(expected);
        }
    }

    private static JsonNode subst(JsonNode v, Map<String, String> env) {
        if (v.isTextual()) {
            String s = v.asText();
            for (Map.Entry<String, String> e : env.entrySet()) {
                s = s.replace("${" + e.getKey() + "}", e.getValue());
            }
            return TextNode.valueOf(s);
        }
        if (v.isArray()) {
            ArrayNode a = Json.mapper().createArrayNode();
            v.forEach(x -> a.add(subst(x, env)));
            return a;
        }
        if (v.isObject()) {
            ObjectNode o = Json.mapper().createObjectNode();
            v.properties().forEach(e -> o.set(e.getKey(), subst(e.getValue(), env)));
            return o;
        }
        return v;
    }
}
