package io.uassetd.codecs.io;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.CRC32;

/**
 * Writes several files as one: after a failure or a crash at any point, either every target holds
 * its old content (or is absent, if it was absent) or every target holds its new content. See
 * docs/transactions.md.
 *
 * <p>Use: {@link #stage} each file (a hidden temporary file beside its target, which the caller
 * fills), {@link #delete} the files the new set no longer has, then {@link #commit}; {@link #close}
 * without a commit deletes the temporary files. The commit forces every temporary file to disk,
 * links each existing target to a hidden {@code .old} name, writes and forces an intent record
 * (the journal: every temp -> target and old link), renames the temporary files onto their
 * targets, deletes the journal (the commit point) and the old links. A failure before the journal
 * is complete leaves the targets untouched; a failure after it is undone at once (every target
 * back to its old link); a crash after it is rolled forward (or, when a temporary file is missing,
 * back) by {@link #recover}, run by {@link Leftovers#sweep} the next time the process starts
 * ({@link #recoverAll}) or writes into that folder.
 *
 * <p>A set of one written file and nothing deleted needs no journal and commits with one rename.
 * Not thread-safe; distinct sets may run concurrently (also in distinct processes).
 */
public final class AtomicFileSet implements AutoCloseable {
    private static final String MAGIC = "uassetd-txn 1";
    private static volatile Path stateDir;

    private final FileOps ops;
    private final boolean durable;
    private final Map<Path, Entry> entries = new LinkedHashMap<>();
    private final Set<Path> folders = new LinkedHashSet<>();
    private Path pointer;
    private boolean finished;

    private static final class Entry {
        final Path target;
        Path temp;
        FileChannel channel;
        WriteBehind behind;
        Path old;
        boolean oldMoved;

        Entry(Path target) {
            this.target = target;
        }
    }

    private AtomicFileSet(FileOps ops, boolean durable) {
        this.ops = ops;
        this.durable = durable;
    }

    /** A new set whose files are forced to disk before they are renamed into place. */
    public static AtomicFileSet open() {
        return new AtomicFileSet(FileOps.SYSTEM, true);
    }

    /** A new set doing its file operations through {@code ops} (tests inject failures with it). */
    public static AtomicFileSet open(FileOps ops, boolean durable) {
        return new AtomicFileSet(ops, durable);
    }

    /**
     * The folder where each set records the folders it writes to (so that a restart finds the
     * leftovers of a killed write): set once by the daemon at start, null (the default) for none.
     */
    public static void stateDir(Path dir) {
        stateDir = dir;
    }

    /** The target paths staged so far (written or deleted), in order. */
    public List<Path> targets() {
        return List.copyOf(entries.keySet());
    }

    /**
     * Opens a new temporary file for {@code target} (making its folder, and finishing interrupted
     * writes there first) and returns its channel, which the caller fills and must not close.
     */
    public FileChannel stage(Path target) {
        Entry e = entry(target);
        try {
            e.temp = Leftovers.claim(e.target.getParent(), e.target.getFileName().toString(), ".tmp");
            e.channel = ops.createNew(e.temp);
            e.behind = durable ? new WriteBehind(e.channel) : null;
            return e.channel;
        } catch (IOException ex) {
            Leftovers.release(e.temp);
            e.temp = null;
            throw new OutputFailedException("Cannot create " + target + ": " + ex.getMessage(), target, ex);
        }
    }

    /**
     * Says that {@code n} more bytes were written to {@code channel}, one that {@link #stage(Path)}
     * returned: in a durable set they start going to disk in the background as they accumulate
     * ({@link WriteBehind}), so that the commit waits on little. Optional; for large files.
     */
    public void wrote(FileChannel channel, long n) {
        for (Entry e : entries.values()) {
            if (e.channel == channel) {
                if (e.behind != null) {
                    e.behind.wrote(n);
                }
                return;
            }
        }
    }

