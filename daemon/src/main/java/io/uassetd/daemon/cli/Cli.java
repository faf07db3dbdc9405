package io.uassetd.daemon.cli;

import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.util.Collection;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.protocol.Json;
import io.uassetd.protocol.Reply;
import io.uassetd.protocol.Request;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * One-shot commands: {@code uassetd <command> [args…] [--json]}. Arguments map onto the action's
 * fields: positional ones in the order the action declares, {@code --field-name value} (or the
 * field's UAssetTool flag such as {@code --aes}) for the rest, {@code --flag}/{@code --no-flag}
 * for booleans, repeated options for lists. The request runs through the same dispatcher as the
 * daemon's; {@code --json} prints the raw reply line.
 */
public final class Cli {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private final Dispatcher dispatcher;
    private final Services services;
    private final PrintStream out;
    private final PrintStream err;

    public Cli(Dispatcher dispatcher, Services services, PrintStream out, PrintStream err) {
        this.dispatcher = dispatcher;
        this.services = services;
        this.out = out;
        this.err = err;
    }

    /** Thrown for a command line that cannot be understood; exit status 2. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    public int run(String command, List<String> args) {
        if (command.equals("help") || command.equals("--help") || command.equals("-h")) {
            out.print(args.isEmpty() ? usage() : commandHelp(args.get(0)));
            return 0;
        }
        Optional<ActionHandler> handler = find(command);
        if (handler.isEmpty()) {
            err.println("uassetd: unknown command '" + command + "'. Run 'uassetd help' for the list.");
            return EXIT_USAGE;
        }
        ActionSpec spec = handler.get().spec();
        boolean json = args.contains("--json");
        boolean progress = args.contains("--progress");
        List<String> rest = new ArrayList<>(args);
        rest.remove("--json");
        rest.remove("--progress");
        Map<String, JsonNode> fields;
        try {
            fields = parse(spec, rest);
        } catch (UsageException e) {
            err.println("uassetd " + command + ": " + e.getMessage());
            err.print(commandHelp(command));
            return EXIT_USAGE;
        }
        Request req = new Request(spec.name(), null, false, fields);
        ActionContext.ProgressSink sink = progress
                ? (id, done, total, item) -> err.println("[" + done + "/" + total + "] " + (item == null ? "" : item))
                : null;
        ActionContext ctx = new ActionContext(services, null, sink, ActionContext.Control.NONE);
        Reply reply = dispatcher.dispatch(req, ctx);
        if (json) {
            try {
                out.println(Json.mapper().writeValueAsString(reply));
            } catch (Exception e) {
                err.println("uassetd: cannot encode reply: " + e);
                return EXIT_NOTHING_DONE;
            }
        } else if (reply.success()) {
            String text = handler.get().formatHuman(new ActionResult(reply.message(),
                    Dispatcher.WithEngine.unwrap(reply.data())));
            if (text == null) {
                if (reply.message() != null && !reply.message().isEmpty()) {
                    out.println(reply.message());
                }
                text = HumanRenderer.render(reply.data());
            }
            out.print(text);
            for (String w : reply.warnings()) {
                err.println("warning: " + w);
            }
        } else {
            for (String w : reply.warnings()) {
                err.println("warning: " + w);
            }
        }
        if (!reply.success()) {
            err.println("uassetd " + command + ": error [" + reply.errorCode() + "]: " + reply.message());
            return handler.get().cliExitStatus(false, null, EXIT_NOTHING_DONE);
        }
        Object data = Dispatcher.WithEngine.unwrap(reply.data());
        ItemOutcome items = ItemOutcome.of(reply.data());
        if (items.failed() == 0) {
            return handler.get().cliExitStatus(true, data, EXIT_OK);
        }
        err.println("uassetd " + command + ": " + items.summary());
        return handler.get().cliExitStatus(true, data, items.succeeded() > 0 ? EXIT_SOME_FAILED : EXIT_NOTHING_DONE);
    }

    /** Exit status: everything asked for was done. */
    public static final int EXIT_OK = 0;
    /** Exit status: the command ran, but some of its items (entries, packages, files) failed. */
    public static final int EXIT_SOME_FAILED = 1;
    /** Exit status: the command line could not be understood; nothing was run. */
    public static final int EXIT_USAGE = 2;
    /** Exit status: nothing was done: the action failed, or every one of its items did. */
    public static final int EXIT_NOTHING_DONE = 3;

    /**
     * How many items of a batch reply failed and succeeded, read from the counts the batch actions
     * reply with ({@code failed_count}/{@code fail_count}/{@code bad_count}, else the length of
     * {@code failures}/{@code errors}; successes from {@code extracted_count}/{@code success_count}/
     * {@code verified_count}/{@code package_count}, else {@code total} less the failures).
     */
    record ItemOutcome(long failed, long succeeded, String firstFailure) {
        /** The names {@link #of} reads; only these are turned into JSON. */
        private static final Set<String> KEYS = Set.of("failures", "errors", "bad", "failed_count", "fail_count", "bad_count",
                "extracted_count", "success_count", "verified_count", "package_count", "total", "total_files", "scanned_count");

        static ItemOutcome of(Object data) {
            JsonNode d = data == null ? null : countsOf(Dispatcher.WithEngine.unwrap(data));
            if (d == null || !d.isObject()) {
                return new ItemOutcome(0, 0, null);
            }
            JsonNode list = first(d, "failures", "errors", "bad");
            long failed = -1;
            for (String k : List.of("failed_count", "fail_count", "bad_count")) {
                if (d.path(k).canConvertToLong()) {
                    failed = d.get(k).asLong();
                    break;
                }
            }
            if (failed < 0) {
                failed = list != null && list.isArray() ? list.size() : 0;
            }
            long ok = -1;
            for (String k : List.of("extracted_count", "success_count", "verified_count", "package_count")) {
                if (d.path(k).canConvertToLong()) {
                    ok = d.get(k).asLong();
                    break;
                }
            }
            if (ok < 0) {
                long total = -1;
                for (String k : List.of("total", "total_files", "scanned_count")) {
                    if (d.path(k).canConvertToLong()) {
                        total = d.get(k).asLong();
                        break;
                    }
                }
                ok = total >= 0 ? Math.max(0, total - failed) : 0;
            }
            String firstFailure = null;
            if (list != null && list.isArray() && !list.isEmpty()) {
                JsonNode f = list.get(0);
                firstFailure = f.isObject()
                        ? f.path("item").asText("?") + ": " + f.path("error").asText(f.toString())
                        : f.asText();
            }
            return new ItemOutcome(failed, ok, firstFailure);
        }

        /**
         * The reply data's properties named in {@link #KEYS}, as JSON. A reply may list thousands of
         * entries; converting all of it would cost a one-shot command more than the rest of its output.
         */
        private static JsonNode countsOf(Object data) {
            if (data instanceof JsonNode n) {
                return n;
            }
            ObjectNode out = F.objectNode();
            if (data instanceof Record r && recordCounts(r, out)) {
                return out;
            }
            ObjectMapper m = Json.mapper();
            if (data instanceof Map<?, ?> map) {
                map.forEach((k, v) -> {
                    if (KEYS.contains(String.valueOf(k))) {
                        out.set(String.valueOf(k), m.valueToTree(v));
                    }
                });
                return out;
            }
            BeanDescription bean = m.getSerializationConfig().introspect(m.constructType(data.getClass()));
            if (bean.findAnyGetter() != null || bean.findJsonValueAccessor() != null) {
                return m.valueToTree(data);
            }
            for (BeanPropertyDefinition p : bean.findProperties()) {
                AnnotatedMember get = p.getAccessor();
                if (get != null && KEYS.contains(p.getName())) {
                    get.fixAccess(true); // as Jackson's own serializer does: reply records need not be public
                    out.set(p.getName(), m.valueToTree(get.getValue(data)));
                }
            }
            return out;
        }

        /**
         * The counts of a reply record whose components carry their JSON names (how replies are
         * written), read without the JSON mapper, which a one-shot command need not set up for this;
         * false when the record renames or hides any, or holds a failure list (then the mapper reads it).
         */
        private static boolean recordCounts(Record r, ObjectNode out) {
            for (RecordComponent c : r.getClass().getRecordComponents()) {
                if (c.getAccessor().getAnnotations().length > 0 || c.getAnnotations().length > 0) {
                    return false;
                }
                if (!KEYS.contains(c.getName())) {
                    continue;
                }
                Object v;
                try {
                    Method get = c.getAccessor();
                    get.setAccessible(true);
                    v = get.invoke(r);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return false;
                }
                if (v instanceof Long || v instanceof Integer) {
                    out.put(c.getName(), ((Number) v).longValue());
                } else if (v instanceof Collection<?> list && list.isEmpty()) {
                    out.set(c.getName(), F.arrayNode());
                } else if (v != null) {
                    return false;
                }
            }
            return true;
        }

        private static JsonNode first(JsonNode d, String... keys) {
            for (String k : keys) {
                if (d.path(k).isArray()) {
                    return d.get(k);
                }
            }
            return null;
        }

        String summary() {
            String s = failed + " of " + (failed + succeeded) + " items failed";
            return firstFailure == null ? s : s + " (first: " + firstFailure.replace('\n', ' ') + ")";
        }
    }

    private Optional<ActionHandler> find(String command) {
        Optional<ActionHandler> h = dispatcher.registry().command(command);
        return h.isPresent() ? h : dispatcher.registry().action(command);
    }

    static Map<String, JsonNode> parse(ActionSpec spec, List<String> args) throws UsageException {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.startsWith("--") && a.length() > 2) {
                String opt = a;
                String inline = null;
                int eq = a.indexOf('=');
                if (eq > 0) {
                    opt = a.substring(0, eq);
                    inline = a.substring(eq + 1);
                }
                FieldSpec f = byFlag(spec, opt);
                boolean negated = false;
                if (f == null && opt.startsWith("--no-")) {
                    f = byFlag(spec, "--" + opt.substring(5));
                    negated = f != null && f.type() == FieldType.BOOLEAN;
                    if (!negated) {
                        f = null;
                    }
                }
                if (f == null) {
                    throw new UsageException("unknown option " + opt);
                }
                if (f.type() == FieldType.BOOLEAN) {
                    boolean v = inline == null ? !negated : Boolean.parseBoolean(inline);
                    fields.put(f.name(), F.booleanNode(v));
                    continue;
                }
                String value = inline;
                if (value == null) {
                    if (i + 1 >= args.size()) {
                        throw new UsageException("option " + opt + " needs a value");
                    }
                    value = args.get(++i);
                }
                put(fields, f, value);
            } else {
                positional.add(a);
            }
        }
        List<String> slots = positionals(spec);
        int p = 0;
        for (int s = 0; s < slots.size() && p < positional.size(); s++) {
            FieldSpec f = spec.field(slots.get(s)).orElseThrow();
            boolean last = s == slots.size() - 1;
            if (f.type() == FieldType.STRING_LIST && last) {
                while (p < positional.size()) {
                    put(fields, f, positional.get(p++));
                }
            } else {
                put(fields, f, positional.get(p++));
            }
        }
        if (p < positional.size()) {
            throw new UsageException("unexpected argument '" + positional.get(p) + "'");
        }
        for (FieldSpec f : spec.fields()) {
            if (f.required() && !fields.containsKey(f.name())) {
                throw new UsageException("missing " + (slots.contains(f.name()) ? "argument <" + f.name() + ">" : "option " + f.cliFlag()));
            }
        }
        return fields;
    }

    /**
     * The fields positional arguments fill: the command's declared ones, or, for an action that
     * has no CLI form of its own, its required fields in declared order.
     */
    static List<String> positionals(ActionSpec spec) {
        if (spec.cliName() != null || !spec.positionals().isEmpty()) {
            return spec.positionals();
        }
        return spec.fields().stream().filter(FieldSpec::required).map(FieldSpec::name).toList();
    }

    private static FieldSpec byFlag(ActionSpec spec, String flag) {
        for (FieldSpec f : spec.fields()) {
            if (f.cliFlag().equals(flag) || ("--" + f.name().replace('_', '-')).equals(flag)) {
                return f;
            }
        }
        // UAssetTool's spelling of path options: --usmap for usmap_path, --output for output_path
        for (FieldSpec f : spec.fields()) {
            if (f.name().endsWith("_path") && ("--" + f.name().replace('_', '-')).equals(flag + "-path")) {
                return f;
            }
        }
        return null;
    }

    private static void put(Map<String, JsonNode> fields, FieldSpec f, String value) throws UsageException {
        switch (f.type()) {
            case STRING_LIST -> {
                JsonNode existing = fields.get(f.name());
                ArrayNode arr = existing instanceof ArrayNode a ? a : F.arrayNode();
                arr.add(value);
                fields.put(f.name(), arr);
            }
            case INTEGER -> fields.put(f.name(), F.textNode(value)); // Args parses decimal and 0x-hex text
            case NUMBER -> {
                try {
                    fields.put(f.name(), F.numberNode(Double.parseDouble(value)));
                } catch (NumberFormatException e) {
                    throw new UsageException(f.cliFlag() + " needs a number, got '" + value + "'");
                }
            }
            case BOOLEAN -> fields.put(f.name(), F.booleanNode(Boolean.parseBoolean(value)));
            case ANY -> fields.put(f.name(), anyValue(value));
            default -> fields.put(f.name(), F.textNode(value));
        }
    }

    /**
     * A command-line value for a field of any JSON type: {@code true}/{@code false}/{@code null}, a
     * number, a JSON array, object or string when it parses as one, else the text itself. Scalars are
     * read here: the JSON mapper costs a one-shot command 50-100 ms to set up.
     */
    static JsonNode anyValue(String value) {
        String v = value.strip(); // JSON allows whitespace around a value
        switch (v) {
            case "true":
                return F.booleanNode(true);
            case "false":
                return F.booleanNode(false);
            case "null":
                return F.nullNode();
            default:
                break;
        }
        if (v.matches("-?(0|[1-9][0-9]{0,17})")) {
            long n = Long.parseLong(v);
            return n == (int) n ? F.numberNode((int) n) : F.numberNode(n);
        }
        if (v.isEmpty() || "[{\"-0123456789".indexOf(v.charAt(0)) < 0) {
            return F.textNode(value);
        }
        try {
            return Json.mapper().readTree(value);
        } catch (Exception e) {
            return F.textNode(value);
        }
    }

    public String usage() {
        StringBuilder sb = new StringBuilder();
        sb.append("uassetd: Unreal Engine PAK / IoStore / Zen / uasset toolkit\n\n");
        sb.append("usage:\n");
        sb.append("  uassetd                         serve JSON-lines requests on stdin/stdout\n");
        sb.append("  uassetd serve [--workers N] [--cache-mb M] [--oodle PATH]\n");
        sb.append("  uassetd <command> [args...] [--json] [--progress]\n");
        sb.append("  uassetd batch [FILE|-] [--jobs N] [--fail-fast] [--progress]   requests in, replies out in order\n");
        sb.append("  uassetd help <command>\n\n");
        sb.append("commands:\n");
        for (ActionHandler h : dispatcher.registry().commands()) {
            ActionSpec s = h.spec();
            sb.append(String.format("  %-24s %s%n", s.cliName(), s.summary()));
        }
        sb.append("\nEvery daemon action also runs as a command under its own name with --field-name options.\n");
        return sb.toString();
    }

    public String commandHelp(String command) {
        Optional<ActionHandler> h = find(command);
        if (h.isEmpty()) {
            return "unknown command '" + command + "'\n";
        }
        ActionSpec s = h.get().spec();
        StringBuilder sb = new StringBuilder();
        sb.append("uassetd ").append(s.cliName() != null ? s.cliName() : s.name());
        for (String p : positionals(s)) {
            FieldSpec f = s.field(p).orElseThrow();
            sb.append(f.required() ? " <" : " [").append(p).append(f.type() == FieldType.STRING_LIST ? "..." : "")
                    .append(f.required() ? ">" : "]");
        }
        sb.append(" [options]\n  ").append(s.summary()).append("\noptions:\n");
        for (FieldSpec f : s.fields()) {
            if (positionals(s).contains(f.name())) {
                continue;
            }
            String arg = f.type() == FieldType.BOOLEAN ? "" : " <" + f.type().label() + ">";
            sb.append(String.format("  %-28s %s%s%n", f.cliFlag() + arg, f.description(),
                    f.defaultValue() != null ? " [default " + f.defaultValue() + "]" : ""));
        }
        sb.append(String.format("  %-28s %s%n", "--json", "print the raw JSON reply"));
        sb.append(String.format("  %-28s %s%n", "--progress", "print progress to stderr"));
        return sb.toString();
    }
}
