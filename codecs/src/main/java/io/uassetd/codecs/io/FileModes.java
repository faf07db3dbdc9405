package io.uassetd.codecs.io;

import java.nio.file.NoSuchFileException;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.util.concurrent.ThreadLocalRandom;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;

/**
 * File modes for files written through a temporary name. {@code Files.createTempFile} makes files
 * 0600 whatever the umask; an output renamed from it would be unreadable to the group and others
 * where a plain write gives 0644. These helpers create the temporary file the way a plain
 * {@code open(O_CREAT)} does (mode 0666 less the process umask) and, when the temporary file
 * replaces an existing file, give it that file's mode.
 */
public final class FileModes {
    private FileModes() {
    }

    /**
     * Creates a new, empty file {@code dir/prefix<random>suffix} with the default mode for new files
     * (the umask applies) and returns its path.
     */
    public static Path createSibling(Path dir, String prefix, String suffix) throws IOException {
        Sibling s = openSibling(dir, prefix, suffix);
        s.channel().close();
        return s.path();
    }

    /** A new file made by {@link #openSibling} and its channel, open for writing. */
    public record Sibling(Path path, FileChannel channel) {
    }

    /**
     * Like {@link #createSibling} but keeps the new file open for writing (one open instead of two).
     * The name needs no secret randomness: {@code CREATE_NEW} (O_EXCL) never opens an existing file
     * or follows a planted link, so a guessed name only costs another attempt.
     */
    public static Sibling openSibling(Path dir, String prefix, String suffix) throws IOException {
        for (int attempt = 0; ; attempt++) {
            Path p = dir.resolve(prefix + Long.toUnsignedString(ThreadLocalRandom.current().nextLong(), 36) + suffix);
            try {
                return new Sibling(p, FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE));
            } catch (FileAlreadyExistsException e) {
                if (attempt > 100) {
                    throw e;
                }
            }
        }
    }

    /**
     * When {@code existing} is a regular file, gives {@code replacement} its POSIX permissions (an
     * in-place edit keeps the file's mode). Does nothing on file systems without POSIX permissions
     * or when {@code existing} does not exist.
     */
    public static void keepModeOf(Path existing, Path replacement) throws IOException {
        PosixFileAttributeView from = Files.getFileAttributeView(existing, PosixFileAttributeView.class);
        PosixFileAttributeView to = Files.getFileAttributeView(replacement, PosixFileAttributeView.class);
        if (from == null || to == null || !Files.isRegularFile(existing, LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Set<PosixFilePermission> perms;
        try {
            perms = from.readAttributes().permissions();
        } catch (NoSuchFileException e) {
            return; // removed meanwhile: the replacement keeps its own default mode
        }
        to.setPermissions(perms);
    }
}
