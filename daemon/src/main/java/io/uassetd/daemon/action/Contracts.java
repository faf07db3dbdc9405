package io.uassetd.daemon.action;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one mechanism between an action's declared request and reply types and everything made from
 * them: the {@link FieldSpec}s of a request record (which {@link Args}, {@code capabilities}, the
 * CLI, the docs and the clients use), the binding of a request's fields to that record, and the
 * shape of a reply type.
 *
 * <p>Request component types and their JSON types: {@code String} and {@code Path} (string),
 * {@code long}/{@code int} and boxes (integer; decimal or 0x-hex text accepted), {@code double}
 * (number), {@code boolean} (boolean), {@code List<String>} (string[]; one string is a one-element
 * list), {@code JsonNode} (any), {@link EngineVersion} on {@code engine_version} (string; null for
 * auto). A primitive {@code boolean} defaults to false; other primitives need a default or {@code required}; boxed ones are null when absent.
 */
public final class Contracts {
    private Contracts() {
    }

    /** The fields of request record {@code type}, in component order. */
    public static List<FieldSpec> fields(Class<? extends Record> type) {
        List<FieldSpec> out = new ArrayList<>();
        for (RecordComponent c : type.getRecordComponents()) {
            Field f = c.getAnnotation(Field.class);
            if (f == null) {
                throw new IllegalArgumentException(type.getName() + "." + c.getName() + ": a request component needs @Field");
            }
            FieldType t = fieldType(c);
            Object dflt = f.dflt().isEmpty() ? (c.getType() == boolean.class ? Boolean.FALSE : null) : defaultValue(t, f.dflt(), type, c);
            if (c.getType().isPrimitive() && dflt == null && !f.required()) {
                throw new IllegalArgumentException(type.getName() + "." + c.getName() + ": a primitive needs a default or required");
            }
            String help = c.getName().equals(EngineField.NAME) ? EngineField.spec(f.value()).description() : f.value();
            Object shown = dflt == null && c.getName().equals(EngineField.NAME) ? EngineField.AUTO : dflt;
            out.add(new FieldSpec(wireName(c), t, shown, f.required(), help, f.cli().isEmpty() ? null : f.cli()));
        }
        return List.copyOf(out);
    }

    /** The wire name of a request component: its {@code @Field(name)}, else its own name. */
    static String wireName(RecordComponent c) {
        Field f = c.getAnnotation(Field.class);
        return f != null && !f.name().isEmpty() ? f.name() : c.getName();
    }

    private static FieldType fieldType(RecordComponent c) {
        Class<?> t = c.getType();
        if (t == String.class || t == Path.class || t == EngineVersion.class) {
            return FieldType.STRING;
        }
        if (t == long.class || t == Long.class || t == int.class || t == Integer.class) {
            return FieldType.INTEGER;
        }
        if (t == double.class || t == Double.class) {
            return FieldType.NUMBER;
        }
        if (t == boolean.class || t == Boolean.class) {
            return FieldType.BOOLEAN;
        }
        if (t == List.class && c.getGenericType() instanceof ParameterizedType p && p.getActualTypeArguments()[0] == String.class) {
            return FieldType.STRING_LIST;
        }
        if (t == JsonNode.class) {
            return FieldType.ANY;
        }
        throw new IllegalArgumentException(c.getDeclaringRecord().getName() + "." + c.getName() + ": unsupported request type " + t);
    }

    private static Object defaultValue(FieldType t, String text, Class<?> owner, RecordComponent c) {
        try {
            if (t == FieldType.ANY) {
                // JSON text: true, 3, "x"; true and false without Jackson (building its mapper cost a command's start 45 ms)
                if (text.equals("true") || text.equals("false")) {
                    return Boolean.parseBoolean(text);
                }
                return io.uassetd.protocol.Json.mapper().readValue(text, Object.class);
            }
            return switch (t) {
                case INTEGER -> Long.parseLong(text);
                case NUMBER -> Double.parseDouble(text);
                case BOOLEAN -> {
                    if (!text.equals("true") && !text.equals("false")) {
                        throw new NumberFormatException(text);
                    }
                    yield Boolean.parseBoolean(text);
                }
                case STRING -> text;
                default -> throw new IllegalArgumentException("no default for " + t);
            };
        } catch (RuntimeException | java.io.IOException e) {
            throw new IllegalArgumentException(owner.getName() + "." + c.getName() + ": bad default '" + text + "'", e);
        }
    }

    /** The request's fields read through {@code args} (defaults, checks, USMAP_PATH) into a {@code type}. */
    public static <Q extends Record> Q bind(Args args, Class<Q> type) {
        RecordComponent[] cs = type.getRecordComponents();
        Object[] values = new Object[cs.length];
        Class<?>[] types = new Class<?>[cs.length];
        for (int i = 0; i < cs.length; i++) {
            types[i] = cs[i].getType();
            values[i] = value(args, cs[i]);
        }
        try {
            Constructor<Q> k = type.getDeclaredConstructor(types);
            k.setAccessible(true);
            return k.newInstance(values);
        } catch (InvocationTargetException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r; // the record's own check of its arguments (an ActionException)
            }
            throw new IllegalStateException(e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot build " + type.getName(), e);
        }
    }

