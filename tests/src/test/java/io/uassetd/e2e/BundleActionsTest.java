package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Reply;
import io.uassetd.testkit.Fixtures;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * IoStore bundles through the packaged daemon: a mod bundle built from the Zen packages extracted
 * from the CUE4Parse UE5.8 container reads back, wins over the game in the package store and
 * converts to the same legacy packages; recompressed and cloned containers hold the same chunks;
 * failures leave no file behind.
 */
class BundleActionsTest extends SharedDaemon {
    static final String KEY_HEX = IoStoreActionsTest.KEY_HEX;

    /** Every regular file under {@code root}: relative path -> sha-256. */
    static Map<String, String> tree(Path root) throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> s = Files.walk(root)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                out.put(root.relativize(p).toString().replace('\\', '/'), IoStoreActionsTest.sha(p));
            }
        }
        return out;
    }

    static List<Path> files(Path dir) throws Exception {
        if (!Files.exists(dir)) {
            return List.of();
        }
        try (Stream<Path> s = Files.walk(dir)) {
            return s.filter(Files::isRegularFile).toList();
        }
    }

    /** The Zen packages and bulk data of a fixture container, extracted as files. */
    static Path extracted(Path out, String variant) throws Exception {
        Path dest = out.resolve("ext-" + variant);
        Map<String, Object> f = IoStoreActionsTest.fields(IoStoreActionsTest.utoc("Tagged", variant), variant);
        f.put("output_path", dest.toString());
        f.put("include_unnamed", false);
        Reply r = call("extract_iostore", f);
        assertThat(r.success()).as(r.message()).isTrue();
        assertThat(r.dataTree().get("extracted_count").intValue()).isEqualTo(111);
        return dest;
    }

    static Reply ok(String action, Map<String, ?> fields) throws Exception {
        Reply r = call(action, fields);
        assertThat(r.success()).as(action + ": " + r.message()).isTrue();
        return r;
    }

    @Test
    void modBundleFromZenPackagesReadsBackWinsAndConvertsToTheSameLegacyPackages(@TempDir Path out) throws Exception {
        // engine_version named: without it these UE5.8 Zen packages (no game named) keep the default marvel_rivals profile
        // (UE5_3, its pak scheme), so the companion pak no longer lists with the standard scheme (a detection gap for Zen inputs)
        Path ext = extracted(out, "Oodle");
        Path hybridFile = ext.resolve("CUE4ParseFixtures/Config/readme.txt");
        Files.createDirectories(hybridFile.getParent());
        Files.writeString(hybridFile, "not an Unreal package");
        Path mods = out.resolve("mods");
        Map<String, Object> req = new HashMap<>(Map.of("output_path", mods.resolve("FixtureMod_P").toString(),
                "input_dir", ext.toString(), "engine_version", "UE5_8", "aes_key", KEY_HEX, "encrypt_pak", true, "hybrid", true,
                "parallel", true));
        Reply r = ok("create_mod_iostore", req);
        JsonNode d = r.dataTree();
        assertThat(d.get("utoc_path").textValue()).endsWith("FixtureMod_P.utoc");
        assertThat(Path.of(d.get("ucas_path").textValue())).exists();
        assertThat(Path.of(d.get("pak_path").textValue())).exists();
        assertThat(d.get("converted_count").intValue()).isZero();
        assertThat(d.get("package_count").intValue()).isEqualTo(97);
        assertThat(d.get("raw_file_count").intValue()).isEqualTo(1);
        assertThat(d.get("file_count").intValue()).isEqualTo(112);
        assertThat(d.get("errors")).isEmpty();
        List<String> paths = new ArrayList<>();
        d.get("file_paths").forEach(p -> paths.add(p.textValue()));
        assertThat(paths).contains("CUE4ParseFixtures/Content/Fixtures/Meshes/SM_Fixture.uasset", "CUE4ParseFixtures/Config/readme.txt");
        if (!call("version", Map.of()).dataTree().get("oodle_native").booleanValue()) {
            // the game's Oodle cannot be used here: said once in warnings, in the data and in the reply's message
            assertThat(r.warnings()).filteredOn(w -> w.contains("Oodle") && w.contains("Zlib")).hasSize(1);
            assertThat(d.get("compression").textValue()).isEqualTo("Zlib");
            assertThat(d.get("compression_fallback").textValue())
                    .isEqualTo("Oodle is not available here, so the chunks are compressed with Zlib");
            assertThat(r.message()).endsWith("(Oodle is not available here, so the chunks are compressed with Zlib)");
        } else {
            assertThat(d.get("compression_fallback").isNull()).isTrue();
        }

        // the companion pak: encrypted (stock engine profile: standard AES), chunknames lists every file, the hybrid file is in it
        Map<String, Object> pak = new HashMap<>(Map.of("file_path", d.get("pak_path").textValue(), "aes_key", KEY_HEX,
                "encryption_scheme", "standard"));
        JsonNode listing = ok("list_pak", pak).dataTree();
        assertThat(listing.get("encrypted_index").booleanValue()).isTrue();
        assertThat(listing.get("total_files").intValue()).isEqualTo(2);
        pak.put("internal_path", "chunknames");
        pak.put("output_path", out.resolve("chunknames.txt").toString());
        ok("extract_pak_file", pak);
        assertThat(Files.readString(out.resolve("chunknames.txt")).split("\n")).containsExactlyElementsOf(paths);
        Reply plain = call("list_pak", Map.of("file_path", d.get("pak_path").textValue()));
        assertThat(plain.success()).isFalse();

        // the container reads back: the same files with the same bytes as the source container
        JsonNode info = ok("inspect_iostore", Map.of("file_path", d.get("utoc_path").textValue())).dataTree();
        assertThat(info.get("package_count").intValue()).isEqualTo(97);
        assertThat(info.get("container_header_version").intValue()).isEqualTo(5);
        assertThat(info.get("file_count").intValue()).isEqualTo(111);
        Path back = out.resolve("back");
        ok("extract_iostore", Map.of("file_path", d.get("utoc_path").textValue(), "output_path", back.toString(),
                "include_unnamed", false));
        Files.delete(hybridFile);
        assertThat(tree(back)).isEqualTo(tree(ext));

        // in the package store the mod wins every package, and converts to the same legacy files as the game
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        JsonNode store = ok("package_store_info", Map.of("game_paks", game.toString(), "mod_path", List.of(mods.toString()),
                "aes_key", KEY_HEX)).dataTree();
        int won = 0;
        for (JsonNode c : store.get("containers")) {
            if (c.get("name").textValue().equals("FixtureMod_P")) {
                won = c.get("packages_won").intValue();
            }
        }
        assertThat(won).isEqualTo(97);
        Map<String, Object> legacy = new HashMap<>(Map.of("game_paks", game.toString(), "aes_key", KEY_HEX));
        legacy.put("output_path", out.resolve("legacy-game").toString());
        ok("extract_iostore_legacy", legacy);
        legacy.put("output_path", out.resolve("legacy-mod").toString());
        legacy.put("mod_path", List.of(mods.toString()));
        JsonNode modLegacy = ok("extract_iostore_legacy", legacy).dataTree();
        assertThat(modLegacy.get("extracted_count").intValue()).isEqualTo(97);
        assertThat(modLegacy.get("failed_count").intValue()).isZero();
        Map<String, String> fromGame = tree(out.resolve("legacy-game"));
        assertThat(fromGame).hasSizeGreaterThan(97 * 2);
        assertThat(tree(out.resolve("legacy-mod"))).isEqualTo(fromGame);
    }

    @Test
    void legacyPackagesGoInConvertedAndComeBackTheSame(@TempDir Path out) throws Exception {
        // engine_version named: without it the round trip changes bytes (reported before this change; not one of issue 24's four)
        // the legacy packages extract_iostore_legacy makes of the game container are the inputs
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Map<String, Object> legacy = new HashMap<>(Map.of("game_paks", game.toString(), "engine_version", "UE5_8", "aes_key", KEY_HEX,
                "output_path", out.resolve("in").toString()));
        ok("extract_iostore_legacy", legacy);
        Path mods = out.resolve("mods");
        JsonNode d = ok("create_mod_iostore", Map.of("output_path", mods.resolve("Legacy_P").toString(), "input_dir",
                out.resolve("in").toString(), "engine_version", "UE5_8", "parallel", true, "compression", "Zlib")).dataTree();
        assertThat(d.get("converted_count").intValue()).isEqualTo(97);
        assertThat(d.get("package_count").intValue()).isEqualTo(97);
        assertThat(d.get("errors")).isEmpty();
        assertThat(d.get("file_paths").toString()).contains("Game/Fixtures/Textures/T_Streaming.uasset",
                "Game/Fixtures/Textures/T_Streaming.ubulk").doesNotContain(".uexp");
        JsonNode store = ok("package_store_info", Map.of("game_paks", game.toString(), "mod_path", List.of(mods.toString()),
                "aes_key", KEY_HEX)).dataTree();
        boolean modWinsAll = false;
        for (JsonNode c : store.get("containers")) {
            modWinsAll |= c.get("name").textValue().equals("Legacy_P") && c.get("packages_won").intValue() == 97;
        }
        assertThat(modWinsAll).isTrue();
        legacy.put("mod_path", List.of(mods.toString()));
        legacy.put("output_path", out.resolve("back").toString());
        JsonNode back = ok("extract_iostore_legacy", legacy).dataTree();
        assertThat(back.get("extracted_count").intValue()).isEqualTo(97);
        Map<String, String> in = tree(out.resolve("in"));
        assertThat(in).hasSize(208);
        assertThat(tree(out.resolve("back"))).isEqualTo(in);

        // a legacy .pak as input (UAssetTool's input_pak): its 5 packages convert; export data and bulk data come back the same
        Path pak = Fixtures.path("cue4parse/UE5_8/LegacyPak/Tagged/Zlib/CUE4ParseFixtures-Legacy-Tagged-Zlib.pak");
        Path pakMods = out.resolve("pakmods");
        JsonNode p = ok("create_mod_iostore", Map.of("output_path", pakMods.resolve("FromPak_P").toString(), "input_pak", pak.toString(),
                "engine_version", "UE5_8", "compress", false)).dataTree();
        assertThat(p.get("converted_count").intValue()).isEqualTo(5);
        assertThat(p.get("file_count").intValue()).isEqualTo(6);
        assertThat(p.get("file_paths").get(0).textValue()).startsWith("CUE4ParseFixtures/Content/Fixtures/");
        ok("extract_pak_all", Map.of("file_path", pak.toString(), "output_path", out.resolve("pak").toString()));
        // the same packages from a Rivals-encrypted pak make the same container, byte for byte
        Path rivalsPak = out.resolve("rivals.pak");
        ok("create_pak", Map.of("output_path", rivalsPak.toString(), "input_dir", out.resolve("pak").toString(), "base_path",
                out.resolve("pak").toString(), "mount_point", "../../../CUE4ParseFixtures/Content/Fixtures/", "aes_key", KEY_HEX,
                "encryption_scheme", "rivals"));
        JsonNode fromRivals = ok("create_mod_iostore", Map.of("output_path", out.resolve("rivalsmods/FromPak_P").toString(),
                "input_pak", rivalsPak.toString(), "input_pak_aes", KEY_HEX, "input_pak_scheme", "rivals", "engine_version", "UE5_8",
                "compress", false)).dataTree();
        assertThat(fromRivals.get("converted_count").intValue()).isEqualTo(5);
        for (String f : List.of("FromPak_P.utoc", "FromPak_P.ucas")) {
            assertThat(IoStoreActionsTest.sha(out.resolve("rivalsmods").resolve(f))).as(f)
                    .isEqualTo(IoStoreActionsTest.sha(pakMods.resolve(f)));
        }
        // UAssetTool's meaning of aes_key (create_mod_iostore) and --pak-aes (its CLI, with .pak files among the inputs): the key
        // that reads the encrypted input pak; the output is not encrypted (only obfuscate or encrypt_pak encrypt it)
        JsonNode uat = ok("create_mod_iostore", Map.of("output_path", out.resolve("uat/FromPak_P").toString(),
                "input_pak", rivalsPak.toString(), "aes_key", KEY_HEX, "input_pak_scheme", "rivals", "engine_version", "UE5_8",
                "compress", false)).dataTree();
        assertThat(uat.get("encrypted").booleanValue()).isFalse();
        Daemon.Result uatCli = Daemon.run("create_mod_iostore", out.resolve("uatcli/FromPak_P").toString(), rivalsPak.toString(),
                "--pak-aes", KEY_HEX, "--input-pak-scheme", "rivals", "--engine-version", "UE5_8", "--no-compress");
        assertThat(uatCli.status()).as(uatCli.stderr()).isZero();
        for (String f : List.of("FromPak_P.utoc", "FromPak_P.ucas", "FromPak_P.pak")) {
            assertThat(IoStoreActionsTest.sha(out.resolve("uat").resolve(f))).as(f)
                    .isEqualTo(IoStoreActionsTest.sha(out.resolve("rivalsmods").resolve(f)));
            assertThat(IoStoreActionsTest.sha(out.resolve("uatcli").resolve(f))).as(f)
                    .isEqualTo(IoStoreActionsTest.sha(out.resolve("rivalsmods").resolve(f)));
        }
        assertThat(ok("list_pak", Map.of("file_path", out.resolve("uat/FromPak_P.pak").toString())).dataTree()
                .get("total_files").intValue()).isEqualTo(1);
        Reply wrongScheme = call("create_mod_iostore", Map.of("output_path", out.resolve("wrong/FromPak_P").toString(),
                "input_pak", rivalsPak.toString(), "input_pak_aes", KEY_HEX, "engine_version", "UE5_8"));
        assertThat(wrongScheme.success()).isFalse();
        assertThat(files(out.resolve("wrong"))).isEmpty();
        legacy.put("mod_path", List.of(pakMods.toString()));
        legacy.put("output_path", out.resolve("pakback").toString());
        legacy.put("filter_patterns", List.of("DT_AllProperties", "Maps/Empty", "DA_AllProperties", "T_BC6H", "T_Streaming"));
        assertThat(ok("extract_iostore_legacy", legacy).dataTree().get("extracted_count").intValue()).isEqualTo(5);
        Map<String, String> original = tree(out.resolve("pak"));
        Map<String, String> returned = tree(out.resolve("pakback/Game/Fixtures"));
        assertThat(returned.keySet()).isEqualTo(original.keySet());
        for (String f : original.keySet()) {
            if (f.endsWith(".uexp") || f.endsWith(".ubulk")) {
                assertThat(returned.get(f)).as(f).isEqualTo(original.get(f));
            }
        }
    }

    @Test
    void marvelRivalsBundlesGiveSkeletalMeshesTheRivalsMaterialLayout(@TempDir Path out) throws Exception {
        // SK_Fixture as a legacy package (extract_iostore_legacy of the UE5.8 Tagged container) is the input
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        Map<String, Object> legacy = new HashMap<>(Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                "output_path", out.resolve("in").toString(), "filter_patterns", List.of("/SK_Fixture")));
        assertThat(ok("extract_iostore_legacy", legacy).dataTree().get("extracted_count").intValue()).isEqualTo(1);
        Path sk = out.resolve("in/Game/Fixtures/Meshes/SK_Fixture.uasset");
        assertThat(sk).isRegularFile();
        Map<String, String> in = tree(out.resolve("in"));

        // the Rivals profile over the UE5.8 layout: the mesh gets an empty gameplay tag container after each material
        Reply built = ok("create_mod_iostore", Map.of("output_path", out.resolve("mods/Rivals_P").toString(), "input_dir",
                out.resolve("in").toString(), "game", "marvel_rivals", "compress", false));
        assertThat(built.dataTree().get("converted_count").intValue()).isEqualTo(1);
        assertThat(built.dataTree().get("errors")).isEmpty();
        assertThat(built.warnings()).noneMatch(w -> w.contains("material layout"));
        legacy.put("mod_path", List.of(out.resolve("mods").toString()));
        legacy.put("output_path", out.resolve("back").toString());
        assertThat(ok("extract_iostore_legacy", legacy).dataTree().get("extracted_count").intValue()).isEqualTo(1);
        Path back = out.resolve("back/Game/Fixtures/Meshes/SK_Fixture.uasset");
        JsonNode original = ok("skeletal_mesh_info", Map.of("file_path", sk.toString())).dataTree();
        JsonNode rivals = ok("skeletal_mesh_info", Map.of("file_path", back.toString(), "game",
                "marvel_rivals")).dataTree();
        assertThat(rivals.get("profile").textValue()).isEqualTo("marvel_rivals");
        assertThat(rivals.get("bone_count").intValue()).isEqualTo(3).isEqualTo(original.get("bone_count").intValue());
        assertThat(rivals.get("material_count").intValue()).isEqualTo(2);
        for (int i = 0; i < 2; i++) {
            JsonNode a = original.get("materials").get(i);
            JsonNode b = rivals.get("materials").get(i);
            assertThat(b.get("slot_name")).isEqualTo(a.get("slot_name"));
            assertThat(b.get("material_index")).isEqualTo(a.get("material_index"));
            assertThat(b.get("gameplay_tags")).isEmpty();
        }
        assertThat(original.get("materials").get(0).get("slot_name").textValue()).isEqualTo("Primary");
        // the engine's layout no longer reads it; the .uexp grew by one empty container (4 bytes) per material
        assertThat(call("skeletal_mesh_info", Map.of("file_path", back.toString())).success()).isFalse();
        assertThat(Files.size(AssetPackage.sibling(back, ".uexp"))).isEqualTo(Files.size(AssetPackage.sibling(sk, ".uexp")) + 8);

        // a bundle of the fixed mesh fixes nothing again: the same package comes back
        ok("create_mod_iostore", Map.of("output_path", out.resolve("again/Again_P").toString(), "input_dir",
                out.resolve("back").toString(), "game", "marvel_rivals", "compress", false));
        legacy.put("mod_path", List.of(out.resolve("again").toString()));
        legacy.put("output_path", out.resolve("back2").toString());
        ok("extract_iostore_legacy", legacy);
        assertThat(tree(out.resolve("back2"))).isEqualTo(tree(out.resolve("back")));

        // no_material_tags (and the CLI's --no-material-tags, material_tags false) leaves the mesh as it is
        for (Map.Entry<String, Object> off : List.<Map.Entry<String, Object>>of(Map.entry("no_material_tags", true),
                Map.entry("material_tags", false))) {
            String name = off.getKey();
            ok("create_mod_iostore", Map.of("output_path", out.resolve("off-" + name + "/Off_P").toString(), "input_dir",
                    out.resolve("in").toString(), "game", "marvel_rivals", "compress", false,
                    name, off.getValue()));
            legacy.put("mod_path", List.of(out.resolve("off-" + name).toString()));
            legacy.put("output_path", out.resolve("offback-" + name).toString());
            ok("extract_iostore_legacy", legacy);
            assertThat(tree(out.resolve("offback-" + name))).as(name).isEqualTo(in);
        }
    }

    @Test
    void meshesTheRivalsFixCannotHandleSafelyAreWarnedAboutAndLeftUnchanged(@TempDir Path out) throws Exception {
        // no engine named: the packages say UE5.8 (LegacyFileVersion -9, which marvel_rivals' UE5_3 does not read), so they are
        // written for UE5_8 with the rest of the marvel_rivals profile (its mesh layout), and a warning says so
        // the unversioned SK_Fixture: without mappings its properties cannot be read; with them, its null overlay materials
        // read as empty tag containers (it records no custom versions), so its layout cannot be told
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Unversioned");
        Map<String, Object> legacy = new HashMap<>(Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                "output_path", out.resolve("in").toString(), "filter_patterns", List.of("/SK_Fixture")));
        assertThat(ok("extract_iostore_legacy", legacy).dataTree().get("extracted_count").intValue()).isEqualTo(1);
        Map<String, String> in = tree(out.resolve("in"));
        String usmap = Fixtures.path("cue4parse/UE5_8/Mappings/CUE4ParseFixtures-Oodle.usmap").toString();
        for (String variant : List.of("plain", "mappings")) {
            Map<String, Object> f = new HashMap<>(Map.of("output_path", out.resolve(variant + "/Unv_P").toString(), "input_dir",
                    out.resolve("in").toString(), "game", "marvel_rivals", "compress", false));
            if (variant.equals("mappings")) {
                f.put("usmap_path", usmap);
            }
            Reply r = ok("create_mod_iostore", f);
            assertThat(r.dataTree().get("converted_count").intValue()).isEqualTo(1);
            assertThat(r.dataTree().get("engine_version").textValue()).isEqualTo("UE5_8");
            assertThat(r.dataTree().get("profile").textValue()).startsWith("UE5_8/marvel_rivals");
            assertThat(r.warnings()).as(variant).anyMatch(w -> w.contains("not marvel_rivals's UE5_3: written for UE5_8 with the rest"));
            assertThat(r.warnings()).as(variant).anyMatch(w -> w.contains("SK_Fixture.uasset: SkeletalMesh 'SK_Fixture' keeps its material layout")
                    && w.contains(variant.equals("plain") ? "usmap_path" : "cannot be told"));
            legacy.put("mod_path", List.of(out.resolve(variant).toString()));
            legacy.put("output_path", out.resolve("back-" + variant).toString());
            ok("extract_iostore_legacy", legacy);
            assertThat(tree(out.resolve("back-" + variant))).as(variant).isEqualTo(in);
        }
    }

    @Test
    void progressIsReportedAndACancelledBuildLeavesNothing(@TempDir Path out) throws Exception {
        Path game = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        ok("extract_iostore_legacy", Map.of("game_paks", game.toString(), "aes_key", KEY_HEX,
                "output_path", out.resolve("in").toString()));
        List<io.uassetd.protocol.ProgressEvent> events = new java.util.concurrent.CopyOnWriteArrayList<>();
        var req = io.uassetd.protocol.Json.mapper().createObjectNode().put("action", "create_mod_iostore").put("id", "b1")
                .put("output_path", out.resolve("done/Done_P").toString()).put("input_dir", out.resolve("in").toString())
                .put("compress", false);
        Reply done = daemon.send(req, events::add).get(120, java.util.concurrent.TimeUnit.SECONDS);
        assertThat(done.success()).as(done.message()).isTrue();
        assertThat(events).isNotEmpty();
        assertThat(events).allMatch(e -> e.id().textValue().equals("b1") && e.done() <= e.total());
        assertThat(events.get(events.size() - 1).done()).isEqualTo(events.get(events.size() - 1).total());
        assertThat(events).anyMatch(e -> e.total() == 97);

        java.util.concurrent.CountDownLatch first = new java.util.concurrent.CountDownLatch(1);
        var req2 = req.deepCopy().put("id", "b2").put("output_path", out.resolve("cancelled/C_P").toString());
        var f = daemon.send(req2, e -> first.countDown());
        assertThat(first.await(60, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
        call("cancel", Map.of("target_id", "b2"));
        Reply r = f.get(120, java.util.concurrent.TimeUnit.SECONDS);
        if (r.success()) {
            // it finished before the cancel arrived: then all three files are there
            assertThat(files(out.resolve("cancelled"))).hasSize(3);
        } else {
            assertThat(r.errorCode()).isEqualTo(ErrorCode.CANCELLED);
            assertThat(files(out.resolve("cancelled"))).isEmpty();
        }
    }

    @Test
    void failuresLeaveNoFileBehind(@TempDir Path out) throws Exception {
        Path bad = out.resolve("bad/Game/Content/Broken.uasset");
        Files.createDirectories(bad.getParent());
        Files.write(bad, "definitely not a package".getBytes(StandardCharsets.UTF_8));
        Path target = out.resolve("fail");
        Reply r = call("create_mod_iostore", Map.of("output_path", target.resolve("Broken_P").toString(), "input_dir",
                out.resolve("bad").toString()));
        assertThat(r.success()).isFalse();
        assertThat(r.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(r.message()).contains("Broken.uasset");
        assertThat(files(target)).isEmpty();

        // strict: one bad package among good ones fails the whole bundle
        Path ext = extracted(out, "Uncompressed");
        Files.copy(bad, ext.resolve("CUE4ParseFixtures/Content/Broken.uasset"));
        Reply strict = call("build_bundle", Map.of("output_path", target.resolve("Strict_P").toString(), "input_dir", ext.toString(),
                "strict", true, "compress", false));
        assertThat(strict.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(files(target)).isEmpty();
        // without strict the bad package is reported and the rest go in
        Reply lenient = ok("create_iostore_bundle", Map.of("output_path", target.resolve("Lenient_P").toString(), "input_dir",
                ext.toString(), "compress", false));
        assertThat(lenient.dataTree().get("package_count").intValue()).isEqualTo(97);
        assertThat(lenient.dataTree().get("errors").get(0).textValue()).contains("Broken.uasset");
        // create_iostore: UAssetTool's older action and reply shape over the same machinery
        JsonNode older = ok("create_iostore", Map.of("output_path", out.resolve("older/Older_P.utoc").toString(), "input_dir",
                ext.toString(), "compress", false)).dataTree();
        assertThat(older.get("asset_count").intValue()).isEqualTo(97);
        assertThat(older.get("files")).hasSize(111);
        assertThat(older.get("utoc_path").textValue()).endsWith("Older_P.utoc");
        assertThat(Path.of(older.get("ucas_path").textValue())).exists();
        assertThat(Path.of(older.get("pak_path").textValue())).exists();
        assertThat(older.get("errors").get(0).textValue()).contains("Broken.uasset");

        // an output folder that cannot be made: an error, nothing written anywhere
        Path blocker = out.resolve("blocker");
        Files.writeString(blocker, "a file where a folder should be");
        Reply io = call("create_mod_iostore", Map.of("output_path", blocker.resolve("X_P").toString(), "input_dir", ext.toString()));
        assertThat(io.success()).isFalse();
        // obfuscate without a key is refused before anything is written
        Reply noKey = call("create_mod_iostore", Map.of("output_path", target.resolve("NoKey_P").toString(), "input_dir",
                ext.toString(), "obfuscate", true));
        assertThat(noKey.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(files(target).stream().map(p -> p.getFileName().toString()).toList())
                .containsExactlyInAnyOrder("Lenient_P.utoc", "Lenient_P.ucas", "Lenient_P.pak");
    }

    @Test
    void recompressAndCloneKeepEveryChunk(@TempDir Path out) throws Exception {
        Path source = IoStoreActionsTest.utoc("Tagged", "Uncompressed");
        Path sourceFiles = out.resolve("source");
        ok("extract_iostore", Map.of("file_path", source.toString(), "output_path", sourceFiles.toString()));
        Map<String, String> want = tree(sourceFiles);

        Path copy = out.resolve("recompressed/Fixture.utoc");
        JsonNode rc = ok("recompress_iostore", Map.of("file_path", source.toString(), "output_path", copy.toString(),
                "compression", "Zlib")).dataTree();
        assertThat(rc.get("already_compressed").booleanValue()).isFalse();
        assertThat(rc.get("output_path").textValue()).isEqualTo(copy.toAbsolutePath().toString());
        assertThat(ok("is_iostore_compressed", Map.of("file_path", copy.toString())).dataTree().get("compressed").booleanValue()).isTrue();
        ok("extract_iostore", Map.of("file_path", copy.toString(), "output_path", out.resolve("x1").toString()));
        assertThat(tree(out.resolve("x1"))).isEqualTo(want);
        JsonNode again = ok("recompress_iostore", Map.of("file_path", copy.toString())).dataTree();
        assertThat(again.get("already_compressed").booleanValue()).isTrue();
        assertThat(Files.exists(copy.resolveSibling("Fixture.pak"))).isFalse();

        // in place: the container id stays, the chunks stay
        Path inPlace = out.resolve("inplace/Fixture.utoc");
        ok("clone_mod_iostore", Map.of("file_path", source.toString(), "output_path", inPlace.toString(), "compression", "None"));
        long id = ok("inspect_iostore", Map.of("file_path", inPlace.toString())).dataTree().get("container_id").longValue();
        ok("recompress_iostore", Map.of("file_path", inPlace.toString(), "compression", "Zlib"));
        JsonNode after = ok("inspect_iostore", Map.of("file_path", inPlace.toString())).dataTree();
        assertThat(after.get("container_id").longValue()).isEqualTo(id);
        assertThat(after.get("compression_methods").get(0).textValue()).isEqualTo("Zlib");

        // clone an encrypted container: a new id, still encrypted, the same chunks, a companion pak
        Path encrypted = IoStoreActionsTest.utoc("Tagged", "OodleEncrypted");
        Path clone = out.resolve("clone/Clone_P");
        JsonNode c = ok("clone_mod_iostore", Map.of("file_path", encrypted.toString(), "output_path", clone.toString(),
                "aes_key", KEY_HEX)).dataTree();
        assertThat(c.get("package_count").intValue()).isEqualTo(97);
        assertThat(Path.of(c.get("pak_path").textValue())).exists();
        JsonNode ci = ok("inspect_iostore", Map.of("file_path", c.get("utoc_path").textValue(), "aes_key", KEY_HEX)).dataTree();
        assertThat(ci.get("encrypted").booleanValue()).isTrue();
        assertThat(ci.get("container_id").longValue())
                .isNotEqualTo(ok("inspect_iostore", Map.of("file_path", encrypted.toString(), "aes_key", KEY_HEX)).dataTree()
                        .get("container_id").longValue());
        ok("extract_iostore", Map.of("file_path", c.get("utoc_path").textValue(), "output_path", out.resolve("x2").toString(),
                "aes_key", KEY_HEX));
        Map<String, String> cloned = tree(out.resolve("x2"));
        Map<String, String> chunksOnly = new TreeMap<>(want);
        chunksOnly.keySet().removeIf(k -> k.startsWith("_chunks/"));
        cloned.keySet().removeIf(k -> k.startsWith("_chunks/"));
        assertThat(cloned).isEqualTo(chunksOnly);
        Reply wrong = call("clone_mod_iostore", Map.of("file_path", encrypted.toString(), "output_path",
                out.resolve("clone2/NoKey_P").toString()));
        assertThat(wrong.success()).isFalse();
        assertThat(files(out.resolve("clone2"))).isEmpty();
    }

    @Test
    void badContainersGetClearErrorsAndNothingIsWritten(@TempDir Path out) throws Exception {
        // a global.utoc has no container header: not a package container
        Path global = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged/global.utoc");
        Reply g = call("clone_mod_iostore", Map.of("file_path", global.toString(), "output_path", out.resolve("g/G_P").toString()));
        assertThat(g.errorCode()).isEqualTo(ErrorCode.UNSUPPORTED_VERSION);
        assertThat(g.message()).contains("container header");
        assertThat(files(out.resolve("g"))).isEmpty();
        // a truncated .utoc: CORRUPT_DATA naming the file; the source is left as it was
        Path cut = out.resolve("cut/Cut.utoc");
        Files.createDirectories(cut.getParent());
        byte[] toc = Files.readAllBytes(IoStoreActionsTest.utoc("Tagged", "Uncompressed"));
        Files.write(cut, java.util.Arrays.copyOf(toc, toc.length / 2));
        Reply c = call("recompress_iostore", Map.of("file_path", cut.toString(), "compression", "Zlib"));
        assertThat(c.success()).isFalse();
        assertThat(c.errorCode()).isIn(ErrorCode.CORRUPT_DATA, ErrorCode.UNSUPPORTED_VERSION);
        assertThat(c.error().file()).endsWith("Cut.utoc");
        assertThat(files(out.resolve("cut"))).containsExactly(cut);
        assertThat(Files.size(cut)).isEqualTo(toc.length / 2);
        // a missing container, a wrong extension, an unknown compression method
        assertThat(call("recompress_iostore", Map.of("file_path", out.resolve("none.utoc").toString())).errorCode())
                .isEqualTo(ErrorCode.NOT_FOUND);
        Reply m = call("recompress_iostore", Map.of("file_path", IoStoreActionsTest.utoc("Tagged", "Uncompressed").toString(),
                "output_path", out.resolve("m/M.utoc").toString(), "compression", "Brotli"));
        assertThat(m.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(m.message()).contains("Brotli");
        assertThat(files(out.resolve("m"))).isEmpty();
        // an unknown game profile and a UE4 engine are refused before anything is read
        Reply game = call("create_mod_iostore", Map.of("output_path", out.resolve("x/X_P").toString(), "input_dir", out.toString(),
                "game", "fortnite"));
        assertThat(game.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        Reply ue4 = call("create_mod_iostore", Map.of("output_path", out.resolve("x/X_P").toString(), "input_dir", out.toString(),
                "engine_version", "UE4_27"));
        assertThat(ue4.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(files(out.resolve("x"))).isEmpty();
    }

    @Test
    void cliCommandsUseUAssetToolsNames(@TempDir Path out) throws Exception {
        Path ext = extracted(out, "Zlib");
        Path base = out.resolve("cli/CliMod_P");
        // engine named: UE5.8 Zen inputs with game marvel_rivals keep the game's UE5_3 (the Zen-input gap named above)
        Daemon.Result r = Daemon.run("create_mod_iostore", base.toString(), ext.toString(), "--engine-version", "UE5_8",
                "--game", "marvel_rivals", "--no-compress", "--aes-key", KEY_HEX, "--encrypt-pak", "--mount-point", "../../../");
        assertThat(r.status()).as(r.stderr()).isZero();
        assertThat(r.stdout()).contains("97 packages", "UE5_8/marvel_rivals toc 5 header 3");
        assertThat(r.stdout().lines().findFirst().orElseThrow()).doesNotContain("not available");
        if (!call("version", Map.of()).dataTree().get("oodle_native").booleanValue()) {
            // Oodle asked for without the native library: the CLI's summary line says what was used instead
            Daemon.Result z = Daemon.run("create_mod_iostore", out.resolve("cli/CliOodle_P").toString(), ext.toString(), "--compression", "Oodle");
            assertThat(z.status()).as(z.stderr()).isZero();
            assertThat(z.stdout().lines().findFirst().orElseThrow())
                    .startsWith("Created ").endsWith("(Oodle is not available here, so the chunks are compressed with Zlib)");
            assertThat(z.stderr().lines().filter(l -> l.startsWith("warning: Oodle compression is not available here"))).hasSize(1);
        }
        assertThat(base.resolveSibling("CliMod_P.utoc")).exists();
        // the Marvel Rivals profile: TOC version 5, container header version 3, the pak in the game's scheme
        JsonNode info = ok("inspect_iostore", Map.of("file_path", base.resolveSibling("CliMod_P.utoc").toString())).dataTree();
        assertThat(info.get("toc_version").intValue()).isEqualTo(5);
        assertThat(info.get("container_header_version").intValue()).isEqualTo(3);
        assertThat(info.get("package_count").intValue()).isEqualTo(97);
        String pak = base.resolveSibling("CliMod_P.pak").toString();
        assertThat(ok("list_pak", Map.of("file_path", pak, "aes_key", KEY_HEX, "encryption_scheme", "rivals")).dataTree()
                .get("total_files").intValue()).isEqualTo(1);
        assertThat(call("list_pak", Map.of("file_path", pak, "aes_key", KEY_HEX)).success()).isFalse();
        Daemon.Result rc = Daemon.run("recompress_iostore", base.resolveSibling("CliMod_P.utoc").toString(), "--compression", "Zlib",
                "--json");
        assertThat(rc.status()).as(rc.stderr()).isZero();
        assertThat(rc.stdout()).contains("\"already_compressed\":false");
        Daemon.Result cl = Daemon.run("clone_mod_iostore", base.resolveSibling("CliMod_P.utoc").toString(),
                out.resolve("cli/Other_P").toString());
        assertThat(cl.status()).as(cl.stderr()).isZero();
        assertThat(out.resolve("cli/Other_P.ucas")).exists();
        // obfuscate: the container itself is encrypted with the key (directory index and blocks)
        JsonNode ob = ok("create_mod_iostore", Map.of("output_path", out.resolve("ob/Ob_P").toString(), "input_dir", ext.toString(),
                "obfuscate", true, "aes_key", KEY_HEX, "compression", "Zlib")).dataTree();
        assertThat(ob.get("encrypted").booleanValue()).isTrue();
        String obUtoc = ob.get("utoc_path").textValue();
        assertThat(ok("is_iostore_encrypted", Map.of("file_path", obUtoc)).dataTree().get("encrypted").booleanValue()).isTrue();
        JsonNode listed = ok("list_iostore_files", Map.of("file_path", obUtoc, "aes_key", KEY_HEX)).dataTree();
        assertThat(listed.get("packages").intValue()).isEqualTo(97);
        assertThat(listed.get("package_count").intValue()).as("UAssetTool counts every file the index names").isEqualTo(111);
        assertThat(listed.get("file_count").intValue()).isEqualTo(111);
        ok("extract_iostore", Map.of("file_path", obUtoc, "aes_key", KEY_HEX, "output_path", out.resolve("obx").toString(),
                "include_unnamed", false));
        assertThat(tree(out.resolve("obx"))).isEqualTo(tree(ext));
        Daemon.Result help = Daemon.run("help", "create_mod_iostore");
        assertThat(help.stdout()).contains("--game-path", "--pak-aes", "--no-material-tags".substring(5), "--hybrid", "--usmap");
    }
}
