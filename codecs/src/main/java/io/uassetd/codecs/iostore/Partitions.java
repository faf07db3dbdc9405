package io.uassetd.codecs.iostore;

import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.io.FileSource;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The .ucas files of one container: {@code X.ucas}, {@code X_s1.ucas}, {@code X_s2.ucas}, ...
 * Each is opened on first use (so a TOC lists without its .ucas) and read by positional reads.
 * Thread-safe.
 */
final class Partitions implements AutoCloseable {
    private final Path folder;
    private final String baseName;
    private final FileSource[] sources;
    private boolean closed;

    Partitions(Path utoc, String baseName, int count) {
        this.folder = utoc.toAbsolutePath().getParent();
        this.baseName = baseName;
        this.sources = new FileSource[count];
    }

    int count() {
        return sources.length;
    }

    /** The file name of partition {@code i}. */
    String fileName(int i) {
        return i == 0 ? baseName + ".ucas" : baseName + "_s" + i + ".ucas";
    }

    Path path(int i) {
        return folder.resolve(fileName(i));
    }

    /** The partition files that exist, in order (for summaries). */
    List<Path> existing() {
        List<Path> out = new ArrayList<>();
        for (int i = 0; i < sources.length; i++) {
            if (Files.isRegularFile(path(i))) {
                out.add(path(i));
            }
        }
        return out;
    }

    synchronized FileSource source(int i) {
        if (closed) {
            throw new IllegalStateException("Container " + baseName + " is closed");
        }
        if (sources[i] == null) {
            Path p = path(i);
            if (!Files.isRegularFile(p)) {
                throw new CorruptDataException("Missing partition file " + fileName(i) + " (partition " + i + " of "
                        + sources.length + " the TOC lists)", fileName(i), -1, "ucas partition");
            }
            sources[i] = FileSource.open(p);
        }
        return sources[i];
    }

    /** Reads {@code len} bytes of partition {@code i} at {@code offset}, refusing reads past its end. */
    void read(int i, long offset, byte[] dst, int off, int len, String structure) {
        FileSource s = source(i);
        if (offset < 0 || offset > s.size() || len > s.size() - offset) {
            throw new TruncatedDataException("Truncated .ucas: " + len + " bytes at offset " + FormatException.hex(offset)
                    + " exceed the file size " + s.size(), s.name(), offset, structure);
        }
        s.readFully(offset, dst, off, len, structure);
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (int i = 0; i < sources.length; i++) {
            if (sources[i] != null) {
                sources[i].close();
                sources[i] = null;
            }
        }
    }
}
