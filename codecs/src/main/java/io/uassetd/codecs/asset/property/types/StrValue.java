package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FString;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * StrProperty (FString, with its ANSI/UTF-16 encoding kept), Utf8StrProperty (FUtf8String: int32
 * byte count, UTF-8 bytes) and AnsiStrProperty (FAnsiString, stored as an ANSI FString).
 */
public record StrValue(String type, FString value) implements PropertyValue {

    public static boolean handles(String kind) {
        return kind.equals("StrProperty") || kind.equals("Utf8StrProperty") || kind.equals("AnsiStrProperty");
    }

    public static StrValue read(String kind, PropertyReader r) {
        if (kind.equals("Utf8StrProperty")) {
            return new StrValue(kind, new FString(r.in().readUtf8String(), false));
        }
        return new StrValue(kind, r.in().readFString());
    }

    public static StrValue of(String kind, String text) {
        return new StrValue(kind, kind.equals("AnsiStrProperty") ? new FString(text.isEmpty() ? null : text, false)
                : FString.of(text));
    }

    @Override
    public Object view(AssetPackage pkg) {
        return value.value();
    }

    @Override
    public void write(PropertyWriter w) {
        if (type.equals("Utf8StrProperty")) {
            w.out().writeUtf8String(value.text());
        } else {
            w.out().writeFString(value);
        }
    }
}
