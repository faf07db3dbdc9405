package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Extraction;
import io.uassetd.daemon.util.Parallel;
import io.uassetd.codecs.io.PathFilter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * {@code extract_iostore}: every chunk of a container written under the output folder, by its
 * directory-index path (with the mount point's leading {@code ../} dropped), and chunks without a
 * path as {@code _chunks/<chunk id>.<type>}; in parallel, with progress events.
 */
public final class ExtractIoStoreAction extends TypedAction<ExtractIoStoreAction.Request, Extraction.Report> {
    /** The request. */
    public record Request(@Field(value = Containers.UTOC, required = true) Path file_path,
                          @Field(value = "the output folder (created when missing)", required = true) Path output_path,
                          @Field(value = Containers.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = Containers.FILTER, cli = "--filter") List<String> filter_patterns,
                          @Field("extract only the chunk with this id (24 hex digits)") String chunk_id,
                          @Field(value = "extract only this package's files: a package path (/Game/Maps/Arena) or a substring of the path",
                                  name = "package", cli = "--package") String package_,
                          @Field(value = "also extract chunks the directory index does not name", dflt = "true") boolean include_unnamed,
                          @Field("stop at the first chunk that fails (the rest are reported as skipped)") boolean fail_fast) {
    }

    public ExtractIoStoreAction() {
        super("extract_iostore", "Extracts every chunk of a .utoc/.ucas container under output_path (by directory-index path, else by chunk id)",
                "extract_iostore", "file_path", "output_path");
    }

    private record Job(int chunk, String name) {
    }

    /**
     * Whether the container file {@code path} belongs to {@code pkg}: a package path such as
     * {@code /Game/Maps/Arena} (UAssetTool's form) names the files {@code <Project>/Content/Maps/Arena.*}
     * (any extension: .uasset, .umap, .uexp, .ubulk, ...), {@code /Plugin/X} the files
     * {@code .../Plugin/Content/X.*}; anything else, or a package path that names no file this way,
     * matches as a case-insensitive substring of the path.
     */
    static boolean matchesPackage(String path, String pkg) {
        String p = path.replace('\\', '/').toLowerCase(Locale.ROOT);
        String want = pkg.replace('\\', '/').toLowerCase(Locale.ROOT);
        if (p.contains(want)) {
            return true;
        }
        if (!want.startsWith("/") || want.indexOf('/', 1) < 0) {
            return false;
        }
        int cut = want.indexOf('/', 1);
        String mount = want.substring(1, cut);
        String rest = want.substring(cut + 1);
        if (rest.isEmpty()) {
            return false;
        }
        int slash = p.lastIndexOf('/');
        int dot = p.indexOf('.', slash + 1);
        String stem = dot < 0 ? p : p.substring(0, dot);
        String tail = "/content/" + rest;
        if (!stem.endsWith(tail) && !stem.equals(tail.substring(1))) {
            return false;
        }
        String before = stem.substring(0, stem.length() - tail.length());
        if (mount.equals("game")) {
            return !before.contains("/plugins/") && !before.startsWith("engine") && !before.endsWith("/engine");
        }
        return before.equals(mount) || before.endsWith("/" + mount);
    }

    @Override
    protected Done<Extraction.Report> run(Request q, ActionContext ctx) throws Exception {
        Path outDir = q.output_path().toAbsolutePath().normalize();
        PathFilter filter = PathFilter.of(q.filter_patterns());
        String pkg = q.package_();
        String onlyChunk = q.chunk_id();
        try (var lease = Containers.open(ctx, Containers.requireUtoc(q.file_path()), Containers.key(q.aes_key()))) {
            IoStoreContainer c = lease.get();
            List<Job> jobs = new ArrayList<>();
            Set<Integer> named = new HashSet<>();
            for (IoStoreFile f : c.files()) {
                named.add(f.chunkIndex());
                if (filter.matches(f.path()) && (pkg == null || matchesPackage(f.path(), pkg))
                        && (onlyChunk == null || f.chunkId().hex().equalsIgnoreCase(onlyChunk))) {
                    jobs.add(new Job(f.chunkIndex(), IoStoreContainer.relativePath(f.path())));
                }
            }
            boolean unnamed = q.include_unnamed() && pkg == null && filter.isEmpty();
            for (int i = 0; i < c.chunkCount(); i++) {
                if (!named.contains(i) && (unnamed || onlyChunk != null)
                        && (onlyChunk == null || c.chunkId(i).hex().equalsIgnoreCase(onlyChunk))) {
                    jobs.add(new Job(i, "_chunks/" + c.chunkId(i).hex() + "." + c.chunkType(i).name()));
                }
            }
            Files.createDirectories(outDir);
            OutputFolders folders = new OutputFolders(outDir);
            Parallel.Outcome<Long> o = Parallel.run(ctx, jobs, Job::name, j -> {
                Path target = SafePaths.resolve(outDir, j.name(), c.name());
                folders.prepare(target);
                return c.extractChunk(j.chunk(), target, ctx);
            }, q.fail_fast());
            return Extraction.report(ctx, outDir, o, "chunks");
        }
    }

    @Override
    protected String human(Extraction.Report r) {
        return Extraction.human(r, "chunks");
    }
}
