package io.uassetd.daemon.action;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What an action is: its wire name, a one-line summary, the fields it accepts, and how the CLI
 * reaches it ({@code cliName} null when it has no CLI command; {@code positionals} are the fields
 * its positional arguments fill, in order; a STRING_LIST field last takes all remaining ones).
 */
public record ActionSpec(String name, String summary, List<FieldSpec> fields, String cliName, List<String> positionals) {
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
        return new ActionSpec(name, summary, List.of(fields), null, List.of());
    }

    /** The same spec, reachable as CLI command {@code cliName} with these positional fields. */
    public ActionSpec withCli(String cliName, String... positionals) {
        return new ActionSpec(name, summary, fields, cliName, List.of(positionals));
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