    private static Object value(Args args, RecordComponent c) {
        String n = wireName(c);
        Field f = c.getAnnotation(Field.class);
        Class<?> t = c.getType();
        boolean required = f.required();
        boolean present = args.has(n);
        if (t == String.class) {
            return required ? args.requireString(n) : args.string(n);
        }
        if (t == Path.class) {
            return required ? args.requirePath(n) : args.path(n);
        }
        if (t == EngineVersion.class) {
            return EngineField.requested(args);
        }
        if (t == List.class) {
            List<String> l = args.strings(n);
            if (required && l.isEmpty()) {
                throw ActionException.invalid("Missing field '" + n + "' (" + f.value() + ")");
            }
            return l;
        }
        if (t == JsonNode.class) {
            JsonNode j = args.json(n);
            if (j == null && !f.dflt().isEmpty()) {
                try {
                    j = io.uassetd.protocol.Json.mapper().readTree(f.dflt());
                } catch (java.io.IOException e) {
                    throw new IllegalStateException(e);
                }
            }
            if (required && j == null) {
                throw ActionException.invalid("Missing field '" + n + "' (" + f.value() + ")");
            }
            return j;
        }
        if (!present && f.dflt().isEmpty() && !t.isPrimitive()) {
            if (required) {
                throw ActionException.invalid("Missing field '" + n + "' (" + f.value() + ")");
            }
            return null;
        }
        if (t == long.class || t == Long.class) {
            return args.integer(n, f.min(), f.max());
        }
        if (t == int.class || t == Integer.class) {
            return (int) args.integer(n, Math.max(f.min(), Integer.MIN_VALUE), Math.min(f.max(), Integer.MAX_VALUE));
        }
        if (t == double.class || t == Double.class) {
            return args.number(n);
        }
        if (t == boolean.class || t == Boolean.class) {
            return args.bool(n);
        }
        throw new IllegalStateException("unsupported request type " + t);
    }

    /** One field of a reply type's shape. */
    public record ReplyField(String name, String type) {
    }

    /**
     * The JSON type of a reply type: {@code string}, {@code integer}, {@code uint64} (an integer up to 2^64-1), {@code number},
     * {@code boolean}, {@code any}, {@code X[]}, {@code map<string,X>}, or the record's name
     * (whose fields {@link #replyFields} lists).
     */
    public static String typeName(Type t) {
        if (t instanceof ParameterizedType p) {
            Class<?> raw = (Class<?>) p.getRawType();
            if (Collection.class.isAssignableFrom(raw)) {
                return typeName(p.getActualTypeArguments()[0]) + "[]";
            }
            if (Map.class.isAssignableFrom(raw)) {
                return "map<string," + typeName(p.getActualTypeArguments()[1]) + ">";
            }
            if (raw == Optional.class) {
                return typeName(p.getActualTypeArguments()[0]);
            }
            return typeName(raw);
        }
        if (!(t instanceof Class<?> c)) {
            return "any";
        }
        if (c == String.class || c == Path.class || c.isEnum() || c == EngineVersion.class) {
            return "string";
        }
        if (c == long.class || c == Long.class || c == int.class || c == Integer.class || c == short.class || c == Short.class
                || c == byte.class) {
            return "integer";
        }
        if (c == BigInteger.class) {
            return "uint64"; // an integer beyond long's range (an unsigned 64-bit value): clients read it as such
        }
        if (c == double.class || c == Double.class || c == float.class || c == Float.class) {
            return "number";
        }
        if (c == boolean.class || c == Boolean.class) {
            return "boolean";
        }
        if (c == Void.class) {
            return "null";
        }
        if (c.isArray()) {
            return typeName(c.getComponentType()) + "[]";
        }
        if (c.isRecord()) {
            return c.getSimpleName();
        }
        if (Collection.class.isAssignableFrom(c)) {
            return "any[]";
        }
        return "any";
    }

    /** The fields a reply record writes (unwrapped components flattened, renamed ones by their JSON name). */
    public static List<ReplyField> replyFields(Class<?> record) {
        List<ReplyField> out = new ArrayList<>();
        if (!record.isRecord()) {
            return out;
        }
        for (RecordComponent c : record.getRecordComponents()) {
            if (c.getAccessor().isAnnotationPresent(JsonUnwrapped.class) || c.isAnnotationPresent(JsonUnwrapped.class)) {
                out.addAll(replyFields(c.getType()));
                continue;
            }
            JsonProperty p = c.getAnnotation(JsonProperty.class);
            out.add(new ReplyField(p != null && !p.value().isEmpty() ? p.value() : c.getName(), typeName(c.getGenericType())));
        }
        return out;
    }

    /**
     * Every record reachable from {@code t} (itself, component types, element types), by simple
     * name in the order first met; what the docs and clients describe.
     */
    public static Map<String, Class<?>> records(Type t) {
        Map<String, Class<?>> out = new LinkedHashMap<>();
        collect(t, out);
        return out;
    }

    private static void collect(Type t, Map<String, Class<?>> out) {
        if (t instanceof ParameterizedType p) {
            for (Type a : p.getActualTypeArguments()) {
                collect(a, out);
            }
            return;
        }
        if (t instanceof Class<?> c) {
            if (c.isArray()) {
                collect(c.getComponentType(), out);
                return;
            }
            if (!c.isRecord() || out.containsKey(c.getSimpleName())) {
                return;
            }
            out.put(c.getSimpleName(), c);
            for (RecordComponent rc : c.getRecordComponents()) {
                collect(rc.getGenericType(), out);
            }
        }
    }
}
