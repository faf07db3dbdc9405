package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyEditException;
import io.uassetd.codecs.asset.property.content.PropertyEditor;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.protocol.Json;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code set_property_value}, {@code add_property} and {@code remove_property}: edit an export's properties and write the package. */
public final class EditPropertyAction implements ActionHandler {
    enum Op { SET, ADD, REMOVE }

    private static final Map<String, String> SHORT_TYPES = Map.ofEntries(
            Map.entry("int", "IntProperty"), Map.entry("int32", "IntProperty"), Map.entry("int8", "Int8Property"),
            Map.entry("int16", "Int16Property"), Map.entry("int64", "Int64Property"), Map.entry("uint16", "UInt16Property"),
            Map.entry("uint32", "UInt32Property"), Map.entry("uint64", "UInt64Property"), Map.entry("float", "FloatProperty"),
            Map.entry("double", "DoubleProperty"), Map.entry("bool", "BoolProperty"), Map.entry("str", "StrProperty"),
            Map.entry("string", "StrProperty"), Map.entry("name", "NameProperty"));

    private final ActionSpec spec;
    private final Op op;

    private EditPropertyAction(ActionSpec spec, Op op) {
        this.spec = spec;
        this.op = op;
    }

    static final FieldSpec PATH = FieldSpec.required("property_path", FieldType.STRING,
            "the property: Name, Name[2] (static array index or element), Struct.Field, Map[key]");
    static final FieldSpec VALUE = FieldSpec.required("property_value", FieldType.ANY, "the new value (number, string, bool, list, object)");

    public static List<ActionHandler> all() {
        return List.of(
                new EditPropertyAction(ActionSpec.of("set_property_value", "Sets a property's value and writes the package",
                        AssetFiles.FILE, ExportRawDataAction.EXPORT_INDEX, PATH, VALUE, AssetEdits.OUTPUT, AssetFiles.USMAP, AssetFiles.ENGINE), Op.SET),
                new EditPropertyAction(ActionSpec.of("add_property", "Adds a property of a simple type and writes the package",
                        AssetFiles.FILE, ExportRawDataAction.EXPORT_INDEX,
                        FieldSpec.required("property_name", FieldType.STRING, "the new property's name"),
                        FieldSpec.required("property_type", FieldType.STRING, "int, float, double, bool, str, name, int8..uint64, or the *Property name"),
                        VALUE, AssetEdits.OUTPUT, AssetFiles.USMAP, AssetFiles.ENGINE), Op.ADD),
                new EditPropertyAction(ActionSpec.of("remove_property", "Removes a property (or an array element / map entry) and writes the package",
                        AssetFiles.FILE, ExportRawDataAction.EXPORT_INDEX, PATH, AssetEdits.OUTPUT, AssetFiles.USMAP, AssetFiles.ENGINE), Op.REMOVE));
    }

    /** Reply data. */
    public record Edited(String file_path, String output_path, String backup_path, int export_index, String property_path,
                         Object old_value, Object new_value) {
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    static Object plain(JsonNode n) {
        return Json.mapper().convertValue(n, Object.class);
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        Export e = s.export(args.integer("export_index"));
        PropertyEditor ed = s.content(e).editor(s.pkg());
        String path;
        Object oldValue = null;
        Object newValue = null;
        try {
            switch (op) {
                case SET -> {
                    path = args.requireString("property_path");
                    oldValue = ed.view(path);
                    ed.set(path, plain(args.json("property_value")));
                    newValue = ed.view(path);
                }
                case ADD -> {
                    path = args.requireString("property_name");
                    String t = args.requireString("property_type");
                    String type = SHORT_TYPES.getOrDefault(t.toLowerCase(Locale.ROOT), t);
                    ed.add(path, type, plain(args.json("property_value")));
                    newValue = ed.view(path);
                }
                default -> {
                    path = args.requireString("property_path");
                    oldValue = ed.view(path);
                    if (!ed.remove(path)) {
                        throw ActionException.invalid("Nothing removed at " + path);
                    }
                }
            }
        } catch (PropertyEditException x) {
            throw ActionException.invalid(x.getMessage());
        }
        AssetEdits.Written w = AssetEdits.write(s, args, ctx);
        return ActionResult.of(switch (op) {
            case SET -> "Set " + path;
            case ADD -> "Added " + path;
            default -> "Removed " + path;
        }, new Edited(s.file().toString(), w.path().toString(), w.backup() == null ? null : w.backup().toString(), e.index(), path,
                oldValue, newValue));
    }
}
