package io.uassetd.codecs.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The file operations an {@link AtomicFileSet} performs while committing or recovering, one call
 * per step, so that a test can make any step fail (and every step after it, as a crash would).
 * {@link #SYSTEM} is the real file system.
 */
public interface FileOps {
    /** Creates a new file (never opening an existing one or following a link) for writing. */
    FileChannel createNew(Path p) throws IOException;

    /** Writes all of {@code b}. */
    void write(FileChannel ch, ByteBuffer b) throws IOException;

    /** Forces the file's bytes and metadata to disk. */
    void force(FileChannel ch) throws IOException;

    void close(FileChannel ch) throws IOException;

    /** Gives {@code replacement} the mode of {@code existing} (see {@link FileModes#keepModeOf}). */
    void keepMode(Path existing, Path replacement) throws IOException;

    /** Makes {@code link} a hard link to {@code existing}. */
    void link(Path link, Path existing) throws IOException;

    /** Renames {@code from} onto {@code to}, atomically replacing it where the file system can. */
    void move(Path from, Path to) throws IOException;

    /** Deletes {@code p} if it exists. */
    void delete(Path p) throws IOException;

    /** Forces a folder's entries (renames, new and removed names) to disk; a no-op where folders cannot be opened. */
    void syncFolder(Path dir) throws IOException;

    /**
     * Sleeps this many milliseconds before each step when the environment variable
     * {@code UASSETD_TXN_STEP_DELAY_MS} says so: the kill -9 tests widen the window between steps
     * with it. 0 otherwise.
     */
    long STEP_DELAY_MS = stepDelay();

    private static long stepDelay() {
        try {
            String v = System.getenv("UASSETD_TXN_STEP_DELAY_MS");
            return v == null ? 0 : Math.max(0, Long.parseLong(v.trim()));
        } catch (NumberFormatException | SecurityException e) {
            return 0;
        }
    }

    FileOps SYSTEM = new FileOps() {
        private void pause() {
            if (STEP_DELAY_MS > 0) {
                try {
                    Thread.sleep(STEP_DELAY_MS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public FileChannel createNew(Path p) throws IOException {
            pause();
            return FileChannel.open(p, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE, LinkOption.NOFOLLOW_LINKS);
        }

        @Override
        public void write(FileChannel ch, ByteBuffer b) throws IOException {
            while (b.hasRemaining()) {
                ch.write(b);
            }
        }

        @Override
        public void force(FileChannel ch) throws IOException {
            pause();
            ch.force(true);
        }

        @Override
        public void close(FileChannel ch) throws IOException {
            ch.close();
        }

        @Override
        public void keepMode(Path existing, Path replacement) throws IOException {
            FileModes.keepModeOf(existing, replacement);
        }

        @Override
        public void link(Path link, Path existing) throws IOException {
            pause();
            Files.createLink(link, existing);
        }

        @Override
        public void move(Path from, Path to) throws IOException {
            pause();
            try {
                Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
            }
        }

        @Override
        public void delete(Path p) throws IOException {
            pause();
            Files.deleteIfExists(p);
        }

        @Override
        public void syncFolder(Path dir) throws IOException {
            try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
                ch.force(true);
            } catch (IOException | UnsupportedOperationException e) {
                // Windows cannot open a folder as a file; its renames are durable through the journal's own sync
            }
        }
    };
}
