package io.uassetd.e2e;

import static io.uassetd.e2e.InstallsFixture.fields;
import static io.uassetd.e2e.InstallsFixture.fromJson;
import static io.uassetd.e2e.InstallsFixture.json;
import static io.uassetd.e2e.InstallsFixture.ok;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.ProgressEvent;
import io.uassetd.protocol.Reply;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff_game_versions} through the packaged daemon, on two "game versions" made of real fixture
 * packages: UAssetGUI's UE4.27 DataTables and StringTable (paks) and CUE4Parse's UE5.8 packages (an
 * IoStore container), the second version edited through from_json/to_json, repacked with another pak
 * version, another compression and encryption, so that the hash, size and bytes decisions are each
 * taken; the exact lists, the counts of each decision, diff_packages on the changed packages, the
 * progress events, a missing key, and the CLI.
 */
class GameVersionsDiffTest extends SharedDaemon {
    static final String KEY = IoStoreActionsTest.KEY_HEX;
    @TempDir
    static Path dir;
    static Path v1;
    static Path v2;

    @BeforeAll
    static void versions() throws Exception {
        Path t1 = dir.resolve("src1/tables/Moria/Content/Data");
        Path t2 = dir.resolve("src2/tables/Moria/Content/Data");
        fromJson(json(InstallsFixture.THROW_LIGHTS), t1.resolve("DT_ThrowLights.uasset"));
        fromJson(json(InstallsFixture.CHAPTERS), t1.resolve("DT_Moria_Chapters.uasset"));
        fromJson(json(InstallsFixture.ZONES), t1.resolve("DT_Moria_ZoneFilters.uasset"));
        fromJson(InstallsFixture.setFirst(json(InstallsFixture.THROW_LIGHTS), "ThrowTorch", 25.5), t2.resolve("DT_ThrowLights.uasset"));
        fromJson(json(InstallsFixture.ZONES), t2.resolve("DT_Moria_ZoneFilters.uasset"));
        fromJson(json(InstallsFixture.CHAPTERS), t2.resolve("DT_Added.uasset"));
        fromJson(json(InstallsFixture.STRING_TABLE), dir.resolve("src1/text/Moria/Content/Text/World_StringTable.uasset"));
        fromJson(InstallsFixture.setString(json(InstallsFixture.STRING_TABLE), 0, "The Very First Deep"),
                dir.resolve("src2/text/Moria/Content/Text/World_StringTable.uasset"));
        Path z1 = InstallsFixture.ue58(dir.resolve("src1/zen"));
        Path z2 = InstallsFixture.ue58(dir.resolve("src2/zen"));
        Path dt = z2.resolve(InstallsFixture.UE58_MOUNT + "DataTables/DT_AllProperties.uasset");
        fromJson(InstallsFixture.setFirst(InstallsFixture.toJson(dt), "Alpha", 7), dt);
        Files.delete(z2.resolve(InstallsFixture.UE58_MOUNT + "Maps/Empty.umap"));
        Files.delete(z2.resolve(InstallsFixture.UE58_MOUNT + "Maps/Empty.uexp"));

        v1 = dir.resolve("v1/Paks");
        v2 = dir.resolve("v2/Paks");
        // v1: Zlib paks of version 11 (the index holds no hash: the record before each entry's data does)
        InstallsFixture.pak(dir.resolve("src1/tables"), v1.resolve("Moria-Tables.pak"), "compress", "Zlib", "pak_version", "11");
        InstallsFixture.pak(dir.resolve("src1/text"), v1.resolve("Moria-Text.pak"), "compress", "Zlib", "pak_version", "11");
        InstallsFixture.container(z1, v1.resolve("Fixtures_P"));
        // v2: the tables in a version 8 pak (hashes in the index), the text stored and encrypted in a subfolder
        InstallsFixture.pak(dir.resolve("src2/tables"), v2.resolve("Moria-Tables.pak"), "compress", "Zlib", "pak_version", "8");
        InstallsFixture.pak(dir.resolve("src2/text"), v2.resolve("sub/Moria-Text.pak"), "compress", false, "aes_key", KEY);
        InstallsFixture.container(z2, v2.resolve("Fixtures_P"));
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(n -> out.add(n.asText()));
        return out;
    }

