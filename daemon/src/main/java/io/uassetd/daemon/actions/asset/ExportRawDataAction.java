package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.Export;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.util.HexFormat;

/** {@code get_export_raw_data}: an export's serialized bytes as hex. */
public final class ExportRawDataAction implements ActionHandler {
    static final FieldSpec EXPORT_INDEX = FieldSpec.optional("export_index", FieldType.INTEGER, -1, "zero-based export index");
    private static final ActionSpec SPEC = ActionSpec.of("get_export_raw_data",
            "An export's serialized bytes as hex, with its serial size and offset",
            AssetFiles.FILE, EXPORT_INDEX, AssetFiles.ENGINE, AssetFiles.USMAP);

    /**
     * Reply data. {@code raw_data_hex} is base64, as UAssetTool writes it under that name;
     * {@code raw_data_base16} holds the same bytes as hex digits.
     */
    public record RawData(int export_index, boolean has_raw_data, String raw_data_hex, int raw_data_size, long serial_offset,
                          long serial_size, String raw_data_base16) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    static Export export(AssetPackage p, Args args) {
        long i = args.integer("export_index");
        if (i < 0) {
            throw ActionException.invalid(AssetFiles.EXPORT_INDEX_REQUIRED + " (between 0 and " + (p.exports().size() - 1) + ")");
        }
        if (i >= p.exports().size()) {
            throw ActionException.invalid("Field 'export_index' must be between 0 and " + (p.exports().size() - 1) + ", got " + i);
        }
        return p.exports().get((int) i);
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        AssetPackage p = AssetFiles.open(args, ctx);
        Export e = export(p, args);
        byte[] raw = e.rawData();
        return ActionResult.of(raw.length + " bytes", new RawData(e.index(), raw.length > 0,
                raw.length == 0 ? null : java.util.Base64.getEncoder().encodeToString(raw), raw.length, e.entry().serialOffset(),
                e.entry().serialSize(), HexFormat.of().withUpperCase().formatHex(raw)));
    }
}
