package io.uassetd.codecs.asset.mesh;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import java.util.List;
import java.util.Map;

/** Looking up mesh properties by name in a parsed property list. */
final class MeshProperties {
    private final AssetPackage pkg;
    private final PropertyList list;

    MeshProperties(AssetPackage pkg, PropertyList list) {
        this.pkg = pkg;
        this.list = list;
    }

    Property get(String name) {
        return list.find(pkg, name, 0);
    }

    /** The elements of an array property, empty when absent. */
    List<PropertyValue> array(String name) {
        Property p = get(name);
        return p != null && p.value() instanceof ArrayValue a ? a.items() : List.of();
    }

    /** A boolean property; false when absent (the default tagged and unversioned data leave out). */
    boolean bool(String name) {
        Property p = get(name);
        return p != null && Boolean.TRUE.equals(p.value().view(pkg));
    }

    /** A struct element's field as its JSON view, or null. */
    static Object field(AssetPackage pkg, PropertyValue struct, String name) {
        return struct.view(pkg) instanceof Map<?, ?> m ? m.get(name) : null;
    }

    /** A struct element's object field as its package index value (0 when absent). */
    static int objectIndex(AssetPackage pkg, PropertyValue struct, String name) {
        if (struct instanceof StructValue s) {
            Property p = s.properties().find(pkg, name, 0);
            if (p != null && p.value() instanceof ObjectValue o) {
                return o.value().value();
            }
        }
        return 0;
    }
}
