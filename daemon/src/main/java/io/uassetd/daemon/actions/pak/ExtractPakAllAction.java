package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.error.CancelledException;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.codecs.io.PathFilter;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code extract_pak_all} (CLI {@code extract_pak}): every entry (or those matching
 * {@code filter_patterns}) under {@code output_path}, in parallel. An entry whose path would land
 * outside the folder, or whose data is bad, is reported and the rest still extract.
 */
public final class ExtractPakAllAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("extract_pak_all",
            "Extracts all (or filtered) entries of a pak under output_path, in parallel, with per-file results",
            PakArchives.FILE_PATH,
            FieldSpec.required("output_path", FieldType.STRING, "the output folder (created when missing)"),
            PakArchives.AES_KEY, PakArchives.SCHEME, PakArchives.FILTER,
            FieldSpec.optional("list_only", FieldType.BOOLEAN, false, "only list what would be extracted").cli("--list"),
            FieldSpec.optional("verify", FieldType.BOOLEAN, false, "check each entry's SHA-1 before writing it"))
            .withCli("extract_pak", "file_path", "output_path");

    /** Reply data (UAssetTool's shape plus failures with reasons and the byte count). */
    public record Result(String output_dir, int extracted_count, int failed_count, long bytes, List<String> files,
                         List<Parallel.Failure> failures) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path outDir = args.requirePath("output_path").toAbsolutePath().normalize();
        PathFilter filter = PathFilter.of(args.strings("filter_patterns"));
        try (var lease = PakArchives.open(args, ctx)) {
            PakReader r = lease.get();
            List<PakEntry> todo = new ArrayList<>();
            for (PakEntry e : r.entries()) {
                if (!e.deleted() && filter.matches(e.path())) {
                    todo.add(e);
                }
            }
            if (args.bool("list_only")) {
                List<String> paths = todo.stream().map(PakEntry::path).toList();
                return ActionResult.of(paths.size() + " files would be extracted",
                        new Result(outDir.toString(), 0, 0, 0, paths, List.of()));
            }
            Files.createDirectories(outDir);
            boolean verify = args.bool("verify");
            Parallel.Outcome<Long> o = Parallel.run(ctx, todo, PakEntry::path, e -> {
                if (verify) {
                    r.verify(e);
                }
                Path target = SafePaths.resolve(outDir, e.path(), r.name());
                Files.createDirectories(target.getParent());
                return r.extractTo(e, target, ctx);
            });
            if (ctx.isCancelled()) {
                throw new CancelledException("Request cancelled");
            }
            long bytes = o.results().stream().mapToLong(Long::longValue).sum();
            Result res = new Result(outDir.toString(), o.succeeded().size(), o.failures().size(), bytes,
                    o.succeeded(), o.failures());
            return ActionResult.of("Extracted " + res.extracted_count() + " files" + (res.failed_count() > 0
                    ? ", " + res.failed_count() + " failed" : ""), res);
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        Result r = (Result) result.data();
        StringBuilder sb = new StringBuilder();
        sb.append(result.message()).append(" to ").append(r.output_dir()).append(" (").append(r.bytes()).append(" bytes)\n");
        for (Parallel.Failure f : r.failures()) {
            sb.append("  failed: ").append(f.item()).append(": ").append(f.error()).append('\n');
        }
        if (r.extracted_count() == 0 && r.failures().isEmpty()) {
            r.files().forEach(f -> sb.append(f).append('\n'));
        }
        return sb.toString();
    }
}
