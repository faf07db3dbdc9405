package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.client.DaemonExitedException;
import io.uassetd.client.UassetdClient;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.Reply;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** Runs the packaged daemon as a real child process. */
@Timeout(120)
class DaemonProcessTest {

    /** Feeds lines to a fresh daemon, closes its input, and returns every stdout line and the exit status. */
    private static Map.Entry<List<String>, Integer> transcript(List<String> requestLines) throws Exception {
        Process p = new ProcessBuilder(Daemon.command("serve")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (OutputStream in = p.getOutputStream()) {
            for (String l : requestLines) {
                in.write(l.getBytes(StandardCharsets.UTF_8));
                in.write('\n');
            }
        }
        List<String> out = new ArrayList<>();
        try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = r.readLine()) != null) {
                out.add(line);
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return Map.entry(out, p.exitValue());
    }

    @Test
    void exactTranscriptForAFixedRequestList() throws Exception {
        var t = transcript(List.of(
                "{\"action\":\"ping\"}",
                "{\"action\":\"cityhash\",\"file_path\":\"/Game/_AssemblyStorm/TestMod/LIB_Hooks\"}",
                "{\"action\":\"cityhash\",\"file_path\":\"/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu\"}",
                "{\"action\":\"get_nothing\"}",
                "{\"action\":",
                "{\"action\":\"ping\",\"verbose\":true}",
                "{\"action\":\"sleep\",\"duration_ms\":0,\"steps\":1}",
                "{\"action\":\"cityhash\"}"));
        assertThat(t.getValue()).isZero();
        assertThat(t.getKey()).containsExactly(
                "{\"success\":true,\"message\":\"pong\",\"data\":{\"pong\":true}}",
                "{\"success\":true,\"message\":\"CityHash64 computed\",\"data\":{\"input\":\"/Game/_AssemblyStorm/TestMod/LIB_Hooks\",\"hash_hex\":\"0x4AAF10FD2F66632E\",\"hash_decimal\":5381538759339041582}}",
                "{\"success\":true,\"message\":\"CityHash64 computed\",\"data\":{\"input\":\"/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu\",\"hash_hex\":\"0x80E800043D46FA72\",\"hash_decimal\":9288674249659578994}}",
                "{\"success\":false,\"message\":\"Unknown action: get_nothing\",\"data\":null,\"error\":{\"code\":\"UNKNOWN_ACTION\"}}",
                "{\"success\":false,\"message\":\"Invalid JSON on line 5: Unexpected end-of-input within/between Object entries\",\"data\":null,\"error\":{\"code\":\"PARSE_ERROR\"}}",
                "{\"success\":true,\"message\":\"pong\",\"data\":{\"pong\":true},\"warnings\":[\"Unknown field 'verbose' ignored by action ping\"]}",
                "{\"success\":true,\"message\":\"Slept 0 ms\",\"data\":{\"duration_ms\":0,\"steps\":1}}",
                "{\"success\":false,\"message\":\"Missing field 'file_path' (the string to hash (UAssetTool passes it in file_path))\",\"data\":null,\"error\":{\"code\":\"INVALID_ARGUMENT\"}}");
    }

    @Test
    void stdoutCarriesNothingButProtocolLines() throws Exception {
        var t = transcript(List.of(
                "{\"action\":\"version\"}", "{\"action\":\"capabilities\"}", "{\"action\":\"cache_stats\"}",
                "\u0000\u0001garbage", "{\"action\":\"sleep\",\"id\":1,\"duration_ms\":30,\"progress\":true}",
                "[1,2]", "{\"action\":\"shutdown\"}"));
        assertThat(t.getValue()).isZero();
        assertThat(t.getKey()).hasSizeGreaterThanOrEqualTo(7);
        for (String line : t.getKey()) {
            JsonNode n = Json.mapper().readTree(line);
            assertThat(n.isObject()).as(line).isTrue();
            assertThat(n.has("success") || n.has("event")).as(line).isTrue();
        }
        JsonNode caps = null;
        for (String line : t.getKey()) {
            JsonNode n = Json.mapper().readTree(line);
            if (n.path("message").asText().endsWith(" actions")) {
                caps = n;
            }
        }
        assertThat(caps).isNotNull();
        List<String> names = new ArrayList<>();
        caps.get("data").get("actions").forEach(a -> names.add(a.get("name").textValue()));
        assertThat(names).contains("ping", "version", "capabilities", "cityhash", "cancel", "cache_stats", "shutdown");
    }

