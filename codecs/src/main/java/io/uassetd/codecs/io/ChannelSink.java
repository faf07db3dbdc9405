package io.uassetd.codecs.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;

/**
 * Sequential writer into a {@link FileChannel} that tracks the absolute position, for writers
 * that stream a large container to disk (pairs with {@link ByteWriter} for small structures).
 */
public final class ChannelSink {
    private final FileChannel channel;
    private long position;
    private final WriteBehind behind;

    public ChannelSink(FileChannel channel, long start) {
        this(channel, start, null);
    }

    /** A sink that tells {@code behind} (null: nothing) of every write, so the file goes to disk as it grows. */
    public ChannelSink(FileChannel channel, long start, WriteBehind behind) {
        this.channel = channel;
        this.position = start;
        this.behind = behind;
    }

    public long position() {
        return position;
    }

    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    public void write(byte[] b, int off, int len) {
        position = writeFully(ByteBuffer.wrap(b, off, len), position);
    }

    /** Writes the buffer's remaining bytes (a direct buffer goes to the file without a copy). */
    public void write(ByteBuffer bb) {
        position = writeFully(bb, position);
    }

    public void write(ByteWriter w) {
        write(w.array(), 0, w.size());
    }

    /** Writes at an earlier position without moving the current one. */
    public void writeAt(long at, byte[] b, int off, int len) {
        writeFully(ByteBuffer.wrap(b, off, len), at);
    }

    /** Writes the buffer's remaining bytes at an earlier position without moving the current one. */
    public void writeAt(long at, ByteBuffer bb) {
        writeFully(bb, at);
    }

    /** Writes all of {@code bb} at {@code at}; returns the position after it. */
    private long writeFully(ByteBuffer bb, long at) {
        long p = at;
        try {
            while (bb.hasRemaining()) {
                p += channel.write(bb, p);
            }
            if (behind != null) {
                behind.wrote(p - at);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return p;
    }

    /** Moves the current position {@code n} bytes on, leaving them to a later {@link #writeAt}. */
    public void skip(long n) {
        position += n;
    }

    /** Moves the write position back to {@code pos} and cuts the file there. */
    public void seek(long pos) {
        try {
            channel.truncate(pos);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        position = pos;
    }
}
