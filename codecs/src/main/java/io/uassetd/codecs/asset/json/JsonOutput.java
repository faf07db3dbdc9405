package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.util.ByteArrayBuilder;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.PrettyPrinter;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import com.fasterxml.jackson.core.util.JsonGeneratorDelegate;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Indented JSON text as UAssetGUI (Newtonsoft's {@code Formatting.Indented}) lays it out: two
 * spaces per level, {@code "Key": value}, each member and element on its own line, empty
 * containers as {@code {}} and {@code []}.
 *
 * <p>Written for speed, since a package's JSON is several times its size: indentation is copied
 * as pre-encoded bytes, and field names and {@code $type} values, which repeat thousands of times
 * per package, are escaped once per process and then copied (see {@link #generator}).
 */
public final class JsonOutput {
    /** Bound on each cache, so names that are data (map keys, row names) cannot grow it without end. */
    private static final int CACHE_LIMIT = 8192;
    private static final ConcurrentHashMap<String, SerializedString> FIELDS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, SerializedString> TYPES = new ConcurrentHashMap<>();

    private JsonOutput() {
    }

    /**
     * A generator writing indented UTF-8 JSON to {@code out}; closing it flushes but leaves
     * {@code out} open. {@code factory} supplies the codec for {@code writeObject}.
     */
    public static JsonGenerator generator(JsonFactory factory, OutputStream out) throws IOException {
        JsonGenerator raw = factory.createGenerator(out);
        raw.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        raw.setPrettyPrinter(new Indented());
        return new Cached(raw);
    }

    /** Writes {@code value} (a tree or anything {@code mapper} serializes) to {@code out} in this layout; {@code out} stays open. */
    public static void write(ObjectMapper mapper, Object value, OutputStream out) throws IOException {
        try (JsonGenerator g = generator(mapper.getFactory(), out)) {
            mapper.writeValue(g, value);
        }
    }

    /** {@code value} as text in this layout. */
    public static byte[] toBytes(ObjectMapper mapper, Object value) throws IOException {
        try (ByteArrayBuilder out = new ByteArrayBuilder(16 * 1024)) {
            write(mapper, value, out);
            return out.toByteArray();
        }
    }

    private static SerializedString cached(ConcurrentHashMap<String, SerializedString> cache, String s) {
        SerializedString hit = cache.get(s);
        if (hit == null) {
            hit = new SerializedString(s);
            if (cache.size() < CACHE_LIMIT) {
                cache.putIfAbsent(s, hit);
            }
        }
        return hit;
    }

    /** Field names and {@code $type} values from the caches. */
    private static final class Cached extends JsonGeneratorDelegate {
        Cached(JsonGenerator d) {
            super(d, true);
        }

        @Override
        public void writeFieldName(String name) throws IOException {
            delegate.writeFieldName(cached(FIELDS, name));
        }

        @Override
        public void writeStringField(String name, String value) throws IOException {
            delegate.writeFieldName(cached(FIELDS, name));
            if (value != null && name.equals("$type")) {
                delegate.writeString(cached(TYPES, value));
            } else {
                delegate.writeString(value);
            }
        }
    }

    /** Newtonsoft's indented layout, with line breaks and indentation copied as bytes. */
    static final class Indented implements PrettyPrinter {
        private static final int LEVELS = 64;
        private static final SerializedString[] BREAKS = new SerializedString[LEVELS];
        private static final SerializedString SEPARATOR = new SerializedString(": ");

        static {
            for (int i = 0; i < LEVELS; i++) {
                BREAKS[i] = new SerializedString("\n" + "  ".repeat(i));
            }
        }

        private int level;

        private void lineBreak(JsonGenerator g) throws IOException {
            if (level < LEVELS) {
                g.writeRaw(BREAKS[level]);
            } else {
                g.writeRaw('\n');
                for (int i = 0; i < level; i++) {
                    g.writeRaw("  ");
                }
            }
        }

        @Override
        public void writeRootValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw('\n');
        }

        private void open(JsonGenerator g, char bracket) throws IOException {
            g.writeRaw(bracket);
            level++;
        }

        private void close(JsonGenerator g, char bracket, int members) throws IOException {
            level--;
            if (members > 0) {
                lineBreak(g);
            }
            g.writeRaw(bracket);
        }

        private void separate(JsonGenerator g) throws IOException {
            g.writeRaw(',');
            lineBreak(g);
        }

        @Override
        public void writeStartObject(JsonGenerator g) throws IOException {
            open(g, '{');
        }

        @Override
        public void beforeObjectEntries(JsonGenerator g) throws IOException {
            lineBreak(g);
        }

        @Override
        public void writeObjectFieldValueSeparator(JsonGenerator g) throws IOException {
            g.writeRaw(SEPARATOR);
        }

        @Override
        public void writeObjectEntrySeparator(JsonGenerator g) throws IOException {
            separate(g);
        }

        @Override
        public void writeEndObject(JsonGenerator g, int entries) throws IOException {
            close(g, '}', entries);
        }

        @Override
        public void writeStartArray(JsonGenerator g) throws IOException {
            open(g, '[');
        }

        @Override
        public void beforeArrayValues(JsonGenerator g) throws IOException {
            lineBreak(g);
        }

        @Override
        public void writeArrayValueSeparator(JsonGenerator g) throws IOException {
            separate(g);
        }

        @Override
        public void writeEndArray(JsonGenerator g, int values) throws IOException {
            close(g, ']', values);
        }
    }
}
