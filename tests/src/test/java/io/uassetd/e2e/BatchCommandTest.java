package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code uassetd batch}: request lines in, reply lines out in request order, --jobs, --fail-fast. */
class BatchCommandTest {
    private record Run(int status, List<JsonNode> replies, String stderr) {
    }

    private static Run batch(Path input, boolean viaStdin, String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("batch"));
        if (!viaStdin) {
            args.add(input.toString());
        }
        args.addAll(List.of(options));
        ProcessBuilder pb = new ProcessBuilder(Daemon.command(args.toArray(String[]::new)));
        pb.redirectInput(viaStdin ? input.toFile() : new File("/dev/null"));
        Process p = pb.start();
        byte[] out = p.getInputStream().readAllBytes();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(120, TimeUnit.SECONDS)).as("batch finished").isTrue();
        List<JsonNode> replies = new ArrayList<>();
        for (String line : new String(out, StandardCharsets.UTF_8).split("\n")) {
            if (!line.isEmpty()) {
                replies.add(Json.mapper().readTree(line));
            }
        }
        return new Run(p.exitValue(), replies, err);
    }

    @Test
    void extractsEveryUnencryptedPakInRequestOrder(@TempDir Path tmp) throws Exception {
        Path packs = Fixtures.path("repak/packs");
        List<Path> paks;
        try (Stream<Path> s = Files.list(packs)) {
            paks = s.filter(p -> p.getFileName().toString().endsWith(".pak") && !p.getFileName().toString().contains("encrypt")).sorted().toList();
        }
        assertThat(paks).hasSize(12);
        StringBuilder lines = new StringBuilder();
        List<Integer> sleeps = new ArrayList<>();
        for (int i = 0; i < paks.size(); i++) {
            String name = paks.get(i).getFileName().toString().replace(".pak", "");
            lines.append(Json.mapper().writeValueAsString(Map.of("action", "extract_pak_all", "file_path", paks.get(i).toString(),
                    "output_path", tmp.resolve("out").resolve(name).toString()))).append('\n');
            // Sleeps that finish in reverse order between the extractions; their replies must still come in order.
            int ms = 40 * (paks.size() - i);
            sleeps.add(ms);
            lines.append("{\"action\":\"sleep\",\"duration_ms\":").append(ms).append(",\"steps\":1}\n\n");
        }
        Path input = tmp.resolve("requests.jsonl");
        Files.writeString(input, lines);
        for (boolean viaStdin : new boolean[] {false, true}) {
            Run run = batch(input, viaStdin, "--jobs", "4");
            assertThat(run.status()).as(run.stderr()).isZero();
            assertThat(run.replies()).hasSize(2 * paks.size());
            for (int i = 0; i < paks.size(); i++) {
                JsonNode extract = run.replies().get(2 * i);
                JsonNode sleep = run.replies().get(2 * i + 1);
                String name = paks.get(i).getFileName().toString().replace(".pak", "");
                assertThat(extract.get("success").asBoolean()).as(extract.toString()).isTrue();
                assertThat(extract.at("/data/output_dir").asText()).isEqualTo(tmp.resolve("out").resolve(name).toString());
                assertThat(extract.at("/data/extracted_count").asInt()).isEqualTo(4);
                assertThat(sleep.at("/data/duration_ms").asInt()).isEqualTo(sleeps.get(i));
                Map<String, Long> sizes = new TreeMap<>();
                Path out = tmp.resolve("out").resolve(name);
                for (String f : List.of("test.txt", "test.png", "zeros.bin", "directory/nested.txt")) {
                    sizes.put(f, Files.size(out.resolve(f)));
                }
                assertThat(sizes).containsExactlyEntriesOf(new TreeMap<>(Map.of("directory/nested.txt", 596L, "test.png", 10257L,
                        "test.txt", 446L, "zeros.bin", 2048L)));
            }
        }
    }

    @Test
    void badLinesGetTheirReplyInPlaceAndTheExitStatusSaysSo(@TempDir Path tmp) throws Exception {
        Path input = tmp.resolve("r.jsonl");
        Files.writeString(input, """
                {"id":"a","action":"cityhash","file_path":"/Game/_AssemblyStorm/TestMod/LIB_Hooks"}
                {not json
                [1,2]
                {"action":"list_pak","file_path":"%s"}
                {"action":"ping"}
                """.formatted(tmp.resolve("missing.pak")));
        Run run = batch(input, false);
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.replies()).extracting(r -> r.path("error").path("code").asText("OK"))
                .containsExactly("OK", "PARSE_ERROR", "PARSE_ERROR", "NOT_FOUND", "OK");
        assertThat(run.replies().get(0).get("id").asText()).isEqualTo("a");
        assertThat(run.replies().get(0).at("/data/hash_hex").asText()).isEqualTo("0x4AAF10FD2F66632E");
        assertThat(run.replies().get(1).get("message").asText()).startsWith("Invalid JSON on line 2");
    }

    @Test
    void failFastStopsAtTheFirstFailureAndCancelsLaterWork(@TempDir Path tmp) throws Exception {
        Path input = tmp.resolve("r.jsonl");
        Files.writeString(input, """
                {"action":"sleep","duration_ms":300,"steps":1}
                {"action":"no_such_action"}
                {"action":"sleep","duration_ms":600000}
                {"action":"ping"}
                """);
        Run run = batch(input, true, "--fail-fast", "--jobs", "4");
        assertThat(run.status()).isEqualTo(1);
        assertThat(run.replies()).hasSize(2);
        assertThat(run.replies().get(0).at("/data/duration_ms").asInt()).isEqualTo(300);
        assertThat(run.replies().get(1).at("/error/code").asText()).isEqualTo("UNKNOWN_ACTION");
    }

    @Test
    void badCommandLinesExitWithStatus2(@TempDir Path tmp) throws Exception {
        assertThat(batch(tmp.resolve("none.jsonl"), false).status()).isEqualTo(2);
        Path empty = Files.writeString(tmp.resolve("e.jsonl"), "");
        Run r = batch(empty, false, "--jobs", "0");
        assertThat(r.status()).isEqualTo(2);
        assertThat(r.stderr()).contains("--jobs");
        assertThat(batch(empty, false, "--bogus").status()).isEqualTo(2);
        Run ok = batch(empty, false);
        assertThat(ok.status()).isZero();
        assertThat(ok.replies()).isEmpty();
    }
}
