package io.uassetd.daemon.actions.niagara;

import io.uassetd.codecs.asset.niagara.NiagaraDataInterface;
import io.uassetd.codecs.asset.niagara.NiagaraPreview;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.actions.asset.AssetFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code niagara_preview}: each colour interface of a NiagaraSystem as a PNG gradient strip. */
public final class NiagaraPreviewAction extends TypedAction<NiagaraPreviewAction.Request, NiagaraPreviewAction.Previews> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(value = "the folder the PNGs are written to", required = true) Path output_path,
                          @Field("only this interface") Integer export_index,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public NiagaraPreviewAction() {
        super("niagara_preview", "Renders each colour LUT / colour array of a NiagaraSystem as a PNG gradient strip (alpha over a checkerboard)",
                "niagara_preview", "file_path", "output_path");
    }

    /** One image. */
    public record Image(int export_index, String export_name, String class_type, String path, int width, int height) {
    }

    /** Reply data. */
    public record Previews(String output_dir, int image_count, List<Image> images) {
    }

    /** The PNG's file name: export index and name. */
    static String fileName(NiagaraDataInterface di) {
        return di.exportIndex() + "_" + di.exportName().replaceAll("[^A-Za-z0-9_.-]", "_") + ".png";
    }

    @Override
    protected Done<Previews> run(Request q, Args args, ActionContext ctx) throws Exception {
        NiagaraFiles.Opened o = NiagaraFiles.open(args, ctx);
        Path dir = q.output_path();
        List<NiagaraDataInterface> targets = new ArrayList<>();
        if (q.export_index() != null) {
            NiagaraDataInterface di = NiagaraFiles.invalidOnMismatch(() -> o.system().at(q.export_index()));
            if (!di.kind().isColorEditable()) {
                throw ActionException.invalid("Export " + di.exportIndex() + " (" + di.exportName() + ") is a " + di.className()
                        + ", not a colour interface");
            }
            targets.add(di);
        } else {
            o.system().interfaces().stream().filter(i -> i.kind().isColorEditable()).forEach(targets::add);
        }
        List<Image> images = new ArrayList<>();
        for (NiagaraDataInterface di : targets) {
            Path png = dir.resolve(fileName(di));
            var img = NiagaraPreview.write(di, png);
            images.add(new Image(di.exportIndex(), di.exportName(), di.className(), png.toString(), img.getWidth(), img.getHeight()));
        }
        return Done.of(images.size() + " previews written to " + dir, new Previews(dir.toString(), images.size(), images));
    }
}
