package io.uassetd.codecs.pak;

import java.io.Closeable;
import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.AtomicOutput;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.io.ChannelSink;
import io.uassetd.codecs.io.DirectBufferPool;
import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.security.MessageDigest;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Writes a pak (V3..V14) through {@link AtomicOutput}: entries in the order given, each as its
 * FPakEntry record followed by its data, compressed in blocks (64 KiB by default) on the
 * options' executor while the calling thread writes finished blocks in order; then the index and
 * footer ({@link PakIndexWriter}). With the unencrypted repak inputs, version, mount point and seed
 * the output is byte-identical to UnrealPak's.
 */
public final class PakWriter {
    /** Stored (uncompressed) entries move in chunks of this size (a multiple of 16 for AES). */
    private static final int STORED_CHUNK = 1 << 20;
    /** How much of an entry's first block is compressed on its own to see whether the entry compresses at all. */
    static final int PROBE = 16 << 10;
    private final PakWriteOptions o;
    private final AesCipher cipher;
    private final boolean ctr;
    private final int threads;
    private Executor executor;
    private final List<String> slotNames = new ArrayList<>();
    private final List<PakSource.Input> openInputs = new ArrayList<>();
    private final List<String> warnings = new ArrayList<>();
    private final Map<CompressionMethod, Integer> unavailable = new EnumMap<>(CompressionMethod.class);
    private final int window;
    /** Data steps queued and not yet written. */
    private int inFlight;
    /** The arrays of this write's compression blocks. */
    private ArrayPool arrays;

    public PakWriter(PakWriteOptions options) {
        this.o = options;
        this.cipher = options.key() == null ? null : options.scheme().cipher(options.key());
        this.ctr = options.ctr();
        this.threads = options.executor() instanceof ForkJoinPool p ? p.getParallelism() : Runtime.getRuntime().availableProcessors();
        this.window = Math.max(8, 4 * threads);
    }

    /** Convenience: {@code new PakWriter(options).write(target, sources, TaskMonitor.NONE)}. */
    public static PakWriteResult create(Path target, List<PakSource> sources, PakWriteOptions options) {
        return new PakWriter(options).write(target, sources, TaskMonitor.NONE);
    }

    /**
     * A block on its way to disk: stored bytes (compressed/padded/encrypted as needed). An entry's first
     * compressed block also keeps its plain bytes ({@code raw}, {@code rawLength}): when it does not
     * shrink, the entry is stored and those bytes are written instead.
     */
    private record Block(byte[] data, int length, int stored, byte[] raw, int rawLength, boolean incompressible,
            ByteBuffer direct, AtomicInteger users, ArrayPool pool) {
        Block(byte[] data, int length, int stored) {
            this(data, length, stored, null, 0, false, null, null, null);
        }

        /** A block whose arrays came from {@code pool}: given back once the hash and the write are done with it. */
        Block(byte[] data, int length, int stored, ArrayPool pool) {
            this(data, length, stored, null, 0, false, null, new AtomicInteger(2), pool);
        }

        Block(byte[] data, int length, int stored, byte[] raw, int rawLength, boolean incompressible, ArrayPool pool) {
            this(data, length, stored, raw, rawLength, incompressible, null, new AtomicInteger(2), pool);
        }

        /** A stored chunk in a pooled direct buffer, used by the hash and the write, then pooled again. */
        static Block direct(ByteBuffer buf) {
            return new Block(null, buf.remaining(), buf.remaining(), null, 0, false, buf, new AtomicInteger(2), null);
        }

        /** Called by each of its two users (the hash, the write) when done with the block's bytes. */
        void release() {
            if (users == null || users.decrementAndGet() != 0) {
                return;
            }
            if (direct != null) {
                DIRECT_CHUNKS.give(direct);
            } else if (pool != null) {
                pool.give(data);
                if (raw != null && raw != data) {
                    pool.give(raw);
                }
            }
        }
    }

