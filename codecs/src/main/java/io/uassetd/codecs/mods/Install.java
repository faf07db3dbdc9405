package io.uassetd.codecs.mods;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

/**
 * Every pak and IoStore container under a folder (recursively), opened for their indexes, and the
 * file each mounted path resolves to under the engine's {@link MountOrder}. Archives that cannot
 * be opened (no key, corrupt) are left out and listed in {@link #problems()}.
 */
public final class Install implements AutoCloseable {
    private final Path folder;
    private final List<Archive> archives;
    private final List<String> problems;
    private final Map<String, List<ArchiveFile>> providers = new LinkedHashMap<>();

    private Install(Path folder, List<Archive> archives, List<String> problems) {
        this.folder = folder;
        this.archives = archives;
        this.problems = problems;
    }

    /**
     * Opens every archive under {@code folder}; {@code filter} keeps the paths to index (null: all).
     * {@code onArchive} is told after each archive is opened.
     */
    public static Install open(Path folder, List<AesKey> keys, EncryptionScheme scheme, Codecs codecs, Predicate<String> filter,
            TaskMonitor monitor, Runnable onArchive) {
        return open(folder, null, keys, scheme, codecs, filter, monitor, onArchive);
    }

    /**
     * As {@link #open(Path, List, EncryptionScheme, Codecs, Predicate, TaskMonitor, Runnable)}, leaving out
     * the archives under {@code exclude} (null: none): a base game's Paks folder holds its ~mods folder.
     */
    public static Install open(Path folder, Path exclude, List<AesKey> keys, EncryptionScheme scheme, Codecs codecs,
            Predicate<String> filter, TaskMonitor monitor, Runnable onArchive) {
        List<Archive> opened = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        Install in = new Install(folder, opened, problems);
        try {
            for (Path p : Archive.find(folder, exclude)) {
                monitor.checkCancelled();
                String rel = folder.relativize(p).toString().replace('\\', '/');
                try {
                    Archive a = Archive.open(p, rel, keys, scheme, codecs);
                    opened.add(a);
                    for (ArchiveFile f : a.files()) {
                        if (filter == null || filter.test(f.path())) {
                            in.providers.computeIfAbsent(f.key(), k -> new ArrayList<>()).add(f);
                        }
                    }
                } catch (FormatException e) {
                    problems.add(rel + ": " + e.getMessage());
                }
                onArchive.run();
            }
        } catch (RuntimeException e) {
            in.close();
            throw e;
        }
        return in;
    }

    public Path folder() {
        return folder;
    }

    public List<Archive> archives() {
        return archives;
    }

    public List<String> problems() {
        return problems;
    }

    /** Mounted path (lower case) -> the files providing it, in the order the archives were found. */
    public Map<String, List<ArchiveFile>> providers() {
        return providers;
    }

    /** The file the game gets for a path (lower case), or null when no archive provides it. */
    public ArchiveFile resolve(String key) {
        List<ArchiveFile> all = providers.get(key);
        return all == null ? null : winner(all);
    }

    /** The provider the engine's lookup returns: see {@link MountOrder}. */
    public static ArchiveFile winner(List<ArchiveFile> all) {
        if (all.size() == 1) {
            return all.get(0);
        }
        return sorted(all).get(all.size() - 1);
    }

    /** The providers from the first loaded to the one the game gets. */
    public static List<ArchiveFile> sorted(List<ArchiveFile> all) {
        boolean zen = all.stream().noneMatch(f -> f.archive().isPak());
        List<ArchiveFile> s = new ArrayList<>(all);
        s.sort((x, y) -> MountOrder.loadOrder(zen).compare(x.archive(), y.archive()));
        return s;
    }

    @Override
    public void close() {
        for (Archive a : archives) {
            try {
                a.close();
            } catch (RuntimeException e) {
                // closing is best effort
            }
        }
    }
}
