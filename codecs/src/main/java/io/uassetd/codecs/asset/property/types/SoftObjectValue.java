package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/** SoftObjectProperty, SoftClassProperty, AssetObjectProperty, AssetClassProperty: an FSoftObjectPath. */
public record SoftObjectValue(String type, SoftObjectPath path) implements PropertyValue {

    public static boolean handles(String kind) {
        return switch (kind) {
            case "SoftObjectProperty", "SoftClassProperty", "AssetObjectProperty", "AssetClassProperty" -> true;
            default -> false;
        };
    }

    public static SoftObjectValue read(String kind, PropertyReader r) {
        return new SoftObjectValue(kind, SoftObjectPath.read(r));
    }

    @Override
    public Object view(AssetPackage pkg) {
        return path.text(pkg);
    }

    @Override
    public void write(PropertyWriter w) {
        path.write(w);
    }
}
