package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Extraction;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code extract_pak_all} (CLI {@code extract_pak}): every entry (or those matching
 * {@code filter_patterns}) under {@code output_path}, in parallel. An entry whose path would land
 * outside the folder, or whose data is bad, is reported and the rest still extract (unless
 * {@code fail_fast}).
 */
public final class ExtractPakAllAction extends TypedAction<ExtractPakAllAction.Request, Extraction.Report> {
    /** The request. */
    public record Request(@Field(value = PakArchives.FILE_PATH, required = true) Path file_path,
                          @Field(value = "the output folder (created when missing)", required = true) Path output_path,
                          @Field(value = PakArchives.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme,
                          @Field(value = PakArchives.FILTER, cli = "--filter") List<String> filter_patterns,
                          @Field(value = "only list what would be extracted", cli = "--list") boolean list_only,
                          @Field("check each entry's SHA-1 in a pass of its own before writing it (also encrypted entries)") boolean verify,
                          @Field(value = PakArchives.HASH_CHECK, dflt = "true", cli = "--hash-check") boolean hash_check,
                          @Field("stop at the first entry that fails (the rest are reported as skipped)") boolean fail_fast)
            implements PakArchives.Source {
    }

    public ExtractPakAllAction() {
        super("extract_pak_all", "Extracts all (or filtered) entries of a pak under output_path, in parallel, with per-file results",
                "extract_pak", "file_path", "output_path");
    }

    @Override
    protected Done<Extraction.Report> run(Request q, ActionContext ctx) throws Exception {
        Path outDir = q.output_path().toAbsolutePath().normalize();
        PathFilter filter = PathFilter.of(q.filter_patterns());
        try (var lease = PakArchives.open(q, ctx)) {
            PakReader r = lease.get();
            List<PakEntry> todo = new ArrayList<>();
            for (PakEntry e : r.entries()) {
                if (!e.deleted() && filter.matches(e.path())) {
                    todo.add(e);
                }
            }
            if (q.list_only()) {
                return Extraction.listing(outDir, todo.stream().map(PakEntry::path).toList());
            }
            Files.createDirectories(outDir);
            boolean verify = q.verify();
            boolean hashCheck = q.hash_check() && !verify;
            OutputFolders folders = new OutputFolders(outDir);
            Parallel.Outcome<Long> o = Parallel.run(ctx, todo, PakEntry::path, e -> {
                if (verify) {
                    r.verify(e);
                }
                Path target = SafePaths.resolve(outDir, e.path(), r.name());
                boolean isNew = folders.prepare(target);
                return r.extractTo(e, target, ctx, hashCheck, true, isNew);
            }, q.fail_fast());
            return Extraction.report(ctx, outDir, o, "files");
        }
    }

    @Override
    protected String human(Extraction.Report r) {
        return Extraction.human(r, "files");
    }
}
