package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.AssetPackage;

/**
 * A property value of one type family, read and written by its own class in
 * {@code property.types}. Values are written without their tag; the tag (and its size) is written
 * by the property list around them.
 */
public interface PropertyValue {
    /** The property class this value belongs to ("IntProperty", "StructProperty", ...). */
    String type();

    /** A JSON-friendly view: null, Boolean, Number, String, List or Map (names rendered). */
    Object view(AssetPackage pkg);

    /** Writes the value (not its tag). */
    void write(PropertyWriter w);

    /** True when this value or a value inside it is kept as raw bytes. */
    default boolean hasRaw() {
        return false;
    }

    /** How many values in this value's tree are kept as raw bytes (containers and structs count their contents). */
    default int rawCount() {
        return hasRaw() ? 1 : 0;
    }
}
