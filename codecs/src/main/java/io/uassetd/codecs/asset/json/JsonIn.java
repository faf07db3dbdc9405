package io.uassetd.codecs.asset.json;

import java.util.Locale;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.error.JsonFormatException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;

/**
 * A JSON value being read with its path ({@code $.Exports[2].Data[0]}), so every error names
 * where it is. Accessors check the JSON type and throw {@link JsonFormatException} otherwise.
 */
final class JsonIn {
    private final JsonNode node;
    private final JsonIn parent;
    /** The field name below the parent, or null for an array element ({@link #index}) or the root. */
    private final String field;
    private final int index;
    private final String file;

    private JsonIn(JsonNode node, JsonIn parent, String field, int index, String file) {
        this.node = node;
        this.parent = parent;
        this.field = field;
        this.index = index;
        this.file = file;
    }

    /** A value at a given path (used for values that were copied out of the tree). */
    JsonIn(JsonNode node, String path, String file) {
        this(node, null, path, -1, file);
    }

    static JsonIn root(JsonNode node, String file) {
        return new JsonIn(node, null, "$", -1, file);
    }

    private JsonIn child(JsonNode n, String name) {
        return new JsonIn(n, this, name, -1, file);
    }

    JsonNode node() {
        return node;
    }

    /** The JSON path ({@code $.Exports[2].Data[0]}), built only when asked for (errors). */
    String path() {
        if (parent == null) {
            return field;
        }
        return field != null ? parent.path() + "." + field : parent.path() + "[" + index + "]";
    }

    String file() {
        return file;
    }

    JsonFormatException error(String message) {
        String path = path();
        return new JsonFormatException(message + " at " + path, file, path, false);
    }

    boolean has(String field) {
        JsonNode n = node.get(field);
        return n != null && !n.isNull();
    }

    /** A required field (present and not null). */
    JsonIn get(String field) {
        if (!node.isObject()) {
            throw error("Expected an object");
        }
        JsonNode n = node.get(field);
        if (n == null || n.isNull()) {
            String path = path();
            throw new JsonFormatException("Missing field " + field + " at " + path, file, path + "." + field, false);
        }
        return child(n, field);
    }

    /** An optional field: null when absent or JSON null. */
    JsonIn opt(String field) {
        JsonNode n = node.get(field);
        return n == null || n.isNull() ? null : child(n, field);
    }

    boolean isNull() {
        return node == null || node.isNull();
    }

    List<JsonIn> elements() {
        if (!node.isArray()) {
            throw error("Expected an array, found " + kind());
        }
        List<JsonIn> out = new ArrayList<>(node.size());
        for (int i = 0; i < node.size(); i++) {
            out.add(new JsonIn(node.get(i), this, null, i, file));
        }
        return out;
    }

    int asInt() {
        if (!node.canConvertToInt() || !node.isIntegralNumber()) {
            throw error("Expected a 32-bit integer, found " + kind());
        }
        return node.intValue();
    }

    long asLong() {
        if (!node.isIntegralNumber() || !node.canConvertToLong()) {
            throw error("Expected an integer, found " + kind());
        }
        return node.longValue();
    }

    Number asNumber() {
        if (!node.isNumber()) {
            throw error("Expected a number, found " + kind());
        }
        return node.numberValue();
    }

    /** .NET's NaN ({@code float.NaN}, {@code double.NaN}: sign bit set), which UAssetAPI writes for {@code "NaN"}. */
    static final int DOTNET_FLOAT_NAN = 0xFFC00000;
    static final long DOTNET_DOUBLE_NAN = 0xFFF8000000000000L;

    /**
     * A real number: a JSON number, or a string in the conventions UAssetAPI (Newtonsoft) writes:
     * {@code "+0"} and {@code "-0"} (its FSignedZeroJsonConverter), {@code "NaN"}, {@code "Infinity"},
     * {@code "-Infinity"}, or a number in a string.
     */
    double asReal() {
        if (node.isNumber()) {
            return node.doubleValue();
        }
        if (node.isTextual()) {
            String t = node.textValue().trim();
            switch (t) {
                case "+0":
                    return 0.0;
                case "-0":
                    return -0.0;
                case "NaN":
                    return Double.NaN;
                case "Infinity", "+Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    if (t.matches("[+-]?(\\d+\\.?\\d*|\\.\\d+)([eE][+-]?\\d+)?")) {
                        return Double.parseDouble(t);
                    }
            }
        }
        throw error("Expected a number (or \"+0\", \"-0\", \"NaN\", \"Infinity\", \"-Infinity\"), found " + kind());
    }

    /** {@link #asReal()} as float bits; NaN as .NET's NaN, the bits UAssetAPI writes for it. */
    int asFloatBits() {
        if (node.isNumber()) {
            return Float.floatToRawIntBits(node.numberValue().floatValue());
        }
        double d = asReal();
        return Double.isNaN(d) ? DOTNET_FLOAT_NAN : Float.floatToRawIntBits((float) d);
    }

    /** {@link #asReal()} as double bits; NaN as .NET's NaN. */
    long asDoubleBits() {
        double d = asReal();
        return Double.isNaN(d) ? DOTNET_DOUBLE_NAN : Double.doubleToRawLongBits(d);
    }

    boolean asBool() {
        if (!node.isBoolean()) {
            throw error("Expected true or false, found " + kind());
        }
        return node.booleanValue();
    }

    String asText() {
        if (!node.isTextual()) {
            throw error("Expected a string, found " + kind());
        }
        return node.textValue();
    }

    byte[] base64() {
        try {
            return Base64.getDecoder().decode(asText());
        } catch (IllegalArgumentException e) {
            throw error("Expected base64 bytes: " + e.getMessage());
        }
    }

    int intField(String field) {
        return get(field).asInt();
    }

    long longField(String field) {
        return get(field).asLong();
    }

    boolean boolField(String field) {
        return get(field).asBool();
    }

    int intOr(String field, int otherwise) {
        JsonIn f = opt(field);
        return f == null ? otherwise : f.asInt();
    }

    boolean boolOr(String field, boolean otherwise) {
        JsonIn f = opt(field);
        return f == null ? otherwise : f.asBool();
    }

    String textOr(String field, String otherwise) {
        JsonIn f = opt(field);
        return f == null ? otherwise : f.asText();
    }

    /** The value as a Java record or class, through Jackson's data binding. */
    <T> T as(Class<T> type) {
        try {
            return UAssetJson.MAPPER.treeToValue(node, type);
        } catch (JsonProcessingException | IllegalArgumentException e) {
            String m = e instanceof JsonProcessingException j ? j.getOriginalMessage() : e.getMessage();
            String path = path();
            throw new JsonFormatException("Not a valid " + type.getSimpleName() + ": " + m + " at " + path, file, path, false, e);
        }
    }

    private String kind() {
        return node == null ? "nothing" : node.getNodeType().toString().toLowerCase(Locale.ROOT) + " " + abbreviated();
    }

    private String abbreviated() {
        String s = node.toString();
        return s.length() > 40 ? s.substring(0, 40) + "..." : s;
    }
}
