package io.uassetd.daemon.actions.texture;

import io.uassetd.daemon.action.Items;
import io.uassetd.daemon.action.ItemsReply;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.texture.asset.TextureAsset;
import io.uassetd.codecs.texture.asset.TextureEditor;
import io.uassetd.codecs.texture.asset.TextureFiles;
import io.uassetd.codecs.texture.asset.TextureOps;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import com.fasterxml.jackson.annotation.JsonInclude;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.daemon.util.Parallel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code strip_mipmaps_native} and {@code batch_strip_mipmaps_native}: keep the top mip (or the
 * top {@code keep_mips}), inline in the .uexp; the .ubulk goes when nothing is left in it. Written
 * to {@code output_path}, or in place with the originals kept as .bak.
 */
public final class StripMipsAction {
    static final String KEEP_HELP = "how many of the largest mips to keep";
    static final String OUT_HELP = "where to write (a .uasset, or for the batch a folder); default: in place, the originals kept as .bak";

    private StripMipsAction() {
    }

    public static List<ActionHandler> all() {
        return List.of(new Single(), new Many());
    }

    /** The request of strip_mipmaps_native. */
    public record Request(@Field(value = TextureSupport.FILE_HELP, required = true) Path file_path,
                          @Field(OUT_HELP) Path output_path,
                          @Field(value = KEEP_HELP, dflt = "1", cli = "--keep", min = 1, max = 32) int keep_mips,
                          @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version) {
    }

    /** The request of batch_strip_mipmaps_native. */
    public record BatchRequest(@Field(TextureSupport.FILE_HELP) Path file_path,
                               @Field(TextureSupport.FILES_HELP) List<String> file_paths,
                               @Field(OUT_HELP) Path output_path,
                               @Field(value = KEEP_HELP, dflt = "1", cli = "--keep", min = 1, max = 32) int keep_mips,
                               @Field(value = TextureSupport.USMAP_HELP, cli = "--usmap") String usmap_path,
                               @Field(TextureSupport.ENGINE_HELP) EngineVersion engine_version,
                               @Field("stop at the first failed item; the items not yet started are skipped") boolean fail_fast) {
    }

    /** {@code strip_mipmaps_native}. */
    static final class Single extends TypedAction<Request, Stripped> {
        Single() {
            super("strip_mipmaps_native", "Keeps only the top mip (or keep_mips), inline in the .uexp, and drops the .ubulk when it is left empty",
                    "strip_mipmaps_native", "file_path");
        }

        @Override
        protected Done<Stripped> run(Request q, Args args, ActionContext ctx) throws Exception {
            Stripped s = strip(q.file_path(), q.output_path(), q.keep_mips(), args, ctx);
            return Done.of(s.message(), s);
        }
    }

    /** {@code batch_strip_mipmaps_native}. */
    static final class Many extends TypedAction<BatchRequest, Batch> {
        Many() {
            super("batch_strip_mipmaps_native", "strip_mipmaps_native over many packages (and folders of them), with per-file errors",
                    "batch_strip_mipmaps_native", "file_paths");
        }

        @Override
        protected Done<Batch> run(BatchRequest q, Args args, ActionContext ctx) throws Exception {
            return batch(q.output_path(), q.keep_mips(), q.fail_fast(), args, ctx);
        }
    }

    /**
     * One texture: UAssetTool's {@code original_mips}/{@code new_mips} (and, in a batch, its {@code path},
     * {@code success}, {@code message}, {@code skipped}), then where it was written; {@code changed} false
     * when it already had no more mips than kept (nothing written, no backup made).
     */
    public record Stripped(String path, boolean success, String message, boolean skipped, int original_mips, int new_mips,
            boolean changed, String file_path, String output_path, String backup_path, int mips_before, int mips_after,
            long uexp_size, boolean ubulk_removed, List<String> files) {
    }

    /**
     * One file of a batch, as UAssetTool reports it: {@code path}, {@code success}, {@code message},
     * then, when it was read, the texture's fields ({@link Stripped}'s), or when it failed the error
     * {@code code}.
     */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    public record Result(String path, boolean success, String message, Boolean skipped, Integer original_mips, Integer new_mips,
            Boolean changed, String file_path, String output_path, String backup_path, Integer mips_before, Integer mips_after,
            Long uexp_size, Boolean ubulk_removed, List<String> files, String code) {
        static Result of(Stripped s) {
            return new Result(s.path(), s.success(), s.message(), s.skipped(), s.original_mips(), s.new_mips(), s.changed(), s.file_path(),
                    s.output_path(), s.backup_path(), s.mips_before(), s.mips_after(), s.uexp_size(), s.ubulk_removed(), s.files(), null);
        }

        static Result notRun(String path, String why) {
            return new Result(path, false, why, true, null, null, null, null, null, null, null, null, null, null, null, null);
        }

        static Result failed(String path, String message, String code) {
            return new Result(path, false, message, null, null, null, null, null, null, null, null, null, null, null, null, code);
        }
    }

