package io.uassetd.daemon.actions.bundle;

import io.uassetd.codecs.bundle.BundleWriter;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.TypedAction;
import java.util.List;

/**
 * {@code create_iostore}: UAssetTool's older bundle action: the same bundle as
 * {@code create_mod_iostore}, replying {@code {utoc_path, ucas_path, pak_path, asset_count, files}}.
 */
public final class CreateIoStoreAction extends TypedAction<CreateModIoStoreAction.Request, CreateIoStoreAction.Created> {
    /** Reply data. */
    public record Created(String utoc_path, String ucas_path, String pak_path, int asset_count, List<String> files,
            List<String> errors) {
    }

    public CreateIoStoreAction() {
        super("create_iostore", "Builds an IoStore bundle (.utoc/.ucas + companion .pak) from a folder (create_mod_iostore's older reply)",
                "create_iostore", "output_path", "file_paths");
    }

    @Override
    protected Done<Created> run(CreateModIoStoreAction.Request q, Args args, ActionContext ctx) throws Exception {
        CreateModIoStoreAction.Built b = CreateModIoStoreAction.build(q, args, ctx, CreateModIoStoreAction.inputs(q, ctx));
        BundleWriter.Result r = b.result();
        return Done.of("Created " + r.utoc() + " with " + r.packageCount() + " packages",
                new Created(r.utoc().toString(), r.ucas().get(0).toString(), Bundles.str(r.pak()), r.packageCount(), r.files(),
                        b.plan().errors()));
    }
}
