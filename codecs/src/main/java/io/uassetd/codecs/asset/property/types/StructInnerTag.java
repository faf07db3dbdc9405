package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.types.ArrayValue;

/**
 * The inner FPropertyTag of a tagged array of structs (before UE5.4): written between the element
 * count and the elements, with the elements' total size.
 */
public record StructInnerTag(PropertyTag tag) implements ArrayValue.InnerTag {
    @Override
    public void write(PropertyWriter w, int elementsSize) {
        tag.write(w, elementsSize);
    }
}
