package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.HexFormat;

/**
 * A value this code does not parse (an unknown type or struct, or one whose parse did not consume
 * exactly its tag size), kept as its bytes so it writes back unchanged.
 *
 * @param reason why it was kept raw
 */
public record RawValue(String type, byte[] bytes, String reason) implements PropertyValue {
    public RawValue {
        bytes = bytes.clone();
    }

    @Override
    public byte[] bytes() {
        return bytes.clone();
    }

    @Override
    public Object view(AssetPackage pkg) {
        return HexFormat.of().withUpperCase().formatHex(bytes);
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeBytes(bytes);
    }

    @Override
    public boolean hasRaw() {
        return true;
    }

    @Override
    public int rawCount() {
        return 1;
    }

    @Override
    public String toString() {
        return "Raw[" + type + ", " + bytes.length + " bytes: " + reason + "]";
    }
}
