package io.uassetd.codecs.pak;

import io.uassetd.codecs.error.CancelledException;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.stream.IntStream;
import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.Coverage;
import io.uassetd.codecs.io.DirectBufferPool;
import io.uassetd.codecs.io.FileSource;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.io.OutputFolders;
import io.uassetd.codecs.io.SafePaths;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * An open pak file (versions 1 to 15): footer and index are read on {@link #open}; entry data is
 * streamed on demand with positional reads (thread-safe: several entries may be read at once).
 * Errors are {@link FormatException}s naming file, offset and structure.
 *
 * <pre>{@code
 * try (PakReader pak = PakReader.open(path, PakReadOptions.defaults().withKey(hexKey))) {
 *     for (PakEntry e : pak.entries()) { ... }
 *     pak.extractAll(outDir, p -> true, monitor);
 * }
 * }</pre>
 */
public final class PakReader implements AutoCloseable {
    /** Buffers for copying stored entries while hashing them: native memory, reused across entries and extractions. */
    private static final DirectBufferPool COPY_BUFFERS = new DirectBufferPool(1 << 18, 16);
    private final FileSource src;
    private final PakReadOptions options;
    private final PakFooter footer;
    private final AesCipher cipher;
    private final PakInfo info;
    private final List<PakEntry> entries;
    private final Map<String, PakEntry> byPath = new HashMap<>();
    private final Map<String, PakEntry> byLowerPath = new HashMap<>();
    private final List<String> warnings;

    private PakReader(FileSource src, PakReadOptions options, Coverage coverage) {
        this.src = src;
        this.options = options;
        src.recordInto(coverage);
        this.footer = PakFooter.locate(src);
        this.cipher = options.key() == null ? null : options.scheme().cipher(options.key());
        PakIndexLoader.Loaded loaded = new PakIndexLoader(src, footer, cipher).load();
        this.warnings = List.of();
        this.entries = List.copyOf(loaded.entries());
        for (PakEntry e : entries) {
            byPath.putIfAbsent(e.path(), e);
            byLowerPath.putIfAbsent(e.path().toLowerCase(Locale.ROOT), e);
        }
        consumeTrailer(options.scheme().indexTrailer());
        List<String> methods = footer.version().atLeast(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS)
                ? footer.compressionNames() : List.of("Zlib", "Gzip", "Oodle");
        this.info = new PakInfo(src.name(), src.size(), footer.version(), loaded.mountPoint(), loaded.pathHashSeed(),
                footer.encryptedIndex(), footer.keyGuid().clone(), footer.frozenIndex(), entries.size(), methods);
    }

    /** Reads the scheme's marker block between the indexes and the footer when it is there. */
    private void consumeTrailer(byte[] trailer) {
        long at = footer.position(src.size()) - trailer.length;
        if (trailer.length == 0 || at < 0) {
            return;
        }
        byte[] b = new byte[trailer.length];
        src.readFully(at, b, 0, b.length, "index trailer", false);
        if (Arrays.equals(b, trailer)) {
            src.readFully(at, b, 0, b.length, "index trailer");
        }
    }

    /** Reservations about how the pak was read, for the reply's warnings (none for the formats read today). */
    public List<String> warnings() {
        return warnings;
    }

    /** Opens a pak without a key. */
    public static PakReader open(Path file) {
        return open(file, PakReadOptions.defaults());
    }

    public static PakReader open(Path file, PakReadOptions options) {
        return open(file, options, null);
    }

    /** Opens a pak recording every byte read into {@code coverage} (for "every byte consumed" checks). */
    public static PakReader open(Path file, PakReadOptions options, Coverage coverage) {
        FileSource src = FileSource.open(file, "pak");
        try {
            return new PakReader(src, options, coverage);
        } catch (RuntimeException e) {
            src.close();
            throw e;
        }
    }

    public PakInfo info() {
        return info;
    }

    public PakFooter footer() {
        return footer;
    }

    /** All entries (including deletion records), in data order. */
    public List<PakEntry> entries() {
        return entries;
    }

    /**
     * Finds an entry by its path, with or without the mount point, '/' or '\' separated; an exact
     * match first, then case-insensitively (Unreal paths are).
     */
    public Optional<PakEntry> find(String path) {
        PakEntry exact = lookup(byPath, path.replace('\\', '/'));
        return Optional.ofNullable(exact != null ? exact
                : lookup(byLowerPath, path.replace('\\', '/').toLowerCase(Locale.ROOT)));
    }

    private PakEntry lookup(Map<String, PakEntry> map, String p) {
        String mount = map == byPath ? info.mountPoint() : info.mountPoint().toLowerCase(Locale.ROOT);
        PakEntry e = map.get(p);
        if (e == null && p.startsWith(mount)) {
            e = map.get(p.substring(mount.length()));
        }
        if (e == null && p.startsWith("/")) {
            e = map.get(p.substring(1));
        }
        return e;
    }

    /** Where an entry's data lies, checked against its record in front of the data. */
    record Layout(PakEntryRecord dataRecord, long dataStart, long storedLength, long encryptedPrefix, List<long[]> blocks) {
    }

    Layout layout(PakEntry e) {
        PakVersion v = footer.version();
        PakEntryRecord idx = e.record();
        if (idx.deleted()) {
            throw new CorruptDataException("Entry '" + e.path() + "' is a deletion record and has no data", src.name(),
                    idx.offset(), "FPakEntry");
        }
        int headerLen = idx.serializedSize(v);
        PakEntryRecord data = PakEntryRecord.read(src.read(idx.offset(), headerLen, "FPakEntry"), v);
        String mismatch = null;
        if (data.uncompressedSize() != idx.uncompressedSize()) {
            mismatch = "uncompressed size " + data.uncompressedSize() + " vs " + idx.uncompressedSize();
        } else if (data.compression() != idx.compression()) {
            mismatch = "compression " + data.compression() + " vs " + idx.compression();
        } else if (data.encrypted() != idx.encrypted()) {
            mismatch = "encrypted flag " + data.encrypted() + " vs " + idx.encrypted();
        } else if (idx.compressed() && (data.size() != idx.size() || !data.blocks().equals(idx.blocks()))) {
            mismatch = "compressed size or blocks";
        }
        if (mismatch != null) {
            throw new CorruptDataException("Entry record of '" + e.path() + "' disagrees with the index: " + mismatch,
                    src.name(), idx.offset(), "FPakEntry");
        }
        long dataStart = idx.offset() + headerLen;
        long total = idx.uncompressedSize();
        List<long[]> blocks = new ArrayList<>();
        long stored;
        if (idx.compressed()) {
            long base = v.atLeast(PakVersion.RELATIVE_CHUNK_OFFSETS) ? idx.offset() : 0;
            long bs = idx.blockSize() > 0 ? idx.blockSize() : total;
            int n = idx.blocks().size();
            if ((total > 0 && n == 0) || (n > 0 && (bs <= 0 || (n - 1) * bs >= total || (long) n * bs < total))) {
                throw new CorruptDataException("Entry '" + e.path() + "': " + n + " blocks of " + bs + " bytes cannot hold "
                        + total + " bytes", src.name(), idx.offset(), "FPakEntry");
            }
            long end = dataStart;
            for (PakBlock b : idx.blocks()) {
                long at = base + b.start();
                if (at < dataStart) {
                    throw new CorruptDataException("Compression block of '" + e.path() + "' starts inside its record",
                            src.name(), idx.offset(), "FPakEntry");
                }
                blocks.add(new long[] {at, b.size(), bs});
                end = Math.max(end, at + (idx.encrypted() ? AesCipher.align(b.size()) : b.size()));
            }
            stored = end - dataStart;
        } else {
            stored = idx.encrypted() ? options.scheme().storedLength(e.path(), total) : total;
            src.checkRange(dataStart, stored, "entry data", "entry data size");
        }
        long prefix = idx.encrypted() ? options.scheme().encryptedPrefix(e.path(), stored) : 0;
        return new Layout(data, dataStart, stored, prefix, blocks);
    }

    private Codec codecFor(PakEntry e) {
        if (!e.compressed()) {
            return null;
        }
        if (e.method() == null || e.method() == CompressionMethod.NONE) {
            throw new UnsupportedVersionException("Compression method '" + e.compressionName() + "' of '" + e.path()
                    + "' is not supported", src.name(), e.offset(), "FPakEntry");
        }
        options.codecs().requireDecompress(e.method());
        return options.codecs().get(e.method());
    }

    private AesCipher cipherFor(PakEntry e) {
        if (!e.encrypted()) {
            return null;
        }
        if (cipher == null) {
            throw new WrongKeyException("Entry '" + e.path() + "' is encrypted; an AES key is required", src.name(),
                    e.offset(), "FPakEntry");
        }
        return cipher;
    }

    /** A stream of the entry's uncompressed bytes, read block by block. */
    public InputStream openEntry(PakEntry e) {
        Codec codec = codecFor(e);
        AesCipher c = cipherFor(e);
        return new PakEntryStream(src, e, layout(e), c, codec);
    }

    /** The whole entry in memory (entries up to 2 GiB). */
    public byte[] readEntry(PakEntry e) {
        if (e.size() > Integer.MAX_VALUE - 16) {
            throw new UnsupportedOperationException("Entry too large for memory: " + e.size() + " bytes; use openEntry");
        }
        MemoryBudget.admit(e.size(), "Entry '" + e.path() + "' of " + e.size() + " bytes", src.name(), e.offset(), "FPakEntry");
        byte[] out = new byte[(int) e.size()];
        try (InputStream in = openEntry(e)) {
            int pos = 0;
            while (pos < out.length) {
                int n = in.read(out, pos, out.length - pos);
                if (n < 0) {
                    throw new CorruptDataException("Entry '" + e.path() + "' ended after " + pos + " of " + out.length + " bytes",
                            src.name(), e.offset(), "FPakEntry");
                }
                pos += n;
            }
            return out;
        } catch (IOException ex) {
            throw new UncheckedIOException(ex);
        }
    }

    /**
     * Writes the entry to {@code target} atomically (temp file + rename, no fsync); returns its
     * size. A failure leaves no file behind.
     */
    public long extractTo(PakEntry e, Path target) {
        return extractTo(e, target, TaskMonitor.NONE);
    }

    /** {@link #extractTo(PakEntry, Path, TaskMonitor, boolean)} checking the entry's SHA-1 on the way. */
    public long extractTo(PakEntry e, Path target, TaskMonitor monitor) {
        return extractTo(e, target, monitor, true, false);
    }

    /**
     * Writes the entry to {@code target} atomically; returns its size. With {@code checkHash}, an
     * unencrypted entry whose record stores a SHA-1 (not all zeros) has its stored bytes hashed in
     * the same pass that copies them (the compression blocks as read, when they follow one another
     * from the data start, as UnrealPak writes them), and a hash that differs from the record's is
     * a CorruptDataException that leaves no file. Encrypted entries are checked by {@link #verify}.
     */
    public long extractTo(PakEntry e, Path target, TaskMonitor monitor, boolean checkHash) {
        return extractTo(e, target, monitor, checkHash, false);
    }

    /**
     * {@link #extractTo(PakEntry, Path, TaskMonitor, boolean)}; {@code parentExists} says the caller made
     * the target's folder already (extracting many files: each folder is made once).
     */
    public long extractTo(PakEntry e, Path target, TaskMonitor monitor, boolean checkHash, boolean parentExists) {
        return extractTo(e, target, monitor, checkHash, parentExists, false);
    }

    /**
     * {@link #extractTo(PakEntry, Path, TaskMonitor, boolean, boolean)}; {@code targetIsNew} says the
     * target's folder was just made, so no file there can have a mode to keep (see {@link OutputFolders}).
     */
    public long extractTo(PakEntry e, Path target, TaskMonitor monitor, boolean checkHash, boolean parentExists,
            boolean targetIsNew) {
        Codec codec = codecFor(e);
        AesCipher c = cipherFor(e);
        Layout l = layout(e);
        MessageDigest md = checkHash && !e.encrypted() && storesHash(l.dataRecord()) ? sha1() : null;
        if (!e.compressed() && !e.encrypted()) {
            try (AtomicOutput out = AtomicOutput.create(target, false, parentExists, targetIsNew)) {
                if (md == null) {
                    src.transferTo(l.dataStart(), e.size(), out.channel(), "entry data");
                } else {
                    copyHashed(l.dataStart(), e.size(), out.channel(), md, monitor);
                    checkHash(e, l, md.digest());
                }
                out.commit();
                return e.size();
            } catch (IOException ex) {
                throw new UncheckedIOException("Cannot write " + target + ": " + ex.getMessage(), ex);
            }
        }
        PakEntryStream in = new PakEntryStream(src, e, l, c, codec, md);
        try (AtomicOutput out = AtomicOutput.create(target, false, parentExists, targetIsNew)) {
            long written = in.copyTo(out.channel(), monitor);
            if (written != e.size()) {
                throw new CorruptDataException("Entry '" + e.path() + "' produced " + written + " of " + e.size() + " bytes",
                        src.name(), e.offset(), "FPakEntry");
            }
            if (md != null && in.hashedLength() == l.dataRecord().size()) {
                checkHash(e, l, md.digest());
            }
            out.commit();
            return written;
        } catch (IOException ex) {
            throw new UncheckedIOException("Cannot write " + target + ": " + ex.getMessage(), ex);
        }
    }

    /** Copies stored bytes to {@code out} through a buffer, hashing them on the way. */
    private void copyHashed(long at, long length, WritableByteChannel out, MessageDigest md, TaskMonitor monitor)
            throws IOException {
        ByteBuffer buf = COPY_BUFFERS.take();
        try {
            long done = 0;
            int chunks = 0;
            while (done < length) {
                int n = (int) Math.min(buf.capacity(), length - done);
                buf.clear().limit(n);
                src.readFully(at + done, buf, "entry data");
                buf.flip();
                md.update(buf.duplicate());
                while (buf.hasRemaining()) {
                    out.write(buf);
                }
                done += n;
                if ((++chunks & 15) == 0) {
                    monitor.checkCancelled();
                }
            }
        } finally {
            COPY_BUFFERS.give(buf);
        }
    }

    /** False when the record's SHA-1 is all zeros (a packer that stores no hashes). */
    /**
     * The SHA-1 the pak holds for an entry without reading its data: the index's record when it
     * carries the hash (before V10), else the record stored in front of the entry's data (one small
     * read); null when the pak stores an all-zero hash or the entry is a deletion record. The hash
     * covers the entry's stored bytes (compressed, and under the standard scheme encrypted).
     */
    public byte[] storedHash(PakEntry e) {
        if (e.deleted()) {
            return null;
        }
        PakEntryRecord idx = e.record();
        if (idx.hash() != null && storesHash(idx)) {
            return idx.hash().clone();
        }
        PakEntryRecord data = layout(e).dataRecord();
        return data.hash() != null && storesHash(data) ? data.hash().clone() : null;
    }

    private static boolean storesHash(PakEntryRecord r) {
        for (byte b : r.hash()) {
            if (b != 0) {
                return true;
            }
        }
        return false;
    }

    private void checkHash(PakEntry e, Layout l, byte[] got) {
        if (!Arrays.equals(got, l.dataRecord().hash())) {
            throw new CorruptDataException("SHA-1 of '" + e.path() + "' is " + HexFormat.of().formatHex(got) + ", the record says "
                    + HexFormat.of().formatHex(l.dataRecord().hash()), src.name(), e.offset(), "FPakEntry");
        }
    }

    /**
     * Extracts every non-deleted entry accepted by {@code filter} (given the path relative to the
     * mount point) under {@code outDir}, refusing paths that escape it, on as many threads as
     * there are cores. A format error in one entry is recorded as a failure and extraction goes
     * on; cancellation stops it ({@link io.uassetd.codecs.error.CancelledException}).
     */
    public PakExtractResult extractAll(Path outDir, Predicate<String> filter, TaskMonitor monitor) {
        return extractAll(outDir, filter, monitor, Runtime.getRuntime().availableProcessors());
    }

    /** {@link #extractAll(Path, Predicate, TaskMonitor)} on {@code threads} threads. */
    public PakExtractResult extractAll(Path outDir, Predicate<String> filter, TaskMonitor monitor, int threads) {
        return extractAll(outDir, filter, monitor, threads, true);
    }

    /**
     * {@link #extractAll(Path, Predicate, TaskMonitor, int)}; {@code checkHash} false skips the SHA-1
     * check of {@link #extractTo(PakEntry, Path, TaskMonitor, boolean)}.
     */
    public PakExtractResult extractAll(Path outDir, Predicate<String> filter, TaskMonitor monitor, int threads, boolean checkHash) {
        List<PakEntry> todo = entries.stream().filter(x -> !x.deleted() && filter.test(x.path())).toList();
        Object[] outcome = new Object[todo.size()];
        long[] sizes = new long[todo.size()];
        AtomicInteger done = new AtomicInteger();
        OutputFolders folders = new OutputFolders(outDir);
        IntConsumer one = i -> {
            monitor.checkCancelled();
            PakEntry e = todo.get(i);
            try {
                Path target = SafePaths.resolve(outDir, e.path(), src.name()).toAbsolutePath();
                boolean isNew;
                try {
                    isNew = folders.prepare(target);
                } catch (IOException ex) {
                    throw new UncheckedIOException("Cannot create " + target.getParent() + ": " + ex.getMessage(), ex);
                }
                sizes[i] = extractTo(e, target, monitor, checkHash, true, isNew);
                outcome[i] = Boolean.TRUE;
            } catch (FormatException ex) {
                outcome[i] = ex;
            }
            monitor.progress(done.incrementAndGet(), todo.size(), e.path());
        };
        if (threads <= 1 || todo.size() <= 1) {
            for (int i = 0; i < todo.size(); i++) {
                one.accept(i);
            }
        } else {
            ForkJoinPool pool = new ForkJoinPool(threads);
            try {
                pool.submit(() -> IntStream.range(0, todo.size()).parallel().forEach(one)).get();
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
                throw new CancelledException("Interrupted");
            } catch (ExecutionException ex) {
                if (ex.getCause() instanceof RuntimeException r) {
                    throw r;
                }
                throw new IllegalStateException(ex.getCause());
            } finally {
                pool.shutdownNow();
            }
        }
        List<String> files = new ArrayList<>();
        List<PakExtractResult.Failure> failures = new ArrayList<>();
        long bytes = 0;
        for (int i = 0; i < todo.size(); i++) {
            if (outcome[i] instanceof FormatException ex) {
                failures.add(new PakExtractResult.Failure(todo.get(i).path(), ex.getMessage(), ex));
            } else {
                files.add(todo.get(i).path());
                bytes += sizes[i];
            }
        }
        return new PakExtractResult(outDir, files, failures, bytes);
    }

    /**
     * Checks the entry's SHA-1 against the hash in its record; throws CorruptDataException on a
     * mismatch. Under the standard scheme the hash covers the stored bytes as written (UnrealPak);
     * under Rivals the plain stored bytes.
     */
    public void verify(PakEntry e) {
        Layout l = layout(e);
        boolean plain = e.encrypted() && options.scheme().hashesPlaintext();
        AesCipher c = plain ? cipherFor(e) : null;
        long len = e.compressed() ? l.dataRecord().size() : plain ? e.size() : l.dataRecord().size();
        long readable = Math.max(len, plain ? l.storedLength() : len);
        MessageDigest md = sha1();
        byte[] buf = new byte[1 << 16];
        long pos = 0;
        while (pos < len) {
            int n = (int) Math.min(buf.length, readable - pos);
            long at = l.dataStart() + pos;
            src.readFully(at, buf, 0, n, "entry data");
            if (c != null) {
                long hi = Math.min(at + n, l.dataStart() + l.encryptedPrefix());
                if (hi > at) {
                    c.decrypt(buf, 0, (int) (hi - at));
                }
            }
            md.update(buf, 0, (int) Math.min(n, len - pos));
            pos += n;
        }
        checkHash(e, l, md.digest());
    }

    /** Verifies every non-deleted entry; returns the paths that failed with their messages. */
    public List<PakExtractResult.Failure> verifyAll(TaskMonitor monitor) {
        List<PakExtractResult.Failure> out = new ArrayList<>();
        int i = 0;
        for (PakEntry e : entries) {
            monitor.checkCancelled();
            if (!e.deleted()) {
                try {
                    verify(e);
                } catch (FormatException ex) {
                    out.add(new PakExtractResult.Failure(e.path(), ex.getMessage(), ex));
                }
            }
            monitor.progress(++i, entries.size(), e.path());
        }
        return out;
    }

    static MessageDigest sha1() {
        try {
            return MessageDigest.getInstance("SHA-1");
        } catch (NoSuchAlgorithmException ex) {
            throw new IllegalStateException(ex);
        }
    }

    /** The reader's source file name. */
    public String name() {
        return src.name();
    }

    @Override
    public void close() {
        src.close();
    }

}
