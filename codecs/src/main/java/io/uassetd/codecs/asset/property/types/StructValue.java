package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.LinkedHashMap;
import java.util.Map;

/** StructProperty of a struct without a native serializer: its own property list (tagged or unversioned). */
public record StructValue(String structName, PropertyList properties) implements PropertyValue {

    @Override
    public String type() {
        return "StructProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        Map<String, Object> m = new LinkedHashMap<>();
        for (Property p : properties.properties()) {
            String key = p.name(pkg) + (p.arrayIndex() != 0 ? "[" + p.arrayIndex() + "]" : "");
            m.put(key, p.value().view(pkg));
        }
        return m;
    }

    @Override
    public void write(PropertyWriter w) {
        properties.write(w);
    }

    @Override
    public boolean hasRaw() {
        return properties.hasRaw();
    }

    @Override
    public int rawCount() {
        return properties.rawCount();
    }
}
