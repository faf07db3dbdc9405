package io.uassetd.daemon;

import io.uassetd.daemon.action.*;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.cli.Cli;
import io.uassetd.daemon.services.Services;
import io.uassetd.protocol.ErrorCode;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The contract mechanism: fields from a request record, binding, reply shape, and the outcome rule. */
class ContractsTest {
    record Req(@Field(value = "the input", required = true) Path file_path,
               @Field(value = "more inputs") List<String> file_paths,
               @Field(value = "how many", dflt = "3", min = 0, max = 10) int count,
               @Field(value = "loud") boolean loud,
               @Field(value = "ratio", dflt = "0.5") double ratio,
               @Field(value = "maybe") Long maybe,
               @Field(value = "mappings", cli = "--usmap") String usmap_path,
               @Field(value = "what to read with") EngineVersion engine_version,
               @Field(value = "stop at the first failure", dflt = "false") boolean fail_fast) {
    }

    record Reply1(String first, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    /** Fails the items whose name contains "bad". */
    static final class Sample extends TypedAction<Req, Reply1> {
        Sample() {
            super("sample_items", "Handles items", "sample", "file_path", "file_paths");
        }

        @Override
        protected Done<Reply1> run(Req r, ActionContext ctx) {
            List<String> all = new ArrayList<>();
            all.add(r.file_path().toString());
            all.addAll(r.file_paths());
            Items.Builder b = new Items.Builder(ctx, r.fail_fast());
            for (String s : all) {
                b.attempt(s, () -> {
                    if (s.contains("bad")) {
                        throw ActionException.notFound("no such thing: " + s, s);
                    }
                    return s + ".out";
                });
            }
            return Done.of("Handled " + all.size(), new Reply1(all.get(0), b.build()));
        }
    }

    static Services services;

    @BeforeAll
    static void start() {
        services = Bootstrap.services(Services.Config.defaults(), System.err, true);
    }

    @AfterAll
    static void stop() {
        services.close();
    }

    static Reply send(Map<String, JsonNode> fields, Map<String, String> env) {
        Dispatcher d = new Dispatcher(new ActionRegistry(List.of(new Sample())), new ErrorMapper(System.err), env);
        return d.dispatch(new Request("sample_items", null, false, fields), new ActionContext(services, null, null, ActionContext.Control.NONE));
    }

    static Map<String, JsonNode> fields(String json) throws Exception {
        Map<String, JsonNode> m = new LinkedHashMap<>();
        Json.mapper().readTree(json).properties().forEach(e -> m.put(e.getKey(), e.getValue()));
        return m;
    }

    /**
     * The actions not yet declared by typed request and reply (their fields are still declared and
     * checked; their reply is hand-written). The list only shrinks: a new action is declared by type.
     */
    static final List<String> NOT_YET_TYPED = List.of();

    @Test
    void everyActionIsDeclaredByTypeExceptTheListedOnes() {
        List<String> untyped = new ArrayList<>();
        List<String> typed = new ArrayList<>();
        for (ActionHandler h : io.uassetd.daemon.actions.Actions.registry().actions()) {
            (h.spec().isTyped() ? typed : untyped).add(h.spec().name());
            if (h.spec().isTyped()) {
                assertThat(h).isInstanceOf(TypedAction.class);
                assertThat(Contracts.fields(h.spec().request())).isEqualTo(h.spec().fields());
            }
        }
        assertThat(untyped).containsExactlyInAnyOrderElementsOf(NOT_YET_TYPED);
        assertThat(typed).contains("datatable_to_csv", "csv_to_datatable", "locres_to_json", "ping", "diff_packages", "rebase_mod",
                "merge_mods", "diff_game_versions", "mod_conflicts", "get_texture_info", "capabilities", "list_pak_files", "create_pak",
                "extract_iostore", "create_mod_iostore", "convert_to_zen", "convert_from_zen", "parse_locres", "edit_locres",
                "detect_type", "batch_detect_texture", "get_exports", "set_property_value", "to_json", "from_json", "compact_json",
                "get_mesh_info", "patch_mesh", "niagara_details", "niagara_edit");
    }

    @Test
    void fieldsComeFromTheRecord() {
        ActionSpec s = new Sample().spec();
        assertThat(s.fields()).extracting(FieldSpec::name).containsExactly("file_path", "file_paths", "count", "loud", "ratio", "maybe",
                "usmap_path", "engine_version", "fail_fast");
        assertThat(s.fields()).extracting(f -> f.type().label()).containsExactly("string", "string[]", "integer", "boolean", "number",
                "integer", "string", "string", "boolean");
        assertThat(s.field("count").orElseThrow().defaultValue()).isEqualTo(3L);
        assertThat(s.field("file_path").orElseThrow().required()).isTrue();
        assertThat(s.field("usmap_path").orElseThrow().cliFlag()).isEqualTo("--usmap");
        assertThat(s.field("engine_version").orElseThrow().description()).startsWith("what to read with: auto").contains("UE4_");
        assertThat(s.field("engine_version").orElseThrow().defaultValue()).isEqualTo("auto");
        assertThat(s.cliName()).isEqualTo("sample");
        assertThat(Contracts.typeName(s.reply())).isEqualTo("Reply1");
        assertThat(Contracts.replyFields(Reply1.class)).extracting(Contracts.ReplyField::name)
                .containsExactly("first", "total", "succeeded", "failed", "skipped", "items");
    }

    @Test
    void bindingAppliesDefaultsTypesAndTheEnvironment() throws Exception {
        Args a = new Args(new Sample().spec(), fields("{\"file_path\":\"x\",\"file_paths\":\"y\",\"count\":\"0x2\",\"loud\":\"true\","
                + "\"engine_version\":\"UE5_3\"}"), Map.of("USMAP_PATH", "/m.usmap"));
        Req r = Contracts.bind(a, Req.class);
        assertThat(r).isEqualTo(new Req(Path.of("x"), List.of("y"), 2, true, 0.5, null, "/m.usmap", EngineVersion.UE5_3, false));
        Args auto = new Args(new Sample().spec(), fields("{\"file_path\":\"x\",\"engine_version\":\"auto\"}"), Map.of());
        assertThat(Contracts.bind(auto, Req.class).engine_version()).isNull();
        assertThatThrownBy(() -> Contracts.bind(new Args(new Sample().spec(), fields("{}"), Map.of()), Req.class))
                .isInstanceOf(ActionException.class).hasMessageContaining("Missing field 'file_path'");
        assertThatThrownBy(() -> Contracts.bind(new Args(new Sample().spec(), fields("{\"file_path\":\"x\",\"count\":11}"), Map.of()),
                Req.class)).isInstanceOf(ActionException.class).hasMessageContaining("'count' must be between 0 and 10");
        assertThatThrownBy(() -> Contracts.bind(new Args(new Sample().spec(), fields("{\"file_path\":\"x\",\"loud\":[1]}"), Map.of()),
                Req.class)).isInstanceOf(ActionException.class).hasMessageContaining("'loud' must be a boolean");
    }

    record NoAnnotation(String file_path) {
    }

    @Test
    void aComponentWithoutDeclarationIsRefused() {
        assertThatThrownBy(() -> Contracts.fields(NoAnnotation.class)).hasMessageContaining("needs @Field");
    }

    /** An action whose request record cannot make a spec. */
    static final class Undeclared extends TypedAction<NoAnnotation, Boolean> {
        Undeclared() {
            super("undeclared", "cannot make its spec", "undeclared-cmd");
        }
    }

    @Test
    void theRegistryMakesNoSpecUntilOneIsAskedFor() {
        // a command's start makes only its own action's spec (TypedAction): the registry goes by name
        Undeclared u = new Undeclared();
        ActionRegistry r = new ActionRegistry(List.of(new Sample(), u));
        assertThat(r.action("undeclared")).containsSame(u);
        assertThat(r.command("undeclared-cmd")).containsSame(u);
        assertThat(r.command("sample")).isPresent();
        assertThatThrownBy(u::spec).hasMessageContaining("needs @Field");
        assertThatThrownBy(() -> new ActionRegistry(List.of(new Sample(), new Sample()))).hasMessageContaining("Duplicate action sample_items");
        for (ActionHandler h : io.uassetd.daemon.actions.Actions.registry().actions()) {
            assertThat(h.name()).isEqualTo(h.spec().name());
            assertThat(h.cliName()).isEqualTo(h.spec().cliName());
        }
    }

    @Test
    void anyFieldDefaultsReadAsJsonWould() throws Exception {
        // true and false are read without Jackson; every declared default must still equal what the mapper reads
        int seen = 0;
        for (ActionHandler h : io.uassetd.daemon.actions.Actions.registry().actions()) {
            Class<? extends Record> q = h.spec().request();
            for (java.lang.reflect.RecordComponent c : q.getRecordComponents()) {
                Field f = c.getAnnotation(Field.class);
                if (c.getType() == JsonNode.class && !f.dflt().isEmpty()) {
                    String wire = f.name().isEmpty() ? c.getName() : f.name();
                    assertThat(h.spec().field(wire).orElseThrow().defaultValue()).as(h.name() + "." + wire)
                            .isEqualTo(Json.mapper().readValue(f.dflt(), Object.class));
                    seen++;
                }
            }
        }
        assertThat(seen).as("create_pak.compress").isEqualTo(1);
    }

    @Test
    void anItemFailureFailsTheReplyButKeepsEveryItem() throws Exception {
        Reply ok = send(fields("{\"file_path\":\"a\",\"file_paths\":[\"b\"]}"), Map.of());
        assertThat(ok.success()).isTrue();
        JsonNode d = ok.dataTree();
        assertThat(d.get("total").asInt()).isEqualTo(2);
        assertThat(d.get("succeeded").asInt()).isEqualTo(2);
        assertThat(d.get("items").get(1).toString()).isEqualTo("{\"item\":\"b\",\"status\":\"ok\",\"output\":\"b.out\"}");

        Reply some = send(fields("{\"file_path\":\"a\",\"file_paths\":[\"bad1\",\"c\",\"bad2\"]}"), Map.of());
        assertThat(some.success()).isFalse();
        assertThat(some.errorCode()).isEqualTo(ErrorCode.NOT_FOUND);
        assertThat(some.error().file()).isEqualTo("bad1"); // the ActionException names the item as its file
        assertThat(some.message()).isEqualTo("Handled 4: 2 of 4 items failed (first: bad1: no such thing: bad1)");
        JsonNode s = some.dataTree();
        assertThat(List.of(s.get("total").asInt(), s.get("succeeded").asInt(), s.get("failed").asInt(), s.get("skipped").asInt()))
                .containsExactly(4, 2, 2, 0);
        assertThat(s.get("first").asText()).isEqualTo("a");
        assertThat(s.get("items").get(1).toString())
                .isEqualTo("{\"item\":\"bad1\",\"status\":\"failed\",\"code\":\"NOT_FOUND\",\"error\":\"no such thing: bad1\",\"file\":\"bad1\"}");

        Reply fast = send(fields("{\"file_path\":\"a\",\"file_paths\":[\"bad1\",\"c\",\"bad2\"],\"fail_fast\":true}"), Map.of());
        JsonNode f = fast.dataTree();
        assertThat(List.of(f.get("succeeded").asInt(), f.get("failed").asInt(), f.get("skipped").asInt())).containsExactly(1, 1, 2);
        assertThat(f.get("items").get(2).get("status").asText()).isEqualTo("skipped");
    }

    @Test
    void theCliExitCodeComesFromTheOutcomeAlone() throws Exception {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        Dispatcher d = new Dispatcher(new ActionRegistry(List.of(new Sample())), new ErrorMapper(System.err), Map.of());
        Cli cli = new Cli(d, services, new PrintStream(new ByteArrayOutputStream(), true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        assertThat(cli.run("sample", List.of("a", "b"))).isEqualTo(Cli.EXIT_OK);
        assertThat(cli.run("sample", List.of("a", "bad"))).isEqualTo(Cli.EXIT_SOME_FAILED);
        assertThat(err.toString(StandardCharsets.UTF_8)).isEqualTo("uassetd sample: 1 of 2 items failed (first: bad: no such thing: bad)\n");
        assertThat(cli.run("sample", List.of("bad", "bad2"))).isEqualTo(Cli.EXIT_NOTHING_DONE);
        assertThat(cli.run("sample", List.of("--count", "99", "a"))).isEqualTo(Cli.EXIT_NOTHING_DONE);
    }
}
