package io.uassetd.codecs.asset.json.compact;

import io.uassetd.codecs.asset.property.PropertyType;
import io.uassetd.codecs.asset.property.structs.NativeStructs;
import io.uassetd.codecs.usmap.Usmap;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.FString;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.PropertyList;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.ObjectValue;
import io.uassetd.codecs.asset.property.types.OptionalValue;
import io.uassetd.codecs.asset.property.types.SoftObjectValue;
import io.uassetd.codecs.asset.property.types.StrValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.codecs.asset.property.types.TextValue;
import io.uassetd.codecs.asset.property.types.ZeroValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Property values in CUE4Parse's JSON shapes: properties by name (a static array, or a name
 * repeated with array indexes, as a list with nulls for missing indexes), structs as their fields,
 * arrays as lists, maps as lists of {@code {Key, Value}}, object references as
 * {@code {ObjectName, ObjectPath}}, soft references as {@code {AssetPathName, SubPathString}}, texts
 * as {@code {Namespace, Key, SourceString, LocalizedString}} or {@code {CultureInvariantString}};
 * other values as their plain view (numbers, strings, enum names "EType::Value").
 */
final class CompactValues {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private final AssetPackage pkg;
    private final CompactRefs refs;
    private final Usmap mappings;

    CompactValues(AssetPackage pkg, CompactRefs refs, Usmap mappings) {
        this.pkg = pkg;
        this.refs = refs;
        this.mappings = mappings;
    }

    /** A property list as {name: value}. */
    ObjectNode properties(PropertyList list) {
        Map<String, List<Property>> byName = new LinkedHashMap<>();
        for (Property p : list.properties()) {
            byName.computeIfAbsent(p.name(pkg), k -> new ArrayList<>()).add(p);
        }
        ObjectNode o = F.objectNode();
        for (Map.Entry<String, List<Property>> e : byName.entrySet()) {
            List<Property> props = e.getValue();
            int max = props.stream().mapToInt(Property::arrayIndex).max().orElse(0);
            if (props.size() == 1 && max == 0) {
                o.set(e.getKey(), value(props.get(0).value()));
                continue;
            }
            ArrayNode a = F.arrayNode();
            for (int i = 0; i <= max; i++) {
                JsonNode v = F.nullNode();
                for (Property p : props) {
                    if (p.arrayIndex() == i) {
                        v = value(p.value());
                    }
                }
                a.add(v);
            }
            o.set(e.getKey(), a);
        }
        return o;
    }

    JsonNode value(PropertyValue v) {
        if (v instanceof ObjectValue o) {
            return refs.ref(o.value());
        }
        if (v instanceof StructValue s) {
            return properties(s.properties());
        }
        if (v instanceof ArrayValue a) {
            ArrayNode out = F.arrayNode();
            a.items().forEach(item -> out.add(value(item)));
            return out;
        }
        if (v instanceof MapValue m) {
            ArrayNode out = F.arrayNode();
            for (MapValue.Entry e : m.entries()) {
                ObjectNode pair = F.objectNode();
                pair.set("Key", value(e.key()));
                pair.set("Value", value(e.value()));
                out.add(pair);
            }
            return out;
        }
        if (v instanceof OptionalValue o) {
            return o.value() == null ? F.nullNode() : value(o.value());
        }
        if (v instanceof SoftObjectValue s) {
            return softPath(s);
        }
        if (v instanceof TextValue t) {
            return text(t);
        }
        if (v instanceof ZeroValue z) {
            JsonNode zero = zero(z.propertyType());
            if (zero != null) {
                return zero;
            }
        }
        if (v instanceof StrValue s) {
            return F.textNode(s.value().text());
        }
        return MAPPER.valueToTree(v.view(pkg));
    }

    /**
     * The value an unversioned property the zero mask marks as zero stands for, as CUE4Parse shows
     * it: a null reference, a native struct with its fields at zero (a struct with a property list
     * stays {}), an enum's enumerator of value 0 ("EType::First", through the mappings); null when
     * the plain view (0, false, "", []) is already that.
     */
    private JsonNode zero(PropertyType t) {
        switch (t.kind()) {
            case "ObjectProperty", "ClassProperty" -> {
                return F.nullNode();
            }
            case "StructProperty" -> {
                var layout = t.structName() == null ? null : NativeStructs.layout(t.structName(), pkg);
                return layout == null ? F.objectNode() : zeroStruct(layout);
            }
            case "EnumProperty", "ByteProperty" -> {
                String enumName = t.enumName();
                if (enumName == null || enumName.equals("None") || mappings == null || mappings.enumNamed(enumName) == null) {
                    return null;
                }
                String n = mappings.enumNamed(enumName).nameOf(0);
                return n == null ? null : F.textNode(n.contains("::") ? n : enumName + "::" + n);
            }
            default -> {
                return null;
            }
        }
    }

    private JsonNode zeroStruct(NativeStructs.Layout layout) {
        ObjectNode o = F.objectNode();
        for (var f : layout.fields()) {
            o.set(f.name(), switch (f.kind()) {
                case REAL, F32, F64 -> F.numberNode(0.0);
                case I32, U32, I64, U8 -> F.numberNode(0);
                case BOOL32 -> F.booleanNode(false);
                case NAME -> F.textNode("None");
                case NAME_ARRAY, F32_ARRAY, I32_ARRAY -> F.arrayNode();
                case SOFT_OBJECT_PATH -> F.textNode("");
                case U8_ARRAY -> F.arrayNode();
                case PROPERTIES -> F.objectNode();
                case STRUCT -> {
                    var nested = NativeStructs.layout(f.struct());
                    yield nested == null ? F.objectNode() : zeroStruct(nested);
                }
            });
        }
        if (layout.fields().size() == 1 && layout.fields().get(0).kind() == NativeStructs.Kind.SOFT_OBJECT_PATH) {
            return o.get(layout.fields().get(0).name());
        }
        return o;
    }

    private JsonNode softPath(SoftObjectValue s) {
        String text = s.path().text(pkg);
        String sub = s.path().subPath() == null ? "" : s.path().subPath().text();
        String asset = !sub.isEmpty() && text.endsWith(":" + sub) ? text.substring(0, text.length() - sub.length() - 1) : text;
        ObjectNode o = F.objectNode();
        o.put("AssetPathName", asset.isEmpty() ? "None" : asset);
        o.put("SubPathString", sub);
        return o;
    }

    private JsonNode text(TextValue t) {
        if (t.history() instanceof TextValue.BaseHistory b) {
            ObjectNode o = F.objectNode();
            o.put("Namespace", str(b.namespace()));
            o.put("Key", str(b.key()));
            o.put("SourceString", str(b.source()));
            o.put("LocalizedString", str(b.source()));
            return o;
        }
        if (t.history() instanceof TextValue.NoneHistory n) {
            ObjectNode o = F.objectNode();
            o.put("CultureInvariantString", n.invariant() == null ? null : n.invariant().text());
            return o;
        }
        return MAPPER.valueToTree(t.view(pkg));
    }

    private static String str(FString s) {
        return s == null ? "" : s.text();
    }
}
