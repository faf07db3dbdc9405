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

    /** One texture stripped. */
    public record Stripped(String file_path, String output_path, String backup_path, int mips_before, int mips_after,
            long uexp_size, boolean ubulk_removed, List<String> files) {
    }

    /** Batch reply. */
    public record Batch(int success_count, int fail_count, List<Stripped> results, List<Parallel.Failure> errors,
                        @JsonUnwrapped Items outcome) implements ItemsReply {
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
            return ActionResult.of("Kept " + s.mips_after() + " of " + s.mips_before() + " mips", s);
        }
        List<Path> files = TextureSupport.files(args);
        Parallel.Outcome<Stripped> r = Parallel.run(ctx, files, Path::toString,
                f -> strip(f, out == null ? null : out.resolve(f.getFileName().toString()), (int) keep, args, ctx));
        return ActionResult.of("Stripped " + r.results().size() + " of " + files.size() + " textures",
                new Batch(r.results().size(), r.failures().size(), r.results(), r.failures(), r.items()));
    }

    static Stripped strip(Path file, Path out, int keep, Args args, ActionContext ctx) throws Exception {
        TextureAsset t = TextureSupport.open(file, args, ctx);
        int before = t.data().mips().size();
        TextureEditor.Edit edit = TextureSupport.guard(() -> TextureOps.stripMips(t, keep));
        Path target = out == null ? file : out;
        Path backup = out == null ? backup(file) : null;
        boolean hadBulk = Files.isRegularFile(AssetPackage.sibling(target, ".ubulk"));
        List<Path> written = TextureFiles.write(t.pkg(), target, edit.ubulk());
        return new Stripped(file.toString(), target.toString(), backup == null ? null : backup.toString(), before,
                Math.min(keep, before), Files.size(AssetPackage.sibling(target, ".uexp")), hadBulk && edit.ubulk() == null,
                written.stream().map(Path::toString).toList());
    }

    /** Copies the package's files (.uasset, .uexp, .ubulk) to .bak next to them; returns the .uasset's backup. */
    static Path backup(Path file) throws Exception {
        Path b = file.resolveSibling(file.getFileName() + ".bak");
        Files.copy(file, b, StandardCopyOption.REPLACE_EXISTING);
        for (String ext : new String[] {".uexp", ".ubulk"}) {
            Path s = AssetPackage.sibling(file, ext);
            if (Files.isRegularFile(s)) {
                Files.copy(s, s.resolveSibling(s.getFileName() + ".bak"), StandardCopyOption.REPLACE_EXISTING);
            }
        }
        return b;
    }
}
