package io.uassetd.codecs.asset.property.content;

import io.uassetd.codecs.asset.property.PropertyTag;
import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.PropertyWriter;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.core.PackageIndex;
import io.uassetd.codecs.asset.property.structs.NativeStructValue;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.BoolValue;
import io.uassetd.codecs.asset.property.types.EnumValue;
import io.uassetd.codecs.asset.property.types.InstancedStructValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.NameValue;
import io.uassetd.codecs.asset.property.types.NumericValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.asset.property.types.StrValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.property.types.TextValue;
import io.uassetd.codecs.asset.property.types.ZeroValue;
import io.uassetd.codecs.asset.property.SchemaSource;
import java.util.List;
import java.util.Map;

/**
 * The edits behind set_property_value, add_property and remove_property, on one property list
 * (an export's, or a DataTable row's): find a value by {@link PropertyPath}, set it from a
 * JSON-friendly value (checked against the property's type), add a property of a simple type,
 * remove a property, an array element or a map entry. Names are added to the package's name map as
 * the new values need them; tag sizes and unversioned headers follow on write.
 */
public final class PropertyEditor {
    /** Property types {@link #add} creates. */
    public static final List<String> ADDABLE_TYPES = List.of("BoolProperty", "Int8Property", "Int16Property", "IntProperty",
            "Int64Property", "UInt16Property", "UInt32Property", "UInt64Property", "FloatProperty", "DoubleProperty",
            "StrProperty", "NameProperty");

    private final AssetPackage pkg;
    private final PropertyList root;

    public PropertyEditor(AssetPackage pkg, PropertyList root) {
        this.pkg = pkg;
        this.root = root;
    }

    public PropertyEditor(AssetPackage pkg, PropertyExportContent content) {
        this(pkg, content.properties());
    }

    /** A place holding a value: a property, an array element, a map value, a native struct field. */
    private interface Slot {
        PropertyValue get();

        void set(PropertyValue v);

        PropertyType type();
    }

    /** The value at a path (for a native struct field, the struct holding it is not returned: use {@link #view}). */
    public PropertyValue get(String path) {
        Resolved r = resolve(PropertyPath.parse(path));
        if (r.field != null) {
            throw new PropertyEditException("Path names a field of native struct " + ((NativeStructValue) r.slot.get()).structName()
                    + "; read it with view()", path, null);
        }
        return r.slot.get();
    }

    /** The JSON-friendly view of the value at a path. */
    public Object view(String path) {
        Resolved r = resolve(PropertyPath.parse(path));
        Object v = r.slot.get().view(pkg);
        if (r.field != null) {
            return ((Map<?, ?>) v).entrySet().stream().filter(e -> String.valueOf(e.getKey()).equalsIgnoreCase(r.field))
                    .findFirst().map(Map.Entry::getValue).orElse(null);
        }
        return v;
    }

    /** The property (with tag) a path starts from. */
    public Property property(String path) {
        PropertyPath p = PropertyPath.parse(path);
        PropertyPath.Segment seg = p.segments().get(0);
        int index = !seg.selectors().isEmpty() && isStaticIndex(root, seg) ? Integer.parseInt(seg.selectors().get(0)) : 0;
        Property prop = root.find(pkg, seg.field(), index);
        if (prop == null) {
            throw new PropertyEditException("No property '" + seg.field() + "'", path, null);
        }
        return prop;
    }

    /**
     * Sets the value at a path from a JSON-friendly value: a Number for numeric, enum-number and
     * object-index values, a Boolean for bools, a String for strings, names, enum names and the
     * source string of a text, a Map of field to Number for native structs (Vector, Color, ...).
     */
    public void set(String path, Object value) {
        PropertyPath p = PropertyPath.parse(path);
        Resolved r = resolve(p);
        if (r.field != null) {
            NativeStructValue ns = (NativeStructValue) r.slot.get();
            if (!(value instanceof Number n)) {
                throw new PropertyEditException("Wrong value type " + typeOf(value), path, "number");
            }
            try {
                r.slot.set(ns.with(r.field, n));
            } catch (IllegalArgumentException e) {
                throw new PropertyEditException(e.getMessage(), path, "number");
            }
            return;
        }
        r.slot.set(convert(r.slot, value, path));
    }

