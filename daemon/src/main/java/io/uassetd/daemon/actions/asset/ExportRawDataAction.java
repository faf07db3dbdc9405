package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.HexFormat;

/** {@code get_export_raw_data}: an export's serialized bytes as hex. */
public final class ExportRawDataAction extends TypedAction<ExportRawDataAction.Request, ExportRawDataAction.RawData> {
    /** Help of {@code export_index} (UAssetTool's default -1 is refused: {@link AssetFiles#EXPORT_INDEX_REQUIRED}). */
    static final String EXPORT_INDEX_HELP = "zero-based export index";

    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = EXPORT_INDEX_HELP, dflt = "-1") long export_index,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path) {
    }

    public ExportRawDataAction() {
        super("get_export_raw_data", "An export's serialized bytes as hex, with its serial size and offset");
    }

    /**
     * Reply data. {@code raw_data_hex} is base64, as UAssetTool writes it under that name;
     * {@code raw_data_base16} holds the same bytes as hex digits.
     */
    public record RawData(int export_index, boolean has_raw_data, String raw_data_hex, int raw_data_size, long serial_offset,
                          long serial_size, String raw_data_base16) {
    }

    @Override
    protected Done<RawData> run(Request q, Args args, ActionContext ctx) throws Exception {
        AssetPackage p = AssetFiles.open(args, ctx);
        Export e = new AssetEdits.Session(q.file_path(), p, null).export(q.export_index());
        byte[] raw = e.rawData();
        return Done.of(raw.length + " bytes", new RawData(e.index(), raw.length > 0,
                raw.length == 0 ? null : java.util.Base64.getEncoder().encodeToString(raw), raw.length, e.entry().serialOffset(),
                e.entry().serialSize(), HexFormat.of().withUpperCase().formatHex(raw)));
    }
}