    /**
     * Heap arrays of the compression blocks (plain bytes read and compressed bytes), kept for the
     * blocks after them: a compressed pak then allocates a window of arrays instead of two per
     * 64 KiB block (for 254 MB, about 500 MB of new arrays to zero and collect). Arrays come in two
     * lengths, the block size and the compressed bound of the block size; a taken array is longer
     * than asked for, so its users go by the lengths they were given, never by the array's.
     */
    private static final class ArrayPool {
        private final int[] lengths;
        private final List<ConcurrentLinkedQueue<byte[]>> free = new ArrayList<>();
        private final AtomicInteger kept = new AtomicInteger();
        private final int keep;

        ArrayPool(int keep, int... lengths) {
            this.lengths = lengths;
            this.keep = keep;
            for (int i = 0; i < lengths.length; i++) {
                free.add(new ConcurrentLinkedQueue<>());
            }
        }

        /** An array of at least {@code min} bytes with undefined contents. */
        byte[] take(int min) {
            for (int i = 0; i < lengths.length; i++) {
                if (min <= lengths[i]) {
                    byte[] b = free.get(i).poll();
                    if (b == null) {
                        return new byte[lengths[i]];
                    }
                    kept.decrementAndGet();
                    return b;
                }
            }
            return new byte[min];
        }

        /** Gives an array back (one of another length is left to the collector); the caller must not use it afterwards. */
        void give(byte[] b) {
            for (int i = 0; i < lengths.length; i++) {
                if (b.length == lengths[i]) {
                    if (kept.incrementAndGet() <= keep) {
                        free.get(i).offer(b);
                    } else {
                        kept.decrementAndGet();
                    }
                    return;
                }
            }
        }
    }

    /**
     * Direct buffers for stored chunks: a stored entry then goes from the file into native memory,
     * through SHA-1 and into the pak without the two copies (and the zeroing of a new array per
     * chunk) that heap arrays cost. At most 32 are kept between writes.
     */
    private static final DirectBufferPool DIRECT_CHUNKS = new DirectBufferPool(STORED_CHUNK, 32);

    /** One queued step: reserve an entry's record, write a block, or finish the entry. */
    private record Step(Job job, int kind, CompletableFuture<Block> block) {
        static final int START = 0;
        static final int DATA = 1;
        static final int END = 2;
    }

    /** State of one entry while it is written. */
    private final class Job {
        final PakSource src;
        CompressionMethod method;
        int raw;
        long headerStart;
        int headerLen;
        long dataStart;
        long stored;
        long compressedPayload;
        final List<PakBlock> blocks = new ArrayList<>();
        MessageDigest md;
        long hashLimit;
        long hashed;
        /** SHA-1 updates run on the executor, in block order, so hashing overlaps writing. */
        CompletableFuture<Void> hashChain = CompletableFuture.completedFuture(null);
        final ArrayDeque<CompletableFuture<Void>> hashPending = new ArrayDeque<>();
        byte[] plainHead;
        PakSource.Input input;
        /** The entry's AES-CTR IV (V15 encrypted entries), else null. */
        byte[] iv;
        /** The offset in the entry's CTR unit after the blocks queued so far (their stored sizes). */
        CompletableFuture<Long> ctrOffset;
        /** The first block of an entry that may be stored when it does not shrink (see {@link #produce}). */
        CompletableFuture<Block> probe;
        /** The first block did not shrink: the entry is stored. */
        volatile boolean abandoned;
        /**
         * A plain stored entry read whole into one direct buffer after room for its record: record and
         * data go to the file in one write when the entry finishes (its hash known), not three.
         */
        boolean whole;
        /** That buffer, between the entry's data step and its end. */
        Block held;

        Job(PakSource src, CompressionMethod method) {
            this.src = src;
            this.method = method;
        }

        boolean encrypted() {
            return o.encryptEntries();
        }

        int blockCount() {
            return method == CompressionMethod.NONE ? 0 : (int) ((src.size() + blockSize() - 1) / blockSize());
        }

        long blockSize() {
            return method == CompressionMethod.NONE ? 0 : Math.min(o.blockSize(), src.size());
        }
    }

