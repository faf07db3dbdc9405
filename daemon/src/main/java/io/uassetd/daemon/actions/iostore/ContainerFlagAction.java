package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.util.Map;

/** {@code is_iostore_compressed} and {@code is_iostore_encrypted}: one flag of a container. */
public final class ContainerFlagAction implements ActionHandler {
    private final ActionSpec spec;
    private final boolean compressed;

    private ContainerFlagAction(String name, String summary, boolean compressed) {
        this.spec = ActionSpec.of(name, summary, Containers.UTOC).withCli(name, "file_path");
        this.compressed = compressed;
    }

    public static ContainerFlagAction compressed() {
        return new ContainerFlagAction("is_iostore_compressed", "Whether a container's chunks are compressed", true);
    }

    public static ContainerFlagAction encrypted() {
        return new ContainerFlagAction("is_iostore_encrypted", "Whether a container is encrypted", false);
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(args), null)) {
            IoStoreContainer c = lease.get();
            boolean v = compressed ? c.isCompressed() : c.isEncrypted();
            String key = compressed ? "compressed" : "encrypted";
            return ActionResult.of(c.name() + (v ? " is " : " is not ") + key, Map.of(key, v));
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        return result.message() + "\n";
    }
}
