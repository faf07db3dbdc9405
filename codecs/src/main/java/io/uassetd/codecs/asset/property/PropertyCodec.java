package io.uassetd.codecs.asset.property;

/**
 * What the property model reads through without knowing the value families: a property list in
 * the package's serialization (tagged or unversioned) and one value by its type. The model's
 * subpackages ({@code types}, {@code structs}, {@code classdata}, {@code unversioned}) read nested
 * lists and values through the {@link PropertyReader}'s codec, so they depend only on this package;
 * the implementation ({@code property.content.ValueCodec}) sits on top of them.
 */
public interface PropertyCodec {
    /** Reads a property list of {@code structName} at the reader's position. */
    PropertyList readList(PropertyReader r, String structName);

    /**
     * Reads one value of type {@code type}: {@code tag} is the property's tag for a top-level tagged
     * value and null inside containers and unversioned data; {@code elementSize} is the byte size of
     * one element when the caller knows it, else -1.
     */
    PropertyValue readValue(PropertyType type, PropertyReader r, PropertyTag tag, int elementSize);
}
