package io.uassetd.daemon.util;

import io.uassetd.daemon.action.ActionContext;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The backups of in-place edits ({@code X.uasset.bak} beside {@code X.uasset}, and the same for its
 * .uexp / .ubulk). The first backup is the original and is never overwritten: an edit repeated in
 * place leaves the existing backup as it is, so the original survives any number of edits.
 */
public final class Backups {
    private Backups() {
    }

    /** The backup of {@code file}. */
    public static Path of(Path file) {
        return file.resolveSibling(file.getFileName() + ".bak");
    }

    /**
     * Keeps the original of {@code main} and of its existing {@code siblings} (extensions such as
     * ".uexp") as .bak, unless {@code main}'s backup exists already (then none is touched: the set
     * holds the original). Says which in {@code warnings}. Returns {@code main}'s backup.
     */
    public static Path keepOriginal(Path main, ActionContext ctx, String... siblings) throws IOException {
        Path backup = of(main);
        if (Files.exists(backup)) {
            ctx.warn("Edited " + main + " in place; its earlier backup " + backup.getFileName() + " (the original) is kept as it was");
            return backup;
        }
        for (String ext : siblings) {
            Path s = sibling(main, ext);
            if (Files.isRegularFile(s) && !Files.exists(of(s))) {
                copyNew(s, of(s));
            }
        }
        copyNew(main, backup);
        ctx.warn("Edited " + main + " in place; the original is kept as " + backup.getFileName());
        return backup;
    }

    private static void copyNew(Path from, Path to) throws IOException {
        try {
            Files.copy(from, to, StandardCopyOption.COPY_ATTRIBUTES);
        } catch (FileAlreadyExistsException e) {
            // made meanwhile by another edit: that one is the original
        }
    }

    /** {@code X.uasset} with another extension. */
    public static Path sibling(Path file, String ext) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return file.resolveSibling((dot < 0 ? n : n.substring(0, dot)) + ext);
    }
}
