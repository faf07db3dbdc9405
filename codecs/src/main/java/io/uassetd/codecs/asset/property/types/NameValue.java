package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/** NameProperty: an FName (name map index and number), 8 bytes. */
public record NameValue(FName value) implements PropertyValue {

    public static NameValue read(PropertyReader r) {
        FName n = r.in().readFName();
        r.name(n);
        return new NameValue(n);
    }

    @Override
    public String type() {
        return "NameProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        return pkg.names().render(value);
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeFName(value);
    }
}
