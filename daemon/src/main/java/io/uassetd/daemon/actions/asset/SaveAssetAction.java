package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code save_asset}: reads a package (with its properties) and writes it to output_path. */
public final class SaveAssetAction extends TypedAction<SaveAssetAction.Request, SaveAssetAction.Saved> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = "where to write (.uasset; the .uexp goes beside it)", required = true) Path output_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public SaveAssetAction() {
        super("save_asset", "Reads a package and writes it to output_path (byte-identical when nothing changed)");
    }

    /** Reply data. */
    public record Saved(String output_path, long size, int parsed_exports, int raw_exports) {
    }

    @Override
    protected Done<Saved> run(Request q, Args args, ActionContext ctx) throws Exception {
        AssetEdits.Session s = AssetEdits.open(args, ctx);
        var all = PropertyParser.parseAll(s.pkg(), s.usmap());
        all.apply();
        Path out = q.output_path();
        AssetEdits.write(s, args, ctx);
        long size = Files.size(out);
        Path uexp = AssetPackage.sibling(out, ".uexp");
        if (Files.isRegularFile(uexp)) {
            size += Files.size(uexp);
        }
        int parsed = (int) all.results().stream().filter(r -> r.content() != null).count();
        return Done.of("Saved " + out, new Saved(out.toString(), size, parsed, all.results().size() - parsed));
    }
}