    /** Writes one pak; a PakWriter writes one pak at a time. */
    public synchronized PakWriteResult write(Path target, List<PakSource> sources, TaskMonitor monitor) {
        slotNames.clear();
        inFlight = 0;
        warnings.clear();
        unavailable.clear();
        checkPaths(sources);
        ExecutorService own = o.executor() == null ? Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, "pak-writer");
            t.setDaemon(true);
            return t;
        }) : null;
        executor = own != null ? own : o.executor();
        try {
            return writeWith(target, sources, monitor);
        } finally {
            if (own != null) {
                own.shutdownNow();
            }
            openInputs.forEach(PakWriter::closeQuietly);
            openInputs.clear();
        }
    }

    private PakWriteResult writeWith(Path target, List<PakSource> sources, TaskMonitor monitor) {
        List<Job> jobs = new ArrayList<>();
        for (PakSource s : sources) {
            jobs.add(new Job(s, effectiveMethod(s)));
        }
        unavailable.forEach((m, n) -> warnings.add(m.unrealName() + " compression is not available here ("
                + o.codecs().get(m).backend() + "); " + n + (n == 1 ? " entry was" : " entries were") + " stored uncompressed"));
        int bound = 0;
        for (Job job : jobs) {
            if (job.method != CompressionMethod.NONE) {
                bound = Math.max(bound, o.codecs().get(job.method).maxCompressedLength(o.blockSize()) + 16);
            }
        }
        arrays = bound == 0 ? new ArrayPool(0) : new ArrayPool(4 * window, o.blockSize(), bound);
        List<PakEntry> written = new ArrayList<>();
        try (AtomicOutput out = AtomicOutput.create(target, o.durable())) {
            ChannelSink sink = new ChannelSink(out.channel(), 0, out.writeBehind());
            ArrayDeque<Step> queue = new ArrayDeque<>();
            int done = 0;
            for (Job job : jobs) {
                monitor.checkCancelled();
                queue.add(new Step(job, Step.START, null));
                produce(job, queue, sink, written);
                queue.add(new Step(job, Step.END, null));
                drain(queue, sink, written, window);
                monitor.progress(++done, jobs.size(), job.src.path());
            }
            drain(queue, sink, written, 0);
            long indexOffset = sink.position();
            PakIndexWriter iw = new PakIndexWriter(o.version(), o.mountPoint(), o.pathHashSeed(),
                    o.encryptIndex() ? cipher : null, cipher != null ? o.scheme().indexTrailer() : new byte[0],
                    ctr ? cipher : null, ctr ? this::newIv : null);
            byte[] tail = iw.build(written, slotNames, indexOffset);
            sink.write(tail);
            long size = sink.position();
            out.commit();
            return new PakWriteResult(out.target(), o.version(), o.mountPoint(), written, size, warnings);
        }
    }

    /** A fresh random AES-CTR IV. */
    private byte[] newIv() {
        byte[] iv = new byte[AesCtr.IV_SIZE];
        RANDOM.nextBytes(iv);
        return iv;
    }

    private static final SecureRandom RANDOM = new SecureRandom();

    private void checkPaths(List<PakSource> sources) {
        Set<String> seen = new HashSet<>();
        for (PakSource s : sources) {
            if (!seen.add(s.path().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("Duplicate pak entry path '" + s.path() + "'");
            }
        }
    }

    private CompressionMethod effectiveMethod(PakSource s) {
        CompressionMethod m = s.compression() != null ? s.compression() : o.compression();
        if (m == CompressionMethod.NONE || s.size() == 0) {
            return CompressionMethod.NONE;
        }
        if (!o.codecs().canCompress(m)) {
            unavailable.merge(m, 1, Integer::sum);
            return CompressionMethod.NONE;
        }
        if (o.version().before(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS)
                && m != CompressionMethod.ZLIB && m != CompressionMethod.GZIP && m != CompressionMethod.OODLE) {
            throw new UnsupportedVersionException(m.unrealName() + " compression needs pak V8 or later (methods by name); "
                    + o.version() + " knows Zlib, Gzip and Oodle only");
        }
        return m;
    }

    private int rawCompression(CompressionMethod m) {
        if (m == CompressionMethod.NONE) {
            return 0;
        }
        if (o.version().before(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS)) {
            return switch (m) {
                case ZLIB -> 1;
                case GZIP -> 2;
                default -> 4;
            };
        }
        int i = slotNames.indexOf(m.unrealName());
        if (i < 0) {
            if (slotNames.size() >= o.version().compressionSlots()) {
                throw new UnsupportedVersionException("Pak " + o.version() + " has room for " + o.version().compressionSlots()
                        + " compression methods; " + m.unrealName() + " would be one more");
            }
            slotNames.add(m.unrealName());
            i = slotNames.size() - 1;
        }
        return i + 1;
    }

    /**
     * Queues the job's blocks: each is read (positionally on the executor when the source allows,
     * else from its stream here), then compressed and/or encrypted on the executor.
     */
    private void produce(Job job, ArrayDeque<Step> queue, ChannelSink sink, List<PakEntry> written) {
        job.raw = rawCompression(job.method);
        resetHash(job);
        boolean standardEncrypt = job.encrypted() && !o.scheme().hashesPlaintext() && !ctr;
        job.iv = ctr && job.encrypted() ? newIv() : null;
        job.ctrOffset = CompletableFuture.completedFuture(0L);
        boolean compressed = job.method != CompressionMethod.NONE;
        long size = job.src.size();
        int chunk = compressed ? (int) job.blockSize() : STORED_CHUNK;
        long storedLeft = compressed ? 0 : job.encrypted() ? o.scheme().storedLength(job.src.path(), size) : size;
        Codec codec = compressed ? o.codecs().get(job.method) : null;
        // An entry whose start does not shrink is stored whole: its other blocks are not compressed.
        boolean probe = compressed && o.storeIncompressible();
        job.probe = null;
        job.abandoned = false;
        CompletableFuture<Block> probeBlock = null;
        InputStream in = null;
        try {
            PakSource.Input random = null;
            if (job.src.random() != null) {
                random = job.src.random().open();
                job.input = random;
                openInputs.add(random);
            } else {
                in = job.src.opener().open();
            }
            for (long off = 0; off < size;) {
                int n = (int) Math.min(chunk, size - off);
                long pos = off;
                off += n;
                int stored = compressed ? n : (int) (off == size ? storedLeft : n);
                storedLeft -= compressed ? 0 : stored;
                Function<byte[], Block> transform = compressed
                        ? buf -> compress(codec, buf, n, job.encrypted(), standardEncrypt, pos == 0 && probe)
                        : buf -> {
                            if (standardEncrypt) {
                                cipher.encrypt(buf, 0, stored);
                            }
                            return new Block(buf, n, stored);
                        };
                if (compressed && probe && pos > 0) {
                    // later blocks of an entry whose first block did not shrink are not compressed
                    Function<byte[], Block> compress = transform;
                    transform = buf -> job.abandoned ? new Block(buf, n, n, arrays) : compress.apply(buf);
                }
                Function<byte[], Block> apply = transform;
                CompletableFuture<Block> f;
                if (random != null && !compressed && !job.encrypted()) {
                    PakSource.Input r = random;
                    int room = PakEntryRecord.serializedSize(o.version(), false, 0);
                    job.whole = pos == 0 && n == size && n <= STORED_CHUNK - room;
                    int at = job.whole ? room : 0;
                    f = CompletableFuture.supplyAsync(() -> readDirect(r, job.src, pos, n, at), executor);
                } else if (random != null) {
                    PakSource.Input r = random;
                    ArrayPool readPool = compressed ? arrays : null;
                    f = probeBlock != null
                            ? probeBlock.thenApplyAsync(first -> apply.apply(readAt(r, job.src, pos, n, stored, readPool)), executor)
                            : CompletableFuture.supplyAsync(() -> apply.apply(readAt(r, job.src, pos, n, stored, readPool)), executor);
                } else {
                    byte[] buf = readFully(in, n, stored, job.src);
                    f = probeBlock != null ? probeBlock.thenApplyAsync(first -> apply.apply(buf), executor)
                            : compressed || standardEncrypt ? CompletableFuture.supplyAsync(() -> apply.apply(buf), executor)
                            : CompletableFuture.completedFuture(apply.apply(buf));
                }
                if (compressed && probe && pos == 0) {
                    probeBlock = f.thenApply(first -> {
                        job.abandoned = first.incompressible();
                        return first;
                    });
                    job.probe = probeBlock;
                    f = probeBlock;
                }
                if (job.iv != null) {
                    // AES-CTR: a block's key stream starts at its offset in the entry's unit, known once the blocks before it are
                    CompletableFuture<Long> before = job.ctrOffset;
                    f = before.thenCombine(f, (unitOff, blk) -> {
                        AesCtr.apply(cipher, job.iv, 0, unitOff, blk.data(), 0, blk.stored());
                        return blk;
                    });
                    job.ctrOffset = before.thenCombine(f, (unitOff, blk) -> unitOff + blk.stored());
                }
                job.hashChain = job.hashChain.thenCombineAsync(f, (ignored, blk) -> {
                    hash(job, blk);
                    return null;
                }, executor);
                job.hashPending.add(job.hashChain);
                queue.add(new Step(job, Step.DATA, f));
                inFlight++;
                drain(queue, sink, written, window);
            }
            if (in != null && in.read() >= 0) {
                throw new IllegalStateException("'" + job.src.path() + "' grew while it was being packed");
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read '" + job.src.path() + "': " + e.getMessage(), e);
        } finally {
            closeQuietly(in);
        }
    }

    /** Reads {@code n} bytes at {@code pos} into a new array (or one of {@code pool}), zero up to {@code capacity}. */
    private static byte[] readAt(PakSource.Input r, PakSource src, long pos, int n, int capacity, ArrayPool pool) {
        byte[] buf;
        if (pool == null) {
            buf = new byte[Math.max(n, capacity)];
        } else {
            buf = pool.take(Math.max(n, capacity));
            if (capacity > n) {
                Arrays.fill(buf, n, capacity, (byte) 0);
            }
        }
        try {
            r.readAt(pos, buf, 0, n);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read '" + src.path() + "' at " + pos + ": " + e.getMessage(), e);
        }
        return buf;
    }

    /** Reads {@code n} bytes at {@code pos} into a pooled direct buffer, from index {@code at} on (the room before is the entry record's). */
    private static Block readDirect(PakSource.Input r, PakSource src, long pos, int n, int at) {
        ByteBuffer buf = DIRECT_CHUNKS.take().limit(at + n).position(at);
        try {
            r.readAt(pos, buf);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read '" + src.path() + "' at " + pos + ": " + e.getMessage(), e);
        }
        return Block.direct(buf.limit(buf.position()).position(at));
    }

    private static void closeQuietly(Closeable c) {
        if (c != null) {
            try {
                c.close();
            } catch (IOException ignored) {
                // reading is over; nothing depends on the close
            }
        }
    }

    private static byte[] readFully(InputStream in, int n, int capacity, PakSource src) throws IOException {
        byte[] buf = in.readNBytes(n);
        if (buf.length != n) {
            throw new IllegalStateException("'" + src.path() + "' is shorter than its announced " + src.size() + " bytes");
        }
        return capacity > n ? Arrays.copyOf(buf, capacity) : buf;
    }

    /**
     * Compresses one block. An entry's first block ({@code probe}) keeps its plain bytes and says
     * whether the entry is incompressible: its first {@link #PROBE} bytes, compressed alone, do not
     * get smaller, or the whole block does not.
     */
    private Block compress(Codec codec, byte[] raw, int n, boolean pad, boolean encrypt, boolean probe) {
        byte[] dst = arrays.take(codec.maxCompressedLength(n) + 16);
        if (probe && n > PROBE && codec.compress(raw, 0, PROBE, dst, 0) >= PROBE) {
            arrays.give(dst);
            return new Block(raw, n, n, raw, n, true, arrays);
        }
        int len = codec.compress(raw, 0, n, dst, 0);
        int stored = pad ? (int) AesCipher.align(len) : len;
        if (stored > len) {
            Arrays.fill(dst, len, stored, (byte) 0); // AES padding: zeros, as in a new array
        }
        if (encrypt) {
            cipher.encrypt(dst, 0, stored);
        }
        if (probe) {
            return new Block(dst, len, stored, raw, n, len >= n, arrays);
        }
        arrays.give(raw); // read for this block alone: nothing else holds it
        return new Block(dst, len, stored, arrays);
    }

    /**
     * Writes queued steps in order until at most {@code keep} data blocks remain in flight. Only data
     * blocks count, so many small entries (three steps each) still keep the executor busy.
     */
    private void drain(ArrayDeque<Step> queue, ChannelSink sink, List<PakEntry> written, int keep) {
        while (!queue.isEmpty() && (keep == 0 || inFlight > keep)) {
            Step s = queue.poll();
            if (s.kind() == Step.DATA) {
                inFlight--;
            }
            switch (s.kind()) {
                case Step.START -> start(s.job(), sink);
                case Step.DATA -> writeBlock(s.job(), join(s.block()), sink);
                default -> finish(s.job(), sink, written);
            }
        }
    }

    private static <T> T join(CompletableFuture<T> f) {
        try {
            return f.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) {
                throw r;
            }
            throw e;
        }
    }

    private void start(Job job, ChannelSink sink) {
        if (job.probe != null && !job.encrypted() && job.method != CompressionMethod.NONE) {
            join(job.probe);
            if (job.abandoned) {
                job.method = CompressionMethod.NONE;
                job.raw = 0;
            }
        }
        job.probe = null; // the job list lives until the pak is written: keep no block data in it
        job.headerStart = sink.position();
        job.headerLen = PakEntryRecord.serializedSize(o.version(), job.method != CompressionMethod.NONE, job.blockCount());
        job.dataStart = job.headerStart + job.headerLen;
        sink.skip(job.headerLen); // the record is written when the entry finishes (with its data when it is whole)
        job.stored = 0;
        job.compressedPayload = 0;
        job.blocks.clear();
        // a scheme that hashes the plain bytes and encrypts a prefix (its partial-encryption limit) keeps that prefix to encrypt last
        job.plainHead = job.encrypted() && o.scheme().hashesPlaintext()
                ? new byte[(int) o.scheme().encryptedPrefix(job.src.path(), Long.MAX_VALUE)] : null;
    }

    private void writeBlock(Job job, Block block, ChannelSink sink) {
        if (job.abandoned && job.encrypted() && job.method != CompressionMethod.NONE) {
            // written again, stored and encrypted, when the entry finishes: its plain bytes never reach the file
            block.release();
            awaitHashes(job);
            return;
        }
        Block b = block;
        if (job.method == CompressionMethod.NONE && b.raw() != null) {
            b = new Block(b.raw(), b.rawLength(), b.rawLength());
        }
        long at = sink.position();
        if (job.method != CompressionMethod.NONE) {
            long base = o.version().atLeast(PakVersion.RELATIVE_CHUNK_OFFSETS) ? job.headerStart : 0;
            job.blocks.add(new PakBlock(at - base, at - base + b.length()));
            job.compressedPayload += b.length();
        }
        long rel = job.stored;
        if (job.whole) {
            job.held = block; // released when the entry finishes, after its one write
            sink.skip(b.stored());
            job.stored += b.stored();
            awaitHashes(job);
            return;
        }
        if (b.direct() != null) {
            sink.write(b.direct().duplicate());
        } else {
            if (job.plainHead != null && rel < job.plainHead.length) {
                int n = (int) Math.min(b.stored(), job.plainHead.length - rel);
                System.arraycopy(b.data(), 0, job.plainHead, (int) rel, n);
            }
            sink.write(b.data(), 0, b.stored());
        }
        block.release();
        job.stored += b.stored();
        awaitHashes(job);
    }

    /** Keeps at most a window of an entry's block hashes pending. */
    private void awaitHashes(Job job) {
        while (job.hashPending.size() > window) {
            join(job.hashPending.poll());
        }
    }

    /**
     * The SHA-1 covers the stored bytes (as written under the standard scheme, plain under Rivals),
     * for a stored encrypted entry only up to its plain size.
     */
    private void resetHash(Job job) {
        job.md = PakReader.sha1();
        job.hashed = 0;
        job.hashLimit = job.method == CompressionMethod.NONE && job.encrypted() ? job.src.size() : Long.MAX_VALUE;
    }

    private static void hash(Job job, Block block) {
        if (job.abandoned && job.encrypted() && job.method != CompressionMethod.NONE) {
            block.release();
            return; // hashed again when the entry is rewritten stored
        }
        Block b = block;
        if (job.abandoned && b.raw() != null && !job.encrypted()) {
            b = new Block(b.raw(), b.rawLength(), b.rawLength());
        }
        int h = (int) Math.min(b.stored(), job.hashLimit - job.hashed);
        if (b.direct() != null) {
            if (h > 0) {
                ByteBuffer d = b.direct().duplicate();
                job.md.update(d.limit(d.position() + h));
                job.hashed += h;
            }
        } else if (h > 0) {
            job.md.update(b.data(), 0, h);
            job.hashed += h;
        }
        block.release();
    }

    private void finish(Job job, ChannelSink sink, List<PakEntry> written) {
        join(job.hashChain);
        job.hashPending.clear();
        if (job.input != null) {
            openInputs.remove(job.input);
            closeQuietly(job.input);
            job.input = null;
        }
        if (job.method != CompressionMethod.NONE && o.storeIncompressible()
                && (job.abandoned || job.compressedPayload >= job.src.size())) {
            rewriteStored(job, sink);
        }
        if (job.plainHead != null) {
            int n = (int) Math.min(job.plainHead.length, job.stored);
            cipher.encrypt(job.plainHead, 0, n);
            positional(sink, job.dataStart, job.plainHead, n);
        }
        boolean compressed = job.method != CompressionMethod.NONE;
        long size = compressed ? job.stored : (job.encrypted() && o.scheme().hashesPlaintext() ? job.stored : job.src.size());
        PakEntryRecord rec = new PakEntryRecord(job.headerStart, size, job.src.size(), job.raw, 0, job.md.digest(), job.blocks,
                job.encrypted() ? PakEntryRecord.FLAG_ENCRYPTED : 0, job.blockSize(), job.iv);
        ByteWriter w = new ByteWriter(job.headerLen);
        rec.write(w, o.version(), true);
        if (w.size() != job.headerLen) {
            throw new IllegalStateException("Entry record is " + w.size() + " bytes, reserved " + job.headerLen);
        }
        if (job.held != null) {
            // the record into the room before the data, then both in one write
            ByteBuffer d = job.held.direct().duplicate();
            int at = d.position() - w.size();
            d.position(at);
            d.put(w.array(), 0, w.size());
            sink.writeAt(job.headerStart, d.position(at));
            job.held.release();
            job.held = null;
        } else {
            positional(sink, job.headerStart, w.array(), w.size());
        }
        written.add(new PakEntry(job.src.path(), rec, job.method == CompressionMethod.NONE ? "None" : job.method.unrealName(),
                job.method));
    }

    /** Compression did not help: writes the entry again, stored, from its start. */
    private void rewriteStored(Job job, ChannelSink sink) {
        try {
            sinkTruncate(sink, job.headerStart);
            job.method = CompressionMethod.NONE;
            job.raw = 0;
            ChannelSink s2 = sink;
            start(job, s2);
            resetHash(job);
            boolean standardEncrypt = job.encrypted() && !o.scheme().hashesPlaintext() && !ctr;
            long left = job.src.size();
            long storedLeft = job.encrypted() ? o.scheme().storedLength(job.src.path(), left) : left;
            try (InputStream in = job.src.opener().open()) {
                while (left > 0) {
                    int n = (int) Math.min(STORED_CHUNK, left);
                    left -= n;
                    int stored = (int) Math.min(storedLeft, left == 0 ? storedLeft : n);
                    storedLeft -= stored;
                    byte[] data = readFully(in, n, stored, job.src);
                    if (standardEncrypt) {
                        cipher.encrypt(data, 0, stored);
                    } else if (job.iv != null) {
                        AesCtr.apply(cipher, job.iv, 0, job.stored, data, 0, stored);
                    }
                    Block blk = new Block(data, n, stored);
                    writeBlock(job, blk, s2);
                    hash(job, blk);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read '" + job.src.path() + "': " + e.getMessage(), e);
        }
    }

    private static void sinkTruncate(ChannelSink sink, long pos) throws IOException {
        sink.seek(pos);
    }

    private static void positional(ChannelSink sink, long at, byte[] b, int n) {
        sink.writeAt(at, b, 0, n);
    }
}
