package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.types.RawValue;
import io.uassetd.codecs.error.FormatException;
import java.util.ArrayList;
import java.util.List;

/**
 * Tagged property serialization (UStruct::SerializeTaggedProperties): tag, value, ... then the name
 * {@code None}. A value whose type or struct is unknown, or whose parse fails or does not consume
 * exactly the tag's size, is kept raw with its tag.
 */
final class TaggedProperties {
    /** Properties per list accepted before the data is taken as corrupt. */
    private static final int MAX_PROPERTIES = 1 << 20;

    private TaggedProperties() {
    }

    static PropertyList read(PropertyReader r, String structName) {
        var in = r.in();
        List<Property> out = new ArrayList<>();
        while (true) {
            long tagAt = in.position();
            FName peek = peekName(r);
            if ("None".equals(r.name(peek))) {
                in.readFName();
                return new PropertyList(structName, out, peek, null, null);
            }
            if (out.size() >= MAX_PROPERTIES) {
                throw r.corrupt("More than " + MAX_PROPERTIES + " properties", tagAt);
            }
            r.pushField(r.name(peek));
            try {
                PropertyTag tag = PropertyTag.read(r);
                out.add(readValue(r, tag));
            } finally {
                r.pop();
            }
        }
    }

    private static FName peekName(PropertyReader r) {
        var in = r.in();
        long at = in.position();
        FName n = in.readFName();
        in.seek(at);
        return n;
    }

    private static Property readValue(PropertyReader r, PropertyTag tag) {
        var in = r.in();
        long start = in.position();
        if (tag.size() < 0 || tag.size() > in.remaining()) {
            throw r.corrupt("Property size " + tag.size() + " exceeds the " + in.remaining() + " bytes left", start);
        }
        long end = start + tag.size();
        PropertyType type = null;
        PropertyValue value;
        long oldLimit = r.setLimit(end);
        String reason;
        try {
            type = tag.valueType(r);
            value = r.readValue(type, tag, -1);
            if (in.position() == end) {
                return Property.tagged(tag, type, value);
            }
            reason = "parse consumed " + (in.position() - start) + " of " + tag.size() + " bytes";
        } catch (FormatException | IllegalArgumentException | IllegalStateException e) {
            reason = e instanceof FormatException f ? f.detail() : e.toString();
        } finally {
            r.setLimit(oldLimit);
        }
        in.seek(start);
        String kind = type != null ? type.kind() : r.name(tag.type());
        r.noteFallback(type != null ? type.toString() : kind, reason);
        return Property.tagged(tag, type != null ? type : PropertyType.of(kind), new RawValue(kind, in.readBytes(tag.size()), reason));
    }
}
