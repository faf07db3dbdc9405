package io.uassetd.daemon.action;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.protocol.Json;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

/**
 * Typed access to a request's fields, checked against the action's declared {@link FieldSpec}s:
 * absent fields take their declared default; a value of the wrong type is an INVALID_ARGUMENT
 * naming the field. Reading a field the action did not declare is a programming error.
 * {@code usmap_path}, when absent, falls back to the {@code USMAP_PATH} environment variable as
 * UAssetTool's clients expect.
 */
public final class Args {
    private final ActionSpec spec;
    private final Map<String, JsonNode> fields;
    private final Map<String, String> env;

    public Args(ActionSpec spec, Map<String, JsonNode> fields, Map<String, String> env) {
        this.spec = spec;
        this.fields = Collections.unmodifiableMap(fields);
        this.env = env;
    }

    private FieldSpec declared(String name) {
        return spec.field(name).orElseThrow(() ->
                new IllegalStateException("Action " + spec.name() + " reads undeclared field '" + name + "'"));
    }

    /** The raw node of a field, or null when absent / JSON null. */
    public JsonNode node(String name) {
        declared(name);
        JsonNode n = fields.get(name);
        return n == null || n.isNull() ? null : n;
    }

    /** Whether the action declares field {@code name}. */
    public boolean declares(String name) {
        return spec.field(name).isPresent();
    }

    public boolean has(String name) {
        return node(name) != null;
    }

    /** An environment variable of the process (the daemon's), or null when unset or blank. */
    public String environment(String variable) {
        String v = env.get(variable);
        return v == null || v.isBlank() ? null : v;
    }

    private ActionException wrongType(String name, String expected, JsonNode n) {
        return ActionException.invalid("Field '" + name + "' must be " + expected + ", got " + n.getNodeType().name().toLowerCase(Locale.ROOT)
                + " " + abbreviate(n.toString()));
    }

    private static String abbreviate(String s) {
        return s.length() > 60 ? s.substring(0, 57) + "..." : s;
    }

    /** A string field, its default when absent (possibly null). Numbers and booleans are accepted as text. */
    public String string(String name) {
        FieldSpec f = declared(name);
        JsonNode n = node(name);
        if (n == null) {
            if (name.equals("usmap_path")) {
                String e = env.get("USMAP_PATH");
                if (e != null && !e.isBlank()) {
                    return e;
                }
            }
            return f.defaultValue() == null ? null : String.valueOf(f.defaultValue());
        }
        if (n.isTextual()) {
            return n.textValue();
        }
        if (n.isNumber() || n.isBoolean()) {
            return n.asText();
        }
        throw wrongType(name, "a string", n);
    }

    /** A string field that must be present and non-empty. */
    public String requireString(String name) {
        String s = string(name);
        if (s == null || s.isEmpty()) {
            throw ActionException.invalid("Missing field '" + name + "' (" + declared(name).description() + ")");
        }
        return s;
    }

    /**
     * A path field that must be present: a JSON string (a number or boolean is refused, not taken
     * as text), without NUL or unpaired surrogates, that the platform can name.
     */
    public Path requirePath(String name) {
        Path p = path(name);
        if (p == null) {
            throw ActionException.invalid("Missing field '" + name + "' (" + declared(name).description() + ")");
        }
        return p;
    }

    /** A path field (checked as {@link #requirePath} says), or null when absent or empty. */
    public Path path(String name) {
        JsonNode n = node(name);
        if (n != null && !n.isTextual() && !n.isNull()) {
            throw wrongType(name, "a path (a JSON string)", n);
        }
        String s = string(name);
        return s == null || s.isEmpty() ? null : toPath(name, s);
    }

