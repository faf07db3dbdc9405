package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakInfo;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.cache.Lease;
import io.uassetd.codecs.io.PathFilter;
import java.util.ArrayList;
import java.util.List;

/** {@code list_pak}: the entries of a pak (filtered), with sizes, compression and encryption. */
public final class ListPakAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("list_pak",
            "Lists a pak's entries with sizes, compression and encryption; filter_patterns selects entries",
            PakArchives.FILE_PATH, PakArchives.AES_KEY, PakArchives.SCHEME, PakArchives.FILTER,
            FieldSpec.optional("paths_only", FieldType.BOOLEAN, false, "list paths only (files becomes a list of strings)"))
            .withCli("list_pak", "file_path");

    /** One entry. */
    public record Entry(String path, long size, long compressed_size, boolean compressed, boolean encrypted, String compression) {
    }

    /** Reply data (UAssetTool's shape, plus path_hash_seed and compression_methods). */
    public record Listing(String pak_path, String mount_point, int version, boolean encrypted_index, int total_files,
                          int filtered_count, long total_compressed_bytes, long total_uncompressed_bytes, long path_hash_seed,
                          List<String> compression_methods, List<Object> files, String version_name) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        PathFilter filter = PathFilter.of(args.strings("filter_patterns"));
        boolean pathsOnly = args.bool("paths_only");
        try (Lease<PakReader> lease = PakArchives.open(args, ctx)) {
            PakReader r = lease.get();
            PakInfo info = r.info();
            List<Object> files = new ArrayList<>();
            long comp = 0;
            long raw = 0;
            int total = 0;
            for (PakEntry e : r.entries()) {
                if (e.deleted()) {
                    continue;
                }
                total++;
                if (!filter.matches(e.path())) {
                    continue;
                }
                comp += e.compressedSize();
                raw += e.size();
                files.add(pathsOnly ? e.path() : new Entry(e.path(), e.size(), e.compressedSize(), e.compressed(), e.encrypted(),
                        e.compressed() ? e.compressionName() : "None"));
            }
            Listing l = new Listing(args.string("file_path"), info.mountPoint(), info.version().onDisk(), info.encryptedIndex(),
                    total, files.size(), comp, raw, info.pathHashSeed(),
                    // the footer's unused method slots are empty names: list only the methods named
                    info.compressionMethods().stream().filter(m -> m != null && !m.isEmpty()).toList(), List.copyOf(files), info.version().userName());
            return ActionResult.of("Listed " + files.size() + " of " + total + " files", l);
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        Listing l = (Listing) result.data();
        StringBuilder sb = new StringBuilder();
        boolean pathsOnly = !l.files().isEmpty() && l.files().get(0) instanceof String;
        if (!pathsOnly) {
            sb.append(l.pak_path()).append(": version ").append(l.version_name()).append(", mount point ").append(l.mount_point())
                    .append(l.encrypted_index() ? ", encrypted index" : "").append('\n');
        }
        for (Object o : l.files()) {
            if (o instanceof Entry e) {
                sb.append(String.format("%12d %12d %-5s %s%s%n", e.size(), e.compressed_size(), e.compression(), e.path(),
                        e.encrypted() ? " (encrypted)" : ""));
            } else {
                sb.append(o).append('\n');
            }
        }
        if (!pathsOnly) {
            sb.append(l.filtered_count()).append(" of ").append(l.total_files()).append(" files, ")
                    .append(l.total_uncompressed_bytes()).append(" bytes (").append(l.total_compressed_bytes()).append(" stored)\n");
        }
        return sb.toString();
    }
}
