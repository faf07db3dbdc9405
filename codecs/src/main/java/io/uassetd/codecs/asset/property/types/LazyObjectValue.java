package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FGuid;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;

/** LazyObjectProperty: FUniqueObjectGuid, a 16-byte FGuid. */
public record LazyObjectValue(FGuid guid) implements PropertyValue {

    public static LazyObjectValue read(PropertyReader r) {
        return new LazyObjectValue(r.in().readGuid());
    }

    @Override
    public String type() {
        return "LazyObjectProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        return guid.toString();
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeGuid(guid);
    }
}
