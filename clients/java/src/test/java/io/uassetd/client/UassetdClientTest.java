package io.uassetd.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The client against a scripted fake daemon over pipes (no process). */
class UassetdClientTest {
    private final PipedOutputStream daemonOut = new PipedOutputStream();
    private final PipedInputStream clientIn = new PipedInputStream(1 << 16);
    private final PipedInputStream daemonIn = new PipedInputStream(1 << 16);
    private final PipedOutputStream clientOut = new PipedOutputStream();
    private final UassetdClient client;
    private final BufferedReader requests;

    UassetdClientTest() throws Exception {
        clientIn.connect(daemonOut);
        daemonIn.connect(clientOut);
        client = UassetdClient.attach(clientIn, clientOut);
        requests = new BufferedReader(new InputStreamReader(daemonIn, StandardCharsets.UTF_8));
    }

    private JsonNode nextRequest() throws Exception {
        return Json.mapper().readTree(requests.readLine());
    }

    private void reply(String line) throws Exception {
        daemonOut.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        daemonOut.flush();
    }

    @Test
    void matchesOutOfOrderRepliesAndRaisesTypedErrors() throws Exception {
        CompletableFuture<Reply> a = client.call(new Actions.ListPak("x.pak").aesKey("00"));
        CompletableFuture<Reply> b = client.call(new Actions.Ping());
        JsonNode ra = nextRequest();
        JsonNode rb = nextRequest();
        assertThat(ra.get("action").asText()).isEqualTo("list_pak");
        assertThat(ra.get("file_path").asText()).isEqualTo("x.pak");
        assertThat(ra.get("aes_key").asText()).isEqualTo("00");
        reply("{\"id\":" + rb.get("id") + ",\"success\":true,\"message\":\"pong\",\"data\":{\"pong\":true}}");
        reply("{\"id\":" + ra.get("id") + ",\"success\":false,\"message\":\"bad\",\"data\":null,"
                + "\"error\":{\"code\":\"CORRUPT_DATA\",\"file\":\"x.pak\",\"offset\":16,\"structure\":\"PakIndex\"},\"warnings\":[\"w\"]}");
        assertThat(b.get(5, TimeUnit.SECONDS).dataTree().get("pong").asBoolean()).isTrue();
        assertThatThrownBy(() -> a.get(5, TimeUnit.SECONDS)).hasCauseInstanceOf(UassetdException.class)
                .cause().satisfies(c -> {
                    UassetdException e = (UassetdException) c;
                    assertThat(List.of(e.code(), e.file(), e.offset(), e.structure(), e.warnings()))
                            .containsExactly("CORRUPT_DATA", "x.pak", 16L, "PakIndex", List.of("w"));
                });
    }

