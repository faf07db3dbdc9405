package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.Property;
import io.uassetd.codecs.asset.property.content.PropertyRow;
import io.uassetd.codecs.asset.property.PropertyValue;
import io.uassetd.codecs.asset.property.types.ArrayValue;
import io.uassetd.codecs.asset.property.types.MapValue;
import io.uassetd.codecs.asset.property.types.StructValue;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import io.uassetd.daemon.util.SnakeCase;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * {@code get_export_properties}: an export's properties as UAssetTool's entries {name, type,
 * array_index, value, struct_type, array_type, key_type, value_type}, where a struct's value is the
 * list of its members' entries and an array's the list of its elements' entries (three levels deep,
 * as UAssetTool), a map's value the text "[Map with N entries]"; {@code value_tree} holds the whole
 * value as a JSON tree (structs as objects, maps as lists of pairs).
 */
public final class ExportPropertiesAction extends TypedAction<ExportPropertiesAction.Request, List<ExportPropertiesAction.PropertyEntry>> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = ExportRawDataAction.EXPORT_INDEX_HELP, dflt = "-1") long export_index,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    /**
     * One property as UAssetTool lists it; {@code value} is the value as UAssetTool writes it (a
     * struct's and an array's: a list of {@link Member}s), {@code value_tree} the whole value.
     */
    public record PropertyEntry(String name, String type, int array_index, Object value, String struct_type, String array_type,
                                String key_type, String value_type, Object value_tree) {
    }

    /** A struct member or array element inside {@link PropertyEntry#value()} (its value: a value, or a list of members). */
    public record Member(String name, String type, int array_index, Object value) {
    }

    /** How deep UAssetTool lists members of structs and elements of arrays. */
    private static final int DEPTH = 3;

    public ExportPropertiesAction() {
        super("get_export_properties",
                "An export's properties: [{name, type, array_index, value, struct_type, array_type, key_type, value_type, value_tree}]");
    }

    @Override
    protected Done<List<PropertyEntry>> run(Request q, Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        Export e = s.export(q.export_index());
        var props = s.content(e).properties().properties();
        List<PropertyEntry> rows = new ArrayList<>();
        for (Property p : props) {
            PropertyRow r = PropertyRow.of(s.pkg(), p);
            Member m = entry(r.name(), r.type(), r.arrayIndex(), p.value(), s.pkg(), 0);
            rows.add(new PropertyEntry(m.name(), m.type(), m.array_index(), m.value(), r.structType(), r.arrayType(), r.keyType(),
                    r.valueType(), SnakeCase.tree(r.value())));
        }
        return Done.of(rows.size() + " properties", rows);
    }

    private static Member entry(String name, String type, int arrayIndex, PropertyValue v, AssetPackage pkg, int depth) {
        Object value = value(name, v, pkg, depth);
        if ("StructProperty".equals(type) && !(value instanceof List)) {
            // a native struct (Vector, Guid, ...): UAssetTool lists its one member, named after the struct
            String struct = v instanceof StructValue sv ? sv.structName() : name;
            value = depth < DEPTH ? List.of(new Member(struct, struct, 0, value)) : List.of();
        }
        return new Member(name, type, arrayIndex, value);
    }

    private static Object value(String name, PropertyValue v, AssetPackage pkg, int depth) {
        if (v instanceof StructValue sv) {
            List<Member> members = new ArrayList<>();
            if (depth < DEPTH && sv.properties() != null) {
                for (Property m : sv.properties().properties()) {
                    members.add(entry(m.name(pkg), m.type().kind(), m.arrayIndex(), m.value(), pkg, depth + 1));
                }
            }
            return members;
        }
        if (v instanceof ArrayValue av) {
            List<Member> items = new ArrayList<>();
            if (depth < DEPTH) {
                String kind = av.inner() == null ? null : av.inner().kind();
                for (PropertyValue item : av.items()) {
                    items.add(entry(name, kind, 0, item, pkg, depth + 1));
                }
            }
            return items;
        }
        if (v instanceof MapValue mv) {
            return "[Map with " + mv.entries().size() + " entries]";
        }
        Object view = v.view(pkg);
        return view instanceof Map || view instanceof List ? SnakeCase.tree(view) : view;
    }
}
