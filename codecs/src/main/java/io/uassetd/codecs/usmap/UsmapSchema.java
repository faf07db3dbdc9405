package io.uassetd.codecs.usmap;

import java.util.List;

/**
 * A struct or class schema: its name, super struct (null at the root), the number of property
 * indices it declares ({@code propertyCount}, static arrays expanded) and its serializable
 * properties.
 */
public record UsmapSchema(String name, String superName, int propertyCount, List<UsmapProperty> properties) {
    public UsmapSchema {
        properties = List.copyOf(properties);
    }

    /** The property covering a local index (schema index &lt;= i &lt; schema index + array size), or null. */
    public UsmapProperty propertyAtLocal(int local) {
        for (UsmapProperty p : properties) {
            if (local >= p.schemaIndex() && local < p.schemaIndex() + Math.max(1, p.arraySize())) {
                return p;
            }
        }
        return null;
    }
}
