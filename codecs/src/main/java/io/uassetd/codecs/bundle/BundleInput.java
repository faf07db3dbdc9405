package io.uassetd.codecs.bundle;

import io.uassetd.codecs.asset.AssetPackage;
import io.uassetd.codecs.zen.convert.LegacyOutput;
import java.nio.file.NoSuchFileException;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.pak.PakEntry;
import io.uassetd.codecs.pak.PakReadOptions;
import io.uassetd.codecs.pak.PakReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.LinkOption;
import java.nio.file.Files;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/**
 * One input file of a bundle: its path under the mount point (forward slashes, e.g.
 * {@code Marvel/Content/UI/Icon.uasset}) and how to read it. Inputs come from folders (paths
 * relative to the folder), single files (relative to a base folder, or from their
 * {@code Content} segment, or placed under the game path) or the entries of a legacy .pak (the
 * pak's mount point with its leading {@code ../} dropped, then the entry path).
 */
public record BundleInput(String path, Loader loader) {
    /** Reads an input's bytes. */
    @FunctionalInterface
    public interface Loader {
        byte[] load() throws IOException;
    }

    public byte[] read() {
        try {
            return loader.load();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path + ": " + e.getMessage(), e);
        }
    }

    /** The lower-case file name. */
    public String fileName() {
        return path.substring(path.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
    }

    /**
     * The inputs of files and folders, in order (a folder adds its files sorted by path).
     *
     * @param basePath single files are taken relative to it when under it; may be null
     * @param gamePath where single files without a {@code Content} folder in their path go (e.g. {@code Marvel/Content/})
     */
    public static List<BundleInput> of(List<Path> inputs, Path basePath, String gamePath) {
        return of(inputs, basePath, gamePath, null);
    }

    /**
     * As {@link #of(List, Path, String)}, a folder's subfolders listed in parallel on {@code pool} (null:
     * on the caller's thread): a mod of thousands of files in hundreds of folders waits on one
     * {@code stat} per file, which the pool's threads share.
     */
    public static List<BundleInput> of(List<Path> inputs, Path basePath, String gamePath, ForkJoinPool pool) {
        List<BundleInput> out = new ArrayList<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try {
                    String base = in.toString();
                    String sep = in.getFileSystem().getSeparator();
                    for (Path f : regularFilesUnder(in, pool)) {
                        // the walk's paths are the folder's path, a separator and the relative path
                        String s = f.toString();
                        boolean under = !base.isEmpty() && s.startsWith(base) && s.startsWith(sep, base.length())
                                && !base.endsWith(sep);
                        out.add(file(under ? s.substring(base.length() + sep.length()) : in.relativize(f).toString(), f));
                    }
                } catch (IOException e) {
                    throw new UncheckedIOException("Cannot list " + in + ": " + e.getMessage(), e);
                }
            } else if (Files.isRegularFile(in)) {
                out.add(file(placeFile(in, basePath, gamePath), in));
            } else {
                throw new UncheckedIOException(new NoSuchFileException(in.toString()));
            }
        }
        return out;
    }

    /**
     * The regular files under {@code dir}, sorted by path: each folder listed once, one {@code stat} per
     * entry; links to regular files are taken, links to folders below {@code dir} are not followed
     * ({@code dir} itself may be one). With a pool each folder is a task of its own: a mod of thousands
     * of files in hundreds of folders waits on those stats, which the pool's threads share.
     */
    private static List<Path> regularFilesUnder(Path dir, ForkJoinPool pool) throws IOException {
        Queue<Path> found = new ConcurrentLinkedQueue<>();
        try {
            Lister root = new Lister(dir, found, pool != null);
            if (pool != null) {
                pool.invoke(root);
            } else {
                root.compute();
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        List<Path> sorted = new ArrayList<>(found);
        sorted.sort(null);
        return sorted;
    }

    /** Lists one folder: its regular files into {@code found}, then its subfolders (as tasks of their own when parallel). */
    private static final class Lister extends RecursiveAction {
        private final Path dir;
        private final Queue<Path> found;
        private final boolean parallel;

        Lister(Path dir, Queue<Path> found, boolean parallel) {
            this.dir = dir;
            this.found = found;
            this.parallel = parallel;
        }

        @Override
        protected void compute() {
            List<Lister> subs = new ArrayList<>();
            try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
                for (Path f : entries) {
                    BasicFileAttributes a = Files.readAttributes(f, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
                    if (a.isDirectory()) {
                        subs.add(new Lister(f, found, parallel));
                    } else if (a.isRegularFile() || (a.isSymbolicLink() && Files.isRegularFile(f))) {
                        found.add(f);
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            if (parallel) {
                invokeAll(subs);
            } else {
                subs.forEach(Lister::compute);
            }
        }
    }

    private static BundleInput file(String path, Path f) {
        return new BundleInput(path.replace('\\', '/'), () -> Files.readAllBytes(f));
    }

    /** Where a single file goes under the mount point. */
    static String placeFile(Path file, Path basePath, String gamePath) {
        Path abs = file.toAbsolutePath().normalize();
        if (basePath != null) {
            Path base = basePath.toAbsolutePath().normalize();
            if (abs.startsWith(base)) {
                return base.relativize(abs).toString().replace('\\', '/');
            }
        }
        String p = abs.toString().replace('\\', '/');
        int at = p.toLowerCase(Locale.ROOT).lastIndexOf("/content/");
        if (at >= 0) {
            int projectStart = at == 0 ? 0 : p.lastIndexOf('/', at - 1) + 1;
            String rel = p.substring(projectStart);
            return rel.startsWith("/") ? normalizeGamePath(gamePath) + rel.substring("/content/".length()) : rel;
        }
        return normalizeGamePath(gamePath) + abs.getFileName();
    }

    /** {@code gamePath} with forward slashes and one trailing slash (empty stays empty). */
    public static String normalizeGamePath(String gamePath) {
        if (gamePath == null || gamePath.isBlank()) {
            return "";
        }
        String g = gamePath.replace('\\', '/');
        while (g.startsWith("/")) {
            g = g.substring(1);
        }
        return g.endsWith("/") ? g : g + "/";
    }

    /** The files of a legacy package made by Zen -> legacy conversion: .uasset/.umap, .uexp, bulk data. */
    public static List<BundleInput> of(LegacyOutput legacy) {
        AssetPackage.Bytes b = legacy.toBytes();
        String path = legacy.relativePath();
        String stem = path.substring(0, path.lastIndexOf('.'));
        List<BundleInput> out = new ArrayList<>();
        out.add(new BundleInput(path, b::header));
        out.add(new BundleInput(stem + ".uexp", b::exports));
        legacy.companions().forEach((ext, data) -> out.add(new BundleInput(stem + ext, () -> data)));
        return out;
    }

    /** The entries of a legacy pak, at their mount point plus entry path (leading {@code ../} dropped). */
    public static List<BundleInput> ofPak(Path pak, AesKey key, EncryptionScheme scheme, Codecs codecs) {
        List<BundleInput> out = new ArrayList<>();
        PakReader r = PakReader.open(pak, new PakReadOptions(key, scheme, codecs));
        try (r) {
            String mount = r.info().mountPoint().replace('\\', '/');
            while (mount.startsWith("../")) {
                mount = mount.substring(3);
            }
            while (mount.startsWith("/")) {
                mount = mount.substring(1);
            }
            for (PakEntry e : r.entries()) {
                byte[] data = r.readEntry(e);
                out.add(new BundleInput(mount + e.path(), () -> data));
            }
        }
        return out;
    }
}
