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
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.daemon.actions.asset.AssetFiles;
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
public final class StripMipsAction implements ActionHandler {
    static final FieldSpec KEEP = FieldSpec.optional("keep_mips", FieldType.INTEGER, 1L, "how many of the largest mips to keep").cli("--keep");
    static final FieldSpec OUT = FieldSpec.optional("output_path", FieldType.STRING, null,
            "where to write (a .uasset, or for the batch a folder); default: in place, the originals kept as .bak");

    private final ActionSpec spec;
    private final boolean batch;

    private StripMipsAction(ActionSpec spec, boolean batch) {
        this.spec = spec;
        this.batch = batch;
    }

    public static List<ActionHandler> all() {
        return List.of(
                new StripMipsAction(ActionSpec.of("strip_mipmaps_native",
                        "Keeps only the top mip (or keep_mips), inline in the .uexp, and drops the .ubulk when it is left empty",
                        AssetFiles.FILE, OUT, KEEP, AssetFiles.USMAP, AssetFiles.ENGINE).withCli("strip_mipmaps_native", "file_path"), false),
                new StripMipsAction(ActionSpec.of("batch_strip_mipmaps_native",
                        "strip_mipmaps_native over many packages (and folders of them), with per-file errors",
                        AssetFiles.FILE_OPT, TextureSupport.FILES, OUT, KEEP, AssetFiles.USMAP, AssetFiles.ENGINE)
                        .withCli("batch_strip_mipmaps_native", "file_paths"), true));
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

    /** An item of a batch that failed. */
    public record Failed(String path, boolean success, String message, String code) {
    }

    /**
     * Batch reply: UAssetTool's counts ({@code total} from the item outcome, {@code success_count},
     * {@code skip_count}, {@code error_count}) and per-file {@code results} (failed items too), uassetd's
     * {@code errors}, and the uniform item outcome (an already stripped texture is skipped).
     */
    public record Batch(int success_count, int skip_count, int error_count, int fail_count, List<Object> results,
            List<Parallel.Failure> errors, @JsonUnwrapped Items outcome) implements ItemsReply {
    }

    @Override
    public ActionSpec spec() {
        return spec;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        long keep = args.integer("keep_mips");
        if (keep < 1 || keep > 32) {
            throw ActionException.invalid("Field 'keep_mips' must be between 1 and 32, got " + keep);
        }
        Path out = args.path("output_path");
        if (!batch) {
            Path file = args.requirePath("file_path");
            Stripped s = strip(file, out, (int) keep, args, ctx);
            return ActionResult.of(s.message(), s);
        }
        List<Path> files = TextureSupport.files(args);
        Parallel.Outcome<Stripped> r = Parallel.run(ctx, files, Path::toString,
                f -> strip(f, out == null ? null : out.resolve(f.getFileName().toString()), (int) keep, args, ctx));
        List<Object> results = new ArrayList<>();
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
                results.add(s);
                items.add(s.skipped() ? Items.Item.skipped(f.toString(), s.message()) : Items.Item.ok(f.toString(), s.output_path()));
            } else if (x != null) {
                results.add(new Failed(f.toString(), false, x.error(), x.code()));
                io.uassetd.protocol.ErrorCode code;
                try {
                    code = io.uassetd.protocol.ErrorCode.valueOf(x.code());
                } catch (RuntimeException e) {
                    code = io.uassetd.protocol.ErrorCode.INTERNAL;
                }
                items.add(Items.Item.failed(f.toString(), code, x.error()));
            }
        }
        int skipped = (int) r.results().stream().filter(Stripped::skipped).count();
        int stripped = r.results().size() - skipped;
        return ActionResult.of("Batch processed " + files.size() + " files: " + stripped + " stripped, " + skipped + " skipped, "
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
