package io.uassetd.codecs.asset.property;


import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.FName;
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

    /**
     * Reads a list in the package's serialization (tagged, or unversioned through the usmap schema of
     * {@code structName}) through the reader's {@link PropertyCodec}.
     */
    public static PropertyList read(PropertyReader r, String structName) {
        return r.codec().readList(r, structName);
    }

    /**
     * Writes the list: tagged (each tag with its value's size, then the {@code None} name) or
     * unversioned (the header as read when the present properties did not change, then the non-zero
     * values in schema order).
     */
    public void write(PropertyWriter w) {
        if (header != null) {
            writeUnversioned(w);
        } else {
            writeTagged(w);
        }
    }

    private void writeTagged(PropertyWriter w) {
        for (Property p : properties) {
            PropertyWriter sub = w.sub();
            p.value().write(sub);
            byte[] bytes = sub.toByteArray();
            p.tag().write(w, bytes.length);
            w.out().writeBytes(bytes);
        }
        w.out().writeFName(terminator != null ? terminator : w.name("None"));
    }

    private void writeUnversioned(PropertyWriter w) {
        List<UnversionedHeader.Slot> slots = new ArrayList<>();
        List<Property> sorted = new ArrayList<>(properties);
        sorted.sort((a, b) -> Integer.compare(a.schemaIndex(), b.schemaIndex()));
        for (Property p : sorted) {
            slots.add(new UnversionedHeader.Slot(p.schemaIndex(), p.isZero()));
        }
        UnversionedHeader written = slots.equals(header.slots()) ? header : UnversionedHeader.of(slots);
        written.write(w);
        for (Property p : sorted) {
            if (!p.isZero()) {
                p.value().write(w);
            }
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
            n += p.value().rawCount();
        }
        return n;
    }
}
