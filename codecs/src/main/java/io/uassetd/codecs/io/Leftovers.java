package io.uassetd.codecs.io;

import io.uassetd.codecs.error.UnsafePathException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The hidden files a write leaves while it runs, and their removal once the process that made
 * them is gone. Every temporary file, old-file link and journal is named with its owner's process
 * id ({@code .NAME.u<pid>-<random>.tmp}, {@code .NAME.u<pid>-<random>.old},
 * {@code .uassetd-txn.u<pid>-<random>.journal}); a file whose owner process no longer runs (or,
 * for this process, that no write of this process holds) is a leftover of an interrupted write:
 * {@link #sweep} rolls its journals forward or back ({@link AtomicFileSet#recover}) and deletes
 * the rest. Files named by earlier versions ({@code .NAME.<random>.tmp}, {@code .staged}), which
 * carry no process id, are removed once they have not changed for an hour.
 */
public final class Leftovers {
    private static final Pattern OWNED = Pattern.compile("^\\..*\\.u([0-9]{1,19})-[0-9a-z]{1,13}\\.(tmp|old|journal)$");
    private static final Pattern OLD_STYLE = Pattern.compile("^\\..+\\.[0-9a-z]{1,13}\\.(tmp|staged)$");
    static final String JOURNAL_PREFIX = ".uassetd-txn";
    private static final Duration OLD_STYLE_AGE = Duration.ofHours(1);
    private static final long PID = ProcessHandle.current().pid();
    private static final Set<Path> LIVE = ConcurrentHashMap.newKeySet();
    private static final Set<Path> SWEPT = ConcurrentHashMap.newKeySet();

    private Leftovers() {
    }

    /** A new hidden name {@code .<base>.u<pid>-<random><suffix>} in {@code dir}, registered as in use by this process. */
    static Path claim(Path dir, String base, String suffix) {
        // a file's name the file system cannot hold is refused before anything is made, naming the rule
        if (base.isEmpty() || base.equals(".") || base.equals("..")) {
            throw new UnsafePathException("Path " + dir.resolve(base) + " names a file '" + base + "', which is the folder itself or its"
                    + " parent: a file's name may not be empty, '.' or '..'", dir.resolve(base).toString());
        }
        // at most 3 UTF-8 bytes per UTF-16 unit: only a long name needs counting
        int bytes = base.length() <= 85 ? 0 : base.getBytes(StandardCharsets.UTF_8).length;
        if (bytes > 255) {
            throw new UnsafePathException("Path " + dir.resolve(base) + " has a name of " + bytes
                    + " bytes, longer than the file system allows (255 bytes per name)", dir.resolve(base).toString());
        }
        for (;;) {
            // 63 random bits in base 36 (an unsigned 64-bit value in base 36 goes through BigInteger)
            Path p = dir.resolve("." + base + ".u" + PID + "-" + Long.toString(ThreadLocalRandom.current().nextLong() >>> 1, 36)
                    + suffix);
            if (LIVE.add(p)) {
                return p;
            }
        }
    }

    /** Says that {@code p} is no longer in use (written into place, or deleted). */
    static void release(Path p) {
        if (p != null) {
            LIVE.remove(p);
        }
    }

    /**
     * Sweeps {@code dir} unless this process swept it already (cheap enough to call before every
     * write into a folder that existed before: one listing per folder and process).
     */
    public static void sweepOnce(Path dir) {
        Path d = dir.toAbsolutePath().normalize();
        if (SWEPT.contains(d)) {
            return;
        }
        if (SWEPT.size() > 100_000) {
            SWEPT.clear();
        }
        SWEPT.add(d);
        sweep(d, FileOps.SYSTEM);
    }

    /** Sweeps {@code dir}: see {@link #sweep(Path, FileOps)}. */
    public static int sweep(Path dir) {
        return sweep(dir, FileOps.SYSTEM);
    }

    /**
     * Finishes (forward or back) the interrupted transactions whose journal is in {@code dir}, then
     * deletes the leftover temporary and old files there; returns how many files it dealt with.
     * Files of running writes (this process's or another's) are left alone. Never throws: a file
     * that cannot be removed now is tried again at the next sweep.
     */
    public static int sweep(Path dir, FileOps ops) {
        List<Path> journals = new ArrayList<>();
        List<Path> others = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, ".*")) {
            for (Path p : ds) {
                String n = p.getFileName().toString();
                Matcher m = OWNED.matcher(n);
                if (m.matches()) {
                    if (!ownerGone(p, m.group(1))) {
                        continue;
                    }
                    if (m.group(2).equals("journal")) {
                        journals.add(p);
                    } else {
                        others.add(p);
                    }
                } else if (OLD_STYLE.matcher(n).matches() && stale(p)) {
                    others.add(p);
                }
            }
        } catch (NoSuchFileException | NotDirectoryException e) {
            return 0;
        } catch (IOException e) {
            return 0;
        }
        int n = 0;
        for (Path j : journals) {
            try {
                AtomicFileSet.recover(j, ops, false);
                n++;
            } catch (IOException | RuntimeException e) {
                System.err.println("uassetd: cannot finish the interrupted write recorded in " + j + ": " + e.getMessage());
            }
        }
        for (Path p : others) {
            try {
                if (Files.exists(p, LinkOption.NOFOLLOW_LINKS)) {
                    ops.delete(p);
                    n++;
                }
            } catch (IOException e) {
                // tried again at the next sweep
            }
        }
        return n;
    }

    /** True when the process that made {@code p} (named as this class names files) is gone. */
    static boolean ownerGoneForRecord(Path p) {
        Matcher m = OWNED.matcher(p.getFileName().toString());
        return m.matches() && ownerGone(p, m.group(1));
    }

    private static boolean ownerGone(Path p, String pidText) {
        long pid;
        try {
            pid = Long.parseLong(pidText);
        } catch (NumberFormatException e) {
            return true;
        }
        if (pid == PID) {
            return !LIVE.contains(p);
        }
        return ProcessHandle.of(pid).map(h -> !h.isAlive()).orElse(true);
    }

    private static boolean stale(Path p) {
        try {
            BasicFileAttributes a = Files.readAttributes(p, BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
            return a.isRegularFile() && a.lastModifiedTime().toInstant().isBefore(Instant.now().minus(OLD_STYLE_AGE));
        } catch (IOException e) {
            return false;
        }
    }

    /** True when {@code p} is a journal, temporary or old file named by this mechanism. */
    public static boolean isOwnedName(String fileName) {
        return OWNED.matcher(fileName).matches();
    }
}
