package io.uassetd.codecs.pak;

import java.io.Closeable;
import java.io.EOFException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import io.uassetd.codecs.compression.CompressionMethod;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * One file to put in a pak: its path relative to the mount point ('/' separated), its size, how to
 * read it (may be opened more than once), optionally how to read it at any position (lets the
 * writer read blocks in parallel), and an optional per-entry compression method that overrides
 * {@link PakWriteOptions#compression()}.
 *
 * @param random null when the source can only be streamed
 */
public record PakSource(String path, long size, Opener opener, RandomOpener random, CompressionMethod compression) {
    /** Opens the source's bytes; called again when an entry is rewritten uncompressed. */
    @FunctionalInterface
    public interface Opener {
        InputStream open() throws IOException;
    }

    /** Opens the source for positional reads. */
    @FunctionalInterface
    public interface RandomOpener {
        Input open() throws IOException;
    }

    /** Positional, thread-safe reads of a source. */
    public interface Input extends Closeable {
        /** Fills {@code dst[off, off+len)} from {@code position}; fails if the source ends first. */
        void readAt(long position, byte[] dst, int off, int len) throws IOException;

        /** Fills {@code dst}'s remaining bytes from {@code position}; fails if the source ends first. */
        default void readAt(long position, ByteBuffer dst) throws IOException {
            byte[] tmp = new byte[dst.remaining()];
            readAt(position, tmp, 0, tmp.length);
            dst.put(tmp);
        }
    }

    /** A stream-only source. */
    public PakSource(String path, long size, Opener opener, CompressionMethod compression) {
        this(path, size, opener, null, compression);
    }

    public PakSource {
        Objects.requireNonNull(opener, "opener");
        path = normalize(path);
        if (size < 0) {
            throw new IllegalArgumentException("Negative size for " + path);
        }
    }

    static String normalize(String p) {
        String n = p.replace('\\', '/');
        while (n.startsWith("/")) {
            n = n.substring(1);
        }
        if (n.isEmpty() || n.endsWith("/") || n.indexOf('\0') >= 0) {
            throw new IllegalArgumentException("Not a file path for a pak entry: '" + p + "'");
        }
        for (String part : n.split("/")) {
            if (part.equals("..") || part.equals(".") || part.isEmpty()) {
                throw new IllegalArgumentException("Pak entry path '" + p + "' has an empty, '.' or '..' component");
            }
        }
        return n;
    }

    /** A file on disk stored under {@code path}. */
    public static PakSource file(String path, Path file) {
        try {
            return file(path, file, Files.size(file));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /** A file on disk whose size was just read (by a folder walk) stored under {@code path}. */
    public static PakSource file(String path, Path file, long size) {
        return new PakSource(path, size, () -> Files.newInputStream(file), () -> fileInput(file), null);
    }

    /** Bytes in memory stored under {@code path}. */
    public static PakSource bytes(String path, byte[] data) {
        byte[] copy = data.clone();
        return new PakSource(path, copy.length, () -> new ByteArrayInputStream(copy), () -> new Input() {
            @Override
            public void readAt(long position, byte[] dst, int off, int len) throws IOException {
                if (position < 0 || position + len > copy.length) {
                    throw new EOFException("Read past the end of '" + path + "'");
                }
                System.arraycopy(copy, (int) position, dst, off, len);
            }

            @Override
            public void close() {
            }
        }, null);
    }

    private static Input fileInput(Path file) throws IOException {
        FileChannel ch = FileChannel.open(file);
        return new Input() {
            @Override
            public void readAt(long position, byte[] dst, int off, int len) throws IOException {
                readAt(position, ByteBuffer.wrap(dst, off, len));
            }

            @Override
            public void readAt(long position, ByteBuffer bb) throws IOException {
                long pos = position;
                while (bb.hasRemaining()) {
                    int n = ch.read(bb, pos);
                    if (n < 0) {
                        throw new EOFException(file + " is shorter than when it was listed");
                    }
                    pos += n;
                }
            }

            @Override
            public void close() throws IOException {
                ch.close();
            }
        };
    }

    /** This source with its own compression method ({@code NONE} stores it uncompressed). */
    public PakSource withCompression(CompressionMethod method) {
        return new PakSource(path, size, opener, random, method);
    }

    /**
     * The given files named by their paths relative to {@code basePath} (create_pak's
     * {@code file_paths} + {@code base_path}), sorted as UnrealPak sorts; a file outside
     * {@code basePath} is refused.
     */
    public static List<PakSource> files(Path basePath, List<Path> files) {
        Path base = basePath.toAbsolutePath().normalize();
        List<PakSource> out = new ArrayList<>();
        for (Path f : files) {
            Path abs = f.toAbsolutePath().normalize();
            if (!abs.startsWith(base) || abs.equals(base)) {
                throw new IllegalArgumentException(f + " is not inside the base path " + base);
            }
            out.add(file(base.relativize(abs).toString().replace('\\', '/'), abs));
        }
        out.sort((a, b) -> a.path().compareTo(b.path()));
        return out;
    }

    /**
     * Every regular file under {@code root}, named by its path relative to {@code root}, in the
     * order UnrealPak writes them (sorted by path, ordinal comparison).
     */
    public static List<PakSource> directory(Path root) {
        List<PakSource> out = new ArrayList<>();
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(Files::isRegularFile).forEach(p -> out.add(file(root.relativize(p).toString().replace('\\', '/'), p)));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + root + ": " + e.getMessage(), e);
        }
        out.sort((a, b) -> a.path().compareTo(b.path()));
        return out;
    }
}
