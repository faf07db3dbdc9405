package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakInfo;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.cache.Lease;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** {@code list_pak}: the entries of a pak (filtered), with sizes, compression and encryption. */
public final class ListPakAction extends TypedAction<ListPakAction.Request, ListPakAction.Listing> {
    /** The request. */
    public record Request(@Field(value = PakArchives.FILE_PATH, required = true) Path file_path,
                          @Field(value = PakArchives.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme,
                          @Field(value = PakArchives.FILTER, cli = "--filter") List<String> filter_patterns,
                          @Field("list paths only (files becomes a list of strings)") boolean paths_only) implements PakArchives.Source {
    }

    /** One entry. */
    public record Entry(String path, long size, long compressed_size, boolean compressed, boolean encrypted, String compression) {
    }

    /**
     * Reply data (UAssetTool's shape, plus path_hash_seed and compression_methods); {@code files}
     * holds {@link Entry} records, or the paths alone with {@code paths_only}.
     */
    public record Listing(String pak_path, String mount_point, int version, boolean encrypted_index, int total_files,
                          int filtered_count, long total_compressed_bytes, long total_uncompressed_bytes, long path_hash_seed,
                          List<String> compression_methods, List<Object> files, String version_name) {
    }

    public ListPakAction() {
        super("list_pak", "Lists a pak's entries with sizes, compression and encryption; filter_patterns selects entries",
                "list_pak", "file_path");
    }

    @Override
    protected Done<Listing> run(Request q, ActionContext ctx) throws Exception {
        PathFilter filter = PathFilter.of(q.filter_patterns());
        boolean pathsOnly = q.paths_only();
        try (Lease<PakReader> lease = PakArchives.open(q, ctx)) {
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
            Listing l = new Listing(q.file_path().toString(), info.mountPoint(), info.version().onDisk(), info.encryptedIndex(),
                    total, files.size(), comp, raw, info.pathHashSeed(),
                    // the footer's unused method slots are empty names: list only the methods named
                    info.compressionMethods().stream().filter(m -> m != null && !m.isEmpty()).toList(), List.copyOf(files),
                    info.version().userName());
            return Done.of("Listed " + files.size() + " of " + total + " files", l);
        }
    }

    @Override
    protected String human(Listing l) {
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
