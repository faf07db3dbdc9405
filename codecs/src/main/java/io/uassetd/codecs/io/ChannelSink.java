package io.uassetd.codecs.io;

import java.io.EOFException;
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

    public ChannelSink(FileChannel channel, long start) {
        this.channel = channel;
        this.position = start;
    }

    public long position() {
        return position;
    }

    public void write(byte[] b) {
        write(b, 0, b.length);
    }

    public void write(byte[] b, int off, int len) {
        ByteBuffer bb = ByteBuffer.wrap(b, off, len);
        try {
            while (bb.hasRemaining()) {
                position += channel.write(bb, position);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public void write(ByteWriter w) {
        write(w.array(), 0, w.size());
    }

    /**
     * Appends {@code count} bytes of {@code src} from {@code srcPos}, copied by the kernel
     * ({@link FileChannel#transferTo}) without passing through the heap; fails with an
     * {@link EOFException} if {@code src} ends first.
     */
    public void transferFrom(FileChannel src, long srcPos, long count) throws IOException {
        channel.position(position);
        long done = 0;
        while (done < count) {
            long n = src.transferTo(srcPos + done, count - done, channel);
            if (n <= 0) {
                throw new EOFException("source ends at " + (srcPos + done) + ", " + (count - done) + " bytes short");
            }
            done += n;
        }
        position += count;
    }

    /** Writes at an earlier position without moving the current one. */
    public void writeAt(long at, byte[] b, int off, int len) {
        ByteBuffer bb = ByteBuffer.wrap(b, off, len);
        long p = at;
        try {
            while (bb.hasRemaining()) {
                p += channel.write(bb, p);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
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
