package io.uassetd.e2e;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import io.uassetd.testkit.Fixtures;
import io.uassetd.testkit.NiagaraTestSystem;
import io.uassetd.testkit.ZenLegacyFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every action on its default path, generated from {@code capabilities}: each action's minimal
 * request (its required fields only; no {@code engine_version}, no id; {@code USMAP_PATH} set as
 * UAssetTool's clients set it) is sent, UAssetTool-style, over each kind of input (legacy tagged and
 * unversioned packages, an old UE4.18 mesh, a texture, a Zen package, a container, a Paks folder, a
 * pak, UAssetAPI JSON, a .locres, a usmap, a folder, a .uexp, a missing file) in its input field. No
 * reply may be INTERNAL or UNKNOWN_ACTION: an input of the wrong kind gets a code that says what is
 * wrong with it, and a folder where a file is expected is never "not found". Inputs are copies, so actions that edit in place touch no fixture.
 * Every successful object reply of an action that takes an engine, over an input that is one
 * package, says the engine it was read under ({@code engine_version}, {@code engine_source}).
 */
@Timeout(1500)
class ActionSweepTest {
    /** The fields an action's input goes in, the first one it declares. */
    static final List<String> INPUT_FIELDS = List.of("file_path", "file_paths", "input_dir", "game_paks", "input_pak");
    /** Actions the sweep does not send: they end or steer the session itself. */
    static final Set<String> NOT_SENT = Set.of("shutdown", "cancel");
    /** The inputs that are one package (legacy, Zen or UAssetAPI JSON): reading one always tells an engine. */
    static final Set<String> PACKAGE_KINDS = Set.of("legacy-tagged", "legacy-unversioned", "legacy-ue4.18-mesh", "texture", "zen", "json");
    static final Set<String> OK_CODES = Set.of("INVALID_ARGUMENT", "NOT_FOUND", "CORRUPT_DATA", "UNSUPPORTED_VERSION", "WRONG_KEY",
            "PARSE_ERROR", "NATIVE_UNAVAILABLE");

    @TempDir
    static Path dir;

    /** One kind of input: its name and how to make a fresh copy of it under a folder. */
    record Kind(String name, Maker make) {
    }

    @FunctionalInterface
    interface Maker {
        Path make(Path under) throws Exception;
    }

    static Path copy(Path under, Path from, String... names) throws Exception {
        Files.createDirectories(under);
        for (String n : names) {
            Files.copy(from.resolve(n), under.resolve(n));
        }
        return under.resolve(names[0]);
    }

    static List<Kind> kinds() {
        Path matya418 = Fixtures.path("matya/4.18");
        Path matya427 = Fixtures.path("matya/4.27");
        Path tagged = Fixtures.path("cue4parse/UE5_8/IoStore/Tagged");
        return List.of(
                new Kind("legacy-tagged", u -> NiagaraTestSystem.write(u)),
                new Kind("legacy-unversioned", u -> NiagaraTestSystem.writeUnversioned(u)),
                new Kind("legacy-ue4.18-mesh", u -> copy(u, matya418, "SK_Worm.uasset", "SK_Worm.uexp")),
                new Kind("texture", u -> copy(u, matya427, "T_Worm_D.uasset", "T_Worm_D.uexp", "T_Worm_D.ubulk")),
                new Kind("zen", u -> copy(u, Fixtures.path("retoc/UE5.5"), "SM_Cube.uzenasset")),
                new Kind("container", u -> copy(u, tagged.resolve("Uncompressed"), "CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc",
                        "CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas")),
                new Kind("paks-folder", u -> {
                    copy(u, tagged.resolve("Uncompressed"), "CUE4ParseFixtures-Minimal-Uncompressed-Windows.utoc",
                            "CUE4ParseFixtures-Minimal-Uncompressed-Windows.ucas");
                    copy(u, tagged, "global.utoc", "global.ucas");
                    return u;
                }),
                new Kind("pak", u -> copy(u, Fixtures.path("cue4parse/UE5_8/Pak/Uncompressed"), "CUE4ParseFixtures-Minimal-Uncompressed.pak")),
                new Kind("json", u -> copy(u, Fixtures.path("uassetgui-json"), "DT_Moria_Chapters.json")),
                new Kind("usmap", u -> {
                    Files.createDirectories(u);
                    return Files.copy(ZenLegacyFixtures.usmap(), u.resolve("Mappings.usmap"));
                }),
                new Kind("folder", u -> {
                    NiagaraTestSystem.write(u.resolve("pkgs"));
                    return u.resolve("pkgs");
                }),
                new Kind("uexp", u -> copy(u, matya427, "SM_Worm.uexp", "SM_Worm.uasset")),
                new Kind("missing", u -> u.resolve("NoSuchFile.uasset")));
    }

    /** A value for a required field that is not the input: outputs go to fresh paths, the rest is the type's plain value. */
    static Object filler(JsonNode field, Path under) {
        String name = field.get("name").textValue();
        if (name.contains("output") || name.endsWith("_dir")) {
            return under.resolve("out-" + name).toString();
        }
        return switch (field.get("type").textValue()) {
            case "integer", "number" -> 0;
            case "boolean" -> false;
            case "string[]" -> List.of("x");
            case "any" -> Json.mapper().createObjectNode();
            default -> "x";
        };
    }

