package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/**
 * BoolProperty. As a tagged property the value lives in the tag (BoolVal or the BoolTrue flag) and
 * nothing is written here; inside containers and unversioned data it is one byte.
 *
 * @param inTag true when the value is carried by the tag
 */
public record BoolValue(boolean value, boolean inTag) implements PropertyValue {

    @Override
    public String type() {
        return "BoolProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        return value;
    }

    @Override
    public void write(PropertyWriter w) {
        if (!inTag) {
            w.out().writeU8(value ? 1 : 0);
        }
    }
}
