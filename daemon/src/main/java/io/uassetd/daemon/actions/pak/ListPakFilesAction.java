package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakInfo;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code list_pak_files}: UAssetTool's plain listing of a pak. */
public final class ListPakFilesAction extends TypedAction<ListPakFilesAction.Request, ListPakFilesAction.Files> {
    /** The request. */
    public record Request(@Field(value = PakArchives.FILE_PATH, required = true) Path file_path,
                          @Field(value = PakArchives.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme) implements PakArchives.Source {
    }

    /** One file. */
    public record File(String path, long size, long compressed_size) {
    }

    /** Reply data. */
    public record Files(int file_count, String mount_point, int version, boolean encrypted_index, List<File> files, String version_name) {
    }

    public ListPakFilesAction() {
        super("list_pak_files", "Lists every file of a pak with its size and stored size");
    }

    @Override
    protected Done<Files> run(Request q, ActionContext ctx) throws Exception {
        try (var lease = PakArchives.open(q, ctx)) {
            PakReader r = lease.get();
            PakInfo info = r.info();
            List<File> files = new ArrayList<>();
            for (PakEntry e : r.entries()) {
                if (!e.deleted()) {
                    files.add(new File(e.path(), e.size(), e.compressedSize()));
                }
            }
            return Done.of("Found " + files.size() + " files",
                    new Files(files.size(), info.mountPoint(), info.version().onDisk(), info.encryptedIndex(), List.copyOf(files),
                            info.version().userName()));
        }
    }
}
