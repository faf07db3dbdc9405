package io.uassetd.daemon.action;

import java.lang.reflect.Type;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an action is: its wire name, a one-line summary, the fields it accepts, and how the CLI
 * reaches it ({@code cliName} null when it has no CLI command; {@code positionals} are the fields
 * its positional arguments fill, in order; a STRING_LIST field last takes all remaining ones).
 * A typed action ({@link TypedAction}) also names its request record, from which {@code fields}
 * are made ({@link Contracts#fields}), and its reply type; both are null for an action not yet
 * declared that way.
 */
public record ActionSpec(String name, String summary, List<FieldSpec> fields, String cliName, List<String> positionals,
                         Class<? extends Record> request, Type reply) {
    public ActionSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(summary, "summary");
        fields = List.copyOf(fields);
        positionals = List.copyOf(positionals);
        for (String p : positionals) {
            if (fields.stream().noneMatch(f -> f.name().equals(p))) {
                throw new IllegalArgumentException(name + ": positional '" + p + "' is not a declared field");
            }
        }
    }

    public static ActionSpec of(String name, String summary, FieldSpec... fields) {
        return new ActionSpec(name, summary, List.of(fields), null, List.of(), null, null);
    }

    /** The spec of an action declared by its request record and reply type. */
    public static ActionSpec typed(String name, String summary, Class<? extends Record> request, Type reply) {
        return new ActionSpec(name, summary, Contracts.fields(request), null, List.of(), request, reply);
    }

    /** The same spec, reachable as CLI command {@code cliName} with these positional fields. */
    public ActionSpec withCli(String cliName, String... positionals) {
        return new ActionSpec(name, summary, fields, cliName, List.of(positionals), request, reply);
    }

    /** Whether the action is declared by typed request and reply. */
    public boolean isTyped() {
        return request != null;
    }

    public Optional<FieldSpec> field(String fieldName) {
        for (FieldSpec f : fields) {
            if (f.name().equals(fieldName)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }
}
