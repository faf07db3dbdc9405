package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyCodec;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.unversioned.UnversionedProperties;

/**
 * The {@link PropertyCodec} every property reader of the parser uses: lists tagged
 * ({@link TaggedProperties}) or unversioned ({@link UnversionedProperties}) as the package says,
 * values through the type dispatch of {@link PropertyValues}.
 */
public final class ValueCodec implements PropertyCodec {
    /** The one instance (the codec has no state). */
    public static final ValueCodec INSTANCE = new ValueCodec();

    private ValueCodec() {
    }

    @Override
    public PropertyList readList(PropertyReader r, String structName) {
        return r.unversioned() ? UnversionedProperties.read(r, structName) : TaggedProperties.read(r, structName);
    }

    @Override
    public PropertyValue readValue(PropertyType type, PropertyReader r, PropertyTag tag, int elementSize) {
        return PropertyValues.read(type, r, tag, elementSize);
    }
}
