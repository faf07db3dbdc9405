package io.uassetd.codecs.mods;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.iostore.ContainerKeys;
import io.uassetd.codecs.iostore.IoStoreContainer;
import io.uassetd.codecs.iostore.IoStoreFile;
import io.uassetd.codecs.iostore.toc.TocEntryMeta;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

/**
 * One pak or IoStore container of an install or a mods folder, opened for its index: the files it
 * provides ({@link #files()}) with the hashes it holds for them, and their bytes on demand
 * ({@link #digest}), streamed block by block.
 */
public final class Archive implements AutoCloseable {
    private final Path file;
    private final String relative;
    private final PakReader pak;
    private final IoStoreContainer container;
    private List<ArchiveFile> files;

    private Archive(Path file, String relative, PakReader pak, IoStoreContainer container) {
        this.file = file;
        this.relative = relative;
        this.pak = pak;
        this.container = container;
    }

    /** Every .pak and .utoc under {@code folder}, recursively, sorted by path. */
    public static List<Path> find(Path folder) {
        return find(folder, null);
    }

    /** Every .pak and .utoc under {@code folder}, recursively, but not under {@code exclude} (null: none), sorted by path. */
    public static List<Path> find(Path folder, Path exclude) {
        Path ex = exclude == null ? null : exclude.toAbsolutePath().normalize();
        try (Stream<Path> s = Files.walk(folder)) {
            return s.filter(Files::isRegularFile).filter(p -> ex == null || !p.toAbsolutePath().normalize().startsWith(ex)).filter(p -> {
                String n = p.getFileName().toString().toLowerCase(Locale.ROOT);
                return n.endsWith(".pak") || n.endsWith(".utoc");
            }).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + folder + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens a pak or container, trying {@code keys} in order for an encrypted index (none first when
     * the list is empty); the last key's {@link WrongKeyException} when none opens it.
     *
     * @param relative the archive's path relative to the folder it was found in ('/'-separated)
     */
    public static Archive open(Path file, String relative, List<AesKey> keys, EncryptionScheme scheme, Codecs codecs) {
        boolean isPak = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".pak");
        List<AesKey> tries = keys.isEmpty() ? Collections.singletonList(null) : keys;
        WrongKeyException last = null;
        for (AesKey k : tries) {
            try {
                if (isPak) {
                    return new Archive(file, relative, PakReader.open(file, new PakReadOptions(k, scheme, codecs)), null);
                }
                IoStoreContainer c = IoStoreContainer.open(file, ContainerKeys.of(k), codecs);
                if (c.isEncrypted() && !c.canDecrypt() && tries.size() > 1) {
                    c.close();
                    last = new WrongKeyException("No key opens the container", file.getFileName().toString(), 0, "FIoStoreTocHeader");
                    continue;
                }
                return new Archive(file, relative, null, c);
            } catch (WrongKeyException e) {
                last = e;
            }
        }
        throw last;
    }

    public Path file() {
        return file;
    }

    /** The archive's path relative to the folder it was found in. */
    public String relative() {
        return relative;
    }

    /** The file name without its extension (the name mount-order rules read). */
    public String baseName() {
        String n = file.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? n : n.substring(0, dot);
    }

    public boolean isPak() {
        return pak != null;
    }

    public PakReader pak() {
        return pak;
    }

    public IoStoreContainer container() {
        return container;
    }

    /** The pak's entries (empty for a container). */
    public List<PakEntry> pakEntries() {
        return pak == null ? List.of() : pak.entries();
    }

    /**
     * Every file the archive provides, from its index: pak entries that are not deletion records,
     * or the files of the container's directory index, with the hash the archive holds for each
     * (pak entries: the SHA-1 of the stored bytes, from the index or the record in front of the
     * data; chunks: the TOC meta's hash).
     */
    public synchronized List<ArchiveFile> files() {
        if (files != null) {
            return files;
        }
        List<ArchiveFile> out = new ArrayList<>();
        if (pak != null) {
            String mount = pak.info().mountPoint();
            List<PakEntry> entries = pak.entries();
            for (int i = 0; i < entries.size(); i++) {
                PakEntry e = entries.get(i);
                if (e.deleted()) {
                    continue;
                }
                String storage = (e.compressed() ? e.compressionName() + "/" + e.record().blockSize() : "stored")
                        + (e.encrypted() ? "/encrypted" : "");
                out.add(new ArchiveFile(ArchiveFile.normalize(mount, e.path()), this, i, e.size(), pak.storedHash(e), storage));
            }
        } else {
            List<TocEntryMeta> metas = container.toc().chunkMetas();
            for (IoStoreFile f : container.files()) {
                TocEntryMeta m = f.chunkIndex() < metas.size() ? metas.get(f.chunkIndex()) : null;
                byte[] h = m != null && m.hasHash() ? m.hash20() : null;
                out.add(new ArchiveFile(ArchiveFile.normalize("", f.path()), this, f.chunkIndex(), f.size(), h, "chunk"));
            }
        }
        files = List.copyOf(out);
        return files;
    }

    /** The SHA-1 of a file's uncompressed bytes, streamed block by block (any size). */
    public byte[] digest(ArchiveFile f, TaskMonitor monitor) {
        MessageDigest md = sha1();
        if (pak != null) {
            byte[] buf = new byte[1 << 16];
            try (InputStream in = pak.openEntry(pak.entries().get(f.index()))) {
                int n;
                while ((n = in.read(buf)) > 0) {
                    md.update(buf, 0, n);
                    monitor.checkCancelled();
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        } else {
            container.copyChunk(f.index(), new OutputStream() {
                @Override
                public void write(int b) {
                    md.update((byte) b);
                }

                @Override
                public void write(byte[] b, int off, int len) {
                    md.update(b, off, len);
                }
            }, monitor);
        }
        return md.digest();
    }

    /** A file's whole uncompressed bytes (files up to 2 GiB; packages and tables). */
    public byte[] read(ArchiveFile f) {
        return pak != null ? pak.readEntry(pak.entries().get(f.index())) : container.readChunk(f.index());
    }

    /**
     * Writes a legacy package and the files beside it in this archive ({@code .uexp}, {@code .ubulk}...:
     * the same path with another extension) into {@code dir}; returns the written .uasset/.umap.
     */
    public Path writePackage(ArchiveFile pkg, Path dir) throws IOException {
        String path = pkg.path();
        String name = path.substring(path.lastIndexOf('/') + 1);
        int dot = path.lastIndexOf('.');
        String stem = path.substring(0, dot);
        String nameStem = name.substring(0, name.lastIndexOf('.'));
        Path out = dir.resolve(name);
        Files.write(out, read(pkg));
        for (ArchiveFile f : files()) {
            String p = f.path();
            if (f != pkg && p.length() > stem.length() && p.regionMatches(true, 0, stem, 0, stem.length())
                    && p.charAt(stem.length()) == '.' && p.indexOf('/', stem.length()) < 0) {
                Files.write(dir.resolve(nameStem + p.substring(stem.length())), read(f));
            }
        }
        return out;
    }

    static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() {
        if (pak != null) {
            pak.close();
        }
        if (container != null) {
            container.close();
        }
    }

    @Override
    public String toString() {
        return relative;
    }
}
