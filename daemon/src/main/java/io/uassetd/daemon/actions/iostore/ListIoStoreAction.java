package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.codecs.io.PathFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/** {@code list_iostore}: the files of one container, or of every container in a folder, filtered. */
public final class ListIoStoreAction extends TypedAction<ListIoStoreAction.Request, ListIoStoreAction.Listing> {
    /** The request. */
    public record Request(@Field(value = "a .utoc file or a folder of them", required = true) Path file_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = Containers.FILTER, cli = "--filter") List<String> filter_patterns,
                          @Field("list paths only") boolean paths_only) {
    }

    public ListIoStoreAction() {
        super("list_iostore", "Lists the files of a .utoc (or of every .utoc in a folder) with sizes and chunk ids; filter_patterns"
                + " selects files", "list_iostore", "file_path");
    }

    /** One file. */
    public record Entry(String path, long size, long compressed_size, String chunk_id, String chunk_type) {
    }

    /** One container's listing; {@code files} holds {@link Entry} records, or the paths alone with {@code paths_only}. */
    public record Container(String container_name, String file_path, String toc_version, String mount_point, int chunk_count,
                            int total_files, int filtered_count, List<Object> files) {
    }

    /** Reply data. */
    public record Listing(int container_count, int total_files, int filtered_count, List<Container> containers, List<String> problems) {
    }

    @Override
    protected Done<Listing> run(Request q, ActionContext ctx) throws Exception {
        Path p = q.file_path();
        List<Path> tocs = new ArrayList<>();
        if (Files.isDirectory(p)) {
            try (Stream<Path> s = Files.walk(p)) {
                s.filter(f -> f.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".utoc")).sorted().forEach(tocs::add);
            }
        } else if (Files.isRegularFile(p)) {
            tocs.add(p);
        } else {
            throw ActionException.notFound("Not found: " + p, p.toString());
        }
        PathFilter filter = PathFilter.of(q.filter_patterns());
        boolean pathsOnly = q.paths_only();
        var key = Containers.key(q.aes_key());
        List<Container> out = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        int total = 0;
        int shown = 0;
        for (Path toc : tocs) {
            ctx.checkCancelled();
            try (var lease = Containers.open(ctx, toc, key)) {
                IoStoreContainer c = lease.get();
                List<Object> files = new ArrayList<>();
                List<IoStoreFile> all = c.files();
                for (IoStoreFile f : all) {
                    if (filter.matches(f.path())) {
                        files.add(pathsOnly ? f.path() : new Entry(f.path(), f.size(), f.compressedSize(),
                                f.chunkId().hex(), c.chunkType(f.chunkIndex()).name()));
                    }
                }
                total += all.size();
                shown += files.size();
                out.add(new Container(c.name(), toc.toString(), c.tocVersion().name(), c.mountPoint().orElse(null), c.chunkCount(), all.size(),
                        files.size(), List.copyOf(files)));
            } catch (RuntimeException e) {
                if (tocs.size() == 1) {
                    throw e;
                }
                problems.add(toc + ": " + e.getMessage());
            }
        }
        return Done.of("Listed " + shown + " of " + total + " files in " + out.size() + " containers",
                new Listing(out.size(), total, shown, List.copyOf(out), List.copyOf(problems)));
    }

    @Override
    protected String human(Listing l) {
        StringBuilder sb = new StringBuilder();
        for (Container c : l.containers()) {
            for (Object o : c.files()) {
                if (o instanceof Entry e) {
                    sb.append(String.format("%12d %12d %-24s %s%n", e.size(), e.compressed_size(), e.chunk_type(), e.path()));
                } else {
                    sb.append(o).append('\n');
                }
            }
        }
        for (String p : l.problems()) {
            sb.append("problem: ").append(p).append('\n');
        }
        return sb.toString();
    }
}
