package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.FuzzOutcomes;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Request lines mutated from valid requests (bit flips, truncations, inserted and deleted bytes,
 * values of the wrong type, deep nesting, huge numbers, long lines) written to the packaged daemon's
 * stdin in one stream: every line gets exactly one reply line, no reply is INTERNAL, every stdout
 * line is a JSON reply, and the daemon still answers and exits cleanly at the end of its input.
 * {@value #TRIES} lines, times {@code -Duassetd.fuzz.scale=N}.
 */
class RequestLineFuzzTest {
    static final int TRIES = 600;

    private static List<String> seeds() {
        String pak = Fixtures.path("repak/packs/pack_v11.pak").toString().replace("\\", "\\\\");
        String asset = Fixtures.path("uassetapi/TestJson/ABP_SMG_A.uasset").toString().replace("\\", "\\\\");
        return List.of(
                "{\"id\":\"p1\",\"action\":\"ping\"}",
                "{\"id\":\"c1\",\"action\":\"cityhash\",\"file_path\":\"/Game/UI/Menu_EscapeMenu/MENU_EscapeMenu\"}",
                "{\"id\":\"l1\",\"action\":\"list_pak\",\"file_path\":\"" + pak + "\"}",
                "{\"id\":\"e1\",\"action\":\"get_exports\",\"file_path\":\"" + asset + "\",\"engine_version\":\"UE4_25\"}",
                "{\"id\":\"n1\",\"action\":\"get_name_map\",\"file_path\":\"" + asset + "\",\"engine_version\":\"UE4_25\"}",
                "{\"id\":\"v1\",\"action\":\"version\"}");
    }

    private static final String[] VALUES = {"0", "-1", "1e400", "99999999999999999999999", "true", "null", "[]", "{}", "\"\"",
        "\"\\u0000\"", "\"\\ud800\"", "[[[[[[[[[[]]]]]]]]]]", "{\"a\":{\"b\":[1,2,{\"c\":null}]}}"};

    private static String mutate(String line, Random r) {
        byte[] b = line.getBytes(StandardCharsets.UTF_8);
        byte[] d;
        switch (r.nextInt(7)) {
            case 0 -> d = Arrays.copyOf(b, r.nextInt(b.length));
            case 1 -> {
                d = b.clone();
                for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
                    d[r.nextInt(d.length)] ^= (byte) (1 << r.nextInt(8));
                }
            }
            case 2 -> {
                int at = r.nextInt(b.length);
                byte[] ins = new byte[1 + r.nextInt(6)];
                r.nextBytes(ins);
                d = new byte[b.length + ins.length];
                System.arraycopy(b, 0, d, 0, at);
                System.arraycopy(ins, 0, d, at, ins.length);
                System.arraycopy(b, at, d, at + ins.length, b.length - at);
            }
            case 3 -> {
                int at = r.nextInt(b.length);
                int n = Math.min(b.length - at, 1 + r.nextInt(8));
                d = new byte[b.length - n];
                System.arraycopy(b, 0, d, 0, at);
                System.arraycopy(b, at + n, d, at, b.length - at - n);
            }
            case 4 -> {
                // a field's value replaced by one of the wrong type
                String s = line.replaceFirst(":(\"[^\"]*\"|[0-9]+)", ":" + VALUES[r.nextInt(VALUES.length)]);
                d = s.getBytes(StandardCharsets.UTF_8);
            }
            case 5 -> {
                // deep nesting or a long value
                String s = r.nextBoolean() ? line.replace("}", ",\"x\":" + "[".repeat(20_000) + "]".repeat(20_000) + "}")
                        : line.replace("}", ",\"x\":\"" + "y".repeat(200_000) + "\"}");
                d = s.getBytes(StandardCharsets.UTF_8);
            }
            default -> {
                // a field added with a wrong-typed value, or a duplicated key
                String s = r.nextBoolean() ? line.replace("}", ",\"output_path\":" + VALUES[r.nextInt(VALUES.length)] + "}")
                        : line.replace("{", "{\"action\":\"ping\",");
                d = s.getBytes(StandardCharsets.UTF_8);
            }
        }
        // one line each: a newline inside would make two requests
        for (int i = 0; i < d.length; i++) {
            if (d[i] == '\n' || d[i] == '\r') {
                d[i] = ' ';
            }
        }
        return new String(d, StandardCharsets.ISO_8859_1);
    }

    @Test
    void everyMutatedLineGetsOneReplyAndNoneIsInternal() throws Exception {
        int tries = TRIES * FuzzOutcomes.scale();
        Random r = new Random(20261128);
        List<String> seeds = seeds();
        List<byte[]> lines = new ArrayList<>();
        while (lines.size() < tries) {
            String m = mutate(seeds.get(r.nextInt(seeds.size())), r);
            byte[] b = m.getBytes(StandardCharsets.ISO_8859_1);
            if (!m.isBlank()) {
                lines.add(b);
            }
        }
        Process p = new ProcessBuilder(Daemon.command("serve")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Thread writer = new Thread(() -> {
            try (OutputStream out = p.getOutputStream()) {
                for (byte[] b : lines) {
                    out.write(b);
                    out.write('\n');
                }
                out.write("{\"id\":\"last\",\"action\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8));
            } catch (Exception e) {
                // the reader below reports what went missing
            }
        });
        writer.start();
        int replies = 0;
        int ok = 0;
        int refused = 0;
        List<String> internal = new ArrayList<>();
        List<String> stray = new ArrayList<>();
        boolean last = false;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        try (BufferedReader in = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = in.readLine()) != null) {
                assertThat(System.nanoTime()).as("replies within the time limit (no hang)").isLessThan(deadline);
                JsonNode n;
                try {
                    n = Json.mapper().readTree(line);
                } catch (Exception e) {
                    stray.add(line.length() > 200 ? line.substring(0, 200) : line);
                    continue;
                }
                if (n == null || !n.has("success")) {
                    stray.add(line.length() > 200 ? line.substring(0, 200) : line);
                    continue;
                }
                if ("last".equals(n.path("id").asText(null)) && n.path("success").asBoolean()) {
                    last = true;
                    continue;
                }
                replies++;
                if (n.path("success").asBoolean()) {
                    ok++;
                } else {
                    refused++;
                    if ("INTERNAL".equals(n.path("error").path("code").asText())) {
                        internal.add(line.length() > 300 ? line.substring(0, 300) : line);
                    }
                }
            }
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the daemon exits at the end of its input").isTrue();
        FuzzOutcomes.record("request lines", lines.size(), ok, refused, internal.size() + stray.size() + Math.abs(lines.size() - replies));
        assertThat(stray).as("stdout lines that are not replies").isEmpty();
        assertThat(internal).as("INTERNAL replies").isEmpty();
        assertThat(replies).as("one reply per request line").isEqualTo(lines.size());
        assertThat(last).as("the daemon still answers after them").isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(refused).as("the mutations matter").isPositive();
        assertThat(ok).as("and some requests still succeed").isPositive();
    }
}
