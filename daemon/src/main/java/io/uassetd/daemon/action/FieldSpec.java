package io.uassetd.daemon.action;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Objects;

/**
 * One request field an action accepts: its snake_case name (UAssetTool's), type, default, and
 * what it means. {@code cliOption} is the CLI flag that sets it ({@code --aes}), null for the
 * generated {@code --field-name} form.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FieldSpec(String name, FieldType type, Object defaultValue, boolean required, String description,
                        String cliOption) {
    public FieldSpec {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(description, "description");
    }

    public static FieldSpec required(String name, FieldType type, String description) {
        return new FieldSpec(name, type, null, true, description, null);
    }

    public static FieldSpec optional(String name, FieldType type, Object defaultValue, String description) {
        return new FieldSpec(name, type, defaultValue, false, description, null);
    }

    /** The same field, set on the command line by {@code option} (e.g. "--aes"). */
    public FieldSpec cli(String option) {
        return new FieldSpec(name, type, defaultValue, required, description, option);
    }

    /** The option that sets this field on the command line. */
    public String cliFlag() {
        return cliOption != null ? cliOption : "--" + name.replace('_', '-');
    }
}
