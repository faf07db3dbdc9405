package io.uassetd.codecs.io;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Path;

/**
 * The real file operations, counted, with step {@code failAt} (0-based) throwing an IOException:
 * only that step ({@code crash == false}: a transient failure such as a full disk) or that step and
 * every one after it ({@code crash == true}: the process stops there; nothing after it reaches the
 * disk). {@code noLinks} makes every hard link fail as on a file system without them.
 */
public final class FaultyOps implements FileOps {
    private final int failAt;
    private final boolean crash;
    private final boolean noLinks;
    private int steps;

    public FaultyOps(int failAt, boolean crash, boolean noLinks) {
        this.failAt = failAt;
        this.crash = crash;
        this.noLinks = noLinks;
    }

    /** Steps performed (or attempted) so far. */
    public int steps() {
        return steps;
    }

    private void step(String what) throws IOException {
        int k = steps++;
        if (k == failAt || (crash && failAt >= 0 && k > failAt)) {
            throw new IOException("injected failure at step " + k + " (" + what + ")");
        }
    }

    @Override
    public FileChannel createNew(Path p) throws IOException {
        step("create " + p.getFileName());
        return SYSTEM.createNew(p);
    }

    @Override
    public void write(FileChannel ch, ByteBuffer b) throws IOException {
        step("write");
        SYSTEM.write(ch, b);
    }

    @Override
    public void force(FileChannel ch) throws IOException {
        step("force");
        SYSTEM.force(ch);
    }

    @Override
    public void close(FileChannel ch) throws IOException {
        step("close");
        SYSTEM.close(ch);
    }

    @Override
    public void keepMode(Path existing, Path replacement) throws IOException {
        step("mode");
        SYSTEM.keepMode(existing, replacement);
    }

    @Override
    public void link(Path link, Path existing) throws IOException {
        step("link " + existing.getFileName());
        if (noLinks) {
            throw new FileSystemException(link.toString(), existing.toString(), "hard links not supported (simulated)");
        }
        SYSTEM.link(link, existing);
    }

    @Override
    public void move(Path from, Path to) throws IOException {
        step("move " + from.getFileName() + " -> " + to.getFileName());
        SYSTEM.move(from, to);
    }

    @Override
    public void delete(Path p) throws IOException {
        step("delete " + p.getFileName());
        SYSTEM.delete(p);
    }

    @Override
    public void syncFolder(Path dir) throws IOException {
        step("sync folder");
        SYSTEM.syncFolder(dir);
    }
}
