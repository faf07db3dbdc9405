package io.uassetd.daemon.actions.asset;

import io.uassetd.codecs.open.PackageOpener;
import io.uassetd.codecs.asset.PackageEngine;
import io.uassetd.codecs.asset.version.EngineChoice;
import io.uassetd.codecs.asset.version.EngineSource;
import io.uassetd.codecs.asset.version.EngineVersion;
import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.io.AtomicFileSet;
import io.uassetd.codecs.asset.SerialLayout;
import io.uassetd.codecs.asset.property.content.PropertyParser;
import io.uassetd.codecs.usmap.Usmap;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * {@code fix_serialize_size} (CLI {@code fix <file>}): recomputes every export's SerialSize and
 * SerialOffset from where its data really lies ({@link SerialLayout}) and writes the package through
 * a temporary file: to output_path, or in place keeping the original as .bak. A package that needs no
 * fix is not written.
 */
public final class FixSerializeSizeAction extends TypedAction<FixSerializeSizeAction.Request, FixSerializeSizeAction.Fixed> {
    /** The request. */
    public record Request(@Field(value = AssetFiles.FILE_HELP, required = true) Path file_path,
                          @Field(AssetEdits.OUTPUT_HELP) Path output_path,
                          @Field(value = AssetFiles.USMAP_HELP, cli = "--usmap") String usmap_path,
                          @Field(AssetFiles.ENGINE_HELP) EngineVersion engine_version) {
    }

    public FixSerializeSizeAction() {
        super("fix_serialize_size",
                "Recomputes each export's serial size and offset from its data (after a hand edit left them stale) and writes the package",
                "fix", "file_path", "usmap_path");
    }

    /** One export that changed. */
    public record FixEntry(String export_name, long old_size, long new_size, long difference, int export_index,
            long old_offset, long new_offset) {
    }

    /** Reply data (UAssetTool's shape, plus where the package was written). */
    public record Fixed(boolean success, int fixed_count, List<FixEntry> fixes, String message, String output_path,
            String backup_path) {
    }

    @Override
    protected Done<Fixed> run(Request q, Args args, ActionContext ctx) throws Exception {
        return fix(q.file_path(), q.output_path(), q.engine_version(), args, ctx);
    }

    /**
     * Repairs {@code file}'s export sizes and offsets and writes it to {@code out} (null: in place
     * with a .bak; nothing written when nothing needs a fix); {@code args} give the mappings
     * ({@code usmap_path}, else USMAP_PATH).
     */
    public static Done<Fixed> fix(Path file, Path out, EngineVersion requested, Args args, ActionContext ctx) throws Exception {
        PackageOpener.checkPackage(file);
        byte[] header = Files.readAllBytes(file);
        Path uexpPath = AssetPackage.sibling(file, ".uexp");
        byte[] uexp = Files.isRegularFile(uexpPath) ? Files.readAllBytes(uexpPath) : null;
        Usmap usmap = AssetFiles.usmap(args, ctx);
        String name = file.getFileName().toString();
        SerialLayout.Probe probe = PropertyParser.propertiesProbe(usmap);
        EngineChoice choice;
        if (requested != null) {
            choice = EngineChoice.of(requested, EngineSource.REQUEST);
        } else {
            // auto: the export sizes are wrong (that is what is repaired), so each release the probe tries reads the
            // package repaired under it; a release fits when the repaired package reads and writes back the same
            choice = PackageEngine.readPrepared(header, uexp, name, usmap == null ? null : usmap.versioning(),
                    e -> SerialLayout.repairedBytes(header, uexp, name, e, probe)).choice();
        }
        ctx.usedEngine(choice);
        EngineVersion engine = choice.engine();
        SerialLayout.Result r = SerialLayout.repair(header, uexp, name, engine, probe);
        List<FixEntry> fixes = r.fixes().stream().map(f -> new FixEntry(f.exportName(), f.oldSize(), f.newSize(),
                f.difference(), f.exportIndex(), f.oldOffset(), f.newOffset())).toList();
        Path backup = null;
        if (fixes.isEmpty() && out == null) {
            String msg = "No export of " + file.getFileName() + " needed a fix; nothing written";
            return Done.of(msg, new Fixed(true, 0, fixes, msg, null, null));
        }
        if (out == null) {
            out = file;
            backup = io.uassetd.daemon.util.Backups.keepOriginal(file, ctx, ".uexp");
        }
        r.pkg().write(out); // the package's files as one set (all old or all new)
        String msg = "Fixed " + fixes.size() + " export" + (fixes.size() == 1 ? "" : "s") + "; wrote " + out;
        return Done.of(msg, new Fixed(true, fixes.size(), fixes, msg, out.toString(),
                backup == null ? null : backup.toString()));
    }

    @Override
    protected String human(Fixed f) {
        StringBuilder sb = new StringBuilder(f.message()).append('\n');
        for (FixEntry e : f.fixes()) {
            sb.append("  [").append(e.export_index()).append("] ").append(e.export_name())
                    .append(": size ").append(e.old_size()).append(" -> ").append(e.new_size())
                    .append(" (").append(e.difference() >= 0 ? "+" : "").append(e.difference()).append(")");
            if (e.old_offset() != e.new_offset()) {
                sb.append(", offset ").append(e.old_offset()).append(" -> ").append(e.new_offset());
            }
            sb.append('\n');
        }
        return sb.toString();
    }
}
