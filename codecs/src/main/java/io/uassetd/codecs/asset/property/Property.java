package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import java.util.Objects;

/**
 * One serialized property: its name, its tag (tagged serialization) or its schema index and zero
 * flag (unversioned serialization), its static array index, its type and its value.
 */
public final class Property {
    private final FName name;
    private final String text;
    private PropertyTag tag;
    private final PropertyType type;
    private final int arrayIndex;
    private final int schemaIndex;
    private boolean zero;
    private PropertyValue value;

    private Property(FName name, String text, PropertyTag tag, PropertyType type, int arrayIndex, int schemaIndex, boolean zero,
            PropertyValue value) {
        this.name = name;
        this.text = text;
        this.tag = tag;
        this.type = type;
        this.arrayIndex = arrayIndex;
        this.schemaIndex = schemaIndex;
        this.zero = zero;
        this.value = Objects.requireNonNull(value, "value");
    }

    /** A tagged property. */
    public static Property tagged(PropertyTag tag, PropertyType type, PropertyValue value) {
        return new Property(tag.name(), null, tag, type, tag.arrayIndex(), -1, false, value);
    }

    /** An unversioned property at a global schema index; a zero property has its default value and no bytes. */
    public static Property unversioned(String name, PropertyType type, int arrayIndex, int schemaIndex, boolean zero,
            PropertyValue value) {
        return new Property(null, name, null, type, arrayIndex, schemaIndex, zero, value);
    }

    /** The name as stored in a tag, or null for an unversioned property (named by the mappings). */
    public FName name() {
        return name;
    }

    /** The property name. */
    public String name(AssetPackage pkg) {
        return text != null ? text : pkg.names().render(name);
    }

    /** The tag, or null for an unversioned property. */
    public PropertyTag tag() {
        return tag;
    }

    public void setTag(PropertyTag tag) {
        this.tag = tag;
    }

    public PropertyType type() {
        return type;
    }

    public int arrayIndex() {
        return arrayIndex;
    }

    /** Index in the unversioned schema (super structs first), or -1 for a tagged property. */
    public int schemaIndex() {
        return schemaIndex;
    }

    /** True for an unversioned property the zero mask marks as default (no bytes). */
    public boolean isZero() {
        return zero;
    }

    public PropertyValue value() {
        return value;
    }

    /** Replaces the value; an unversioned property stops being a zero (default) property. */
    public void setValue(PropertyValue value) {
        this.value = Objects.requireNonNull(value, "value");
        this.zero = false;
    }

    @Override
    public String toString() {
        return "Property[" + (text != null ? text : name) + ", " + type + (arrayIndex != 0 ? "[" + arrayIndex + "]" : "") + ", " + value + "]";
    }
}
