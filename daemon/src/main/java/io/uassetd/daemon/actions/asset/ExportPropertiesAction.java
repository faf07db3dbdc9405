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
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.util.SnakeCase;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code get_export_properties}: an export's properties as UAssetTool's entries {name, type,
 * array_index, value, struct_type, array_type, key_type, value_type}, where a struct's value is the
 * list of its members' entries and an array's the list of its elements' entries (three levels deep,
 * as UAssetTool), a map's value the text "[Map with N entries]"; {@code value_tree} holds the whole
 * value as a JSON tree (structs as objects, maps as lists of pairs).
 */
public final class ExportPropertiesAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("get_export_properties",
            "An export's properties: [{name, type, array_index, value, struct_type, array_type, key_type, value_type, value_tree}]",
            AssetFiles.FILE, ExportRawDataAction.EXPORT_INDEX, AssetFiles.USMAP, AssetFiles.ENGINE);

    /** How deep UAssetTool lists members of structs and elements of arrays. */
    private static final int DEPTH = 3;

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        Export e = s.export(args.integer("export_index"));
        var props = s.content(e).properties().properties();
        List<Object> rows = new ArrayList<>();
        for (Property p : props) {
            PropertyRow r = PropertyRow.of(s.pkg(), p);
            Map<String, Object> row = entry(r.name(), r.type(), r.arrayIndex(), p.value(), s.pkg(), 0);
            row.put("struct_type", r.structType());
            row.put("array_type", r.arrayType());
            row.put("key_type", r.keyType());
            row.put("value_type", r.valueType());
            row.put("value_tree", SnakeCase.tree(r.value()));
            rows.add(row);
        }
        return ActionResult.of(rows.size() + " properties", rows);
    }

    private static Map<String, Object> entry(String name, String type, int arrayIndex, PropertyValue v, AssetPackage pkg, int depth) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("name", name);
        row.put("type", type);
        row.put("array_index", arrayIndex);
        Object value = value(name, v, pkg, depth);
        if ("StructProperty".equals(type) && !(value instanceof List)) {
            // a native struct (Vector, Guid, ...): UAssetTool lists its one member, named after the struct
            Map<String, Object> member = new LinkedHashMap<>();
            String struct = v instanceof StructValue sv ? sv.structName() : name;
            member.put("name", struct);
            member.put("type", struct);
            member.put("array_index", 0);
            member.put("value", value);
            value = depth < DEPTH ? List.of(member) : List.of();
        }
        row.put("value", value);
        return row;
    }

    private static Object value(String name, PropertyValue v, AssetPackage pkg, int depth) {
        if (v instanceof StructValue sv) {
            List<Object> members = new ArrayList<>();
            if (depth < DEPTH && sv.properties() != null) {
                for (Property m : sv.properties().properties()) {
                    members.add(entry(m.name(pkg), m.type().kind(), m.arrayIndex(), m.value(), pkg, depth + 1));
                }
            }
            return members;
        }
        if (v instanceof ArrayValue av) {
            List<Object> items = new ArrayList<>();
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
