package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.JsonNode;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PropertyEditException;
import io.uassetd.codecs.asset.property.content.PropertyEditor;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.asset.version.EngineVersion;
import java.nio.file.Path;
import io.uassetd.protocol.Json;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** {@code set_property_value}, {@code add_property} and {@code remove_property}: edit an export's properties and write the package. */
public final class EditPropertyAction {
    private static final Map<String, String> SHORT_TYPES = Map.ofEntries(
            Map.entry("int", "IntProperty"), Map.entry("int32", "IntProperty"), Map.entry("int8", "Int8Property"),
            Map.entry("int16", "Int16Property"), Map.entry("int64", "Int64Property"), Map.entry("uint16", "UInt16Property"),
            Map.entry("uint32", "UInt32Property"), Map.entry("uint64", "UInt64Property"), Map.entry("float", "FloatProperty"),
            Map.entry("double", "DoubleProperty"), Map.entry("bool", "BoolProperty"), Map.entry("str", "StrProperty"),
            Map.entry("string", "StrProperty"), Map.entry("name", "NameProperty"));

    static final String PATH_HELP = "the property: Name, Name[2] (static array index or element), Struct.Field, Map[key]";
    static final String VALUE_HELP = "the new value (number, string, bool, list, object)";

    private EditPropertyAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new SetValue(), new Add(), new Remove());
    }

    /** The request of set_property_value. */
    public record SetRequest(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                             @Field(value = ExportRawDataAction.EXPORT_INDEX_HELP, dflt = "-1") long export_index,
                             @Field(value = PATH_HELP, required = true) String property_path,
                             @Field(value = VALUE_HELP, required = true) JsonNode property_value,
                             @Field(AssetEdits.OUTPUT_HELP) Path output_path,
                             @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                             @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** The request of add_property. */
    public record AddRequest(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                             @Field(value = ExportRawDataAction.EXPORT_INDEX_HELP, dflt = "-1") long export_index,
                             @Field(value = "the new property's name", required = true) String property_name,
                             @Field(value = "int, float, double, bool, str, name, int8..uint64, or the *Property name", required = true)
                             String property_type,
                             @Field(value = VALUE_HELP, required = true) JsonNode property_value,
                             @Field(AssetEdits.OUTPUT_HELP) Path output_path,
                             @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                             @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** The request of remove_property. */
    public record RemoveRequest(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                                @Field(value = ExportRawDataAction.EXPORT_INDEX_HELP, dflt = "-1") long export_index,
                                @Field(value = PATH_HELP, required = true) String property_path,
                                @Field(AssetEdits.OUTPUT_HELP) Path output_path,
                                @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                                @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** Reply data ({@code old_value} absent for add, {@code new_value} for remove: null). */
    public record Edited(String file_path, String output_path, String backup_path, int export_index, String property_path,
                         Object old_value, Object new_value) {
    }

    static Object plain(JsonNode n) {
        return Json.mapper().convertValue(n, Object.class);
    }

    /** One edit of an export's properties. */
    @FunctionalInterface
    private interface Change {
        void apply(PropertyEditor ed);
    }

    /**
     * Opens the package named by {@code args}, applies {@code change} to the properties of export
     * {@code index} at {@code path} and writes the package; the value at {@code path} before and
     * after the change is the reply's {@code old_value} / {@code new_value} when {@code before} /
     * {@code after} (else null).
     */
    private static Done<Edited> edit(Args args, ActionContext ctx, long index, String path, String verb, boolean before, boolean after,
            Change change) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        Export e = s.export(index);
        PropertyEditor ed = s.content(e).editor(s.pkg());
        Object old;
        Object now;
        try {
            old = before ? ed.view(path) : null;
            change.apply(ed);
            now = after ? ed.view(path) : null;
        } catch (PropertyEditException x) {
            throw ActionException.invalid(x.getMessage());
        }
        AssetEdits.Written w = AssetEdits.write(s, args, ctx);
        return Done.of(verb + " " + path, new Edited(s.file().toString(), w.path().toString(),
                w.backup() == null ? null : w.backup().toString(), e.index(), path, old, now));
    }

    /** {@code set_property_value}. */
    static final class SetValue extends TypedAction<SetRequest, Edited> {
        SetValue() {
            super("set_property_value", "Sets a property's value and writes the package");
        }

        @Override
        protected Done<Edited> run(SetRequest q, Args args, ActionContext ctx) throws Exception {
            return edit(args, ctx, q.export_index(), q.property_path(), "Set", true, true,
                    ed -> ed.set(q.property_path(), plain(q.property_value())));
        }
    }

    /** {@code add_property}. */
    static final class Add extends TypedAction<AddRequest, Edited> {
        Add() {
            super("add_property", "Adds a property of a simple type and writes the package");
        }

        @Override
        protected Done<Edited> run(AddRequest q, Args args, ActionContext ctx) throws Exception {
            String type = SHORT_TYPES.getOrDefault(q.property_type().toLowerCase(Locale.ROOT), q.property_type());
            return edit(args, ctx, q.export_index(), q.property_name(), "Added", false, true,
                    ed -> ed.add(q.property_name(), type, plain(q.property_value())));
        }
    }

    /** {@code remove_property}. */
    static final class Remove extends TypedAction<RemoveRequest, Edited> {
        Remove() {
            super("remove_property", "Removes a property (or an array element / map entry) and writes the package");
        }

        @Override
        protected Done<Edited> run(RemoveRequest q, Args args, ActionContext ctx) throws Exception {
            return edit(args, ctx, q.export_index(), q.property_path(), "Removed", true, false, ed -> {
                if (!ed.remove(q.property_path())) {
                    throw ActionException.invalid("Nothing removed at " + q.property_path());
                }
            });
        }
    }
}
