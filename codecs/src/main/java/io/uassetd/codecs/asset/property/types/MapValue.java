package io.uassetd.codecs.asset.property.types;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MapProperty: int32 count of keys to remove and those keys, then int32 count and the key/value
 * pairs (FScriptMap serialization).
 */
public record MapValue(PropertyType keyType, PropertyType valueType, List<PropertyValue> removedKeys, List<Entry> entries)
        implements PropertyValue {

    /** One pair; the value is replaceable. */
    public static final class Entry {
        private final PropertyValue key;
        private PropertyValue value;

        public Entry(PropertyValue key, PropertyValue value) {
            this.key = key;
            this.value = value;
        }

        public PropertyValue key() {
            return key;
        }

        public PropertyValue value() {
            return value;
        }

        public void setValue(PropertyValue value) {
            this.value = value;
        }
    }

    public MapValue {
        removedKeys = new ArrayList<>(removedKeys);
        entries = new ArrayList<>(entries);
    }

    @Override
    public String type() {
        return "MapProperty";
    }

    @Override
    public Object view(AssetPackage pkg) {
        boolean simpleKeys = entries.stream().allMatch(e -> e.key().view(pkg) instanceof String || e.key().view(pkg) instanceof Number);
        if (simpleKeys) {
            Map<String, Object> m = new LinkedHashMap<>();
            entries.forEach(e -> m.put(String.valueOf(e.key().view(pkg)), e.value().view(pkg)));
            return m;
        }
        List<Object> out = new ArrayList<>();
        entries.forEach(e -> {
            Map<String, Object> kv = new LinkedHashMap<>();
            kv.put("key", e.key().view(pkg));
            kv.put("value", e.value().view(pkg));
            out.add(kv);
        });
        return out;
    }

    @Override
    public void write(PropertyWriter w) {
        w.out().writeI32(removedKeys.size());
        removedKeys.forEach(k -> k.write(w));
        w.out().writeI32(entries.size());
        for (Entry e : entries) {
            e.key().write(w);
            e.value().write(w);
        }
    }

    @Override
    public boolean hasRaw() {
        return entries.stream().anyMatch(e -> e.key().hasRaw() || e.value().hasRaw());
    }

    @Override
    public int rawCount() {
        return entries.stream().mapToInt(e -> e.key().rawCount() + e.value().rawCount()).sum();
    }
}
