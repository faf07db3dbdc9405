package io.uassetd.codecs.mods;

import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionScheme;
import io.uassetd.codecs.task.TaskMonitor;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * The difference of two installs (folders of paks and IoStore containers): the mounted paths
 * added, removed and changed, each path taken from the archive the game reads it from
 * ({@link MountOrder}). Whether a path changed is decided, in this order:
 * <ol>
 * <li>{@code size}: the uncompressed sizes differ;</li>
 * <li>{@code hash}: both archives hold a hash of the same kind for it (pak entries: SHA-1 of the
 * stored bytes, compared when both are stored the same way; IoStore: the TOC's chunk hash of the
 * uncompressed bytes, compared when both TOCs are of one version): equal hashes are the same file,
 * different ones a change;</li>
 * <li>{@code bytes}: otherwise both sides are streamed and their SHA-1s compared.</li>
 * </ol>
 * Only indexes (and, for V10+ paks whose index has no hash, the small record in front of each
 * entry) are read unless a path needs its bytes.
 */
public final class GameDiff {
    /** How a path was decided. */
    public enum Decided {
        SIZE, HASH, BYTES;

        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT);
        }
    }

    /** A changed path: how it was decided, the sizes, and the archives on each side. */
    public record Changed(String path, Decided decided, long oldSize, long newSize, String oldArchive, String newArchive) {
    }

    /**
     * The outcome.
     *
     * @param decided how many common paths each way decided (changed or not)
     */
    public record Result(List<String> added, List<String> removed, List<Changed> changed, int unchanged, int oldArchives,
            int newArchives, int oldFiles, int newFiles, Map<Decided, Integer> decided, List<String> problems) {
    }

    private GameDiff() {
    }

    /**
     * Compares two opened installs; {@code monitor} gets {@code progress(done, total, path)} over the
     * paths both provide.
     */
    public static Result diff(Install older, Install newer, TaskMonitor monitor) {
        return diff(older, newer, monitor, false);
    }

    /**
     * As {@link #diff(Install, Install, TaskMonitor)}; {@code compareBytes} decides every path both hold
     * from its bytes, ignoring the hashes the archives hold (sizes still tell a change at once).
     */
    public static Result diff(Install older, Install newer, TaskMonitor monitor, boolean compareBytes) {
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        List<Changed> changed = new ArrayList<>();
        Map<Decided, Integer> decided = new java.util.EnumMap<>(Decided.class);
        for (Decided d : Decided.values()) {
            decided.put(d, 0);
        }
        TreeSet<String> keys = new TreeSet<>(older.providers().keySet());
        keys.addAll(newer.providers().keySet());
        List<String> common = new ArrayList<>();
        for (String k : keys) {
            ArchiveFile a = older.resolve(k);
            ArchiveFile b = newer.resolve(k);
            if (a == null) {
                added.add(b.path());
            } else if (b == null) {
                removed.add(a.path());
            } else {
                common.add(k);
            }
        }
        int unchanged = 0;
        int done = 0;
        monitor.progress(0, common.size(), null);
        for (String k : common) {
            monitor.checkCancelled();
            ArchiveFile a = older.resolve(k);
            ArchiveFile b = newer.resolve(k);
            Decided how;
            boolean same;
            if (a.size() != b.size()) {
                how = Decided.SIZE;
                same = false;
            } else if (!compareBytes && comparableHashes(a, b)) {
                how = Decided.HASH;
                same = Arrays.equals(a.hash(), b.hash());
            } else {
                how = Decided.BYTES;
                same = Arrays.equals(a.archive().digest(a, monitor), b.archive().digest(b, monitor));
            }
            decided.merge(how, 1, Integer::sum);
            if (same) {
                unchanged++;
            } else {
                changed.add(new Changed(b.path(), how, a.size(), b.size(), a.archive().relative(), b.archive().relative()));
            }
            monitor.progress(++done, common.size(), b.path());
        }
        List<String> problems = new ArrayList<>();
        older.problems().forEach(p -> problems.add("old: " + p));
        newer.problems().forEach(p -> problems.add("new: " + p));
        return new Result(added, removed, changed, unchanged, older.archives().size(), newer.archives().size(),
                older.providers().size(), newer.providers().size(), decided, problems);
    }

    /** Opens both installs and compares them. */
    public static Result diff(Path older, Path newer, List<AesKey> keys, EncryptionScheme scheme, Codecs codecs,
            Predicate<String> filter, TaskMonitor monitor) {
        try (Install a = Install.open(older, keys, scheme, codecs, filter, monitor, () -> { });
             Install b = Install.open(newer, keys, scheme, codecs, filter, monitor, () -> { })) {
            return diff(a, b, monitor);
        }
    }

    /** Both files carry a hash of one kind, and (pak entries) are stored the same way. */
    static boolean comparableHashes(ArchiveFile a, ArchiveFile b) {
        if (a.hash() == null || b.hash() == null || !a.hashKind().equals(b.hashKind())) {
            return false;
        }
        return !a.archive().isPak() || a.storage().equals(b.storage());
    }
}