    @Test
    void everyActionsMinimalRequestOverEveryKindOfInputIsNeverInternal() throws Exception {
        Path usmap = ZenLegacyFixtures.usmap();
        List<String> internal = new ArrayList<>();
        List<String> log = new ArrayList<>();
        List<String> folderNotFound = new ArrayList<>();
        List<String> drift = new ArrayList<>();
        Set<String> typedChecked = new java.util.TreeSet<>();
        Set<String> typedAll = new java.util.TreeSet<>();
        int shapesChecked = 0;
        List<String> withoutEngine = new ArrayList<>();
        int engineReplies = 0;
        int sent = 0;
        int actions = 0;
        int declared = 0;
        try (UAssetToolClientSessionTest.Client c = new UAssetToolClientSessionTest.Client(Map.of("USMAP_PATH", usmap.toString()),
                dir.resolve("sweep.stderr"))) {
            JsonNode caps = c.request(Map.of("action", "capabilities")).get("data").get("actions");
            declared = caps.size();
            for (JsonNode a : caps) {
                String action = a.get("name").textValue();
                if (NOT_SENT.contains(action)) {
                    continue;
                }
                actions++;
                String input = null;
                for (String f : INPUT_FIELDS) {
                    for (JsonNode field : a.get("fields")) {
                        if (input == null && field.get("name").textValue().equals(f)) {
                            input = f;
                        }
                    }
                }
                boolean readsPackages = false;
                for (JsonNode field : a.get("fields")) {
                    readsPackages |= field.get("name").textValue().equals("engine_version");
                }
                List<Kind> kinds = input == null ? List.of(new Kind("none", u -> null)) : kinds();
                for (Kind k : kinds) {
                    Path under = dir.resolve(action).resolve(k.name());
                    Files.createDirectories(under);
                    Path in = k.make().make(under.resolve("in"));
                    Map<String, Object> req = new LinkedHashMap<>();
                    req.put("action", action);
                    for (JsonNode field : a.get("fields")) {
                        String name = field.get("name").textValue();
                        if (name.equals(input)) {
                            req.put(name, field.get("type").textValue().equals("string[]") ? List.of(in.toString()) : in.toString());
                        } else if (field.get("required").booleanValue()) {
                            req.put(name, filler(field, under));
                        }
                    }
                    assertThat(req).doesNotContainKey("engine_version");
                    JsonNode reply = c.request(req);
                    sent++;
                    assertThat(reply.has("id")).isFalse();
                    String code = reply.path("error").path("code").asText(null);
                    boolean success = reply.get("success").booleanValue();
                    log.add(action + " " + k.name() + " -> " + (success ? "ok" : code + ": " + reply.get("message").asText()));
                    if (k.name().endsWith("folder") && reply.get("message").asText().contains("not found: " + in)) {
                        folderNotFound.add(action + ": " + reply.get("message").asText());
                    }
                    JsonNode declaredReply = a.path("reply");
                    JsonNode data = reply.get("data");
                    if (declaredReply.isObject()) {
                        typedAll.add(action);
                        if (data != null && !data.isNull()) {
                            // the reply sent is the reply declared: field names and JSON types (the generated clients' types)
                            ReplyShapes.mismatches(data, declaredReply).forEach(d -> drift.add(action + " over " + k.name() + ": " + d));
                            shapesChecked++;
                            typedChecked.add(action);
                            Class<? extends Record> javaType = io.uassetd.client.Actions.REPLY_TYPES.get(action);
                            if (javaType != null) {
                                try {
                                    Json.mapper().treeToValue(data, javaType);
                                } catch (Exception e) {
                                    drift.add(action + " over " + k.name() + ": the Java client's " + javaType.getSimpleName()
                                            + " cannot read it: " + e.getMessage());
                                }
                            }
                        }
                    }
                    if (success && readsPackages && PACKAGE_KINDS.contains(k.name()) && reply.path("data").isObject()) {
                        // an action that takes an engine and succeeded on one package read it: the reply says under which engine
                        // (replies whose data keeps UAssetTool's array or boolean shape have no object to say it in)
                        if (data.has("engine_version") && data.has("engine_source")) {
                            engineReplies++;
                            log.add(action + " " + k.name() + " engine " + data.get("engine_version") + " (" + data.get("engine_source") + ")");
                        } else {
                            withoutEngine.add(action + " over " + k.name());
                        }
                    }
                    if (!success && !OK_CODES.contains(code) || success && code != null) {
                        internal.add(action + " over " + k.name() + " (" + req + "): " + code + ": "
                                + reply.get("message").asText());
                    }
                }
            }
        }
        log.add("reply shapes checked: " + shapesChecked + " replies of " + typedChecked.size() + " of " + typedAll.size()
                + " typed actions " + typedChecked + "; typed actions without data in the sweep: "
                + typedAll.stream().filter(x -> !typedChecked.contains(x)).toList());
        Files.write(Path.of("target", "action-sweep.txt"), log);
        assertThat(actions).isEqualTo(declared - NOT_SENT.size());
        assertThat(sent).isGreaterThan(actions);
        assertThat(folderNotFound).as("a folder given where a file is expected is said to be a folder, not 'not found'").isEmpty();
        assertThat(drift).as("replies that differ from the reply shape their action declares in capabilities").isEmpty();
        assertThat(typedChecked).as("typed actions whose reply data the sweep checked").isNotEmpty();
        assertThat(withoutEngine).as("successful object replies of actions that read a package without engine_version/engine_source")
                .isEmpty();
        assertThat(engineReplies).as("replies that read a package and say its engine").isGreaterThan(0);
        assertThat(internal).as("replies with INTERNAL (or another code that says nothing about the input); all replies in "
                + "tests/target/action-sweep.txt").isEmpty();
    }
}