    @Test
    void malformedLineThenValidRequestIsStillAnswered() throws Exception {
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar())) {
            Reply bad = c.sendRawLine("{this is not json").get(30, TimeUnit.SECONDS);
            assertThat(bad.success()).isFalse();
            assertThat(bad.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR);
            byte[] notUtf8Line = {'{', '"', 'a', '"', ':', '"', (byte) 0xC3, (byte) 0x28, '"', '}'};
            Reply notUtf8 = c.sendRawLine(notUtf8Line).get(30, TimeUnit.SECONDS);
            assertThat(notUtf8.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR);
            Reply ok = c.send("ping", Map.of()).get(30, TimeUnit.SECONDS);
            assertThat(ok.success()).isTrue();
            assertThat(ok.message()).isEqualTo("pong");
        }
    }

    @Test
    void thousandConcurrentRequestsAreEachAnsweredExactlyOnce() throws Exception {
        int n = 1000;
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            String action = i % 3 == 0 ? "cityhash\",\"file_path\":\"/Game/P" + i : "ping";
            lines.add("{\"action\":\"" + action + "\",\"id\":\"r" + i + "\"}");
        }
        var t = transcript(lines);
        assertThat(t.getValue()).isZero();
        Map<String, Integer> seen = new HashMap<>();
        for (String line : t.getKey()) {
            JsonNode r = Json.mapper().readTree(line);
            assertThat(r.get("success").booleanValue()).as(line).isTrue();
            seen.merge(r.get("id").textValue(), 1, Integer::sum);
        }
        assertThat(seen).hasSize(n);
        assertThat(seen.values()).allMatch(v -> v == 1);

        // And the same through the client, all sent before any reply is read.
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar(), "--workers", "4")) {
            List<CompletableFuture<Reply>> futures = new ArrayList<>();
            for (int i = 0; i < n; i++) {
                futures.add(c.send("cityhash", Map.of("file_path", "/Game/P" + i)));
            }
            CompletableFuture.allOf(futures.toArray(new CompletableFuture<?>[0])).get(60, TimeUnit.SECONDS);
            for (int i = 0; i < n; i++) {
                assertThat(futures.get(i).get().dataTree().get("input").textValue()).isEqualTo("/Game/P" + i);
            }
            assertThat(c.pending()).isZero();
        }
    }

    @Test
    void cancelStopsALongRequestAndProgressArrivesFirst() throws Exception {
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar())) {
            CountDownLatch started = new CountDownLatch(1);
            List<ProgressEvent> events = new CopyOnWriteArrayList<>();
            ObjectNode req = Json.mapper().createObjectNode().put("action", "sleep").put("id", "long").put("duration_ms", 120_000).put("steps", 1000);
            CompletableFuture<Reply> f = c.send(req, e -> {
                events.add(e);
                started.countDown();
            });
            assertThat(started.await(30, TimeUnit.SECONDS)).isTrue();
            long t0 = System.nanoTime();
            Reply ack = c.send("cancel", Map.of("target_id", "long")).get(30, TimeUnit.SECONDS);
            assertThat(ack.dataTree().get("cancelled").booleanValue()).isTrue();
            Reply r = f.get(30, TimeUnit.SECONDS);
            assertThat(r.success()).isFalse();
            assertThat(r.errorCode()).isEqualTo(ErrorCode.CANCELLED);
            assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0)).isLessThan(10_000);
            assertThat(events.get(0).event()).isEqualTo("progress");
            assertThat(events.get(0).id().textValue()).isEqualTo("long");
            assertThat(events.get(0).total()).isEqualTo(1000);
            // The daemon serves on after a cancel.
            assertThat(c.send("ping", Map.of()).get(30, TimeUnit.SECONDS).success()).isTrue();
        }
    }

    @Test
    void endOfInputFinishesInFlightWorkAndExitsZero() throws Exception {
        UassetdClient c = UassetdClient.spawnJar(Daemon.jar());
        CompletableFuture<Reply> slow = c.send("sleep", Map.of("duration_ms", 300));
        assertThat(c.close(60, TimeUnit.SECONDS)).isZero();
        assertThat(slow.get(1, TimeUnit.SECONDS).success()).isTrue();
    }

    @Test
    void shutdownActionRepliesAndExitsZero() throws Exception {
        UassetdClient c = UassetdClient.spawnJar(Daemon.jar());
        Reply r = c.send("shutdown", Map.of()).get(30, TimeUnit.SECONDS);
        assertThat(r.success()).isTrue();
        assertThat(c.process().waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(c.process().exitValue()).isZero();
        assertThatThrownBy(() -> c.send("ping", Map.of()).get(30, TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(DaemonExitedException.class);
        c.close();
    }

    @Test
    void crashedDaemonFailsWaitingFutures() throws Exception {
        try (UassetdClient c = UassetdClient.spawnJar(Daemon.jar())) {
            assertThat(c.send("ping", Map.of()).get(30, TimeUnit.SECONDS).success()).isTrue();
            CompletableFuture<Reply> waiting = c.send("sleep", Map.of("duration_ms", 60_000));
            c.process().destroyForcibly();
            assertThatThrownBy(() -> waiting.get(30, TimeUnit.SECONDS))
                    .isInstanceOf(ExecutionException.class)
                    .hasCauseInstanceOf(DaemonExitedException.class);
        }
    }

    @Test
    void cliCommandsUseTheSameHandlers() throws Exception {
        Daemon.Result r = Daemon.run("cityhash", "/Game/_AssemblyStorm/TestMod/LIB_Hooks");
        assertThat(r.status()).isZero();
        assertThat(r.stdout()).contains("0x4AAF10FD2F66632E");
        Daemon.Result j = Daemon.run("cityhash", "/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu", "--json");
        assertThat(j.status()).isZero();
        assertThat(Json.mapper().readTree(j.stdout()).get("data").get("hash_hex").textValue()).isEqualTo("0x80E800043D46FA72");
        Daemon.Result bad = Daemon.run("no_such_command");
        assertThat(bad.status()).isEqualTo(2);
        assertThat(bad.stdout()).isEmpty();
        Daemon.Result v = Daemon.run("version");
        assertThat(v.status()).isZero();
        assertThat(v.stdout()).contains("compression methods:").contains("Zstd");
    }
}
