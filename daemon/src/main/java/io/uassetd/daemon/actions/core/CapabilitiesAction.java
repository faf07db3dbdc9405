package io.uassetd.daemon.actions.core;

import io.uassetd.daemon.services.Version;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionRegistry;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Contracts;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.ItemsReply;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/** {@code capabilities}: every action with its fields, and the protocol extensions this daemon speaks. */
public final class CapabilitiesAction extends TypedAction<CapabilitiesAction.Request, CapabilitiesAction.Capabilities> {
    /** The request: no fields. */
    public record Request() {
    }

    static final List<String> EXTENSIONS = List.of("id", "progress", "cancel", "error_codes", "warnings");

    /** Reply data. */
    public record Capabilities(String version, List<String> protocol_extensions, List<ActionInfo> actions) {
    }

    /**
     * One action; {@code reply} describes its reply data when the action is declared by typed
     * request and reply (null for one not yet declared so).
     */
    public record ActionInfo(String name, String summary, String cli, List<String> cli_positionals, List<FieldInfo> fields,
                             ReplyInfo reply) {
    }

    /**
     * A reply's shape: its JSON type ({@code type}: a record name, {@code X[]}, {@code boolean}...),
     * the fields of every record it names ({@code records}), and whether it carries the uniform item
     * outcome ({@code total/succeeded/failed/skipped/items}).
     */
    public record ReplyInfo(String type, boolean items, Map<String, List<Contracts.ReplyField>> records) {
        static ReplyInfo of(ActionSpec s) {
            if (!s.isTyped()) {
                return null;
            }
            Map<String, List<Contracts.ReplyField>> records = new LinkedHashMap<>();
            Contracts.records(s.reply()).forEach((n, c) -> records.put(n, Contracts.replyFields(c)));
            boolean items = s.reply() instanceof Class<?> c && ItemsReply.class.isAssignableFrom(c);
            return new ReplyInfo(Contracts.typeName(s.reply()), items, records);
        }
    }

    /** One field ({@code default_value} has the field's type). */
    public record FieldInfo(String name, String type, boolean required, Object default_value, String description, String cli_option) {
    }

    private final Supplier<ActionRegistry> registry;

    public CapabilitiesAction(Supplier<ActionRegistry> registry) {
        super("capabilities", "Lists every action with its fields, CLI command and the protocol extensions", "capabilities");
        this.registry = registry;
    }

    @Override
    protected Done<Capabilities> run(Request q, ActionContext ctx) {
        List<ActionInfo> actions = new ArrayList<>();
        for (ActionHandler h : registry.get().actions()) {
            ActionSpec s = h.spec();
            List<FieldInfo> fields = new ArrayList<>();
            for (FieldSpec f : s.fields()) {
                fields.add(new FieldInfo(f.name(), f.type().label(), f.required(), f.defaultValue(), f.description(),
                        s.cliName() == null ? null : f.cliFlag()));
            }
            actions.add(new ActionInfo(s.name(), s.summary(), s.cliName(), s.positionals(), List.copyOf(fields), ReplyInfo.of(s)));
        }
        return Done.of(actions.size() + " actions", new Capabilities(Version.VERSION, EXTENSIONS, List.copyOf(actions)));
    }

    @Override
    protected String human(Capabilities c) {
        StringBuilder sb = new StringBuilder();
        for (ActionInfo a : c.actions()) {
            sb.append(a.name()).append(a.cli() != null ? "  (CLI: " + a.cli() + ")" : "").append("\n    ").append(a.summary()).append('\n');
            for (FieldInfo f : a.fields()) {
                sb.append("    ").append(f.name()).append(" : ").append(f.type()).append(f.required() ? " (required)" : "")
                        .append(f.default_value() != null ? " [" + f.default_value() + "]" : "").append("  ").append(f.description()).append('\n');
            }
        }
        return sb.toString();
    }
}
