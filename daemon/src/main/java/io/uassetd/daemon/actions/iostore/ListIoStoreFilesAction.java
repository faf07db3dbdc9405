package io.uassetd.daemon.actions.iostore;

import java.util.Locale;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import java.util.ArrayList;
import java.util.List;

/** {@code list_iostore_files}: UAssetTool's listing of a container's files (directory-index paths). */
public final class ListIoStoreFilesAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("list_iostore_files",
            "Lists the files a .utoc's directory index names, and its package count",
            Containers.UTOC, Containers.AES_KEY);

    /** Reply data. */
    public record Files(int package_count, String container_name, int file_count, List<String> files) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(args), Containers.key(args.string("aes_key")))) {
            IoStoreContainer c = lease.get();
            List<String> files = new ArrayList<>();
            int packages = 0;
            for (IoStoreFile f : c.files()) {
                files.add(f.path());
                String p = f.path().toLowerCase(Locale.ROOT);
                if (p.endsWith(".uasset") || p.endsWith(".umap")) {
                    packages++;
                }
            }
            return ActionResult.of("Found " + files.size() + " files", new Files(packages, c.name(), files.size(), List.copyOf(files)));
        }
    }
}