    /**
     * Batch reply: UAssetTool's counts ({@code total} from the item outcome, {@code success_count},
     * {@code skip_count}, {@code error_count}) and per-file {@code results} (failed items too), uassetd's
     * {@code errors}, and the uniform item outcome (an already stripped texture is skipped).
     */
    public record Batch(int success_count, int skip_count, int error_count, int fail_count, List<Result> results,
            List<Parallel.Failure> errors, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    private static Done<Batch> batch(Path out, int keep, boolean failFast, Args args, ActionContext ctx) throws Exception {
        List<Path> files = TextureSupport.files(args);
        Parallel.Outcome<Stripped> r = Parallel.run(ctx, files, Path::toString,
                f -> strip(f, out == null ? null : out.resolve(f.getFileName().toString()), keep, args, ctx), failFast);
        java.util.Set<String> notRun = new java.util.HashSet<>();
        r.items().items().stream().filter(i -> i.status() == Items.Status.skipped).forEach(i -> notRun.add(i.item()));
        List<Result> results = new ArrayList<>();
        List<Items.Item> items = new ArrayList<>();
        java.util.Map<String, Stripped> ok = new java.util.HashMap<>();
        for (int i = 0; i < r.succeeded().size(); i++) {
            ok.put(r.succeeded().get(i), r.results().get(i));
        }
        java.util.Map<String, Parallel.Failure> bad = new java.util.HashMap<>();
        r.failures().forEach(f -> bad.put(f.item(), f));
        for (Path f : files) {
            Stripped s = ok.get(f.toString());
            Parallel.Failure x = bad.get(f.toString());
            if (s != null) {
                results.add(Result.of(s));
                items.add(s.skipped() ? Items.Item.skipped(f.toString(), s.message()) : Items.Item.ok(f.toString(), s.output_path()));
            } else if (x != null) {
                results.add(Result.failed(f.toString(), x.error(), x.code()));
                io.uassetd.protocol.ErrorCode code;
                try {
                    code = io.uassetd.protocol.ErrorCode.valueOf(x.code());
                } catch (RuntimeException e) {
                    code = io.uassetd.protocol.ErrorCode.INTERNAL;
                }
                items.add(Items.Item.failed(f.toString(), code, x.error()));
            } else if (notRun.contains(f.toString())) {
                String why = "not run: an earlier item failed and fail_fast was asked";
                results.add(Result.notRun(f.toString(), why));
                items.add(Items.Item.skipped(f.toString(), why));
            }
        }
        int skipped = (int) r.results().stream().filter(Stripped::skipped).count();
        int stripped = r.results().size() - skipped;
        return Done.of("Batch processed " + files.size() + " files: " + stripped + " stripped, " + skipped + " skipped, "
                + r.failures().size() + " errors",
                new Batch(stripped, skipped, r.failures().size(), r.failures().size(), results, r.failures(), Items.of(items)));
    }

    static Stripped strip(Path file, Path out, int keep, Args args, ActionContext ctx) throws Exception {
        TextureAsset t = TextureSupport.open(file, args, ctx);
        int before = t.data().mips().size();
        Path target = out == null ? file : out;
        if (before <= keep && out == null) {
            // nothing to strip: nothing is written, and no backup made (an existing one stays the original)
            String msg = "Texture already has " + (keep == 1 ? "1 or fewer mipmaps" : keep + " or fewer mipmaps") + ": nothing written";
            return new Stripped(file.toString(), true, msg, true, before, before, false, file.toString(), file.toString(), null, before,
                    before, Files.size(AssetPackage.sibling(file, ".uexp")), false, List.of());
        }
        TextureEditor.Edit edit = TextureSupport.guard(() -> TextureOps.stripMips(t, keep));
        Path backup = out == null ? backup(file, ctx) : null;
        boolean hadBulk = Files.isRegularFile(AssetPackage.sibling(target, ".ubulk"));
        List<Path> written = TextureFiles.write(t.pkg(), target, edit.ubulk());
        int after = Math.min(keep, before);
        return new Stripped(file.toString(), true, "Stripped mipmaps: " + before + " -> " + after, false, before, after, before != after,
                file.toString(), target.toString(), backup == null ? null : backup.toString(), before, after,
                Files.size(AssetPackage.sibling(target, ".uexp")), hadBulk && edit.ubulk() == null,
                written.stream().map(Path::toString).toList());
    }

    /** Keeps the package's original files (.uasset, .uexp, .ubulk) as .bak, never overwriting an earlier backup; returns the .uasset's. */
    static Path backup(Path file, ActionContext ctx) throws Exception {
        return io.uassetd.daemon.util.Backups.keepOriginal(file, ctx, ".uexp", ".ubulk");
    }
}
