package io.uassetd.daemon.actions.iostore;

import java.util.Locale;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code list_iostore_files}: UAssetTool's listing of a container's files (directory-index paths). */
public final class ListIoStoreFilesAction extends TypedAction<ListIoStoreFilesAction.Request, ListIoStoreFilesAction.Files> {
    /** The request. */
    public record Request(@Field(value = Containers.UTOC, required = true) Path file_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key) {
    }

    public ListIoStoreFilesAction() {
        super("list_iostore_files", "Lists the files a .utoc's directory index names, and its package count");
    }

    /**
     * Reply data, UAssetTool's: {@code files} the directory-index paths without the mount point's
     * leading {@code ../} and with {@code /Game/} written as {@code Marvel/Content/} (Marvel Rivals'
     * layout, as UAssetTool resolves them), {@code package_count} their number; then uassetd's
     * {@code paths} as the index names them, and {@code packages} (the .uasset / .umap among them).
     */
    public record Files(int package_count, String container_name, List<String> files, int file_count, int packages, List<String> paths) {
    }

    /** A directory-index path as UAssetTool resolves it. */
    static String resolved(String path) {
        String p = path;
        while (p.startsWith("../")) {
            p = p.substring(3);
        }
        if (p.startsWith("/Game/")) {
            p = "Marvel/Content" + p.substring(5);
        } else if (p.startsWith("Game/")) {
            p = "Marvel/Content/" + p.substring(5);
        }
        while (p.startsWith("/")) {
            p = p.substring(1);
        }
        return p;
    }

    @Override
    protected Done<Files> run(Request q, ActionContext ctx) throws Exception {
        try (var lease = Containers.open(ctx, Containers.requireUtoc(q.file_path()), Containers.key(q.aes_key()))) {
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
            return Done.of("Found " + files.size() + " files", new Files(files.size(), c.name(),
                    files.stream().map(ListIoStoreFilesAction::resolved).toList(), files.size(), packages, List.copyOf(files)));
        }
    }
}