    @Test
    void anErrorCodeNewerThanTheClientStillSettlesTheRequest() throws Exception {
        CompletableFuture<Reply> a = client.call(new Actions.Ping());
        JsonNode r = nextRequest();
        reply("{\"id\":" + r.get("id") + ",\"success\":false,\"message\":\"new\",\"data\":null,\"error\":{\"code\":\"SOME_FUTURE_CODE\"}}");
        assertThatThrownBy(() -> a.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(UassetdException.class)
                .extracting(c -> ((UassetdException) c).code()).isEqualTo("SOME_FUTURE_CODE");
    }

    @Test
    void progressCancelAndTimeout() throws Exception {
        List<Long> done = new java.util.concurrent.CopyOnWriteArrayList<>();
        CompletableFuture<Reply> run = client.call(new Actions.Sleep().durationMs(60000), e -> done.add(e.done()), null);
        JsonNode r = nextRequest();
        assertThat(r.get("progress").asBoolean()).isTrue();
        reply("{\"id\":" + r.get("id") + ",\"event\":\"progress\",\"done\":0,\"total\":2}");
        reply("{\"id\":" + r.get("id") + ",\"event\":\"progress\",\"done\":1,\"total\":2}");
        CompletableFuture<Boolean> cancelled = client.cancel(r.get("id"));
        JsonNode c = nextRequest();
        assertThat(c.get("action").asText()).isEqualTo("cancel");
        assertThat(c.get("target_id")).isEqualTo(r.get("id"));
        reply("{\"id\":" + c.get("id") + ",\"success\":true,\"message\":\"ok\",\"data\":{\"target_id\":" + r.get("id") + ",\"cancelled\":true}}");
        reply("{\"id\":" + r.get("id") + ",\"success\":false,\"message\":\"Request cancelled\",\"data\":null,\"error\":{\"code\":\"CANCELLED\"}}");
        assertThat(cancelled.get(5, TimeUnit.SECONDS)).isTrue();
        assertThatThrownBy(() -> run.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(UassetdException.CancelledException.class);
        assertThat(done).containsExactly(0L, 1L);

        CompletableFuture<Reply> slow = client.call(new Actions.Sleep(), null, Duration.ofMillis(100));
        JsonNode s = nextRequest();
        JsonNode cancel = nextRequest();
        assertThat(cancel.get("action").asText()).isEqualTo("cancel");
        assertThat(cancel.get("target_id")).isEqualTo(s.get("id"));
        assertThatThrownBy(() -> slow.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(UassetdException.TimeoutException.class);
    }

    @Test
    void endOfOutputFailsEveryWaitingRequest() throws Exception {
        CompletableFuture<Reply> a = client.call(new Actions.Sleep());
        CompletableFuture<Reply> b = client.sendRawLine("{not json");
        nextRequest();
        daemonOut.close();
        assertThatThrownBy(() -> a.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(DaemonExitedException.class);
        assertThatThrownBy(() -> b.get(5, TimeUnit.SECONDS)).cause().isInstanceOf(DaemonExitedException.class);
        assertThatThrownBy(() -> client.call(new Actions.Ping()).get(5, TimeUnit.SECONDS)).cause().isInstanceOf(DaemonExitedException.class);
        assertThat(client.isAlive()).isFalse();
    }

    @Test
    void findDaemonFromPathJarHomeAndPath(@TempDir Path tmp) throws Exception {
        assertThat(UassetdClient.findDaemon(Path.of("/x/bin/uassetd"), Map.of())).containsExactly("/x/bin/uassetd");
        assertThat(UassetdClient.findDaemon(Path.of("/x/uassetd.jar"), Map.of())).endsWith("-jar", "/x/uassetd.jar");
        Path home = tmp.resolve("home");
        Files.createDirectories(home.resolve("lib"));
        Files.createDirectories(home.resolve("runtime/bin"));
        Files.writeString(home.resolve("lib/uassetd.jar"), "");
        Files.writeString(home.resolve("runtime/bin/java"), "");
        assertThat(UassetdClient.findDaemon(null, Map.of("UASSETD_HOME", home.toString())))
                .containsExactly(home.resolve("runtime/bin/java").toString(), "-jar", home.resolve("lib/uassetd.jar").toString());
        Files.createDirectories(home.resolve("bin"));
        Files.writeString(home.resolve("bin/uassetd"), "");
        assertThat(UassetdClient.findDaemon(home, Map.of())).containsExactly(home.resolve("bin/uassetd").toString());
        assertThat(UassetdClient.findDaemon(null, Map.of("PATH", home.resolve("bin").toString())))
                .containsExactly(home.resolve("bin/uassetd").toString());
        assertThatThrownBy(() -> UassetdClient.findDaemon(null, Map.of("UASSETD_HOME", tmp.resolve("none").toString())))
                .isInstanceOf(java.io.IOException.class);
        assertThatThrownBy(() -> UassetdClient.findDaemon(null, Map.of())).isInstanceOf(java.io.IOException.class);
    }

    @Test
    void typedRequestsCarryOnlyTheFieldsSet() {
        Actions.CreatePak p = new Actions.CreatePak("out.pak").filePaths(List.of("a", "b")).pakVersion("V8B").compress(true);
        assertThat(p.action()).isEqualTo("create_pak");
        assertThat(p.fields()).containsExactly(Map.entry("output_path", "out.pak"), Map.entry("file_paths", List.of("a", "b")),
                Map.entry("pak_version", "V8B"), Map.entry("compress", true));
        assertThat(Actions.WRAPPED_FIELDS.get("create_pak").keySet()).containsAll(p.fields().keySet());
        assertThat(Actions.WRAPPED_FIELDS.get("extract_iostore")).containsEntry("package", "string");
    }

}
