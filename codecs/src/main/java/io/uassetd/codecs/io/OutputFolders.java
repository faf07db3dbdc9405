package io.uassetd.codecs.io;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The folders of one extraction, safe to share between its threads: each target's folder is made
 * once (not checked again for every file in it: {@code Files.createDirectories} costs an exception
 * when the folder exists), and a folder that did not exist before is remembered as new, so the
 * files written into it are known to replace nothing.
 */
public final class OutputFolders {
    private final Path root;
    private final Set<Path> made = ConcurrentHashMap.newKeySet();
    private final Set<Path> fresh = ConcurrentHashMap.newKeySet();

    /** The folders of an extraction into {@code root}: see {@link SafePaths#prepare}. */
    public OutputFolders(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    /**
     * Makes {@code target}'s folder unless made already, every component below the root without
     * following links ({@link SafePaths#prepareFolders}); refuses a link or folder at {@code target}
     * in a folder that existed before. Returns true when that folder did not exist before this
     * extraction made it (no file at {@code target} can predate it).
     */
    public boolean prepare(Path target) throws IOException {
        Path dir = target.toAbsolutePath().normalize().getParent();
        if (!made.contains(dir)) {
            if (SafePaths.prepareFolders(root, dir)) {
                fresh.add(dir); // before made: a thread that sees it made also sees whether it is new
            }
            made.add(dir);
        }
        boolean isNew = fresh.contains(dir);
        if (!isNew) {
            SafePaths.checkTarget(target.toAbsolutePath().normalize());
        }
        return isNew;
    }
}