    /** Stages {@code data} as the new content of {@code target}. */
    public void stage(Path target, byte[] data) {
        FileChannel ch = stage(target);
        try {
            ops.write(ch, ByteBuffer.wrap(data));
        } catch (IOException ex) {
            throw new OutputFailedException("Cannot write " + target + ": " + ex.getMessage(), target, ex);
        }
    }

    /** Stages a copy of {@code source} as the new content of {@code target} (a backup, a companion file). */
    public void stageCopy(Path source, Path target) {
        FileChannel ch = stage(target);
        try (FileChannel in = FileChannel.open(source, StandardOpenOption.READ)) {
            long size = in.size();
            long pos = 0;
            while (pos < size) {
                long n = in.transferTo(pos, size - pos, ch);
                if (n <= 0) {
                    break;
                }
                pos += n;
            }
        } catch (IOException ex) {
            throw new OutputFailedException("Cannot copy " + source + " to " + target + ": " + ex.getMessage(), target, ex);
        }
    }

    /**
     * Reserves a temporary name for {@code target} that the caller creates and writes itself (a
     * writer that takes a path, e.g. through {@link AtomicOutput}); the file at that name becomes
     * {@code target} on commit.
     */
    public Path stagePath(Path target) {
        Entry e = entry(target);
        e.temp = Leftovers.claim(e.target.getParent(), e.target.getFileName().toString(), ".tmp");
        return e.temp;
    }

    /** Removes {@code target} on commit (when it exists): a file the new set no longer has. */
    public void delete(Path target) {
        entry(target);
    }

    private Entry entry(Path target) {
        if (finished) {
            throw new IllegalStateException("File set already finished");
        }
        Path abs = target.toAbsolutePath().normalize();
        if (entries.containsKey(abs)) {
            throw new IllegalArgumentException("File " + abs + " is staged twice in one write");
        }
        Path dir = abs.getParent();
        if (folders.add(dir)) {
            try {
                Files.createDirectories(dir);
            } catch (IOException ex) {
                throw new OutputFailedException("Cannot create folder " + dir + ": " + ex.getMessage(), dir, ex);
            }
            Leftovers.sweepOnce(dir); // once per folder and process: batches write thousands of packages into one folder
            registerFolder(dir);
        }
        Entry e = new Entry(abs);
        entries.put(abs, e);
        return e;
    }