    /**
     * Adds a property of a simple type ({@link #ADDABLE_TYPES}) with a value. Tagged data gets a new
     * tag after the existing properties; unversioned data can only hold what its schema declares, so
     * there the property must be in the struct's schema with this type, and it is stored at its
     * schema index (a default property the zero mask marks becomes a stored one).
     */
    public Property add(String name, String type, Object value) {
        if (!ADDABLE_TYPES.contains(type)) {
            throw new PropertyEditException("Cannot add a property of type " + type, name, String.join("|", ADDABLE_TYPES));
        }
        Property existing = root.find(pkg, name, 0);
        if (existing != null && !existing.isZero()) {
            throw new PropertyEditException("Property already exists", name, null);
        }
        PropertyWriter w = new PropertyWriter(pkg);
        PropertyValue v = switch (type) {
            case "BoolProperty" -> new BoolValue(requireBool(value, name), !root.isUnversioned());
            case "StrProperty" -> StrValue.of(type, requireString(value, name, type));
            case "NameProperty" -> new NameValue(w.name(requireString(value, name, type)));
            default -> numeric(type, value, name);
        };
        if (root.isUnversioned()) {
            return addUnversioned(name, type, v, existing);
        }
        PropertyTag template = root.properties().isEmpty() ? null : root.properties().get(0).tag();
        PropertyTag tag = PropertyTag.simple(w, name, type, 0, template);
        Property p = Property.tagged(tag, PropertyType.of(type), v);
        if (v instanceof BoolValue b) {
            p.setTag(tag.withBool(b.value()));
        }
        root.properties().add(p);
        return p;
    }

    private Property addUnversioned(String name, String type, PropertyValue v, Property existing) {
        if (existing != null) {
            if (!existing.type().is(type)) {
                throw new PropertyEditException("Schema property has type " + existing.type(), name, existing.type().kind());
            }
            existing.setValue(v);
            return existing;
        }
        SchemaSource.Located at = root.schemas() == null ? null : root.schemas().locate(root.structName(), name);
        if (at == null) {
            throw new PropertyEditException("Unversioned " + root.structName() + " has no property '" + name
                    + "' in its schema", name, null);
        }
        PropertyType t = PropertyType.fromUsmap(at.property().type());
        if (!t.is(type)) {
            throw new PropertyEditException("Schema property has type " + t, name, t.kind());
        }
        Property p = Property.unversioned(at.property().name(), t, 0, at.index(), false, v);
        List<Property> list = root.properties();
        int pos = 0;
        while (pos < list.size() && list.get(pos).schemaIndex() < at.index()) {
            pos++;
        }
        list.add(pos, p);
        return p;
    }

    /** Removes a top-level property, an array or set element, or a map entry; false when the path names nothing. */
    public boolean remove(String path) {
        PropertyPath p = PropertyPath.parse(path);
        List<PropertyPath.Segment> segs = p.segments();
        PropertyPath.Segment last = segs.get(segs.size() - 1);
        if (segs.size() == 1 && (last.selectors().isEmpty() || isStaticIndex(root, last))) {
            int index = last.selectors().isEmpty() ? 0 : Integer.parseInt(last.selectors().get(0));
            Property prop = root.find(pkg, last.field(), index);
            return prop != null && root.properties().remove(prop);
        }
        if (last.selectors().isEmpty()) {
            PropertyPath parent = PropertyPath.parse(p.text().substring(0, p.text().lastIndexOf('.')));
            Resolved r = resolve(parent);
            PropertyValue v = r.slot.get();
            PropertyList list = listOf(v);
            if (list == null) {
                throw new PropertyEditException("Not a struct", parent.text(), "StructProperty");
            }
            Property prop = list.find(pkg, last.field(), 0);
            return prop != null && list.properties().remove(prop);
        }
        String lastSel = last.selectors().get(last.selectors().size() - 1);
        String containerPath = p.text().substring(0, p.text().lastIndexOf('['));
        PropertyValue container = resolve(PropertyPath.parse(containerPath)).slot.get();
        if (container instanceof ArrayValue a) {
            int i = index(lastSel, a.items().size(), path);
            a.items().remove(i);
            return true;
        }
        if (container instanceof MapValue m) {
            return m.entries().removeIf(e -> keyMatches(e.key(), lastSel));
        }
        throw new PropertyEditException("Not an array, set or map", containerPath, "ArrayProperty|SetProperty|MapProperty");
    }

    // ---- resolution ------------------------------------------------------------------------------

    private record Resolved(Slot slot, String field) {
    }

