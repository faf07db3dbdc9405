package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code diff_packages} through the packaged daemon: a real DataTable (UAssetGUI's DT_ThrowLights,
 * UE4.27) written as a package by {@code from_json}, and a "new version" made by editing one row value
 * and removing another row in its JSON; the reply's exact change list, the JSON input form, and the
 * CLI's exit codes (0 equal, 1 different, 2 error).
 */
class DiffPackagesTest extends SharedDaemon {
    private static Path fromJson(Path json, Path target) throws Exception {
        Reply r = call("from_json", fields("file_path", json.toString(), "output_path", target.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        return target;
    }

    @Test
    void changesOfAnEditedDataTableByPathAndCliExitCodes(@TempDir Path dir) throws Exception {
        Path original = Fixtures.path("uassetgui-json/DT_ThrowLights.json");
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(original.toFile());
        ArrayNode rows = (ArrayNode) tree.get("Exports").get(0).get("Table").get("Data");
        ((ObjectNode) rows.get(0).get("Value").get(0)).put("Value", 25.5);
        rows.remove(1);
        Path editedJson = dir.resolve("edited/DT_ThrowLights.json");
        Files.createDirectories(editedJson.getParent());
        Files.write(editedJson, Json.mapper().writeValueAsBytes(tree));
        Path oldPkg = fromJson(original, dir.resolve("old/DT_ThrowLights.uasset"));
        Path newPkg = fromJson(editedJson, dir.resolve("new/DT_ThrowLights.uasset"));

        Reply r = call("diff_packages", fields("old_path", oldPkg.toString(), "new_path", newPkg.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("equal").booleanValue()).isFalse();
        assertThat(d.get("change_count").intValue()).isEqualTo(2);
        assertThat(d.get("changed_count").intValue()).isEqualTo(1);
        assertThat(d.get("removed_count").intValue()).isEqualTo(1);
        assertThat(d.get("added_count").intValue()).isZero();
        JsonNode c0 = d.get("changes").get(0);
        assertThat(c0.get("path").textValue()).isEqualTo("Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds");
        assertThat(c0.get("kind").textValue()).isEqualTo("changed");
        assertThat(c0.get("old").doubleValue()).isEqualTo(20.0);
        assertThat(c0.get("new").doubleValue()).isEqualTo(25.5);
        JsonNode c1 = d.get("changes").get(1);
        assertThat(c1.get("path").textValue()).isEqualTo("Exports[DT_ThrowLights].Rows[MoonstoneFlare]");
        assertThat(c1.get("kind").textValue()).isEqualTo("removed");
        assertThat(c1.get("old").get("DurationSeconds").doubleValue()).isEqualTo(20.0);
        assertThat(c1.get("new").isNull()).isTrue();

        // the JSON form of a package compares as the package it describes
        Reply mixed = call("diff_packages", fields("old_path", original.toString(), "new_path", newPkg.toString()));
        assertThat(mixed.success()).as(mixed.message()).isTrue();
        assertThat(mixed.dataTree().get("changes")).isEqualTo(d.get("changes"));
        Reply same = call("diff_packages", fields("old_path", original.toString(), "new_path", oldPkg.toString()));
        assertThat(same.dataTree().get("equal").booleanValue()).as(same.dataTree().toString()).isTrue();
        assertThat(same.dataTree().get("changes")).isEmpty();

        // the CLI: as diff does, 0 equal, 1 different, 2 error
        Daemon.Result differ = Daemon.run("diff_packages", oldPkg.toString(), newPkg.toString());
        assertThat(differ.status()).as(differ.stderr()).isEqualTo(1);
        assertThat(differ.stdout().lines().toList()).containsExactly(
                "~ Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds: 20.0 -> 25.5",
                "- Exports[DT_ThrowLights].Rows[MoonstoneFlare]: " + c1.get("old").toString().substring(0, 197) + "...",
                "2 changes (0 added, 1 removed, 1 changed)");
        Daemon.Result equal = Daemon.run("diff_packages", oldPkg.toString(), original.toString());
        assertThat(equal.status()).as(equal.stderr()).isZero();
        assertThat(equal.stdout()).isEmpty();
        Daemon.Result missing = Daemon.run("diff_packages", oldPkg.toString(), dir.resolve("nope.uasset").toString());
        assertThat(missing.status()).isEqualTo(2);
        assertThat(missing.stderr()).contains("uassetd diff_packages: error [NOT_FOUND]");
    }
}
