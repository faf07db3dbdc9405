package io.uassetd.daemon.actions.iostore;

import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
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
public final class ExtractIoStoreAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("extract_iostore",
            "Extracts every chunk of a .utoc/.ucas container under output_path (by directory-index path, else by chunk id)",
            Containers.UTOC,
            FieldSpec.required("output_path", FieldType.STRING, "the output folder (created when missing)"),
            Containers.AES_KEY, Containers.FILTER,
            FieldSpec.optional("chunk_id", FieldType.STRING, null, "extract only the chunk with this id (24 hex digits)"),
            FieldSpec.optional("package", FieldType.STRING, null, "extract only files whose path contains this").cli("--package"),
            FieldSpec.optional("include_unnamed", FieldType.BOOLEAN, true, "also extract chunks the directory index does not name"))
            .withCli("extract_iostore", "file_path", "output_path");

    private record Job(int chunk, String name) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        Path outDir = args.requirePath("output_path").toAbsolutePath().normalize();
        PathFilter filter = PathFilter.of(args.strings("filter_patterns"));
        String pkg = args.string("package");
        String onlyChunk = args.string("chunk_id");
        try (var lease = Containers.open(ctx, Containers.requireUtoc(args), Containers.key(args.string("aes_key")))) {
            IoStoreContainer c = lease.get();
            List<Job> jobs = new ArrayList<>();
            Set<Integer> named = new HashSet<>();
            for (IoStoreFile f : c.files()) {
                named.add(f.chunkIndex());
                if (filter.matches(f.path()) && (pkg == null || f.path().toLowerCase(Locale.ROOT).contains(pkg.toLowerCase(Locale.ROOT)))
                        && (onlyChunk == null || f.chunkId().hex().equalsIgnoreCase(onlyChunk))) {
                    jobs.add(new Job(f.chunkIndex(), IoStoreContainer.relativePath(f.path())));
                }
            }
            boolean unnamed = args.bool("include_unnamed") && pkg == null && filter.isEmpty();
            for (int i = 0; i < c.chunkCount(); i++) {
                if (!named.contains(i) && (unnamed || onlyChunk != null)
                        && (onlyChunk == null || c.chunkId(i).hex().equalsIgnoreCase(onlyChunk))) {
                    jobs.add(new Job(i, "_chunks/" + c.chunkId(i).hex() + "." + c.chunkType(i).name()));
                }
            }
            Files.createDirectories(outDir);
            Parallel.Outcome<Long> o = Parallel.run(ctx, jobs, Job::name, j -> {
                Path target = SafePaths.resolve(outDir, j.name(), c.name());
                Files.createDirectories(target.getParent());
                return c.extractChunk(j.chunk(), target, ctx);
            });
            return Extraction.report(ctx, outDir, o, "chunks");
        }
    }

    @Override
    public String formatHuman(ActionResult result) {
        return Extraction.human(result);
    }
}
