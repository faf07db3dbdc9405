package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.Export;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.util.SnakeCase;

/** {@code get_export_properties}: an export's properties as rows. */
public final class ExportPropertiesAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("get_export_properties",
            "An export's properties: [{name, type, array_index, value, struct_type, array_type, key_type, value_type}]",
            AssetFiles.FILE, ExportRawDataAction.EXPORT_INDEX, AssetFiles.USMAP, AssetFiles.ENGINE);

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        Export e = s.export(args.integer("export_index"));
        var rows = s.content(e).propertyRows(s.pkg());
        return ActionResult.of(rows.size() + " properties", SnakeCase.tree(rows));
    }
}
