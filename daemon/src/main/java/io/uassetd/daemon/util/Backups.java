package io.uassetd.daemon.util;

import io.uassetd.daemon.action.ActionContext;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.LinkOption;
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

    /**
     * Copies {@code from} to a hidden temporary file, then gives it the name {@code to} only if no
     * file has it (a hard link, which never replaces; a rename where links are not supported), so a
     * crash during the copy never leaves a partial backup that a later edit would take for the original.
     */
    private static void copyNew(Path from, Path to) throws IOException {
        Path temp = to.resolveSibling("." + to.getFileName() + ".u" + ProcessHandle.current().pid() + "-"
                + Long.toUnsignedString(System.nanoTime(), 36) + ".tmp");
        try {
            Files.copy(from, temp, StandardCopyOption.COPY_ATTRIBUTES);
            try {
                Files.createLink(to, temp);
            } catch (UnsupportedOperationException | FileSystemException e) {
                if (e instanceof FileAlreadyExistsException) {
                    return; // made meanwhile by another edit: that one is the original
                }
                if (!Files.exists(to, LinkOption.NOFOLLOW_LINKS)) {
                    Files.move(temp, to);
                }
            }
        } catch (FileAlreadyExistsException e) {
            // made meanwhile by another edit: that one is the original
        } finally {
            Files.deleteIfExists(temp);
        }
    }

    /** {@code X.uasset} with another extension. */
    public static Path sibling(Path file, String ext) {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return file.resolveSibling((dot < 0 ? n : n.substring(0, dot)) + ext);
    }
}
