package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/** OptionalProperty (TOptional): a bool32 "is set" then, when set, the value. */
public record OptionalValue(PropertyType inner, PropertyValue value) implements PropertyValue {

    @Override
    public String type() {
        return "OptionalProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        return value == null ? null : value.view(pkg);
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeBool32(value != null);
        if (value != null) {
            value.write(w);
        }
    }

    @Override
    public boolean hasRaw() {
        return value != null && value.hasRaw();
    }
}
