package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.Mutator;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutated paks, containers, packages, mappings, .locres and UAssetAPI JSON (seeded mutations of
 * fixture files) sent through the packaged daemon's actions, all at once with ids: every request
 * gets a reply within the time limit (no hang), no reply is INTERNAL, every stdout line is a
 * protocol reply (no stray output), and the daemon still answers and exits cleanly afterwards.
 */
class DaemonFuzzTest {
    @TempDir
    Path tmp;

    /** One request and what it was made from. */
    record Case(String id, String what, ObjectNode request) {
    }

    private final List<Case> cases = new ArrayList<>();

    private void add(String what, String action, Map<String, Object> fields) {
        ObjectNode req = Json.mapper().createObjectNode();
        String id = "f" + cases.size();
        req.put("id", id);
        req.put("action", action);
        fields.forEach((k, v) -> req.set(k, Json.mapper().valueToTree(v)));
        cases.add(new Case(id, what + " -> " + action, req));
    }

    private static Map<String, Object> f(Object... kv) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    @Test
    void mutatedInputsNeverHangNorFailAsInternal() throws Exception {
        Path in = Files.createDirectories(tmp.resolve("in"));
        Path out = Files.createDirectories(tmp.resolve("out"));

        // paks: the index and footer at the end
        byte[] pak = Files.readAllBytes(Fixtures.path("repak/packs/pack_v11_compress.pak"));
        Mutator pm = new Mutator(11, Mutator.range(pak.length - 512, pak.length, 4));
        for (int i = 0; i < 25; i++) {
            Mutator.Mutation m = pm.next(pak);
            Path p = in.resolve("p" + i + ".pak");
            Files.write(p, m.data());
            String what = "pak " + m.description();
            add(what, "list_pak", f("file_path", p.toString()));
            add(what, "extract_pak_all", f("file_path", p.toString(), "output_path", out.resolve("p" + i).toString()));
            add(what, "verify_pak", f("file_path", p.toString()));
        }

        // containers: the TOC (header and tables) or the .ucas data
        String ct = "cue4parse/UE5_8/IoStore/Unversioned/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows";
        byte[] utoc = Files.readAllBytes(Fixtures.path(ct + ".utoc"));
        byte[] ucas = Files.readAllBytes(Fixtures.path(ct + ".ucas"));
        Mutator tm = new Mutator(12, Mutator.range(0, Math.min(utoc.length, 2048), 4));
        Mutator cm = new Mutator(13, null);
        for (int i = 0; i < 24; i++) {
            boolean toc = i % 2 == 0;
            Mutator.Mutation m = toc ? tm.next(utoc) : cm.next(ucas);
            Path t = in.resolve("c" + i + ".utoc");
            Files.write(t, toc ? m.data() : utoc);
            Files.write(in.resolve("c" + i + ".ucas"), toc ? ucas : m.data());
            String what = (toc ? "utoc " : "ucas ") + m.description();
            add(what, "list_iostore", f("file_path", t.toString()));
            add(what, "inspect_iostore", f("file_path", t.toString()));
            add(what, "extract_iostore", f("file_path", t.toString(), "output_path", out.resolve("c" + i).toString()));
        }

        // legacy packages: summary, import and export maps (name references), and the .uexp
        String rel = "uassetapi/TestJson/Items";
        byte[] header = Files.readAllBytes(Fixtures.path(rel + ".uasset"));
        byte[] uexp = Files.readAllBytes(Fixtures.path(rel + ".uexp"));
        // hot spots: the import and export maps, whose name references are what the original fuzz run broke
        var summary = io.uassetd.codecs.asset.AssetPackage.read(header, uexp, "Items.uasset",
                io.uassetd.codecs.asset.version.EngineVersion.UE4_23).summary();
        Mutator hm = new Mutator(14, Mutator.concat(
                Mutator.range(summary.importOffset(), summary.importOffset() + summary.importCount() * 28, 4),
                Mutator.range(summary.exportOffset(), Math.min(header.length, summary.exportOffset() + summary.exportCount() * 104), 4)));
        Mutator um = new Mutator(15, Mutator.range(0, Math.min(uexp.length, 512), 4));
        for (int i = 0; i < 30; i++) {
            boolean inHeader = i % 3 != 2;
            Mutator.Mutation m = inHeader ? hm.next(header) : um.next(uexp);
            Path a = in.resolve("a" + i + ".uasset");
            Files.write(a, inHeader ? m.data() : header);
            Files.write(in.resolve("a" + i + ".uexp"), inHeader ? uexp : m.data());
            String what = (inHeader ? "uasset " : "uexp ") + m.description();
            Map<String, Object> base = f("file_path", a.toString());
            add(what, "dump", base);
            add(what, "get_imports", base);
            add(what, "get_exports", base);
            add(what, "detect_type", base);
            Map<String, Object> props = new LinkedHashMap<>(base);
            props.put("export_index", 0);
            add(what, "get_export_properties", props);
            Map<String, Object> json = new LinkedHashMap<>(base);
            json.put("output_path", out.resolve("j" + i).toString());
            add(what, "to_json", json);
        }

        // mappings
        byte[] usmap = Files.readAllBytes(Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Zstandard.usmap"));
        Mutator mm = new Mutator(16, Mutator.range(0, 64, 1));
        for (int i = 0; i < 12; i++) {
            Mutator.Mutation m = mm.next(usmap);
            Path u = in.resolve("m" + i + ".usmap");
            Files.write(u, m.data());
            add("usmap " + m.description(), "inspect_usmap", f("usmap_path", u.toString()));
        }

        // .locres (the German fixture from the uncompressed pak)
        Path de = tmp.resolve("de.locres");
        Daemon.Result ex = Daemon.run("extract_pak_file", Fixtures.path("cue4parse/UE5_8/Pak/Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed.pak").toString(),
                "Content/Localization/CUE4ParseFixtures/de/CUE4ParseFixtures.locres", de.toString());
        assertThat(ex.status()).as(ex.stderr()).isZero();
        byte[] locres = Files.readAllBytes(de);
        Mutator lm = new Mutator(17, Mutator.range(0, 200, 1));
        for (int i = 0; i < 30; i++) {
            Mutator.Mutation m = lm.next(locres);
            Path l = in.resolve("l" + i + ".locres");
            Files.write(l, m.data());
            String what = "locres " + m.description();
            add(what, "parse_locres", f("file_path", l.toString()));
            add(what, "locres_to_json", f("file_path", l.toString(), "output_path", out.resolve("l" + i + ".json").toString()));
            add(what, "edit_locres", f("file_path", l.toString(), "namespace", "CUE4ParseFixtures.Tests", "key", "CityGreeting",
                    "string", "x", "output_path", out.resolve("l" + i + ".locres").toString()));
        }

        // UAssetAPI JSON of the same package
        Path items = tmp.resolve("Items.json");
        Daemon.Result tj = Daemon.run("to_json", Fixtures.path(rel + ".uasset").toString(),
                "--output-path", tmp.toString());
        assertThat(tj.status()).as(tj.stdout() + tj.stderr()).isZero();
        byte[] json = Files.readAllBytes(items);
        Mutator jm = new Mutator(18, null);
        for (int i = 0; i < 20; i++) {
            Mutator.Mutation m = jm.next(json);
            Path j = in.resolve("u" + i + ".json");
            Files.write(j, m.data());
            add("json " + m.description(), "from_json", f("file_path", j.toString(), "output_path", out.resolve("u" + i).toString()));
        }

        run();
    }

    private void run() throws Exception {
        Process p = new ProcessBuilder(Daemon.command("serve", "--workers", "2")).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        Map<String, JsonNode> replies = new ConcurrentHashMap<>();
        List<String> stray = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = r.readLine()) != null) {
                    try {
                        JsonNode n = Json.mapper().readTree(line);
                        if (n == null || !n.isObject() || !n.has("id") || !n.has("success")) {
                            stray.add(line);
                        } else if (replies.put(n.get("id").asText(), n) != null) {
                            stray.add("second reply: " + line);
                        }
                    } catch (Exception e) {
                        stray.add(line);
                    }
                }
            } catch (Exception e) {
                stray.add("reader: " + e);
            }
        });
        reader.start();
        try (OutputStream o = p.getOutputStream()) {
            for (Case c : cases) {
                o.write((Json.mapper().writeValueAsString(c.request()) + "\n").getBytes(StandardCharsets.UTF_8));
            }
            o.flush();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(240);
            while (replies.size() < cases.size() && System.nanoTime() < deadline && p.isAlive()) {
                Thread.sleep(50);
            }
            List<String> missing = new ArrayList<>();
            for (Case c : cases) {
                if (!replies.containsKey(c.id())) {
                    missing.add(c.id() + " " + c.what());
                }
            }
            assertThat(missing).as("requests without a reply (hang or crash)").isEmpty();
            o.write("{\"id\":\"last\",\"action\":\"ping\"}\n".getBytes(StandardCharsets.UTF_8));
            o.flush();
            long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (!replies.containsKey("last") && System.nanoTime() < until) {
                Thread.sleep(20);
            }
            assertThat(replies).as("the daemon still answers").containsKey("last");
        }
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("exits at end of input").isTrue();
        assertThat(p.exitValue()).isZero();
        reader.join(10_000);
        assertThat(stray).as("stdout lines that are not replies").isEmpty();
        List<String> internal = new ArrayList<>();
        int failed = 0;
        for (Case c : cases) {
            JsonNode r = replies.get(c.id());
            if (!r.get("success").booleanValue()) {
                failed++;
                String code = r.path("error").path("code").asText();
                if (code.equals("INTERNAL") || code.isEmpty()) {
                    internal.add(c.id() + " " + c.what() + ": " + r.get("message").asText());
                }
            }
        }
        io.uassetd.testkit.FuzzOutcomes.record("daemon actions on mutated files (all kinds, e2e)", cases.size(), cases.size() - failed,
                failed - internal.size(), internal.size());
        assertThat(internal).as("INTERNAL outcomes").isEmpty();
        // corrupt name references were among the inputs, and each is reported where it is stored
        List<JsonNode> names = new ArrayList<>();
        for (Case c : cases) {
            JsonNode r = replies.get(c.id());
            if (r.path("message").asText().contains("outside the name map")) {
                names.add(r);
            }
        }
        assertThat(names).as("corrupt name references").isNotEmpty();
        for (JsonNode r : names) {
            assertThat(r.path("error").path("code").asText()).isEqualTo("CORRUPT_DATA");
            assertThat(r.path("error").path("file").asText()).endsWith(".uasset");
            assertThat(r.path("error").path("offset").isIntegralNumber()).as(r.toString()).isTrue();
            assertThat(r.path("error").path("structure").asText()).as(r.toString()).matches("(ImportMap|ExportMap)\\[\\d+\\].*");
        }
        // the mutations matter: many inputs are refused, with the codes the README lists
        assertThat(failed).as("refused of " + cases.size()).isGreaterThan(cases.size() / 10);
    }
}
