package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.ActionHandler;
import io.uassetd.daemon.action.ActionResult;
import io.uassetd.daemon.action.ActionSpec;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.FieldSpec;
import io.uassetd.daemon.action.FieldType;
import io.uassetd.protocol.ErrorCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code extract_pak_file}: one entry of a pak to a file (written atomically). */
public final class ExtractPakFileAction implements ActionHandler {
    private static final ActionSpec SPEC = ActionSpec.of("extract_pak_file",
            "Extracts one entry of a pak to output_path (a file, or a folder to put it in)",
            PakArchives.FILE_PATH,
            FieldSpec.required("internal_path", FieldType.STRING, "the entry's path in the pak (with or without the mount point)"),
            FieldSpec.required("output_path", FieldType.STRING, "the file to write, or an existing folder"),
            PakArchives.AES_KEY, PakArchives.SCHEME,
            FieldSpec.optional("verify", FieldType.BOOLEAN, false,
                    "check the entry's SHA-1 in a pass of its own before writing it (also an encrypted entry)"),
            PakArchives.HASH_CHECK);

    /** Reply data. */
    public record Extracted(String output_path, long size) {
    }

    @Override
    public ActionSpec spec() {
        return SPEC;
    }

    @Override
    public ActionResult handle(Args args, ActionContext ctx) throws Exception {
        String internal = args.requireString("internal_path");
        Path out = args.requirePath("output_path");
        try (var lease = PakArchives.open(args, ctx)) {
            PakReader r = lease.get();
            PakEntry e = r.find(internal).filter(x -> !x.deleted()).orElseThrow(() ->
                    new ActionException(ErrorCode.NOT_FOUND, "No entry '" + internal + "' in " + args.string("file_path")
                            + nearest(r, internal), args.string("file_path")));
            if (Files.isDirectory(out) || args.string("output_path").endsWith("/") || args.string("output_path").endsWith("\\")) {
                // into a folder: the entry's file name, confined like every extraction (no empty name, no link)
                Path folder = out;
                out = SafePaths.resolve(folder, e.path().substring(e.path().lastIndexOf('/') + 1), r.name());
                SafePaths.prepare(folder, out);
            } else {
                Path parent = out.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                SafePaths.checkTarget(out.toAbsolutePath());
            }
            boolean verify = args.bool("verify");
            if (verify) {
                r.verify(e);
            }
            long n = r.extractTo(e, out, ctx, args.bool("hash_check") && !verify);
            return ActionResult.of("Extracted " + e.path(), new Extracted(out.toString(), n));
        }
    }

    /** A hint naming entries whose file name matches, for a path that was not found. */
    static String nearest(PakReader r, String wanted) {
        String w = wanted.replace('\\', '/');
        String name = w.substring(w.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
        List<String> hits = new ArrayList<>();
        for (PakEntry e : r.entries()) {
            if (e.path().toLowerCase(Locale.ROOT).endsWith(name) && hits.size() < 5) {
                hits.add(e.path());
            }
        }
        return hits.isEmpty() ? "" : "; did you mean " + String.join(", ", hits) + "?";
    }
}
