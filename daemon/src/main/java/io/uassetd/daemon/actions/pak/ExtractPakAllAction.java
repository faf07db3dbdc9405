package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.io.OutputFolders;
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
import io.uassetd.daemon.util.Extraction;
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
            FieldSpec.optional("verify", FieldType.BOOLEAN, false,
                    "check each entry's SHA-1 in a pass of its own before writing it (also encrypted entries)"),
            PakArchives.HASH_CHECK)
            .withCli("extract_pak", "file_path", "output_path");

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
                return Extraction.listing(outDir, todo.stream().map(PakEntry::path).toList());
            }
            Files.createDirectories(outDir);
            boolean verify = args.bool("verify");
            boolean hashCheck = args.bool("hash_check") && !verify;
            OutputFolders folders = new OutputFolders(outDir);
            Parallel.Outcome<Long> o = Parallel.run(ctx, todo, PakEntry::path, e -> {
                if (verify) {
                    r.verify(e);
                }
                Path target = SafePaths.resolve(outDir, e.path(), r.name());
                boolean isNew = folders.prepare(target);
                return r.extractTo(e, target, ctx, hashCheck, true, isNew);
            });
            return Extraction.report(ctx, outDir, o, "files");
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        return Extraction.human(result);
    }
}
