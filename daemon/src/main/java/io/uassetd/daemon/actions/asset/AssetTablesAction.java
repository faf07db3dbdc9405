package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.codecs.asset.property.content.PackageProperties;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.codecs.asset.json.FlagNames;
import java.util.ArrayList;
import java.util.List;

/** {@code get_name_map}, {@code get_imports}, {@code get_exports} and {@code dump}: a package's tables. */
public final class AssetTablesAction {
    private AssetTablesAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new NameMap(), new Imports(), new Exports(), new DumpAction());
    }

    /** A name. */
    public record Name(int index, String value) {
    }

    /** An import. */
    public record Import(int index, String object_name, String class_name, String class_package, int outer_index, boolean is_optional) {
    }

    /** An export. */
    public record ExportRow(int index, String object_name, String class_name, int class_index, int super_index, int outer_index,
                            String export_type, long serial_size, long serial_offset, String object_flags, int property_count,
                            long object_flags_value, boolean properties_read) {
    }

    /** A dump. */
    public record Dump(String file_path, int name_count, int import_count, int export_count, String package_flags,
                       boolean has_unversioned_properties, String asset_type, List<DumpExport> exports, long package_flags_value) {
    }

    /** An export in a dump. */
    public record DumpExport(int index, String object_name, String class_type, long serial_size, long serial_offset) {
    }

    /** {@code get_name_map}. */
    static final class NameMap extends TypedAction<AssetFiles.Request, List<Name>> {
        NameMap() {
            super("get_name_map", "The name map: [{index, value}]");
        }

        @Override
        protected Done<List<Name>> run(AssetFiles.Request q, Args args, ActionContext ctx) throws Exception {
            AssetPackage p = AssetFiles.open(args, ctx);
            List<Name> out = new ArrayList<>();
            for (int i = 0; i < p.names().size(); i++) {
                out.add(new Name(i, p.names().get(i)));
            }
            return Done.of(out.size() + " names", out);
        }
    }

    /** {@code get_imports}. */
    static final class Imports extends TypedAction<AssetFiles.Request, List<Import>> {
        Imports() {
            super("get_imports", "The import map: [{index, object_name, class_name, class_package, outer_index, is_optional}]");
        }

        @Override
        protected Done<List<Import>> run(AssetFiles.Request q, Args args, ActionContext ctx) throws Exception {
            AssetPackage p = AssetFiles.open(args, ctx);
            List<Import> out = new ArrayList<>();
            for (AssetPackage.ImportInfo i : p.importInfos()) {
                out.add(new Import(i.index(), i.objectName(), i.className(), i.classPackage(), i.outerIndex(), i.isOptional()));
            }
            return Done.of(out.size() + " imports", out);
        }
    }

    /** {@code get_exports}. */
    static final class Exports extends TypedAction<AssetFiles.Request, List<ExportRow>> {
        Exports() {
            super("get_exports",
                    "The export map: [{index, object_name, class_name, class_index, super_index, outer_index, export_type, serial_size, serial_offset, object_flags}]");
        }

        @Override
        protected Done<List<ExportRow>> run(AssetFiles.Request q, Args args, ActionContext ctx) throws Exception {
            AssetPackage p = AssetFiles.open(args, ctx);
            PackageProperties props = properties(p, args, ctx);
            List<ExportRow> out = new ArrayList<>();
            for (AssetPackage.ExportInfo e : p.exportInfos()) {
                Integer count = null;
                if (props != null && props.result(e.index()).content() != null) {
                    count = props.result(e.index()).content().properties().properties().size();
                }
                out.add(new ExportRow(e.index(), e.objectName(), e.className(), e.classIndex(), e.superIndex(), e.outerIndex(),
                        e.className(), e.serialSize(), e.serialOffset(), FlagNames.objectFlags(e.objectFlags()),
                        count == null ? 0 : count, Integer.toUnsignedLong(e.objectFlags()), count != null));
            }
            return Done.of(out.size() + " exports", out);
        }
    }

    /** {@code dump} (CLI {@code dump <file> [usmap]}). */
    static final class DumpAction extends TypedAction<AssetFiles.Request, Dump> {
        DumpAction() {
            super("dump", "Table counts, flags and every export with its class, size and offset", "dump", "file_path", "usmap_path");
        }

        @Override
        protected Done<Dump> run(AssetFiles.Request q, Args args, ActionContext ctx) throws Exception {
            AssetPackage p = AssetFiles.open(args, ctx);
            List<DumpExport> ex = new ArrayList<>();
            for (Export e : p.exports()) {
                ex.add(new DumpExport(e.index(), p.name(e.entry().objectName()), p.className(e), e.entry().serialSize(),
                        e.entry().serialOffset()));
            }
            Dump d = new Dump(args.string("file_path"), p.names().size(), p.imports().size(), p.exports().size(),
                    FlagNames.packageFlags(p.packageFlags()), p.hasUnversionedProperties(), AssetFiles.assetType(p), List.copyOf(ex),
                    Integer.toUnsignedLong(p.packageFlags()));
            return Done.of("Dump of " + p.name(), d);
        }

        @Override
        protected String human(Dump d) {
            StringBuilder sb = new StringBuilder();
            sb.append(d.file_path()).append(": ").append(d.asset_type()).append(", ").append(d.name_count()).append(" names, ")
                    .append(d.import_count()).append(" imports, ").append(d.export_count()).append(" exports, flags 0x")
                    .append(Long.toHexString(d.package_flags_value())).append(" (").append(d.package_flags()).append(")")
                    .append(d.has_unversioned_properties() ? ", unversioned properties" : "").append('\n');
            for (DumpExport e : d.exports()) {
                sb.append(String.format("  [%d] %-40s %-32s %10d bytes at %d%n", e.index(), e.object_name(), e.class_type(),
                        e.serial_size(), e.serial_offset()));
            }
            return sb.toString();
        }
    }

    /** Every export's properties, or null when they cannot be read (unversioned without mappings). */
    private static PackageProperties properties(AssetPackage p, Args args, ActionContext ctx) throws Exception {
        var usmap = AssetFiles.usmapFor(args, ctx, p);
        return usmap == null && p.hasUnversionedProperties() ? null : PropertyParser.parseAll(p, usmap);
    }
}
