package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code save_asset}: reads a package (with its properties) and writes it to output_path. */
public final class SaveAssetAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("save_asset",
            "Reads a package and writes it to output_path (byte-identical when nothing changed)",
            AssetFiles.FILE, FieldSpec.required("output_path", FieldType.STRING, "where to write (.uasset; the .uexp goes beside it)"),
            AssetFiles.USMAP, AssetFiles.ENGINE);

    /** Reply data. */
    public record Saved(String output_path, long size, int parsed_exports, int raw_exports) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        var all = PropertyParser.parseAll(s.pkg(), s.usmap());
        all.apply();
        Path out = args.requirePath("output_path");
        AssetEdits.write(s, args, ctx);
        long size = Files.size(out);
        Path uexp = AssetPackage.sibling(out, ".uexp");
        if (Files.isRegularFile(uexp)) {
            size += Files.size(uexp);
        }
        int parsed = (int) all.results().stream().filter(r -> r.content() != null).count();
        return ActionResult.of("Saved " + out, new Saved(out.toString(), size, parsed, all.results().size() - parsed));
    }
}
