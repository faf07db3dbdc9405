package io.uassetd.codecs.io;

import java.io.IOException;
import java.nio.file.Files;
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
    private final Set<Path> made = ConcurrentHashMap.newKeySet();
    private final Set<Path> fresh = ConcurrentHashMap.newKeySet();

    /**
     * Makes {@code target}'s folder unless made already; returns true when that folder did not
     * exist before this extraction made it (no file at {@code target} can predate it).
     */
    public boolean prepare(Path target) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        if (!made.contains(dir)) {
            boolean existed = Files.isDirectory(dir);
            Files.createDirectories(dir);
            if (!existed) {
                fresh.add(dir); // before made: a thread that sees it made also sees whether it is new
            }
            made.add(dir);
        }
        return fresh.contains(dir);
    }
}
