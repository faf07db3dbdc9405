package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.StructInnerTag;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.OptionalValue;
import io.uassetd.codecs.asset.version.ObjectVersion;
import java.util.ArrayList;
import java.util.List;

/**
 * Reading of the container properties: ArrayProperty (with the inner struct tag of tagged data
 * before UE5.4), SetProperty and MapProperty (removed elements/keys first), OptionalProperty.
 */
final class Containers {
    private Containers() {
    }

    static ArrayValue readArray(PropertyType t, PropertyReader r, PropertyTag tag) {
        boolean set = t.is("SetProperty");
        List<PropertyValue> removed = null;
        PropertyType inner = t.inner();
        if (set) {
            int n = r.count(0, "removed set element");
            removed = readElements(inner, r, n, -1, "removed");
        }
        long countAt = r.in().position();
        int n = r.count(0, set ? "set element" : "array element");
        ArrayValue.InnerTag innerTag = null;
        var v = r.in().version();
        if (!set && !r.unversioned() && inner != null && inner.is("StructProperty")
                && v.atLeast(ObjectVersion.INNER_ARRAY_TAG_INFO) && !PropertyTag.completeTypeName(v)) {
            r.push("<inner tag>");
            PropertyTag it;
            try {
                it = PropertyTag.read(r);
            } finally {
                r.pop();
            }
            if (it == null) {
                throw r.corrupt("Array of structs without an inner tag");
            }
            inner = it.valueType(r);
            innerTag = new StructInnerTag(it);
        }
        int elementSize = -1;
        if (tag != null && n > 0 && inner != null && inner.is("ByteProperty")) {
            elementSize = (int) ((tag.size() - (r.in().position() - countAt + (set ? 4 : 0))) / n);
        }
        List<PropertyValue> items = readElements(inner, r, n, elementSize, "");
        return new ArrayValue(t.kind(), inner, innerTag, removed, items);
    }

    private static List<PropertyValue> readElements(PropertyType inner, PropertyReader r, int n, int elementSize,
            String label) {
        List<PropertyValue> out = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            r.push(label + "[" + i + "]");
            try {
                out.add(r.readValue(inner, null, elementSize));
            } finally {
                r.pop();
            }
        }
        return out;
    }

    static MapValue readMap(PropertyType t, PropertyReader r) {
        int removedCount = r.count(0, "removed map key");
        List<PropertyValue> removed = readElements(t.inner(), r, removedCount, -1, "removed");
        int n = r.count(0, "map entry");
        List<MapValue.Entry> entries = new ArrayList<>(Math.min(n, 1024));
        for (int i = 0; i < n; i++) {
            r.push("{" + i + "}");
            try {
                PropertyValue k = r.readValue(t.inner(), null, -1);
                PropertyValue v = r.readValue(t.value(), null, -1);
                entries.add(new MapValue.Entry(k, v));
            } finally {
                r.pop();
            }
        }
        return new MapValue(t.inner(), t.value(), removed, entries);
    }

    static OptionalValue readOptional(PropertyType t, PropertyReader r) {
        boolean set = r.in().readBool32();
        return new OptionalValue(t.inner(), set ? r.readValue(t.inner(), null, -1) : null);
    }
}
