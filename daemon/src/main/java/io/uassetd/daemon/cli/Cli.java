package io.uassetd.daemon.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.uassetd.daemon.services.Services;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Dispatcher;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.action.Items;
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
import java.util.function.Consumer;

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

    private String clientDir;
    private Consumer<ActionContext> contextHook = c -> { };

    public Cli(Dispatcher dispatcher, Services services, PrintStream out, PrintStream err) {
        this.dispatcher = dispatcher;
        this.services = services;
        this.out = out;
        this.err = err;
    }

    /**
     * Runs the command for a client of the resident server (docs/server.md): relative paths in
     * path fields ({@link #isPathField}) are taken from {@code clientDir} (written
     * {@code clientDir/./path}, a form the server turns back into the path as given in what it
     * prints), and {@code contextHook} receives the request's context (to cancel it).
     */
    public Cli forClient(String clientDir, Consumer<ActionContext> contextHook) {
        this.clientDir = clientDir;
        this.contextHook = contextHook;
        return this;
    }

    /** Fields named like these hold paths of files or folders (and nothing else does): the resident server resolves them against the client's folder. */
    private static final Set<String> PATH_FIELDS = Set.of("input_pak", "game_paks", "global_utoc", "output", "containers", "script_objects");
    private static final Set<String> NOT_PATH_FIELDS = Set.of("internal_path", "property_path", "game_path");

    /** Whether a request field names a file or folder on disk (see {@link #forClient}). */
    public static boolean isPathField(String name) {
        if (NOT_PATH_FIELDS.contains(name)) {
            return false;
        }
        return PATH_FIELDS.contains(name) || name.endsWith("_path") || name.endsWith("_paths") || name.endsWith("_dir") || name.endsWith("_file");
    }

    /** {@code value} resolved against the client's folder as {@link #forClient} says, when relative. */
    public static String resolveAgainst(String clientDir, String value) {
        if (value.isEmpty() || value.startsWith("/")) {
            return value;
        }
        return (clientDir.endsWith("/") ? clientDir : clientDir + "/") + "./" + value;
    }

    private void resolvePaths(Map<String, JsonNode> fields) {
        for (Map.Entry<String, JsonNode> e : fields.entrySet()) {
            if (!isPathField(e.getKey())) {
                continue;
            }
            JsonNode v = e.getValue();
            if (v.isTextual()) {
                e.setValue(F.textNode(resolveAgainst(clientDir, v.asText())));
            } else if (v instanceof ArrayNode a) {
                for (int i = 0; i < a.size(); i++) {
                    if (a.get(i).isTextual()) {
                        a.set(i, F.textNode(resolveAgainst(clientDir, a.get(i).asText())));
                    }
                }
            }
        }
    }

    /** Thrown for a command line that cannot be understood; exit status 2. */
    static final class UsageException extends Exception {
        UsageException(String message) {
            super(message);
        }
    }

    public int run(String command, List<String> args) {
        if (command.equals("help") || command.equals("--help") || command.equals("-h")) {
            if (!args.isEmpty() && UAssetToolCommands.REFUSED.containsKey(args.get(0))) {
                err.println("uassetd help: " + UAssetToolCommands.REFUSED.get(args.get(0)));
                return EXIT_USAGE;
            }
            if (!args.isEmpty() && find(args.get(0)).isEmpty()) {
                err.print("uassetd help: " + commandHelp(args.get(0)));
                return EXIT_USAGE;
            }
            out.print(args.isEmpty() ? usage() : commandHelp(args.get(0)));
            return 0;
        }
        if (command.equals("--version") || command.equals("-v")) {
            command = "version"; // UAssetTool's spellings
        }
        if (UAssetToolCommands.REFUSED.containsKey(command)) {
            err.println("uassetd " + command + ": " + UAssetToolCommands.REFUSED.get(command));
            return EXIT_USAGE;
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
            UAssetToolCommands.Alias alias = UAssetToolCommands.ALIASES.get(command);
            fields = parse(spec, alias != null ? alias.positionals() : positionals(spec), rest);
        } catch (UsageException e) {
            err.println("uassetd " + command + ": " + e.getMessage());
            err.print(commandHelp(command));
            return EXIT_USAGE;
        }
        if (clientDir != null) {
            resolvePaths(fields);
        }
        Request req = new Request(spec.name(), null, false, fields);
        ActionContext.ProgressSink sink = progress
                ? (id, done, total, item) -> err.println("[" + done + "/" + total + "] " + (item == null ? "" : item))
                : null;
        ActionContext ctx = new ActionContext(services, null, sink, ActionContext.Control.NONE);
        contextHook.accept(ctx);
        Reply reply = dispatcher.dispatch(req, ctx);
        if (json) {
            try {
                out.println(Json.mapper().writeValueAsString(reply));
            } catch (Exception e) {
                err.println("uassetd: cannot encode reply: " + e);
                return EXIT_NOTHING_DONE;
            }
        } else {
            if (reply.success() || reply.data() != null) {
                String text = reply.success() ? handler.get().formatHuman(new ActionResult(reply.message(),
                        Dispatcher.WithEngine.unwrap(reply.data()))) : null;
                if (text == null) {
                    if (reply.success() && reply.message() != null && !reply.message().isEmpty()) {
                        out.println(reply.message());
                    }
                    text = HumanRenderer.render(reply.data());
                }
                out.print(text);
            }
            for (String w : reply.warnings()) {
                err.println("warning: " + w);
            }
        }
        int code = exitCode(command, reply);
        return handler.get().cliExitStatus(reply.success(), reply.success() ? Dispatcher.WithEngine.unwrap(reply.data()) : null, code);
    }

    /**
     * The exit status of a reply, from its outcome alone: 0 when it succeeded; 1 when some of its
     * items failed and others succeeded ({@link Items}); 3 when it failed otherwise.
     */
    int exitCode(String command, Reply reply) {
        if (reply.success()) {
            return EXIT_OK;
        }
        Items items = Items.find(reply.data());
        if (items != null && items.failed() > 0) {
            err.println("uassetd " + command + ": " + items.summary());
        } else {
            err.println("uassetd " + command + ": error [" + reply.errorCode() + "]: " + reply.message());
        }
        return items != null && items.succeeded() > 0 ? EXIT_SOME_FAILED : EXIT_NOTHING_DONE;
    }

    /** Exit status: everything asked for was done. */
    public static final int EXIT_OK = 0;
    /** Exit status: the command ran, but some of its items (entries, packages, files) failed. */
    public static final int EXIT_SOME_FAILED = 1;
    /** Exit status: the command line could not be understood; nothing was run. */
    public static final int EXIT_USAGE = 2;
    /** Exit status: nothing was done: the action failed, or every one of its items did. */
    public static final int EXIT_NOTHING_DONE = 3;

    private Optional<ActionHandler> find(String command) {
        UAssetToolCommands.Alias alias = UAssetToolCommands.ALIASES.get(command);
        if (alias != null && dispatcher.registry().command(command).isEmpty()) {
            return dispatcher.registry().action(alias.action());
        }
        Optional<ActionHandler> h = dispatcher.registry().command(command);
        return h.isPresent() ? h : dispatcher.registry().action(command);
    }

    static Map<String, JsonNode> parse(ActionSpec spec, List<String> args) throws UsageException {
        return parse(spec, positionals(spec), args);
    }

    /** {@link #parse(ActionSpec, List)} with the positional arguments filling {@code slots}. */
    static Map<String, JsonNode> parse(ActionSpec spec, List<String> slots, List<String> args) throws UsageException {
        Map<String, JsonNode> fields = new LinkedHashMap<>();
        List<String> positional = new ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            if (a.equals("-deps") && spec.field("with_deps").isPresent()) {
                a = "--with-deps"; // UAssetTool's extract_iostore_legacy spelling
            }
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
                if (f.type() == FieldType.STRING_LIST && inline == null) {
                    // UAssetTool's multi-value options: --filter a b (the values up to the next option)
                    while (i + 1 < args.size() && !args.get(i + 1).startsWith("-")) {
                        put(fields, f, args.get(++i));
                    }
                }
            } else {
                positional.add(a);
            }
        }
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
        UAssetToolCommands.Alias alias = UAssetToolCommands.ALIASES.get(command);
        List<String> slots = alias != null ? alias.positionals() : positionals(s);
        StringBuilder sb = new StringBuilder();
        sb.append("uassetd ").append(alias != null ? command : s.cliName() != null ? s.cliName() : s.name());
        for (String p : slots) {
            FieldSpec f = s.field(p).orElseThrow();
            sb.append(f.required() ? " <" : " [").append(p).append(f.type() == FieldType.STRING_LIST ? "..." : "")
                    .append(f.required() ? ">" : "]");
        }
        sb.append(" [options]\n  ").append(alias != null ? "UAssetTool's name for " + s.name() + ": " : "").append(s.summary())
                .append("\noptions:\n");
        for (FieldSpec f : s.fields()) {
            if (slots.contains(f.name())) {
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
