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
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code rebase_mod}, {@code merge_mods} and {@code diff_packages} on Zen inputs, through the
 * packaged daemon. The base is UAssetGUI's DataTable DT_ThrowLights (UE4.27) written by
 * {@code from_json}; the game patch and the mods are versions of its JSON with known edits written the
 * same way. The results are checked with {@code diff_packages}, written again by {@code save_asset}
 * (same bytes), and converted by {@code convert_to_zen} and {@code create_mod_iostore}.
 */
class RebaseMergeModsTest extends SharedDaemon {
    private static final String TORCH = "Exports[DT_ThrowLights].Rows[ThrowTorch].DurationSeconds";
    private static final String FLARE = "Exports[DT_ThrowLights].Rows[MoonstoneFlare].DurationSeconds";

    /** A version of DT_ThrowLights: its JSON edited, written as a package by from_json under dir/name/. */
    private static Path version(Path dir, String name, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(Fixtures.path("uassetgui-json/DT_ThrowLights.json").toFile());
        edit.accept(tree);
        Path json = dir.resolve(name + "/DT_ThrowLights.json");
        Files.createDirectories(json.getParent());
        Files.write(json, Json.mapper().writeValueAsBytes(tree));
        Path pkg = dir.resolve(name + "/DT_ThrowLights.uasset");
        Reply r = call("from_json", fields("file_path", json.toString(), "output_path", pkg.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        return pkg;
    }

    private static ArrayNode rows(ObjectNode t) {
        return (ArrayNode) t.get("Exports").get(0).get("Table").get("Data");
    }

    private static Consumer<ObjectNode> duration(int row, double value) {
        return t -> ((ObjectNode) rows(t).get(row).get("Value").get(0)).put("Value", value);
    }

    private static List<String> paths(JsonNode data) {
        return data.get("changes").findValuesAsText("path");
    }

    /** The package written, checked: same bytes when read and written again, and convertible to Zen. */
    private static void valid(Path pkg, Path dir) throws Exception {
        String name = pkg.getFileName().toString().replace(".uasset", "");
        Path again = dir.resolve("again/" + pkg.getFileName());
        Reply saved = call("save_asset", fields("file_path", pkg.toString(), "output_path", again.toString()));
        assertThat(saved.success()).as(saved.message()).isTrue();
        assertThat(Files.readAllBytes(again)).isEqualTo(Files.readAllBytes(pkg));
        assertThat(Files.readAllBytes(dir.resolve("again/" + name + ".uexp")))
                .isEqualTo(Files.readAllBytes(pkg.resolveSibling(name + ".uexp")));
        Reply zen = call("convert_to_zen", fields("file_path", pkg.toString(), "output_path", dir.resolve("zen/" + name + ".uzenasset").toString(),
                "package_name", "/Game/Data/" + name));
        assertThat(zen.success()).as(zen.message()).isTrue();
        if (name.equals("DT_ThrowLights")) {
            return; // a UE4.27 package: IoStore bundles are written for UE5
        }
        Reply bundle = call("create_mod_iostore", fields("output_path", dir.resolve("bundle/Mod_P").toString(),
                "file_paths", List.of(pkg.toString())));
        assertThat(bundle.success()).as(bundle.message()).isTrue();
        assertThat(dir.resolve("bundle/Mod_P.utoc")).isRegularFile();
    }

    @Test
    void aModIsRebasedOntoAPatchAndConflictsFollowThePolicy(@TempDir Path dir) throws Exception {
        Path base = version(dir, "base", t -> { });
        Path mod = version(dir, "mod", duration(0, 25.5));
        Path patch = version(dir, "patch", duration(1, 40.0).andThen(t -> {
            ObjectNode added = rows(t).get(1).deepCopy();
            added.put("Name", "PatchFlare");
            rows(t).add(added);
            ((ArrayNode) t.get("NameMap")).add("PatchFlare");
        }));
        Path out = dir.resolve("out/DT_ThrowLights.uasset");
        Reply r = call("rebase_mod", fields("mod_path", mod.toString(), "base_path", base.toString(), "new_base_path", patch.toString(),
                "output_path", out.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        JsonNode d = r.dataTree();
        assertThat(d.get("written").booleanValue()).isTrue();
        assertThat(d.get("conflict_count").intValue()).isZero();
        // the result holds exactly the mod's change on the new base
        assertThat(paths(d)).containsExactly(TORCH);
        Reply check = call("diff_packages", fields("old_path", patch.toString(), "new_path", out.toString()));
        assertThat(paths(check.dataTree())).containsExactly(TORCH);
        assertThat(check.dataTree().get("changes").get(0).get("new").doubleValue()).isEqualTo(25.5);
        valid(out, dir);

        // the same value changed by the patch: one conflict, nothing written under fail
        Path patch2 = version(dir, "patch2", duration(0, 30.0));
        Path out2 = dir.resolve("out2/DT_ThrowLights.uasset");
        Reply f = call("rebase_mod", fields("mod_path", mod.toString(), "base_path", base.toString(), "new_base_path", patch2.toString(),
                "output_path", out2.toString(), "policy", "fail"));
        assertThat(f.success()).as(f.message()).isTrue();
        assertThat(f.message()).isEqualTo("1 conflicts: nothing written (policy fail)");
        JsonNode c = f.dataTree().get("conflicts").get(0);
        assertThat(c.get("path").textValue()).isEqualTo(TORCH);
        assertThat(c.get("base").doubleValue()).isEqualTo(20.0);
        assertThat(c.get("mod").doubleValue()).isEqualTo(25.5);
        assertThat(c.get("new_base").doubleValue()).isEqualTo(30.0);
        assertThat(c.get("chosen").isNull()).isTrue();
        assertThat(f.dataTree().get("written").booleanValue()).isFalse();
        assertThat(out2).doesNotExist();
        Reply m = call("rebase_mod", fields("mod_path", mod.toString(), "base_path", base.toString(), "new_base_path", patch2.toString(),
                "output_path", out2.toString(), "policy", "mod"));
        assertThat(m.dataTree().get("conflicts").get(0).get("chosen").textValue()).isEqualTo("mod");
        assertThat(call("diff_packages", fields("old_path", patch2.toString(), "new_path", out2.toString())).dataTree().get("changes")
                .get(0).get("new").doubleValue()).isEqualTo(25.5);

        // the CLI: exit 1 when conflicts stopped the write
        Daemon.Result cli = Daemon.run("rebase_mod", mod.toString(), base.toString(), patch2.toString(),
                dir.resolve("out3/DT_ThrowLights.uasset").toString());
        assertThat(cli.status()).as(cli.stderr()).isEqualTo(1);
    }

    @Test
    void modsOfDifferentRowsMergeAndOverlapsAreDecidedByLoadOrder(@TempDir Path dir) throws Exception {
        Path base = version(dir, "base", t -> { });
        Path a = version(dir, "a", duration(0, 25.5));
        Path b = version(dir, "b", duration(1, 41.0));
        Path out = dir.resolve("merged/DT_ThrowLights.uasset");
        Reply r = call("merge_mods", fields("base_path", base.toString(), "mod_paths", List.of(a.toString(), b.toString()),
                "output_path", out.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("conflict_count").intValue()).isZero();
        assertThat(paths(r.dataTree())).containsExactly(TORCH, FLARE);
        valid(out, dir);

        Path c = version(dir, "c", duration(0, 99.0));
        Reply last = call("merge_mods", fields("base_path", base.toString(), "mod_paths", List.of(a.toString(), b.toString(), c.toString()),
                "output_path", dir.resolve("merged2/DT_ThrowLights.uasset").toString(), "policy", "last"));
        assertThat(last.success()).as(last.message()).isTrue();
        JsonNode conflict = last.dataTree().get("conflicts").get(0);
        assertThat(last.dataTree().get("conflicts")).hasSize(1);
        assertThat(conflict.get("path").textValue()).isEqualTo(TORCH);
        assertThat(conflict.get("values").findValuesAsText("mod")).containsExactly(a.toString(), c.toString());
        assertThat(conflict.get("chosen").textValue()).isEqualTo(c.toString());
        JsonNode changes = last.dataTree().get("changes");
        assertThat(changes.get(0).get("new").doubleValue()).isEqualTo(99.0);
        assertThat(paths(last.dataTree())).containsExactly(TORCH, FLARE);
    }

    private static final String PAK = "cue4parse/UE5_8/LegacyPak/Tagged/Uncompressed/CUE4ParseFixtures-Legacy-Tagged-Uncompressed.pak";
    private static final String ALPHA = "Exports[DT_AllProperties].Rows[Alpha].Number";
    private static final String BETA = "Exports[DT_AllProperties].Rows[Beta].Message";

    /** A version of the UE5.8 DT_AllProperties: to_json of the extracted package, edited, written by from_json. */
    private static Path ue58(Path dir, String name, Path baseJson, Consumer<ObjectNode> edit) throws Exception {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(baseJson.toFile());
        edit.accept(tree);
        Path json = dir.resolve(name + "/DT_AllProperties.json");
        Files.createDirectories(json.getParent());
        Files.write(json, Json.mapper().writeValueAsBytes(tree));
        Path pkg = dir.resolve(name + "/DT_AllProperties.uasset");
        Reply r = call("from_json", fields("file_path", json.toString(), "output_path", pkg.toString()));
        assertThat(r.success()).as(r.message()).isTrue();
        return pkg;
    }

    private static Consumer<ObjectNode> row(String row, String property, Object value) {
        return t -> {
            for (JsonNode e : t.get("Exports")) {
                for (JsonNode r : e.path("Table").path("Data")) {
                    if (r.get("Name").asText().equals(row)) {
                        for (JsonNode p : r.get("Value")) {
                            if (p.get("Name").asText().equals(property)) {
                                ((ObjectNode) p).set("Value", Json.mapper().valueToTree(value));
                                return;
                            }
                        }
                    }
                }
            }
            throw new AssertionError("no " + row + "." + property);
        };
    }

    @Test
    void ue58DataTableFromAPakRebasesMergesAndDiffsAsZen(@TempDir Path dir) throws Exception {
        String entry = Fixtures.path(PAK) + "::DataTables/DT_AllProperties.uasset";
        Path extracted = dir.resolve("base/DT_AllProperties.uasset");
        for (String ext : List.of(".uasset", ".uexp")) {
            Reply x = call("extract_pak_file", fields("file_path", Fixtures.path(PAK).toString(), "internal_path",
                    "DataTables/DT_AllProperties" + ext, "output_path", dir.resolve("base/DT_AllProperties" + ext).toString()));
            assertThat(x.success()).as(x.message()).isTrue();
        }
        Reply j = call("to_json", fields("file_path", extracted.toString(), "output_path", dir.resolve("json").toString()));
        assertThat(j.success()).as(j.message()).isTrue();
        Path baseJson = dir.resolve("json/DT_AllProperties.json");
        Path a = ue58(dir, "a", baseJson, row("Alpha", "Number", 11));
        Path b = ue58(dir, "b", baseJson, row("Beta", "Message", "Modded message"));
        Path patch = ue58(dir, "patch", baseJson, row("Defaults", "Number", 5));

        // the pak entry as the base; the mod rebased onto the patch holds exactly its change
        Path out = dir.resolve("rebased/DT_AllProperties.uasset");
        Reply r = call("rebase_mod", fields("mod_path", a.toString(), "base_path", entry, "new_base_path", patch.toString(),
                "output_path", out.toString(), "policy", "mod"));
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(paths(r.dataTree())).containsExactly(ALPHA);
        valid(out, dir.resolve("check1"));

        Path merged = dir.resolve("merged/DT_AllProperties.uasset");
        Reply m = call("merge_mods", fields("base_path", extracted.toString(), "mod_paths", List.of(a.toString(), b.toString()),
                "output_path", merged.toString()));
        assertThat(m.success()).as(m.message()).isTrue();
        assertThat(paths(m.dataTree())).containsExactly(ALPHA, BETA);
        valid(merged, dir.resolve("check2"));

        // Zen packages compare as their legacy form
        Path zenBase = dir.resolve("zen0/DT_AllProperties.uzenasset");
        Path zenA = dir.resolve("zen1/DT_AllProperties.uzenasset");
        for (Path[] p : List.of(new Path[] {extracted, zenBase}, new Path[] {a, zenA})) {
            Reply z = call("convert_to_zen", fields("file_path", p[0].toString(), "output_path", p[1].toString()));
            assertThat(z.success()).as(z.message()).isTrue();
        }
        // (the game's Paks folder gives the script objects that the packages' /Script imports need)
        Reply d = call("diff_packages", fields("old_path", zenBase.toString(), "new_path", zenA.toString(), "game_paks",
                Fixtures.path("cue4parse/UE5_8/IoStore/Tagged").toString()));
        assertThat(d.success()).as(d.message()).isTrue();
        assertThat(paths(d.dataTree())).containsExactly(ALPHA);
    }

    @Test
    void containerEntriesAreDiffedAsTheirLegacyForm() throws Exception {
        // the same package in two container variants is equal; two packages are not
        String root = "cue4parse/UE5_8/IoStore/Tagged/";
        String plain = Fixtures.path(root + "Uncompressed/CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc") + "::";
        String zlib = Fixtures.path(root + "Zlib/CUE4ParseFixtures-Minimal-Zlib-Windows.utoc") + "::";
        Reply same = call("diff_packages", fields("old_path", plain + "/Game/Fixtures/DataTables/DT_Overrides",
                "new_path", zlib + "/Game/Fixtures/DataTables/DT_Overrides"));
        assertThat(same.success()).as(same.message()).isTrue();
        assertThat(same.dataTree().get("equal").booleanValue()).as(same.dataTree().toString()).isTrue();
        String encrypted = Fixtures.path(root + "OodleEncrypted/CUE4ParseFixtures-Minimal-OodleEncrypted-Windows.utoc") + "::";
        Reply locked = call("diff_packages", fields("old_path", encrypted + "/Game/Fixtures/DataTables/DT_Overrides",
                "new_path", plain + "/Game/Fixtures/DataTables/DT_Overrides",
                "aes_key", "435545345061727365466978747572654145534b657930313233343536373839"));
        assertThat(locked.success()).as(locked.message()).isTrue();
        assertThat(locked.dataTree().get("equal").booleanValue()).isTrue();
        Reply other = call("diff_packages", fields("old_path", plain + "/Game/Fixtures/DataTables/DT_AllProperties",
                "new_path", plain + "/Game/Fixtures/DataTables/DT_Overrides"));
        assertThat(other.success()).as(other.message()).isTrue();
        assertThat(paths(other.dataTree())).contains("Exports[DT_Overrides]", "Exports[DT_AllProperties]");
        Reply missing = call("diff_packages", fields("old_path", plain + "/Game/Nope", "new_path", plain + "/Game/Fixtures/DataTables/DT_Overrides"));
        assertThat(missing.success()).isFalse();
        assertThat(missing.errorCode().name()).isEqualTo("NOT_FOUND");
    }
}