    private Resolved resolve(PropertyPath path) {
        PropertyList list = root;
        Slot slot = null;
        List<PropertyPath.Segment> segs = path.segments();
        for (int s = 0; s < segs.size(); s++) {
            PropertyPath.Segment seg = segs.get(s);
            if (slot != null) {
                PropertyValue cur = slot.get();
                if (cur instanceof NativeStructValue && s == segs.size() - 1 && seg.selectors().isEmpty()) {
                    return new Resolved(slot, seg.field());
                }
                list = listOf(cur);
                if (list == null) {
                    throw new PropertyEditException("'" + seg.field() + "' is inside a " + cur.type() + ", not a struct",
                            path.text(), null);
                }
            }
            List<String> sels = seg.selectors();
            int first = 0;
            Property prop;
            if (!sels.isEmpty() && isStaticIndex(list, seg)) {
                prop = list.find(pkg, seg.field(), Integer.parseInt(sels.get(0)));
                first = 1;
            } else {
                prop = list.find(pkg, seg.field(), 0);
            }
            if (prop == null) {
                throw new PropertyEditException("No property '" + seg.field() + "'", path.text(), null);
            }
            slot = propertySlot(prop);
            for (int k = first; k < sels.size(); k++) {
                slot = select(slot, sels.get(k), path.text());
            }
        }
        return new Resolved(slot, null);
    }

    private boolean isStaticIndex(PropertyList list, PropertyPath.Segment seg) {
        String sel = seg.selectors().get(0);
        if (!sel.chars().allMatch(Character::isDigit) || sel.isEmpty()) {
            return false;
        }
        Property p = list.find(pkg, seg.field(), 0);
        boolean container = p != null && (p.value() instanceof ArrayValue || p.value() instanceof MapValue);
        return !container || list.find(pkg, seg.field(), Integer.parseInt(sel)) != null && Integer.parseInt(sel) != 0;
    }

    private static PropertyList listOf(PropertyValue v) {
        if (v instanceof StructValue s) {
            return s.properties();
        }
        if (v instanceof InstancedStructValue i && i.value() != null) {
            return i.value().properties();
        }
        return null;
    }

    private static Slot propertySlot(Property p) {
        return new Slot() {
            public PropertyValue get() {
                return p.value();
            }

            public void set(PropertyValue v) {
                if (p.tag() != null && v instanceof BoolValue b) {
                    p.setTag(p.tag().withBool(b.value()));
                }
                p.setValue(v);
            }

            public PropertyType type() {
                return p.type();
            }
        };
    }

    private Slot select(Slot slot, String sel, String path) {
        PropertyValue v = slot.get();
        if (v instanceof ArrayValue a) {
            int i = index(sel, a.items().size(), path);
            return new Slot() {
                public PropertyValue get() {
                    return a.items().get(i);
                }

                public void set(PropertyValue nv) {
                    a.items().set(i, nv);
                }

                public PropertyType type() {
                    return a.inner();
                }
            };
        }
        if (v instanceof MapValue m) {
            for (MapValue.Entry e : m.entries()) {
                if (keyMatches(e.key(), sel)) {
                    return new Slot() {
                        public PropertyValue get() {
                            return e.value();
                        }

                        public void set(PropertyValue nv) {
                            e.setValue(nv);
                        }

                        public PropertyType type() {
                            return m.valueType();
                        }
                    };
                }
            }
            throw new PropertyEditException("No map key '" + sel + "'", path, null);
        }
        throw new PropertyEditException("[" + sel + "] applied to a " + v.type(), path, "ArrayProperty|SetProperty|MapProperty");
    }

    private static int index(String sel, int size, String path) {
        int i;
        try {
            i = Integer.parseInt(sel);
        } catch (NumberFormatException e) {
            throw new PropertyEditException("Index '" + sel + "' is not a number", path, "index");
        }
        if (i < 0 || i >= size) {
            throw new PropertyEditException("Index " + i + " outside 0.." + (size - 1), path, null);
        }
        return i;
    }

    private boolean keyMatches(PropertyValue key, String sel) {
        return String.valueOf(key.view(pkg)).equals(sel);
    }

    // ---- conversion ------------------------------------------------------------------------------

