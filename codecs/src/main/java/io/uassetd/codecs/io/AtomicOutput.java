package io.uassetd.codecs.io;

import java.nio.ByteBuffer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.LinkOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file all-or-nothing: bytes go to a temporary file in the target's folder; {@link #commit}
 * forces them to disk and renames the file into place; {@link #close} without a commit deletes the
 * temporary file, so a failed write never leaves a partial or empty target behind. The file gets
 * the mode a plain write would give it: a new file the process umask's (not the 0600 of
 * {@code Files.createTempFile}), a replaced file the mode it had.
 */
public final class AtomicOutput implements AutoCloseable {
    private final Path target;
    private final Path temp;
    private final FileChannel channel;
    private final boolean durable;
    private final boolean keepMode;
    private final WriteBehind behind;
    private boolean done;

    private AtomicOutput(Path target, Path temp, FileChannel channel, boolean durable, boolean keepMode) {
        this.target = target;
        this.temp = temp;
        this.channel = channel;
        this.durable = durable;
        this.keepMode = keepMode;
        this.behind = durable ? new WriteBehind(channel) : null;
    }

    /**
     * For a durable output, what to tell of the bytes written so that they go to disk while more are
     * written ({@link WriteBehind}; the commit's fsync then waits on little); null otherwise.
     */
    public WriteBehind writeBehind() {
        return behind;
    }

    /** Creates missing parent folders and opens a temporary file next to {@code target}; fsyncs on commit. */
    public static AtomicOutput create(Path target) {
        return create(target, true);
    }

    /**
     * Like {@link #create(Path)}; {@code durable = false} skips the fsync before the rename (still
     * all-or-nothing for readers, cheaper when extracting thousands of files).
     */
    public static AtomicOutput create(Path target, boolean durable) {
        return create(target, durable, false);
    }

    /**
     * Like {@link #create(Path, boolean)}; {@code parentExists} skips making the target's folder
     * (an extraction that made it already: saves the checks, which cost an exception each).
     */
    public static AtomicOutput create(Path target, boolean durable, boolean parentExists) {
        return create(target, durable, parentExists, false);
    }

    /**
     * Like {@link #create(Path, boolean, boolean)}; {@code targetIsNew} says no file can be at
     * {@code target} yet (its folder was just made by the caller), so the commit does not look for
     * one whose mode to keep (a stat per file saved when extracting thousands).
     */
    public static AtomicOutput create(Path target, boolean durable, boolean parentExists, boolean targetIsNew) {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        try {
            if (!parentExists) {
                Files.createDirectories(dir);
            }
            // the temporary file is new and empty: no TRUNCATE_EXISTING, which on ext4 makes close() start
            // write-back of the file at once (auto_da_alloc) and slows extraction of many files
            if (!targetIsNew) {
                Leftovers.sweepOnce(dir); // leftovers of interrupted writes here (once per folder and process)
            }
            Path temp = Leftovers.claim(dir, abs.getFileName().toString(), ".tmp");
            try {
                FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE,
                        LinkOption.NOFOLLOW_LINKS);
                return new AtomicOutput(abs, temp, ch, durable, !targetIsNew);
            } catch (IOException | RuntimeException e) {
                Leftovers.release(temp);
                throw e;
            }
        } catch (IOException e) {
            throw new OutputFailedException("Cannot create " + target + ": " + e.getMessage(), target, e);
        }
    }

    /** Writes {@code data} to {@code target} all-or-nothing (fsynced before the rename). */
    public static void write(Path target, byte[] data) {
        try (AtomicOutput o = create(target)) {
            ByteBuffer b = ByteBuffer.wrap(data);
            while (b.hasRemaining()) {
                o.channel().write(b);
            }
            o.commit();
        } catch (IOException e) {
            throw new OutputFailedException("Cannot write " + target + ": " + e.getMessage(), target, e);
        }
    }

    public FileChannel channel() {
        return channel;
    }

    public Path target() {
        return target;
    }

    public Path tempFile() {
        return temp;
    }

    /** Flushes to disk and renames the temporary file onto the target (replacing it). */
    public void commit() {
        if (done) {
            throw new IllegalStateException("Already finished");
        }
        try {
            if (behind != null) {
                behind.await();
            }
            if (durable) {
                channel.force(true);
            }
            channel.close();
            if (keepMode) {
                FileModes.keepModeOf(target, temp);
            }
            try {
                Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
            Leftovers.release(temp);
        } catch (IOException e) {
            throw new OutputFailedException("Cannot write " + target + ": " + e.getMessage(), target, e);
        }
    }

    /** Deletes the temporary file unless {@link #commit} succeeded. */
    @Override
    public void close() {
        if (done) {
            return;
        }
        done = true;
        if (behind != null) {
            behind.await(); // not closed under a force still running
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // deleting below is what matters
        }
        try {
            Files.deleteIfExists(temp);
            Leftovers.release(temp);
        } catch (IOException e) {
            Leftovers.release(temp); // the next sweep here removes it
            throw new UncheckedIOException("Cannot delete temporary file " + temp, e);
        }
    }
}
