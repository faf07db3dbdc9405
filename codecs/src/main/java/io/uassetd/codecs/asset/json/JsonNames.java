package io.uassetd.codecs.asset.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.uassetd.codecs.asset.NameMap;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.core.FName;
import java.io.IOException;

/**
 * How names and GUIDs look in the JSON. An FName is its display string ({@code Name} or
 * {@code Name_N}, as UAssetAPI writes it) whenever that string resolves back to the same name-map
 * entry and number; otherwise (duplicate name-map entries, a literal {@code Foo_1} next to
 * {@code Foo}) it is {@code {"Value": display, "Index": i, "Number": n}}, which names the entry
 * exactly. A GUID is {@code {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}} (Unreal's braces format).
 */
final class JsonNames {
    private final NameMap names;

    JsonNames(NameMap names) {
        this.names = names;
    }

    NameMap map() {
        return names;
    }

    void write(JsonGenerator g, FName n) throws IOException {
        if (n == null) {
            g.writeNull();
            return;
        }
        String display = names.render(n);
        if (resolves(display, n)) {
            g.writeString(display);
            return;
        }
        g.writeStartObject();
        g.writeStringField("Value", display);
        g.writeNumberField("Index", n.index());
        g.writeNumberField("Number", n.number());
        g.writeEndObject();
    }

    void writeField(JsonGenerator g, String field, FName n) throws IOException {
        g.writeFieldName(field);
        write(g, n);
    }

    /** True when the display string reads back as exactly this FName (without changing the map). */
    private boolean resolves(String display, FName n) {
        int exact = names.indexOf(display);
        if (exact >= 0) {
            return exact == n.index() && n.number() == 0;
        }
        return names.toFName(display).equals(n);
    }

    /** An FName from its JSON form; a display string not in the name map is added to it. */
    FName read(JsonIn in) {
        if (in.node().isObject()) {
            int index = in.intField("Index");
            int number = in.intField("Number");
            if (index < 0 || index >= names.size()) {
                throw in.error("Name index " + index + " outside the name map (" + names.size() + " names)");
            }
            return new FName(index, number);
        }
        return names.toFName(in.asText());
    }

    FName readOrNull(JsonIn in) {
        return in == null ? null : read(in);
    }

    static String guid(FGuid g) {
        if (g == null) {
            return null;
        }
        // {AAAAAAAA-BBBB-BBBB-CCCC-CCCCDDDDDDDD}, upper-case hex (written per GUID, so without a Formatter)
        char[] out = new char[38];
        out[0] = '{';
        hex(out, 1, g.a(), 8);
        out[9] = '-';
        hex(out, 10, g.b() >>> 16, 4);
        out[14] = '-';
        hex(out, 15, g.b() & 0xFFFF, 4);
        out[19] = '-';
        hex(out, 20, g.c() >>> 16, 4);
        out[24] = '-';
        hex(out, 25, g.c() & 0xFFFF, 4);
        hex(out, 29, g.d(), 8);
        out[37] = '}';
        return new String(out);
    }

    private static void hex(char[] out, int at, int value, int digits) {
        for (int i = digits - 1; i >= 0; i--) {
            out[at + i] = "0123456789ABCDEF".charAt(value & 0xF);
            value >>>= 4;
        }
    }

    static FGuid guid(JsonIn in) {
        if (in == null) {
            return null;
        }
        String s = in.asText().replace("{", "").replace("}", "").replace("-", "");
        if (s.length() != 32 || !s.chars().allMatch(c -> Character.digit(c, 16) >= 0)) {
            throw in.error("Expected a GUID {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}");
        }
        return new FGuid((int) Long.parseLong(s.substring(0, 8), 16), (int) Long.parseLong(s.substring(8, 16), 16),
                (int) Long.parseLong(s.substring(16, 24), 16), (int) Long.parseLong(s.substring(24, 32), 16));
    }
}
