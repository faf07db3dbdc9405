package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * ArrayProperty (int32 count then the elements; an array of structs in tagged data before UE5.4
 * also carries an inner FPropertyTag after the count) and SetProperty (int32 count of removed
 * elements and those elements, then the count and the elements).
 *
 * @param innerTag the inner tag's bytes for a tagged array of structs (size recomputed on write), or null
 * @param removed for a set: the elements to remove (usually none); null for an array
 */
public record ArrayValue(String type, PropertyType inner, InnerTag innerTag, List<PropertyValue> removed,
        List<PropertyValue> items) implements PropertyValue {

    /** The inner tag of an array of structs: written before the elements with their total size. */
    public interface InnerTag {
        void write(PropertyWriter w, int elementsSize);
    }

    public ArrayValue {
        items = new ArrayList<>(items);
        removed = removed == null ? null : new ArrayList<>(removed);
    }

    @Override
    public Object view(AssetPackage pkg) {
        return items.stream().map(v -> v.view(pkg)).toList();
    }

    @Override
    public void write(PropertyWriter w) {
        var out = w.out();
        if (removed != null) {
            out.writeI32(removed.size());
            removed.forEach(v -> v.write(w));
        }
        out.writeI32(items.size());
        if (innerTag != null) {
            PropertyWriter sub = w.sub();
            items.forEach(v -> v.write(sub));
            byte[] b = sub.toByteArray();
            innerTag.write(w, b.length);
            out.writeBytes(b);
            return;
        }
        items.forEach(v -> v.write(w));
    }

    @Override
    public boolean hasRaw() {
        return items.stream().anyMatch(PropertyValue::hasRaw);
    }

    @Override
    public int rawCount() {
        return items.stream().mapToInt(PropertyValue::rawCount).sum();
    }
}
