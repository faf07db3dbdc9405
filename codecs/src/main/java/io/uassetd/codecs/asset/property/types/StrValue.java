package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.nio.charset.StandardCharsets;

/**
 * StrProperty (FString, with its ANSI/UTF-16 encoding kept), Utf8StrProperty (FUtf8String: int32
 * byte count, UTF-8 bytes) and AnsiStrProperty (FAnsiString: int32 character count, Latin-1 bytes,
 * no terminator).
 */
public record StrValue(String type, FString value) implements PropertyValue {

    public static boolean handles(String kind) {
        return kind.equals("StrProperty") || kind.equals("Utf8StrProperty") || kind.equals("AnsiStrProperty");
    }

    public static StrValue read(String kind, PropertyReader r) {
        if (kind.equals("Utf8StrProperty")) {
            return new StrValue(kind, new FString(r.in().readUtf8String(), false));
        }
        if (kind.equals("AnsiStrProperty")) {
            int n = r.count(1, "ANSI character");
            return new StrValue(kind, new FString(new String(r.in().readBytes(n), StandardCharsets.ISO_8859_1), false));
        }
        return new StrValue(kind, r.in().readFString());
    }

    public static StrValue of(String kind, String text) {
        if (kind.equals("AnsiStrProperty") && !FString.isAnsi(text)) {
            throw new IllegalArgumentException("AnsiStrProperty cannot hold non-Latin-1 text");
        }
        return new StrValue(kind, kind.equals("StrProperty") ? FString.of(text) : new FString(text, false));
    }

    @Override
    public Object view(AssetPackage pkg) {
        return value.value();
    }

    @Override
    public void write(PropertyWriter w) {
        if (type.equals("Utf8StrProperty")) {
            w.out().writeUtf8String(value.text());
        } else if (type.equals("AnsiStrProperty")) {
            byte[] b = value.text().getBytes(StandardCharsets.ISO_8859_1);
            w.out().writeI32(b.length);
            w.out().writeBytes(b);
        } else {
            w.out().writeFString(value);
        }
    }
}
