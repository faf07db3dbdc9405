package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JSON actions through the packaged daemon on real fixtures: UAssetAPI's TestJson folder (with
 * its Outriders mappings) to JSON and back gives identical bytes, one package through
 * export_to_json / import_from_json, the CLI forms, and bad JSON refused with its path.
 */
class JsonActionsTest extends SharedDaemon {
    private static final String DIR = "uassetapi/TestJson";

    private static List<Path> packages(Path dir) throws Exception {
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(p -> p.toString().endsWith(".uasset") || p.toString().endsWith(".umap")).sorted().toList();
        }
    }

    private static void assertSameFiles(Path original, Path written) throws Exception {
        assertThat(Files.readAllBytes(written)).as(written.toString()).isEqualTo(Files.readAllBytes(original));
        Path uexp = original.resolveSibling(original.getFileName().toString().replaceAll("\\.[^.]+$", ".uexp"));
        if (Files.exists(uexp)) {
            Path w = written.resolveSibling(uexp.getFileName());
            assertThat(Files.readAllBytes(w)).as(w.toString()).isEqualTo(Files.readAllBytes(uexp));
        }
    }

    @Test
    void folderToJsonAndBackIsByteIdentical(@TempDir Path out) throws Exception {
        Path src = Fixtures.path(DIR);
        Path json = out.resolve("json");
        List<ProgressEvent> events = new CopyOnWriteArrayList<>();
        ObjectNode req = Json.mapper().createObjectNode().put("action", "batch_to_json").put("id", "tojson")
                .put("file_path", src.toString()).put("output_path", json.toString())
                .put("usmap_path", Fixtures.path(DIR + "/Outriders.usmap").toString());
        Reply r = daemon.send(req, events::add).get(300, TimeUnit.SECONDS);
        assertThat(r.success()).as(r.message()).isTrue();
        List<Path> pkgs = packages(src);
        JsonNode d = r.dataTree();
        assertThat(d.get("total").intValue()).isEqualTo(pkgs.size());
        assertThat(d.get("success_count").intValue()).as(d.toString()).isEqualTo(pkgs.size());
        assertThat(d.get("fail_count").intValue()).isZero();
        assertThat(d.has("errors")).isFalse();
        assertThat(d.get("elapsed_ms").isIntegralNumber()).isTrue();
        assertThat(events).isNotEmpty();
        assertThat(events.get(events.size() - 1).done()).isEqualTo(pkgs.size());
        JsonNode first = Json.mapper().readTree(json.resolve("Items.json").toFile());
        assertThat(first.get("$type").textValue()).isEqualTo("UAssetAPI.UAsset, UAssetAPI");
        assertThat(first.get("Exports").get(0).get("$type").textValue()).startsWith("UAssetAPI.ExportTypes.");

        Path back = out.resolve("back");
        Reply b = call("batch_from_json", fields("file_path", json.toString(), "output_path", back.toString()));
        assertThat(b.success()).as(b.message()).isTrue();
        assertThat(b.dataTree().get("success_count").intValue()).as(b.dataTree().toString()).isEqualTo(pkgs.size());
        for (Path p : pkgs) {
            assertSameFiles(p, back.resolve(src.relativize(p)));
        }
    }

    @Test
    void exportToJsonThenImportFromJson(@TempDir Path out) throws Exception {
        Path src = Fixtures.path(DIR + "/Items.uasset");
        Path copy = out.resolve("Items.uasset");
        Files.copy(src, copy);
        Files.copy(src.resolveSibling("Items.uexp"), out.resolve("Items.uexp"));
        Reply e = call("export_to_json", fields("file_path", copy.toString()));
        assertThat(e.success()).as(e.message()).isTrue();
        Path json = Path.of(e.dataTree().get("path").textValue());
        assertThat(json).isEqualTo(out.resolve("Items.json"));
        Path target = out.resolve("imported/Items.uasset");
        Reply i = call("import_from_json", fields("file_path", target.toString(), "json_data", Files.readString(json)));
        assertThat(i.success()).as(i.message()).isTrue();
        assertSameFiles(src, target);
        assertThat(Files.list(out.resolve("imported")).map(p -> p.getFileName().toString()).toList())
                .containsExactlyInAnyOrder("Items.uasset", "Items.uexp");
    }

    @Test
    void badJsonIsRefusedWithItsPath(@TempDir Path out) throws Exception {
        Path target = out.resolve("Bad.uasset");
        Reply notJson = call("import_from_json", fields("file_path", target.toString(), "json_data", "{\"$type\": "));
        assertThat(notJson.success()).isFalse();
        assertThat(notJson.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR);

        Path src = Fixtures.path(DIR + "/Items.uasset");
        Path json = out.resolve("Items.json");
        Reply t = call("to_json", fields("file_path", src.toString(), "output_path", out.toString()));
        assertThat(t.success()).as(t.message()).isTrue();
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(json.toFile());
        ((ObjectNode) tree.get("Exports").get(0)).put("ClassIndex", "not a number");
        Reply wrong = call("import_from_json", fields("file_path", target.toString(), "json_data", tree.toString()));
        assertThat(wrong.success()).isFalse();
        assertThat(wrong.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(wrong.message()).contains("$.Exports[0].ClassIndex").contains("Expected a 32-bit integer");
        assertThat(Files.exists(target)).as("nothing written").isFalse();
        assertThat(Files.list(out).map(p -> p.getFileName().toString()).toList()).containsExactly("Items.json");

        Files.writeString(out.resolve("broken.json"), "[1, 2", StandardCharsets.UTF_8);
        Reply batch = call("batch_from_json", fields("file_path", out.toString(), "output_path", out.resolve("back").toString()));
        assertThat(batch.success()).isFalse();
        assertThat(batch.errorCode()).isEqualTo(ErrorCode.PARSE_ERROR);
        JsonNode d = batch.dataTree();
        assertThat(d.get("success_count").intValue()).isEqualTo(1);
        assertThat(d.get("total").intValue()).isEqualTo(2);
        assertThat(d.get("failed").intValue()).isEqualTo(1);
        assertThat(d.get("fail_count").intValue()).isEqualTo(1);
        assertThat(d.get("errors").get(0).get("item").textValue()).endsWith("broken.json");
        assertThat(d.get("errors").get(0).get("code").textValue()).isEqualTo("PARSE_ERROR");

        Path compactDir = out.resolve("compact");
        Reply compact = call("to_json", fields("file_path", src.toString(), "output_path", compactDir.toString(), "compact", true));
        assertThat(compact.success()).as(compact.message()).isTrue();
        JsonNode compactJson = Json.mapper().readTree(Path.of(compact.dataTree().get("files").get(0).textValue()).toFile());
        assertThat(compactJson.isArray()).as("compact form: a list of exports").isTrue();
        assertThat(compactJson.get(0).get("Type").textValue()).isEqualTo("StringTable");
        assertThat(compactJson.get(0).get("StringTable").isObject()).isTrue();
    }

    @Test
    void unversionedWithoutMappingsStaysRawAndSaysSo(@TempDir Path out) throws Exception {
        Path src = Fixtures.path(DIR + "/MGA_HeavyWeapon_Parent.uasset");
        Reply r = call("to_json", fields("file_path", src.toString(), "output_path", out.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.warnings()).anyMatch(w -> w.contains("without usmap_path"));
        JsonNode tree = Json.mapper().readTree(out.resolve("MGA_HeavyWeapon_Parent.json").toFile());
        for (JsonNode e : tree.get("Exports")) {
            assertThat(e.get("$type").textValue()).isEqualTo("UAssetAPI.ExportTypes.RawExport, UAssetAPI");
        }
        Reply b = call("from_json", fields("file_path", out.resolve("MGA_HeavyWeapon_Parent.json").toString(),
                "output_path", out.resolve("back/MGA_HeavyWeapon_Parent.uasset").toString()));
        assertThat(b.success()).as(b.message()).isTrue();
        assertSameFiles(src, out.resolve("back/MGA_HeavyWeapon_Parent.uasset"));
    }

    @Test
    void cliToJsonAndFromJson(@TempDir Path out) throws Exception {
        Path src = Fixtures.path(DIR + "/WPN_LockOnRifle.uasset");
        Daemon.Result to = Daemon.run("to_json", src.toString(), Fixtures.path(DIR + "/Outriders.usmap").toString(),
                out.resolve("json").toString());
        assertThat(to.status()).as(to.stdout() + to.stderr()).isZero();
        Path json = out.resolve("json/WPN_LockOnRifle.json");
        assertThat(json).exists();
        Daemon.Result from = Daemon.run("from_json", json.toString(), out.resolve("pkg/WPN_LockOnRifle.uasset").toString());
        assertThat(from.status()).as(from.stdout() + from.stderr()).isZero();
        assertSameFiles(src, out.resolve("pkg/WPN_LockOnRifle.uasset"));
    }
}
