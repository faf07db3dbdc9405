package io.uassetd.codecs.io;

import java.nio.channels.WritableByteChannel;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Locale;

/**
 * A file read by positional reads from one {@link FileChannel} (thread-safe, no shared position;
 * never the whole file at once; offsets are longs, so files over 2 GiB are normal). Every read is
 * checked against the file size and may be recorded in a {@link Coverage}.
 */
public final class FileSource implements AutoCloseable {
    private final FileChannel channel;
    private final String name;
    private final long size;
    private final String kind;
    private volatile Coverage coverage;

    private FileSource(FileChannel channel, String name, long size, String kind) {
        this.channel = channel;
        this.name = name;
        this.size = size;
        this.kind = kind;
    }

    public static FileSource open(Path file) {
        return open(file, "file");
    }

    /** Opens {@code file}; {@code kind} ("pak", "utoc", ...) words truncation messages. */
    public static FileSource open(Path file, String kind) {
        try {
            FileChannel ch = FileChannel.open(file, StandardOpenOption.READ);
            return new FileSource(ch, file.getFileName().toString(), ch.size(), kind);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open " + file + ": " + e.getMessage(), e);
        }
    }

    public String name() {
        return name;
    }

    public long size() {
        return size;
    }

    /** Starts recording which bytes are read into {@code c} (null stops). */
    public void recordInto(Coverage c) {
        this.coverage = c;
    }

    /** Throws TruncatedDataException unless {@code [offset, offset+len)} lies inside the file. */
    public void checkRange(long offset, long len, String structure, String what) {
        if (offset < 0 || len < 0 || offset > size || len > size - offset) {
            throw new TruncatedDataException(String.format(Locale.ROOT,
                    "Truncated %s: %s 0x%X at offset 0x%X exceeds file size %,d", kind, what, len, offset, size),
                    name, offset, structure);
        }
    }

    /** Reads {@code len} bytes at {@code offset} into a new reader. */
    public ByteReader read(long offset, int len, String structure) {
        byte[] b = new byte[checkedLength(offset, len, structure)];
        readFully(offset, b, 0, len, structure);
        return ByteReader.of(name, offset, b, structure);
    }

    private int checkedLength(long offset, int len, String structure) {
        checkRange(offset, len, structure, structure + " size");
        return len;
    }

    /** Fills {@code dst[off, off+len)} from the file at {@code position}. */
    public void readFully(long position, byte[] dst, int off, int len, String structure) {
        readFully(position, dst, off, len, structure, true);
    }

    /** Like {@link #readFully}, optionally without recording the range as consumed (probing). */
    public void readFully(long position, byte[] dst, int off, int len, String structure, boolean record) {
        fill(position, ByteBuffer.wrap(dst, off, len), structure, record);
    }

    /** Fills {@code dst}'s remaining bytes from the file at {@code position} (a direct buffer: without a copy). */
    public void readFully(long position, ByteBuffer dst, String structure) {
        fill(position, dst, structure, true);
    }

    private void fill(long position, ByteBuffer bb, String structure, boolean record) {
        int len = bb.remaining();
        checkRange(position, len, structure, structure + " size");
        long pos = position;
        try {
            while (bb.hasRemaining()) {
                int n = channel.read(bb, pos);
                if (n < 0) {
                    throw new TruncatedDataException("Unexpected end of file at offset " + FormatException.hex(pos),
                            name, pos, structure);
                }
                pos += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Read failed in " + name + " at offset " + FormatException.hex(pos), e);
        }
        Coverage c = coverage;
        if (c != null && record) {
            c.add(position, position + len);
        }
    }

    /** Copies {@code [position, position+len)} to {@code out} at its current position, kernel-side where possible. */
    public void transferTo(long position, long len, WritableByteChannel out, String structure) {
        checkRange(position, len, structure, structure + " size");
        long done = 0;
        try {
            while (done < len) {
                long n = channel.transferTo(position + done, len - done, out);
                if (n <= 0) {
                    throw new TruncatedDataException("Unexpected end of file at offset " + FormatException.hex(position + done),
                            name, position + done, structure);
                }
                done += n;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Copy failed in " + name + " at offset " + FormatException.hex(position + done), e);
        }
        Coverage c = coverage;
        if (c != null) {
            c.add(position, position + len);
        }
    }

    public FileChannel channel() {
        return channel;
    }

    @Override
    public void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