    /** Makes every staged file the target's content, all or none; see the class comment. */
    public void commit() {
        if (finished) {
            throw new IllegalStateException("File set already finished");
        }
        finished = true;
        Path journal = null;
        boolean renaming = false;
        try {
            for (Entry e : entries.values()) {
                if (e.channel != null) {
                    if (e.behind != null) {
                        e.behind.await();
                    }
                    if (durable) {
                        ops.force(e.channel);
                    }
                    ops.close(e.channel);
                    e.channel = null;
                }
                if (e.temp != null) {
                    ops.keepMode(e.target, e.temp);
                }
            }
            if (entries.size() == 1 && entries.values().iterator().next().temp != null) {
                Entry e = entries.values().iterator().next();
                ops.move(e.temp, e.target);
                Leftovers.release(e.temp);
                e.temp = null;
                if (durable) {
                    ops.syncFolder(e.target.getParent());
                }
                return;
            }
            for (Entry e : entries.values()) {
                if (Files.exists(e.target, LinkOption.NOFOLLOW_LINKS)) {
                    e.old = Leftovers.claim(e.target.getParent(), e.target.getFileName().toString(), ".old");
                    try {
                        ops.link(e.old, e.target);
                    } catch (UnsupportedOperationException | FileSystemException ex) {
                        e.oldMoved = true; // no hard links here: the old file is renamed away after the journal
                    }
                }
            }
            Path first = entries.keySet().iterator().next().getParent();
            journal = Leftovers.claim(first, Leftovers.JOURNAL_PREFIX.substring(1), ".journal");
            writeJournal(journal);
            for (Path dir : folders) {
                ops.syncFolder(dir);
            }
            renaming = true;
            for (Entry e : entries.values()) {
                if (e.oldMoved) {
                    ops.move(e.target, e.old);
                }
                if (e.temp != null) {
                    ops.move(e.temp, e.target);
                } else if (!e.oldMoved) {
                    ops.delete(e.target);
                }
            }
            for (Path dir : folders) {
                ops.syncFolder(dir);
            }
            ops.delete(journal); // the commit point
            renaming = false;
            Leftovers.release(journal);
            journal = null;
            for (Entry e : entries.values()) {
                Leftovers.release(e.temp);
                e.temp = null;
                if (e.old != null) {
                    try {
                        ops.delete(e.old);
                    } catch (IOException ex) {
                        // the new set is in place; the next sweep removes the old link
                    } finally {
                        Leftovers.release(e.old);
                    }
                }
            }
        } catch (IOException | RuntimeException ex) {
            if (renaming) {
                try {
                    recover(journal, ops, true);
                } catch (IOException | RuntimeException again) {
                    ex.addSuppressed(again);
                    // the journal stays: the next start or write here finishes the undo
                } finally {
                    Leftovers.release(journal);
                }
            } else if (journal != null) {
                try {
                    ops.delete(journal); // incomplete or complete, nothing was renamed yet
                } catch (IOException | RuntimeException again) {
                    ex.addSuppressed(again); // a sweep finds it incomplete or rolls it back
                } finally {
                    Leftovers.release(journal);
                }
            }
            abort();
            if (ex instanceof IOException io) {
                throw new OutputFailedException("Cannot write " + describe() + ": " + io.getMessage(), firstTarget(), io);
            }
            throw (RuntimeException) ex;
        } finally {
            unregister();
        }
    }

    private Path firstTarget() {
        return entries.isEmpty() ? null : entries.keySet().iterator().next();
    }

    private String describe() {
        List<String> names = new ArrayList<>();
        for (Path p : entries.keySet()) {
            names.add(p.getFileName().toString());
        }
        Path dir = entries.isEmpty() ? null : entries.keySet().iterator().next().getParent();
        return (dir == null ? "" : dir + "/") + (names.size() == 1 ? names.get(0) : "{" + String.join(", ", names) + "}");
    }

    /** Deletes the temporary files unless the set was committed. */
    @Override
    public void close() {
        if (!finished) {
            finished = true;
            abort();
            unregister();
        }
    }

    /** Best effort: closes and deletes every temporary file and old link still held (a later sweep removes what stays). */
    private void abort() {
        for (Entry e : entries.values()) {
            if (e.channel != null) {
                if (e.behind != null) {
                    e.behind.await(); // not closed under a force still running
                }
                try {
                    ops.close(e.channel);
                } catch (IOException | RuntimeException ignored) {
                    // deleting is what matters
                }
                e.channel = null;
            }
            if (e.oldMoved) {
                Leftovers.release(e.old);
            }
            for (Path p : new Path[] {e.temp, e.oldMoved ? null : e.old}) {
                if (p != null) {
                    try {
                        ops.delete(p);
                        Leftovers.release(p);
                    } catch (IOException | RuntimeException ignored) {
                        // left for the next sweep: its owner (this process) no longer holds it
                        Leftovers.release(p);
                    }
                }
            }
            e.temp = null;
        }
    }

    // ---- journal -----------------------------------------------------------------------------------

    private void writeJournal(Path journal) throws IOException {
        StringBuilder sb = new StringBuilder(MAGIC).append('\n');
        for (Entry e : entries.values()) {
            sb.append(e.temp != null ? 'W' : 'D').append('\t').append(escape(e.target)).append('\t')
                    .append(e.temp == null ? "-" : escape(e.temp)).append('\t').append(e.old == null ? "-" : escape(e.old))
                    .append('\t').append(e.oldMoved ? 'M' : 'L').append('\n');
        }
        byte[] body = sb.toString().getBytes(StandardCharsets.UTF_8);
        CRC32 crc = new CRC32();
        crc.update(body);
        byte[] end = ("end\t" + Long.toHexString(crc.getValue()) + "\n").getBytes(StandardCharsets.UTF_8);
        FileChannel ch = ops.createNew(journal);
        try {
            ops.write(ch, ByteBuffer.wrap(body));
            ops.write(ch, ByteBuffer.wrap(end));
            ops.force(ch);
        } finally {
            ops.close(ch);
        }
    }