    private static Map<String, String> changedByHow(JsonNode d) {
        Map<String, String> out = new LinkedHashMap<>();
        d.get("changed").forEach(c -> out.put(c.get("path").asText(), c.get("decided_by").asText()));
        return out;
    }

    @Test
    void exactListsFromTheArchivesHashesWithProgress() throws Exception {
        List<ProgressEvent> events = new CopyOnWriteArrayList<>();
        var req = Json.mapper().createObjectNode().put("action", "diff_game_versions").put("id", "g1")
                .put("old_path", v1.toString()).put("new_path", v2.toString()).put("aes_key", KEY);
        Reply r = daemon.send(req, events::add).get(120, TimeUnit.SECONDS);
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("equal").booleanValue()).isFalse();
        assertThat(d.get("old_archives").intValue()).isEqualTo(4);
        assertThat(d.get("new_archives").intValue()).isEqualTo(4);
        assertThat(texts(d.get("added"))).containsExactly("Moria/Content/Data/DT_Added.uasset", "Moria/Content/Data/DT_Added.uexp");
        assertThat(texts(d.get("removed"))).containsExactly("CUE4ParseFixtures/Content/Fixtures/Maps/Empty.umap",
                "Moria/Content/Data/DT_Moria_Chapters.uasset", "Moria/Content/Data/DT_Moria_Chapters.uexp");
        // the companion pak's file list lost Empty.umap (51 bytes); the Zen DataTable's Number kept its
        // size; the edited row's float kept the .uexp's size; the StringTable's text grew by 5 bytes, and
        // its .uasset, of one size, holds the export's new serial size: stored differently on the two
        // sides (Zlib, then stored and encrypted), its bytes decide
        assertThat(changedByHow(d)).containsExactly(
                Map.entry("chunknames", "size"),
                Map.entry("CUE4ParseFixtures/Content/Fixtures/DataTables/DT_AllProperties.uasset", "hash"),
                Map.entry("Moria/Content/Data/DT_ThrowLights.uexp", "hash"),
                Map.entry("Moria/Content/Text/World_StringTable.uasset", "bytes"),
                Map.entry("Moria/Content/Text/World_StringTable.uexp", "size"));
        JsonNode text = d.get("changed").get(4);
        assertThat(text.get("old_size").longValue() + 5).isEqualTo(text.get("new_size").longValue());
        assertThat(text.get("old_archive").asText()).isEqualTo("Moria-Text.pak");
        assertThat(text.get("new_archive").asText()).isEqualTo("sub/Moria-Text.pak");
        // unchanged: the 2 ZoneFilters files and ThrowLights.uasset (pak hashes), 4 Zen files (chunk hashes)
        assertThat(d.get("unchanged_count").intValue()).isEqualTo(7);
        assertThat(d.get("decided_by").get("hash").intValue()).isEqualTo(9);
        assertThat(d.get("decided_by").get("size").intValue()).isEqualTo(2);
        assertThat(d.get("decided_by").get("bytes").intValue()).isEqualTo(1);
        assertThat(d.get("problems")).isEmpty();
        assertThat(events).isNotEmpty().allMatch(e -> e.id().textValue().equals("g1") && e.done() <= e.total());
        assertThat(events).anyMatch(e -> e.total() == 8 && e.done() == 8); // the eight archives' indexes
        ProgressEvent last = events.get(events.size() - 1);
        assertThat(last.done()).isEqualTo(last.total()).isEqualTo(12); // the twelve paths both hold
    }

    @Test
    void diffPackagesOnTheChangedPackagesMatchingTheFilter() throws Exception {
        Reply r = ok("diff_game_versions", fields("old_path", v1.toString(), "new_path", v2.toString(), "aes_key", KEY,
                "filter", List.of("**/DT_*"), "diff_packages", true));
        JsonNode d = r.dataTree();
        assertThat(texts(d.get("added"))).containsExactly("Moria/Content/Data/DT_Added.uasset", "Moria/Content/Data/DT_Added.uexp");
        assertThat(changedByHow(d).keySet()).containsExactly("CUE4ParseFixtures/Content/Fixtures/DataTables/DT_AllProperties.uasset",
                "Moria/Content/Data/DT_ThrowLights.uexp");
        JsonNode zen = d.get("changed").get(0);
        assertThat(zen.get("changes").isNull()).isTrue();
        assertThat(zen.get("package_diff_note").asText()).startsWith("Zen package in an IoStore container");
        JsonNode legacy = d.get("changed").get(1);
        assertThat(legacy.get("change_count").intValue()).isEqualTo(1);
        JsonNode c = legacy.get("changes").get(0);
        assertThat(c.get("path").asText()).isEqualTo("Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds");
        assertThat(c.get("kind").asText()).isEqualTo("changed");
        assertThat(c.get("old").doubleValue()).isEqualTo(20.0);
        assertThat(c.get("new").doubleValue()).isEqualTo(25.5);
    }

    @Test
    void anArchiveNoKeyOpensIsReportedAndItsFilesAreMissing() throws Exception {
        JsonNode d = ok("diff_game_versions", fields("old_path", v1.toString(), "new_path", v2.toString())).dataTree();
        assertThat(d.get("problems")).hasSize(1);
        assertThat(d.get("problems").get(0).asText()).startsWith("new: sub/Moria-Text.pak: ");
        assertThat(texts(d.get("removed"))).contains("Moria/Content/Text/World_StringTable.uasset",
                "Moria/Content/Text/World_StringTable.uexp");
        Reply wrong = call("diff_game_versions", fields("old_path", v1.toString(), "new_path", dir.resolve("nope").toString()));
        assertThat(wrong.success()).isFalse();
        assertThat(wrong.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        Reply file = call("diff_game_versions", fields("old_path", v1.toString(), "new_path", v1.resolve("Moria-Text.pak").toString()));
        assertThat(file.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
    }

    @Test
    void theCliPrintsAReportAndExitsAsDiffDoes() throws Exception {
        Daemon.Result differ = Daemon.run("diff_game_versions", v1.toString(), v2.toString(), "--aes", KEY);
        assertThat(differ.status()).as(differ.stderr()).isEqualTo(1);
        assertThat(differ.stdout().lines().toList()).containsExactly(
                "old: " + v1 + " (4 archives, 15 files)",
                "new: " + v2 + " (4 archives, 14 files)",
                "+ Moria/Content/Data/DT_Added.uasset",
                "+ Moria/Content/Data/DT_Added.uexp",
                "- CUE4ParseFixtures/Content/Fixtures/Maps/Empty.umap",
                "- Moria/Content/Data/DT_Moria_Chapters.uasset",
                "- Moria/Content/Data/DT_Moria_Chapters.uexp",
                "~ chunknames (size, 373 -> 322 bytes)",
                "~ CUE4ParseFixtures/Content/Fixtures/DataTables/DT_AllProperties.uasset (hash)",
                "~ Moria/Content/Data/DT_ThrowLights.uexp (hash)",
                "~ Moria/Content/Text/World_StringTable.uasset (bytes)",
                "~ Moria/Content/Text/World_StringTable.uexp (size, 60288 -> 60293 bytes)",
                "2 added, 3 removed, 5 changed, 7 unchanged (decided by size 2 hash 9 bytes 1)");
        Daemon.Result same = Daemon.run("diff_game_versions", v1.toString(), v1.toString());
        assertThat(same.status()).as(same.stderr()).isZero();
    }
}