    /** {@code s} as a path, refused (INVALID_ARGUMENT naming the field and the rule) when no file system could hold it. */
    public static Path toPath(String field, String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == 0) {
                throw ActionException.invalid("Field '" + field + "' contains a NUL character (at " + i + "); a path cannot");
            }
            if (Character.isHighSurrogate(c) && (i + 1 >= s.length() || !Character.isLowSurrogate(s.charAt(i + 1)))
                    || Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(s.charAt(i - 1)))) {
                throw ActionException.invalid("Field '" + field + "' contains an unpaired surrogate (U+"
                        + Integer.toHexString(c).toUpperCase(Locale.ROOT) + " at " + i + "); a path must be valid Unicode");
            }
        }
        try {
            return Path.of(s);
        } catch (InvalidPathException e) {
            throw ActionException.invalid("Field '" + field + "' is not a path this system can name: " + e.getReason());
        }
    }

    /** An integer field; also accepts a decimal or 0x-hex string. */
    public long integer(String name) {
        FieldSpec f = declared(name);
        JsonNode n = node(name);
        if (n == null) {
            if (f.defaultValue() instanceof Number num) {
                return num.longValue();
            }
            throw ActionException.invalid("Missing field '" + name + "' (" + f.description() + ")");
        }
        if (n.isIntegralNumber() && n.canConvertToLong()) {
            return n.longValue();
        }
        if (n.isTextual()) {
            String t = n.textValue().trim();
            try {
                if (t.startsWith("0x") || t.startsWith("0X")) {
                    return Long.parseUnsignedLong(t.substring(2), 16);
                }
                return Long.parseLong(t);
            } catch (NumberFormatException e) {
                throw wrongType(name, "an integer", n);
            }
        }
        throw wrongType(name, "an integer", n);
    }

    /** An integer field that must fit in {@code [min, max]}. */
    public long integer(String name, long min, long max) {
        long v = integer(name);
        if (v < min || v > max) {
            throw ActionException.invalid("Field '" + name + "' must be between " + min + " and " + max + ", got " + v);
        }
        return v;
    }

    public double number(String name) {
        FieldSpec f = declared(name);
        JsonNode n = node(name);
        if (n == null) {
            if (f.defaultValue() instanceof Number num) {
                return num.doubleValue();
            }
            throw ActionException.invalid("Missing field '" + name + "' (" + f.description() + ")");
        }
        if (n.isNumber()) {
            return n.doubleValue();
        }
        if (n.isTextual()) {
            try {
                return Double.parseDouble(n.textValue().trim());
            } catch (NumberFormatException e) {
                throw wrongType(name, "a number", n);
            }
        }
        throw wrongType(name, "a number", n);
    }

    /** A boolean field; also accepts "true"/"false" strings. */
    public boolean bool(String name) {
        FieldSpec f = declared(name);
        JsonNode n = node(name);
        if (n == null) {
            return f.defaultValue() instanceof Boolean b && b;
        }
        if (n.isBoolean()) {
            return n.booleanValue();
        }
        if (n.isTextual() && (n.textValue().equalsIgnoreCase("true") || n.textValue().equalsIgnoreCase("false"))) {
            return Boolean.parseBoolean(n.textValue());
        }
        throw wrongType(name, "a boolean", n);
    }

    /** A list of strings; a single string is taken as a one-element list; absent gives an empty list. */
    public List<String> strings(String name) {
        declared(name);
        JsonNode n = node(name);
        if (n == null) {
            return List.of();
        }
        if (n.isTextual()) {
            return List.of(n.textValue());
        }
        if (!n.isArray()) {
            throw wrongType(name, "an array of strings", n);
        }
        List<String> out = new ArrayList<>(n.size());
        for (JsonNode e : n) {
            if (!e.isTextual()) {
                throw wrongType(name, "an array of strings", n);
            }
            out.add(e.textValue());
        }
        return List.copyOf(out);
    }

    /** Any JSON value as a tree (or null when absent). */
    public JsonNode json(String name) {
        return node(name);
    }

    /** Binds an object field to a record/class with the protocol mapper. */
    public <T> T bind(String name, Class<T> type) {
        JsonNode n = node(name);
        if (n == null) {
            return null;
        }
        try {
            return Json.mapper().treeToValue(n, type);
        } catch (Exception e) {
            throw ActionException.invalid("Field '" + name + "' does not fit " + type.getSimpleName() + ": " + e.getMessage());
        }
    }

    /** The same environment with another action's spec and fields (an action that runs another). */
    public Args forAction(ActionSpec other, Map<String, JsonNode> otherFields) {
        return new Args(other, new java.util.LinkedHashMap<>(otherFields), env);
    }
}