    private record Line(char kind, Path target, Path temp, Path old, boolean oldMoved) {
    }

    /** The lines of a journal, or null when it is incomplete (a crash while writing it: nothing was renamed yet). */
    private static List<Line> readJournal(Path journal) throws IOException {
        String text = new String(Files.readAllBytes(journal), StandardCharsets.UTF_8);
        int end = text.lastIndexOf("end\t");
        List<Line> lines = new ArrayList<>();
        boolean complete = false;
        if (text.startsWith(MAGIC + "\n") && end > 0) {
            CRC32 crc = new CRC32();
            crc.update(text.substring(0, end).getBytes(StandardCharsets.UTF_8));
            complete = text.substring(end + 4).trim().equals(Long.toHexString(crc.getValue()));
        }
        String[] rows = text.split("\n");
        for (int i = 1; i < rows.length; i++) {
            String[] f = rows[i].split("\t", -1);
            if (f.length != 5 || f[0].length() != 1) {
                continue;
            }
            lines.add(new Line(f[0].charAt(0), unescape(f[1]), f[2].equals("-") ? null : unescape(f[2]),
                    f[3].equals("-") ? null : unescape(f[3]), f[4].equals("M")));
        }
        return complete ? lines : partial(lines);
    }

    private static List<Line> partial(List<Line> lines) {
        List<Line> out = new ArrayList<>();
        for (Line l : lines) {
            out.add(new Line('?', l.target(), l.temp(), l.old(), l.oldMoved()));
        }
        return out;
    }

    /**
     * Finishes the transaction recorded in {@code journal}: forward when every file not yet in
     * place still has its temporary file (unless {@code back}), else back to the old files; then
     * deletes the temporary files, old links and the journal. An incomplete journal (the crash
     * came while it was written, before any rename) only has its temporary files and links deleted.
     */
    public static synchronized void recover(Path journal, FileOps ops, boolean back) throws IOException {
        if (!Files.exists(journal, LinkOption.NOFOLLOW_LINKS)) {
            return; // finished by another sweep
        }
        List<Line> lines = readJournal(journal);
        boolean incomplete = lines.stream().anyMatch(l -> l.kind() == '?');
        if (incomplete) {
            for (Line l : lines) {
                if (l.temp() != null && Leftovers.isOwnedName(l.temp().getFileName().toString())) {
                    ops.delete(l.temp());
                }
                if (l.old() != null && !l.oldMoved() && Leftovers.isOwnedName(l.old().getFileName().toString())) {
                    ops.delete(l.old());
                }
            }
            ops.delete(journal);
            return;
        }
        boolean forward = !back;
        for (Line l : lines) {
            if (l.kind() == 'W' && !Files.exists(l.temp(), LinkOption.NOFOLLOW_LINKS) && !replaced(l)) {
                forward = false; // a new file is lost: only the old set can be restored
            }
        }
        for (Line l : lines) {
            if (forward) {
                if (l.kind() == 'W') {
                    if (Files.exists(l.temp(), LinkOption.NOFOLLOW_LINKS)) {
                        ops.move(l.temp(), l.target());
                    }
                } else if (l.kind() == 'D' && (l.old() == null || l.oldMoved() || sameFile(l.target(), l.old()))) {
                    ops.delete(l.target());
                }
            } else {
                if (l.old() != null) {
                    if (Files.exists(l.old(), LinkOption.NOFOLLOW_LINKS)) {
                        ops.move(l.old(), l.target());
                    }
                } else if (l.kind() == 'W' && !Files.exists(l.temp(), LinkOption.NOFOLLOW_LINKS)) {
                    ops.delete(l.target()); // the target was new: the old set had no such file
                }
                if (l.temp() != null) {
                    ops.delete(l.temp());
                }
            }
        }
        for (Path dir : foldersOf(lines)) {
            ops.syncFolder(dir);
        }
        ops.delete(journal);
        for (Line l : lines) {
            if (l.old() != null) {
                ops.delete(l.old());
            }
            if (l.temp() != null) {
                ops.delete(l.temp());
            }
        }
    }

