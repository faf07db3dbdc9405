package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.json.UAssetJson;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.datatable.DataTableCsv;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code datatable_to_csv}: a DataTable as the CSV the Unreal editor exports ({@code ---,Column,...}, one line per
 * row, values in the engine's text form); {@code csv_to_datatable} applies it back (docs/datatable-csv.md).
 */
public final class DataTableToCsvAction extends TypedAction<DataTableToCsvAction.Request, DataTableToCsvAction.Reply> {
    /** The request. */
    public record Request(@Field(value = "the DataTable package (.uasset with its .uexp)", required = true) Path file_path,
                          @Field("the CSV file (default: the package with .csv instead of .uasset)") Path output_path,
                          @Field("the DataTable export when the package holds several (default: the only one)") String export_name,
                          @Field("engine of unversioned (cooked) packages") EngineVersion engine_version,
                          @Field(value = "mappings for unversioned properties (default: USMAP_PATH)", cli = "--usmap") Path usmap_path) {
    }

    /** The reply: where the CSV went and what it holds. */
    public record Reply(String file_path, String output_path, String export_name, String row_struct, int row_count, List<String> columns,
                        long bytes) {
    }

    public DataTableToCsvAction() {
        super("datatable_to_csv", "Writes a DataTable as the CSV the Unreal editor exports (row name first, values in the engine's text form)",
                "datatable_to_csv", "file_path", "output_path");
    }

    @Override
    protected Done<Reply> run(Request q, ActionContext ctx) throws Exception {
        PackageOpener.checkPackage(q.file_path());
        PackageOpener.Opened o = AssetFiles.opener(q.engine_version(), q.usmap_path(), ctx).open(q.file_path());
        ctx.usedEngine(o.choice());
        DataTableCsv.Exported e = DataTableCsv.toCsv(UAssetJson.toTree(o.pkg(), o.mappings()), q.export_name(), o.mappings(),
                q.file_path().toString());
        Path out = q.output_path() != null ? q.output_path() : withExtension(q.file_path(), ".csv");
        byte[] bytes = e.csv().getBytes(StandardCharsets.UTF_8);
        AtomicOutput.write(out, bytes);
        return Done.of("Wrote " + e.rowCount() + " rows of " + e.exportName() + " to " + out,
                new Reply(q.file_path().toString(), out.toString(), e.exportName(), e.rowStruct(), e.rowCount(), e.columns(), bytes.length));
    }

    static Path withExtension(Path p, String ext) {
        String name = p.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return p.resolveSibling((dot > 0 ? name.substring(0, dot) : name) + ext);
    }
}