    private PropertyValue convert(Slot slot, Object value, String path) {
        PropertyValue cur = slot.get();
        PropertyType t = slot.type();
        String kind = t != null ? t.kind() : cur.type();
        if (cur instanceof ZeroValue || NumericValue.handles(kind)) {
            if (NumericValue.handles(kind)) {
                return numeric(kind, value, path);
            }
        }
        if (cur instanceof BoolValue b) {
            return new BoolValue(requireBool(value, path), b.inTag());
        }
        if (cur instanceof StrValue s) {
            return StrValue.of(s.type(), requireString(value, path, s.type()));
        }
        if (cur instanceof NameValue) {
            return new NameValue(pkg.names().toFName(requireString(value, path, "NameProperty")));
        }
        if (cur instanceof EnumValue e) {
            if (e.name() != null) {
                return new EnumValue(e.type(), pkg.names().toFName(requireString(value, path, e.type() + " name")), 0, 8,
                        e.enumName(), null);
            }
            if (!(value instanceof Number n)) {
                throw new PropertyEditException("Wrong value type " + typeOf(value), path, e.type() + " number");
            }
            return e.withNumber(n.longValue());
        }
        if (cur instanceof ObjectValue o) {
            if (value != null && !(value instanceof Number)) {
                throw new PropertyEditException("Wrong value type " + typeOf(value), path, o.type() + " package index");
            }
            PackageIndex i = new PackageIndex(value == null ? 0 : ((Number) value).intValue());
            if (i.isImport() && i.importIndex() >= pkg.imports().size() || i.isExport() && i.exportIndex() >= pkg.exports().size()) {
                throw new PropertyEditException("Package index " + i.value() + " outside the import/export maps", path, o.type());
            }
            return new ObjectValue(o.type(), i);
        }
        if (cur instanceof TextValue tv) {
            String text = requireString(value, path, "TextProperty");
            if (tv.history() instanceof TextValue.BaseHistory h) {
                return new TextValue(tv.flags(), tv.historyType(), new TextValue.BaseHistory(h.namespace(), h.key(),
                        FString.of(text)));
            }
            if (tv.history() instanceof TextValue.NoneHistory h && h.serializesFlag()) {
                return new TextValue(tv.flags(), tv.historyType(),
                        new TextValue.NoneHistory(true, FString.of(text)));
            }
            throw new PropertyEditException("Only Base and None texts can be set from a string", path, "TextProperty");
        }
        if (cur instanceof NativeStructValue ns) {
            if (!(value instanceof Map<?, ?> fields)) {
                throw new PropertyEditException("Wrong value type " + typeOf(value), path, ns.structName() + " fields");
            }
            NativeStructValue out = ns;
            for (Map.Entry<?, ?> e : fields.entrySet()) {
                if (!(e.getValue() instanceof Number n)) {
                    throw new PropertyEditException("Field " + e.getKey() + " needs a number", path, ns.structName());
                }
                try {
                    out = out.with(String.valueOf(e.getKey()), n);
                } catch (IllegalArgumentException ex) {
                    throw new PropertyEditException(ex.getMessage(), path, ns.structName());
                }
            }
            return out;
        }
        if (cur instanceof ZeroValue) {
            return switch (kind) {
                case "BoolProperty" -> new BoolValue(requireBool(value, path), false);
                case "StrProperty" -> StrValue.of(kind, requireString(value, path, kind));
                case "NameProperty" -> new NameValue(pkg.names().toFName(requireString(value, path, kind)));
                default -> throw new PropertyEditException("Cannot set a default " + kind + " value", path, kind);
            };
        }
        throw new PropertyEditException("Values of type " + cur.type() + " cannot be set directly", path, cur.type());
    }

    private static NumericValue numeric(String kind, Object value, String path) {
        if (!(value instanceof Number n)) {
            throw new PropertyEditException("Wrong value type " + typeOf(value), path, kind);
        }
        try {
            return NumericValue.of(kind, n);
        } catch (IllegalArgumentException e) {
            throw new PropertyEditException(e.getMessage(), path, kind);
        }
    }

    private static boolean requireBool(Object value, String path) {
        if (!(value instanceof Boolean b)) {
            throw new PropertyEditException("Wrong value type " + typeOf(value), path, "BoolProperty");
        }
        return b;
    }

    private static String requireString(Object value, String path, String type) {
        if (!(value instanceof String s)) {
            throw new PropertyEditException("Wrong value type " + typeOf(value), path, type);
        }
        return s;
    }

    private static String typeOf(Object v) {
        return v == null ? "null" : v.getClass().getSimpleName();
    }
}