    /** A written file whose temporary file is gone: in place already (not the old file any more)? */
    private static boolean replaced(Line l) throws IOException {
        if (!Files.exists(l.target(), LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        if (l.old() == null) {
            return true;
        }
        if (l.oldMoved()) {
            return true; // the old file was renamed away before the new one came
        }
        return !Files.exists(l.old(), LinkOption.NOFOLLOW_LINKS) || !sameFile(l.target(), l.old());
    }

    private static boolean sameFile(Path a, Path b) throws IOException {
        return Files.exists(a, LinkOption.NOFOLLOW_LINKS) && Files.exists(b, LinkOption.NOFOLLOW_LINKS) && Files.isSameFile(a, b);
    }

    private static Set<Path> foldersOf(List<Line> lines) {
        Set<Path> out = new LinkedHashSet<>();
        lines.forEach(l -> out.add(l.target().getParent()));
        return out;
    }

    private static String escape(Path p) {
        String s = p.toString();
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' || c == '\t' || c == '\n' || c == '\r') {
                sb.append('%').append(String.format("%02X", (int) c));
            } else {
                sb.append(c);
            }
        }
        return sb.toString();
    }

    private static Path unescape(String s) {
        StringBuilder sb = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '%' && i + 2 < s.length()) {
                sb.append((char) Integer.parseInt(s.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                sb.append(c);
            }
        }
        return Path.of(sb.toString());
    }

    // ---- the state folder: which folders have writes in flight -------------------------------------

    private void registerFolder(Path dir) {
        Path state = stateDir;
        if (state == null) {
            return;
        }
        try {
            if (pointer == null) {
                Files.createDirectories(state);
                pointer = Leftovers.claim(state, "folders", ".journal");
            }
            Files.write(pointer, (escape(dir) + "\n").getBytes(StandardCharsets.UTF_8), StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND, StandardOpenOption.WRITE);
        } catch (IOException e) {
            // without the record, the leftovers are still found when the next write goes there
        }
    }

    private void unregister() {
        if (pointer != null) {
            try {
                Files.deleteIfExists(pointer);
            } catch (IOException ignored) {
                // a stale record only costs a sweep at the next start
            }
            Leftovers.release(pointer);
            pointer = null;
        }
    }

    /**
     * At start: sweeps every folder that a write of a process no longer running had recorded in the
     * state folder (finishing its transactions, deleting its temporary files), then the record.
     * Returns the number of folders swept.
     */
    public static int recoverAll() {
        Path state = stateDir;
        if (state == null || !Files.isDirectory(state)) {
            return 0;
        }
        int swept = 0;
        List<Path> records = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(state, ".folders.u*.journal")) {
            ds.forEach(records::add);
        } catch (IOException e) {
            return 0;
        }
        for (Path r : records) {
            if (!Leftovers.ownerGoneForRecord(r)) {
                continue;
            }
            try {
                for (String line : Files.readAllLines(r, StandardCharsets.UTF_8)) {
                    if (!line.isBlank()) {
                        Leftovers.sweep(unescape(line), FileOps.SYSTEM);
                        swept++;
                    }
                }
                Files.deleteIfExists(r);
            } catch (IOException | RuntimeException e) {
                System.err.println("uassetd: cannot read the write record " + r + ": " + e.getMessage());
            }
        }
        return swept;
    }
}
