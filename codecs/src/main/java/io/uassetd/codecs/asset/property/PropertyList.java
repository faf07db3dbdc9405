package io.uassetd.codecs.asset.property;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.unversioned.SchemaSource;
import io.uassetd.codecs.asset.property.unversioned.UnversionedHeader;
import io.uassetd.codecs.asset.property.unversioned.UnversionedProperties;
import java.util.ArrayList;
import java.util.List;

/**
 * The properties of an object or struct as serialized: tagged (FPropertyTag + value each, ended by
 * the {@code None} name, kept as read) or unversioned (an FUnversionedHeader then the non-zero values
 * in schema order, kept with the header as read so an unchanged list writes back identical).
 */
public final class PropertyList {
    private final String structName;
    private final List<Property> properties;
    private final FName terminator;
    private final UnversionedHeader header;
    private final SchemaSource schemas;

    /** A tagged list (header and schemas null) or an unversioned one. */
    public PropertyList(String structName, List<Property> properties, FName terminator, UnversionedHeader header,
            SchemaSource schemas) {
        this.structName = structName;
        this.properties = new ArrayList<>(properties);
        this.terminator = terminator;
        this.header = header;
        this.schemas = schemas;
    }

    /** The schemas an unversioned list was read with (for adding properties), or null. */
    public SchemaSource schemas() {
        return schemas;
    }

    /** Reads a list in the package's serialization (tagged, or unversioned through the usmap schema of {@code structName}). */
    public static PropertyList read(PropertyReader r, String structName) {
        if (r.unversioned()) {
            return UnversionedProperties.read(r, structName);
        }
        return TaggedProperties.read(r, structName);
    }

    public void write(PropertyWriter w) {
        if (header != null) {
            UnversionedProperties.write(w, this);
        } else {
            TaggedProperties.write(w, this);
        }
    }

    /** The struct or class the properties belong to (may be null for tagged data of an unknown struct). */
    public String structName() {
        return structName;
    }

    /** The live, editable list. */
    public List<Property> properties() {
        return properties;
    }

    /** The {@code None} name that ended a tagged list, or null for unversioned data. */
    public FName terminator() {
        return terminator;
    }

    /** The unversioned header as read, or null for tagged data. */
    public UnversionedHeader header() {
        return header;
    }

    public boolean isUnversioned() {
        return header != null;
    }

    /** The first property with this name (and array index), or null. */
    public Property find(AssetPackage pkg, String name, int arrayIndex) {
        for (Property p : properties) {
            if (p.arrayIndex() == arrayIndex && p.name(pkg).equalsIgnoreCase(name)) {
                return p;
            }
        }
        return null;
    }

    /** True when some value in the list is kept raw. */
    public boolean hasRaw() {
        return properties.stream().anyMatch(p -> p.value().hasRaw());
    }

    /** Properties (recursively) kept raw. */
    public int rawCount() {
        int n = 0;
        for (Property p : properties) {
            n += RawCounter.count(p.value());
        }
        return n;
    }
}
