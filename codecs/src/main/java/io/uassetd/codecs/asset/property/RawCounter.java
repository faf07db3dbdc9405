package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.RawValue;
import io.uassetd.codecs.asset.property.types.StructValue;

/** Counts the values kept raw inside a value tree. */
final class RawCounter {
    private RawCounter() {
    }

    static int count(PropertyValue v) {
        if (v instanceof RawValue) {
            return 1;
        }
        if (v instanceof StructValue s) {
            return s.properties().rawCount();
        }
        if (v instanceof ArrayValue a) {
            return a.items().stream().mapToInt(RawCounter::count).sum();
        }
        if (v instanceof MapValue m) {
            return m.entries().stream().mapToInt(e -> count(e.key()) + count(e.value())).sum();
        }
        return v.hasRaw() ? 1 : 0;
    }
}
