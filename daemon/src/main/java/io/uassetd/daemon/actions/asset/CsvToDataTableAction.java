package io.uassetd.daemon.actions.asset;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.datatable.DataTableCsv;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Backups;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * {@code csv_to_datatable}: a CSV in the editor's DataTable layout applied to a DataTable package: unchanged cells
 * keep their stored bytes, changed cells are parsed into their property's type, rows are added, removed and ordered
 * as in the CSV. In place (the first backup kept) or to {@code output_path}; a CSV that changes nothing writes nothing.
 */
public final class CsvToDataTableAction extends TypedAction<CsvToDataTableAction.Request, CsvToDataTableAction.Reply> {
    /** The request. */
    public record Request(@Field(value = "the DataTable package (.uasset with its .uexp) the CSV applies to", required = true) Path file_path,
                          @Field(value = "the CSV (as datatable_to_csv writes it, or the editor exports it)", required = true) Path csv_path,
                          @Field("the package to write (default: file_path in place, its original kept as .bak)") Path output_path,
                          @Field("the DataTable export when the package holds several (default: the only one)") String export_name,
                          @Field("engine of unversioned (cooked) packages") EngineVersion engine_version,
                          @Field(value = "mappings for unversioned properties (default: USMAP_PATH)", cli = "--usmap") Path usmap_path) {
    }

    /** The reply: what changed and where it was written. */
    public record Reply(String file_path, String csv_path, String output_path, String backup_path, boolean written, String export_name,
                        int row_count, int changed_cells, List<String> added_rows, List<String> removed_rows, List<String> changed_rows,
                        boolean reordered) {
    }

    public CsvToDataTableAction() {
        super("csv_to_datatable", "Applies a CSV in the editor's DataTable layout to a DataTable package (changed cells, added and removed rows)",
                "csv_to_datatable", "file_path", "csv_path", "output_path");
    }

    @Override
    protected Done<Reply> run(Request q, ActionContext ctx) throws Exception {
        PackageOpener.checkPackage(q.file_path());
        PackageOpener.checkFile(q.csv_path(), "CSV");
        PackageOpener.Opened o = AssetFiles.opener(q.engine_version(), q.usmap_path(), ctx).open(q.file_path());
        ctx.usedEngine(o.choice());
        ObjectNode tree = UAssetJson.toTree(o.pkg(), o.mappings());
        String csv = new String(Files.readAllBytes(q.csv_path()), StandardCharsets.UTF_8);
        DataTableCsv.Applied a = DataTableCsv.apply(tree, q.export_name(), csv, q.csv_path().toString(), o.mappings());
        Path out = q.output_path() != null ? q.output_path() : q.file_path();
        String summary = a.changedCells() + " cells changed, " + a.addedRows().size() + " rows added, " + a.removedRows().size()
                + " removed" + (a.reordered() ? ", rows reordered" : "");
        if (!a.changed() && out.equals(q.file_path())) {
            ctx.warn("The CSV changes nothing in " + a.exportName() + ": nothing written");
            return Done.of("Nothing to change in " + q.file_path(), reply(q, out, null, false, a));
        }
        AssetPackage.Bytes bytes = UAssetJson.fromTree(tree, out.getFileName().toString(), o.mappings()).toBytes();
        Path backup = null;
        if (out.equals(q.file_path())) {
            if (Arrays.equals(bytes.header(), Files.readAllBytes(q.file_path()))
                    && Arrays.equals(bytes.exports(), readOrEmpty(AssetPackage.sibling(q.file_path(), ".uexp")))) {
                ctx.warn("The CSV changes no byte of " + q.file_path() + ": nothing written");
                return Done.of("Nothing to change in " + q.file_path(), reply(q, out, null, false, a));
            }
            backup = Backups.keepOriginal(q.file_path(), ctx, ".uexp");
        } else if (out.toAbsolutePath().getParent() != null) {
            Files.createDirectories(out.toAbsolutePath().getParent());
        }
        if (Files.isDirectory(out)) {
            throw ActionException.invalid("output_path " + out + " is a folder; name the package file");
        }
        bytes.writeTo(out);
        return Done.of("Wrote " + out + ": " + summary, reply(q, out, backup, true, a));
    }

    private static byte[] readOrEmpty(Path p) throws java.io.IOException {
        return Files.isRegularFile(p) ? Files.readAllBytes(p) : new byte[0];
    }

    private static Reply reply(Request q, Path out, Path backup, boolean written, DataTableCsv.Applied a) {
        return new Reply(q.file_path().toString(), q.csv_path().toString(), out.toString(), backup == null ? null : backup.toString(), written,
                a.exportName(), a.rowCount(), a.changedCells(), a.addedRows(), a.removedRows(), a.changedRows(), a.reordered());
    }
}
