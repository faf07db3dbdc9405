package io.uassetd.daemon.actions.pak;

import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.daemon.action.ActionContext;
import io.uassetd.daemon.action.ActionException;
import io.uassetd.daemon.action.Args;
import io.uassetd.daemon.action.Done;
import io.uassetd.daemon.action.Field;
import io.uassetd.daemon.action.TypedAction;
import io.uassetd.protocol.ErrorCode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** {@code extract_pak_file}: one entry of a pak to a file (written atomically). */
public final class ExtractPakFileAction extends TypedAction<ExtractPakFileAction.Request, ExtractPakFileAction.Extracted> {
    /** The request; {@code output_path} is kept as text: a trailing separator names a folder. */
    public record Request(@Field(value = PakArchives.FILE_PATH, required = true) Path file_path,
                          @Field(value = "the entry's path in the pak (with or without the mount point)", required = true)
                          String internal_path,
                          @Field(value = "the file to write, or an existing folder", required = true) String output_path,
                          @Field(value = PakArchives.AES_KEY, cli = "--aes") String aes_key,
                          @Field(value = PakArchives.SCHEME, dflt = "standard") String encryption_scheme,
                          @Field("check the entry's SHA-1 in a pass of its own before writing it (also an encrypted entry)") boolean verify,
                          @Field(value = PakArchives.HASH_CHECK, dflt = "true", cli = "--hash-check") boolean hash_check)
            implements PakArchives.Source {
    }

    /** Reply data. */
    public record Extracted(String output_path, long size) {
    }

    public ExtractPakFileAction() {
        super("extract_pak_file", "Extracts one entry of a pak to output_path (a file, or a folder to put it in)");
    }

    @Override
    protected Done<Extracted> run(Request q, ActionContext ctx) throws Exception {
        String internal = q.internal_path();
        Path out = Args.toPath("output_path", q.output_path());
        try (var lease = PakArchives.open(q, ctx)) {
            PakReader r = lease.get();
            String file = q.file_path().toString();
            PakEntry e = r.find(internal).filter(x -> !x.deleted()).orElseThrow(() ->
                    new ActionException(ErrorCode.NOT_FOUND, "No entry '" + internal + "' in " + file + nearest(r, internal), file));
            if (Files.isDirectory(out) || q.output_path().endsWith("/") || q.output_path().endsWith("\\")) {
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
            if (q.verify()) {
                r.verify(e);
            }
            long n = r.extractTo(e, out, ctx, q.hash_check() && !q.verify());
            return Done.of("Extracted " + e.path(), new Extracted(out.toString(), n));
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
