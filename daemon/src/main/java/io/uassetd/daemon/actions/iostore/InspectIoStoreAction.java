package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.iostore.ContainerSummary;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.util.SnakeCase;

/** {@code inspect_iostore}: TOC version, container id and flags, chunk counts, compression, partitions, encryption, header. */
public final class InspectIoStoreAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("inspect_iostore",
            "Summarises a container: TOC version, id, flags, chunks by type, compression and ratio, partitions, encryption, container header",
            Containers.UTOC, Containers.AES_KEY)
            .withCli("inspect_iostore", "file_path");

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(args), Containers.key(args.string("aes_key")))) {
            ContainerSummary s = lease.get().summary();
            return ActionResult.of(s.name() + ": TOC version " + s.tocVersionName() + ", " + s.chunkCount() + " chunks", SnakeCase.tree(s));
        }
    }
}
