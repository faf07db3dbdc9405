package io.uassetd.codecs.asset.json.compact;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.ObjectExport;
import io.uassetd.codecs.asset.core.FName;
import io.uassetd.codecs.asset.property.ClassData;
import io.uassetd.codecs.asset.property.content.DataTableRows;
import io.uassetd.codecs.asset.property.content.PropertyExportContent;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.asset.property.classdata.EnumData;
import io.uassetd.codecs.asset.property.classdata.FieldDefinition;
import io.uassetd.codecs.asset.property.classdata.StringTableData;
import io.uassetd.codecs.asset.property.classdata.UserDefinedStructData;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.usmap.Usmap;

/**
 * A read-only, compact JSON view of a package in the shape CUE4Parse (and FModel) show: a list of
 * exports, each {@code {Type, Name, Outer?, Class, Super?, Flags, Properties?}} followed by the
 * class data this code models: DataTable {@code Rows}, a string table's {@code StringTable}, an
 * enum's {@code Names} and {@code CppForm}, a user-defined struct's {@code ChildProperties} and
 * {@code DefaultProperties}. An export whose properties cannot be read gets {@code ReadError}
 * instead of its properties.
 *
 * <pre>{@code
 * ArrayNode json = CompactJson.write(AssetPackage.open(path, EngineVersion.UE5_3), usmapOrNull);
 * }</pre>
 */
public final class CompactJson {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;

    private CompactJson() {
    }

    /** The package's exports as compact JSON; the package is not changed. */
    public static ArrayNode write(AssetPackage pkg, Usmap mappings) {
        CompactRefs refs = new CompactRefs(pkg, packagePath(pkg));
        CompactValues values = new CompactValues(pkg, refs, mappings);
        ArrayNode out = F.arrayNode();
        for (Export e : pkg.exports()) {
            out.add(export(pkg, e, mappings, refs, values));
        }
        return out;
    }

    /**
     * The package's path ("/Game/Globals/StringTables/Items"): the name-map entry that ends with the
     * file's base name and starts with '/', else the base name.
     */
    public static String packagePath(AssetPackage pkg) {
        String file = pkg.name();
        int slash = Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\'));
        String base = file.substring(slash + 1);
        int dot = base.lastIndexOf('.');
        if (dot > 0) {
            base = base.substring(0, dot);
        }
        for (var n : pkg.names().entries()) {
            String s = n.name().text();
            if (s.startsWith("/") && (s.endsWith("/" + base))) {
                return s;
            }
        }
        return base;
    }

    private static ObjectNode export(AssetPackage pkg, Export e, Usmap mappings, CompactRefs refs, CompactValues values) {
        ObjectExport x = e.entry();
        ObjectNode o = F.objectNode();
        o.put("Type", pkg.className(e));
        o.put("Name", pkg.name(x.objectName()));
        if (!x.outerIndex().isNull()) {
            o.put("Outer", pkg.objectName(x.outerIndex()));
        }
        o.put("Class", refs.classField(x.classIndex()));
        if (!x.superIndex().isNull()) {
            o.set("Super", refs.ref(x.superIndex()));
        }
        o.put("Flags", ObjectFlagNames.of(x.objectFlags()));
        PropertyExportContent c;
        try {
            c = e.content() instanceof PropertyExportContent pc ? pc : PropertyParser.parse(pkg, e, mappings);
        } catch (FormatException ex) {
            o.put("ReadError", ex.getMessage());
            return o;
        }
        ObjectNode props = values.properties(c.properties());
        if (!props.isEmpty()) {
            o.set("Properties", props);
        }
        classData(pkg, c.classData(), o, refs, values);
        return o;
    }

    private static void classData(AssetPackage pkg, ClassData data, ObjectNode o, CompactRefs refs, CompactValues values) {
        if (data instanceof DataTableRows rows) {
            ObjectNode r = F.objectNode();
            rows.rows().forEach(row -> r.set(pkg.names().render(row.name()), values.properties(row.value().properties())));
            o.set("Rows", r);
        } else if (data instanceof StringTableData st) {
            ObjectNode t = F.objectNode();
            t.put("TableNamespace", st.namespace());
            ObjectNode entries = F.objectNode();
            st.entryMap().forEach(entries::put);
            t.set("KeysToEntries", entries);
            ObjectNode meta = F.objectNode();
            st.metadataMap(pkg).forEach((k, m) -> {
                ObjectNode values1 = F.objectNode();
                m.forEach(values1::put);
                meta.set(k, values1);
            });
            t.set("KeysToMetaData", meta);
            o.set("StringTable", t);
        } else if (data instanceof EnumData en) {
            ObjectNode names = F.objectNode();
            en.nameMap(pkg).forEach(names::put);
            o.set("Names", names);
            o.put("CppForm", en.cppForm().name());
        } else if (data instanceof UserDefinedStructData uds) {
            o.set("SuperStruct", refs.ref(uds.superStruct()));
            ArrayNode children = F.arrayNode();
            uds.childProperties().forEach(f -> children.add(field(pkg, f, refs)));
            o.set("ChildProperties", children);
            if (uds.defaultInstance() != null) {
                o.put("StructFlags", uds.structFlags());
                o.set("DefaultProperties", values.properties(uds.defaultInstance()));
            }
        }
    }

    private static JsonNode field(AssetPackage pkg, FieldDefinition f, CompactRefs refs) {
        ObjectNode o = F.objectNode();
        o.put("Type", name(pkg, f.type()));
        o.put("Name", name(pkg, f.name()));
        o.put("Flags", ObjectFlagNames.of((int) f.objectFlags()));
        o.put("ArrayDim", f.arrayDim());
        o.put("ElementSize", f.elementSize());
        o.put("PropertyFlags", f.propertyFlags());
        String[] roles = referenceRoles(name(pkg, f.type()));
        for (int k = 0; k < f.objects().size(); k++) {
            o.set(k < roles.length ? roles[k] : "Reference" + k, refs.ref(f.objects().get(k)));
        }
        if (!f.inner().isEmpty()) {
            ArrayNode inner = F.arrayNode();
            f.inner().forEach(i -> inner.add(field(pkg, i, refs)));
            o.set("Inner", inner);
        }
        return o;
    }

    /** What the objects a property definition refers to are, by its class. */
    private static String[] referenceRoles(String kind) {
        return switch (kind) {
            case "StructProperty" -> new String[] {"Struct"};
            case "ByteProperty", "EnumProperty" -> new String[] {"Enum"};
            case "ClassProperty", "ClassPtrProperty", "SoftClassProperty" -> new String[] {"PropertyClass", "MetaClass"};
            case "InterfaceProperty" -> new String[] {"InterfaceClass"};
            case "DelegateProperty", "MulticastDelegateProperty", "MulticastInlineDelegateProperty",
                "MulticastSparseDelegateProperty" -> new String[] {"SignatureFunction"};
            default -> new String[] {"PropertyClass"};
        };
    }

    private static String name(AssetPackage pkg, FName n) {
        return pkg.names().render(n);
    }
}
