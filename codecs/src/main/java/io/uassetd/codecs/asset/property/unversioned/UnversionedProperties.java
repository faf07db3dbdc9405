package io.uassetd.codecs.asset.property.unversioned;

import io.uassetd.codecs.asset.property.UnversionedHeader;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyReader;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.content.PropertyValues;
import io.uassetd.codecs.asset.property.types.ZeroValue;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.usmap.UsmapProperty;
import io.uassetd.codecs.usmap.UsmapSchema;
import java.util.ArrayList;
import java.util.List;

/**
 * Unversioned property serialization (PKG_UnversionedProperties): an {@link UnversionedHeader},
 * then the value of every present, non-zero property in schema order, without tags; each property's
 * name and type come from the usmap schema of the struct. Schema indices count the struct's own
 * properties first, then its super struct's, and so on up the chain.
 */
public final class UnversionedProperties {
    private UnversionedProperties() {
    }

    /** A resolved schema index: the property and its static array index. */
    private record Resolved(UsmapProperty property, int arrayIndex) {
    }

    public static PropertyList read(PropertyReader r, String structName) {
        if (r.usmap() == null) {
            throw r.corrupt("Unversioned properties of " + structName + " need a .usmap mapping file");
        }
        List<UsmapSchema> chain = structName == null ? List.of() : r.hierarchy(structName);
        if (chain.isEmpty()) {
            throw r.corrupt("The mappings have no schema for " + structName);
        }
        long at = r.in().position();
        UnversionedHeader header = UnversionedHeader.read(r);
        List<Property> out = new ArrayList<>();
        for (UnversionedHeader.Slot slot : header.slots()) {
            Resolved res = resolve(chain, slot.index());
            if (res == null) {
                throw new CorruptDataException("Schema index " + slot.index() + " is outside " + structName + " ("
                        + chain.stream().mapToInt(UsmapSchema::propertyCount).sum() + " properties in the mappings)",
                        r.in().file(), at, r.structure());
            }
            UsmapProperty up = res.property();
            PropertyType type = PropertyType.fromUsmap(up.type());
            r.pushField(up.name() + (res.arrayIndex() != 0 ? "[" + res.arrayIndex() + "]" : ""));
            try {
                PropertyValue v = slot.zero() ? new ZeroValue(type) : r.readValue(type, null, -1);
                out.add(Property.unversioned(up.name(), type, res.arrayIndex(), slot.index(), slot.zero(), v));
            } finally {
                r.pop();
            }
        }
        return new PropertyList(structName, out, null, header, r.schemas());
    }

    private static Resolved resolve(List<UsmapSchema> derivedFirst, int index) {
        int base = 0;
        for (UsmapSchema s : derivedFirst) {
            if (index < base + s.propertyCount()) {
                UsmapProperty p = s.propertyAtLocal(index - base);
                return p == null ? null : new Resolved(p, index - base - p.schemaIndex());
            }
            base += s.propertyCount();
        }
        return null;
    }
}
