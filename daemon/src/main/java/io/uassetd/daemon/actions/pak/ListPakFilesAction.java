package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakInfo;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.cache.Lease;
import java.util.ArrayList;
import java.util.List;

/** {@code list_pak_files}: UAssetTool's plain listing of a pak. */
public final class ListPakFilesAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("list_pak_files",
            "Lists every file of a pak with its size and stored size",
            PakArchives.FILE_PATH, PakArchives.AES_KEY, PakArchives.SCHEME);

    /** One file. */
    public record File(String path, long size, long compressed_size) {
    }

    /** Reply data. */
    public record Files(int file_count, String mount_point, int version, boolean encrypted_index, List<File> files, String version_name) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        try (var lease = PakArchives.open(args, ctx)) {
            PakReader r = lease.get();
            PakInfo info = r.info();
            List<File> files = new ArrayList<>();
            for (PakEntry e : r.entries()) {
                if (!e.deleted()) {
                    files.add(new File(e.path(), e.size(), e.compressedSize()));
                }
            }
            return ActionResult.of("Found " + files.size() + " files",
                    new Files(files.size(), info.mountPoint(), info.version().onDisk(), info.encryptedIndex(), List.copyOf(files),
                            info.version().userName()));
        }
    }
}
