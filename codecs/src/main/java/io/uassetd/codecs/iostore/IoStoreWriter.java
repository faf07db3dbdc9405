package io.uassetd.codecs.iostore;

import io.uassetd.codecs.iostore.toc.IoChunkId;
import io.uassetd.codecs.error.CancelledException;
import java.util.concurrent.ExecutionException;
import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.crypto.AesKey;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.hash.Blake3;
import io.uassetd.codecs.io.AtomicFileSet;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.DirectoryIndex;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.iostore.toc.PerfectHash;
import io.uassetd.codecs.iostore.toc.TocEntryMeta;
import io.uassetd.codecs.iostore.toc.TocHeader;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.iostore.toc.TocVersion;
import io.uassetd.codecs.iostore.toc.TocWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ForkJoinPool;

/**
 * Writes a new container of any TOC version: chunks are cut into compression blocks, compressed
 * (when that saves space), encrypted when a key is given, and appended to the .ucas (starting a new
 * {@code _sN} partition when the partition size would be crossed); {@link #finish()} adds the perfect
 * hash (TOC version 4 on, entries in slot order), the directory index and the metas (BLAKE3 hashes)
 * and writes the .utoc with {@link TocWriter}. Every file is staged in one {@link AtomicFileSet}
 * (the writer's own, or the caller's) and renamed into place only by {@link #finish()} (or the
 * caller's commit): a failure or crash leaves the old container or the new one, never a mix;
 * closing without finishing leaves nothing behind. Not thread-safe.
 */
public final class IoStoreWriter implements AutoCloseable {
    /**
     * What to write.
     *
     * @param partitionSize the most bytes per .ucas, or -1 for one file
     * @param mountPoint the directory index mount point, or null for a container without index
     * @param key the AES key, or null for an unencrypted container
     * @param encryption how a keyed container is encrypted: AES-CTR from TOC version 10
     *     (ContainerEncryptionMethod) on, as UE6.0 writes, AES-ECB before (the only method older TOCs know)
     * @param ivs for AES-CTR, the IVs to use (12 bytes each: one per block in order, then the directory
     *     index's), e.g. a source container's to reproduce it; null draws fresh random IVs
     * @param blockAlignment 0, or a power of two (the UE5.8 and UE6.0 fixtures: 2048): a block that would
     *     cross a multiple of it starts at that multiple instead, as the engine's IoStore writer lays
     *     blocks out (every block starts 16-byte aligned in any case)
     */
    public record Options(TocVersion version, long containerId, int blockSize, CompressionMethod method,
            long partitionSize, String mountPoint, AesKey key, byte[] keyGuid, EncryptionMethod encryption, byte[] ivs,
            int blockAlignment) {
        public static Options of(TocVersion version, long containerId) {
            return new Options(version, containerId, 0x10000, CompressionMethod.NONE, -1, "../../../", null, new byte[16],
                    version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD) ? EncryptionMethod.AES_CTR : EncryptionMethod.AES_ECB,
                    null, 0);
        }

        public Options withMethod(CompressionMethod m) {
            return new Options(version, containerId, blockSize, m, partitionSize, mountPoint, key, keyGuid, encryption, ivs, blockAlignment);
        }

        public Options withPartitionSize(long size) {
            return new Options(version, containerId, blockSize, method, size, mountPoint, key, keyGuid, encryption, ivs, blockAlignment);
        }

        public Options withKey(AesKey k) {
            return new Options(version, containerId, blockSize, method, partitionSize, mountPoint, k, keyGuid, encryption, ivs, blockAlignment);
        }

        public Options withMountPoint(String m) {
            return new Options(version, containerId, blockSize, method, partitionSize, m, key, keyGuid, encryption, ivs, blockAlignment);
        }

        public Options withBlockSize(int size) {
            return new Options(version, containerId, size, method, partitionSize, mountPoint, key, keyGuid, encryption, ivs, blockAlignment);
        }

        /** The encryption method of a keyed container (AES-CTR needs TOC version 10). */
        public Options withEncryption(EncryptionMethod e) {
            return new Options(version, containerId, blockSize, method, partitionSize, mountPoint, key, keyGuid, e, ivs, blockAlignment);
        }

        /** AES-CTR IVs to use instead of random ones (12 bytes per block, then the directory index's). */
        public Options withIvs(byte[] v) {
            return new Options(version, containerId, blockSize, method, partitionSize, mountPoint, key, keyGuid, encryption,
                    v == null ? null : v.clone(), blockAlignment);
        }

        /** Blocks do not cross multiples of {@code a} when they can start at one (see {@link Options}). */
        public Options withBlockAlignment(int a) {
            if (a < 0 || (a & (a - 1)) != 0) {
                throw new IllegalArgumentException("Block alignment " + a + " is not 0 or a power of two");
            }
            return new Options(version, containerId, blockSize, method, partitionSize, mountPoint, key, keyGuid, encryption, ivs, a);
        }

        public Options withKeyGuid(byte[] guid) {
            return new Options(version, containerId, blockSize, method, partitionSize, mountPoint, key, guid.clone(), encryption,
                    ivs, blockAlignment);
        }
    }

    private final Path utoc;
    private final String baseName;
    private final Options options;
    private final Codec codec;
    private final AesCipher cipher;
    private final boolean ctr;
    private final ByteArrayOutputStream ivs = new ByteArrayOutputStream();
    private final SecureRandom random;
    private final AtomicFileSet set;
    private final boolean ownSet;
    private final List<FileChannel> parts = new ArrayList<>();
    private final List<IoChunkId> ids = new ArrayList<>();
    private final List<OffsetAndLength> offsets = new ArrayList<>();
    private final List<TocEntryMeta> metas = new ArrayList<>();
    private final List<CompressedBlockEntry> blocks = new ArrayList<>();
    private final List<DirectoryIndex.IndexedFile> files = new ArrayList<>();
    private final Set<IoChunkId> seen = new HashSet<>();
    private final byte[] scratch;
    /** Bytes for the current partition not yet written ({@link #write}). */
    private final byte[] out = new byte[OUT_SIZE];
    private int outLen;
    private long partOffset;
    private boolean finished;
    private boolean anyCompressed;

    private IoStoreWriter(Path utoc, Options options, Codecs codecs, AtomicFileSet set) {
        if (options.blockSize() <= 0 || options.blockSize() > CompressedBlockEntry.MAX_SIZE) {
            throw new IllegalArgumentException("Block size " + options.blockSize() + " does not fit 24 bits");
        }
        if (options.partitionSize() != -1 && options.partitionSize() < options.blockSize() + 16L) {
            throw new IllegalArgumentException("Partition size smaller than a block");
        }
        if (options.partitionSize() != -1 && !options.version().atLeast(TocVersion.PARTITION_SIZE)) {
            throw new IllegalArgumentException("TOC version " + options.version() + " has no partitions");
        }
        this.utoc = utoc;
        String f = utoc.getFileName().toString();
        this.baseName = f.endsWith(".utoc") ? f.substring(0, f.length() - 5) : f;
        this.options = options;
        this.codec = options.method() == CompressionMethod.NONE ? null : codecs.get(options.method());
        this.cipher = options.key() == null ? null : new AesCipher(options.key().bytes());
        EncryptionMethod enc = options.encryption() == null ? EncryptionMethod.AES_ECB : options.encryption();
        if (enc == EncryptionMethod.NONE) {
            throw new IllegalArgumentException("A keyed container is encrypted: AES_ECB or AES_CTR");
        }
        if (enc == EncryptionMethod.AES_CTR && !options.version().atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD)) {
            throw new IllegalArgumentException("TOC version " + options.version().value() + " cannot record AES_CTR"
                    + " (ContainerEncryptionMethod, TOC version 10)");
        }
        this.ctr = cipher != null && enc == EncryptionMethod.AES_CTR;
        if (options.ivs() != null && options.ivs().length % AesCtr.IV_SIZE != 0) {
            throw new IllegalArgumentException("IVs are 12 bytes each");
        }
        this.random = ctr && options.ivs() == null ? new SecureRandom() : null;
        this.scratch = new byte[codec == null ? options.blockSize() + 16
                : Math.max(options.blockSize(), codec.maxCompressedLength(options.blockSize())) + 16];
        this.ownSet = set == null;
        this.set = set == null ? AtomicFileSet.open() : set;
        try {
            parts.add(this.set.stage(partPath(0)));
        } catch (RuntimeException e) {
            if (ownSet) {
                this.set.close();
            }
            throw e;
        }
    }

    public static IoStoreWriter create(Path utoc, Options options, Codecs codecs) {
        return new IoStoreWriter(utoc, options, codecs, null);
    }

    /**
     * A writer whose files are staged in {@code set} (with the caller's other files): {@link #finish()}
     * stages the .utoc and the caller commits the set.
     */
    public static IoStoreWriter create(Path utoc, Options options, Codecs codecs, AtomicFileSet set) {
        return new IoStoreWriter(utoc, options, codecs, set);
    }

    private Path partPath(int i) {
        return utoc.resolveSibling(i == 0 ? baseName + ".ucas" : baseName + "_s" + i + ".ucas");
    }

    /** Adds a chunk; {@code path} (relative to the mount point) puts it in the directory index, null leaves it out. */
    public void addChunk(IoChunkId id, byte[] data, String path) {
        addChunk(id, data, path, true);
    }

    /**
     * Adds a chunk; with {@code compress} false its blocks are stored even when the container is
     * compressed (a container header must never be compressed).
     */
    public void addChunk(IoChunkId id, byte[] data, String path, boolean compress) {
        add(id, data, path, compress, null, null);
    }

    /**
     * Adds a chunk whose 32-byte BLAKE3 hash {@code blake3} was computed already (null: hashed here);
     * otherwise as {@link #addChunk(IoChunkId, byte[], String, boolean)}.
     */
    public void addChunk(IoChunkId id, byte[] data, String path, boolean compress, byte[] blake3) {
        add(id, data, path, compress, null, blake3 == null ? null : tocHash(blake3));
    }

    /** Whether blocks are compressed (a method other than none): {@link #addChunks} then has work for a pool. */
    public boolean compresses() {
        return codec != null;
    }

    /**
     * A chunk for {@link #addChunks}: what {@link #addChunk(IoChunkId, byte[], String, boolean, byte[])} takes
     * ({@code blake3}: its BLAKE3 hash if computed already, else null).
     */
    public record Pending(IoChunkId id, byte[] data, String path, boolean compress, byte[] blake3) {
        public Pending(IoChunkId id, byte[] data, String path, boolean compress) {
            this(id, data, path, compress, null);
        }
    }

    /**
     * Adds chunks in order, with their blocks compressed and their hashes computed on {@code pool}'s
     * threads first: the container is the same as adding them one by one. Holds the compressed
     * blocks of all {@code chunks} in memory, so callers pass batches.
     */
    public void addChunks(List<Pending> chunks, ForkJoinPool pool) {
        int bs = options.blockSize();
        List<int[]> jobs = new ArrayList<>();
        // hashes in jobs of consecutive chunks of about Blake3.JOB_BYTES together ({from, -1, to}): small chunks are
        // hashed side by side across chunks (Blake3.hashAll)
        long bytes = 0;
        for (int c = 0, from = 0; c < chunks.size(); c++) {
            if (chunks.get(c).blake3() != null) {
                if (c > from) {
                    jobs.add(new int[] {from, -1, c}); // the unhashed ones before it
                }
                from = c + 1;
                bytes = 0;
                continue;
            }
            bytes += chunks.get(c).data().length;
            if (bytes >= Blake3.JOB_BYTES || c == chunks.size() - 1) {
                jobs.add(new int[] {from, -1, c + 1});
                from = c + 1;
                bytes = 0;
            }
        }
        for (int c = 0; c < chunks.size(); c++) {
            Pending p = chunks.get(c);
            if (codec != null && p.compress()) {
                for (int b = 0; b * (long) bs < p.data().length; b++) {
                    jobs.add(new int[] {c, b});
                }
            }
        }
        byte[][][] packed = new byte[chunks.size()][][];
        byte[][] hashes = new byte[chunks.size()][];
        for (int c = 0; c < chunks.size(); c++) {
            Pending p = chunks.get(c);
            hashes[c] = p.blake3() == null ? null : tocHash(p.blake3());
            packed[c] = codec != null && p.compress() ? new byte[(p.data().length + bs - 1) / bs][] : null;
        }
        Runnable work = () -> jobs.parallelStream().forEach(j -> {
            if (j[1] < 0) {
                byte[][] in = new byte[j[2] - j[0]][];
                for (int c = j[0]; c < j[2]; c++) {
                    in[c - j[0]] = chunks.get(c).data();
                }
                byte[][] hs = Blake3.hashAll(in);
                for (int c = j[0]; c < j[2]; c++) {
                    hashes[c] = tocHash(hs[c - j[0]]);
                }
                return;
            }
            byte[] data = chunks.get(j[0]).data();
            int off = j[1] * bs;
            int len = Math.min(bs, data.length - off);
            byte[] out = new byte[codec.maxCompressedLength(len)];
            int n = codec.compress(data, off, len, out, 0);
            packed[j[0]][j[1]] = n < len ? Arrays.copyOf(out, n) : NOT_SMALLER;
        });
        try {
            pool.submit(work).get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CancelledException("Interrupted while compressing");
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
        for (int c = 0; c < chunks.size(); c++) {
            Pending p = chunks.get(c);
            add(p.id(), p.data(), p.path(), p.compress(), packed[c], hashes[c]);
        }
    }

    private static final byte[] NOT_SMALLER = new byte[0];

    private byte[] hash(byte[] data) {
        return tocHash(Blake3.hash(data));
    }

    /** A chunk's BLAKE3 hash as the TOC keeps it: 20 bytes, zero-padded to 32 before REPLACE_IO_CHUNK_HASH_WITH_IO_HASH. */
    private byte[] tocHash(byte[] h) {
        return options.version().atLeast(TocVersion.REPLACE_IO_CHUNK_HASH_WITH_IO_HASH) ? Arrays.copyOf(h, 20)
                : Arrays.copyOf(Arrays.copyOf(h, 20), 32);
    }

    /** Adds a chunk; {@code packed} holds its blocks already compressed (NOT_SMALLER: stored), or is null. */
    private void add(IoChunkId id, byte[] data, String path, boolean compress, byte[][] packed, byte[] hash) {
        if (finished) {
            throw new IllegalStateException("Writer finished");
        }
        if (!seen.add(id)) {
            throw new IllegalArgumentException("Duplicate chunk id " + id);
        }
        int bs = options.blockSize();
        long virtualStart = (long) blocks.size() * bs;
        boolean compressed = false;
        for (int off = 0, b = 0; off < data.length; off += bs, b++) {
            int len = Math.min(bs, data.length - off);
            if (packed != null) {
                compressed |= packed[b] == NOT_SMALLER ? storeBlock(data, off, len, len, 0)
                        : storeBlock(packed[b], 0, packed[b].length, len, 1);
            } else {
                compressed |= writeBlock(data, off, len, compress);
            }
        }
        anyCompressed |= compressed;
        ids.add(id);
        offsets.add(new OffsetAndLength(virtualStart, data.length));
        metas.add(new TocEntryMeta(hash != null ? hash : hash(data), compressed ? TocEntryMeta.FLAG_COMPRESSED : 0, 0));
        if (path != null) {
            files.add(new DirectoryIndex.IndexedFile(path, ids.size() - 1));
        }
    }

    private boolean writeBlock(byte[] data, int off, int len, boolean compress) {
        if (codec != null && compress) {
            int n = codec.compress(data, off, len, scratch, 0);
            if (n < len) {
                return storeBlock(scratch, 0, n, len, 1);
            }
        }
        return storeBlock(data, off, len, len, 0);
    }

    /** Encrypts (when keyed) and appends one block of {@code stored} bytes that decodes to {@code len}. */
    private boolean storeBlock(byte[] src, int srcOff, int stored, int len, int method) {
        int onDisk = stored;
        if (cipher != null) {
            if (src != scratch || srcOff != 0) {
                System.arraycopy(src, srcOff, scratch, 0, stored);
                src = scratch;
                srcOff = 0;
            }
            onDisk = (int) AesCipher.align(stored);
            Arrays.fill(scratch, stored, onDisk, (byte) 0);
            if (ctr) {
                byte[] iv = nextIv();
                AesCtr.apply(cipher, iv, 0, 0, scratch, 0, onDisk);
            } else {
                cipher.encrypt(scratch, 0, onDisk);
            }
        }
        long partitionSize = options.partitionSize() == -1 ? Long.MAX_VALUE : options.partitionSize();
        long start = alignedStart(partOffset, onDisk);
        if (start + onDisk > partitionSize) {
            flush();
            parts.add(set.stage(partPath(parts.size())));
            partOffset = 0;
            start = 0;
        }
        if (start > partOffset) {
            zeros((int) (start - partOffset));
        }
        long containerOffset = (parts.size() - 1) * (partitionSize == Long.MAX_VALUE ? 0 : partitionSize) + partOffset;
        write(src, srcOff, onDisk);
        int pad = (int) (AesCipher.align(partOffset) - partOffset);
        if (pad > 0 && partOffset + pad <= partitionSize) {
            zeros(pad);
        }
        blocks.add(new CompressedBlockEntry(containerOffset, stored, len, method));
        return method != 0;
    }

    /** Where a block of {@code size} bytes starts when the partition is at {@code at}: see {@link Options#blockAlignment}. */
    private long alignedStart(long at, int size) {
        long a = options.blockAlignment();
        if (a <= 0 || at % a == 0 || at % a + size <= a) {
            return at;
        }
        return (at / a + 1) * a;
    }

    /** The next AES-CTR IV: the given ones in order, or 12 random bytes; recorded for the TOC. */
    private byte[] nextIv() {
        byte[] iv = new byte[AesCtr.IV_SIZE];
        int at = ivs.size();
        if (options.ivs() != null) {
            if (at + AesCtr.IV_SIZE > options.ivs().length) {
                throw new IllegalArgumentException("The " + options.ivs().length / AesCtr.IV_SIZE + " IVs given are too few for"
                        + " this container's blocks and directory index");
            }
            System.arraycopy(options.ivs(), at, iv, 0, AesCtr.IV_SIZE);
        } else {
            random.nextBytes(iv);
        }
        ivs.write(iv, 0, iv.length);
        return iv;
    }

    /**
     * Appends to the current partition through {@link #out}: the many small blocks of a container of
     * small packages go to the file in writes of {@value #OUT_SIZE} bytes, not one (plus one for the
     * padding) per block.
     */
    private void write(byte[] b, int off, int len) {
        if (len > OUT_SIZE - outLen) {
            flush();
        }
        if (len >= OUT_SIZE) {
            writeOut(b, off, len);
        } else {
            System.arraycopy(b, off, out, outLen, len);
            outLen += len;
        }
        partOffset += len;
    }

    private void zeros(int len) {
        if (len > OUT_SIZE - outLen) {
            flush();
        }
        if (len >= OUT_SIZE) {
            writeOut(new byte[len], 0, len);
        } else {
            Arrays.fill(out, outLen, outLen + len, (byte) 0);
            outLen += len;
        }
        partOffset += len;
    }

    /** Writes what {@link #out} holds to the current partition. */
    private void flush() {
        if (outLen > 0) {
            writeOut(out, 0, outLen);
            outLen = 0;
        }
    }

    private void writeOut(byte[] b, int off, int len) {
        try {
            ByteBuffer bb = ByteBuffer.wrap(b, off, len);
            var ch = parts.get(parts.size() - 1);
            while (bb.hasRemaining()) {
                ch.write(bb);
            }
            set.wrote(ch, len);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write " + partPath(parts.size() - 1) + ": " + e.getMessage(), e);
        }
    }

    private static final int OUT_SIZE = 1 << 20;

    /** Writes the .utoc and moves every file into place; returns the TOC written. */
    public TocResource finish() {
        if (finished) {
            throw new IllegalStateException("Writer finished");
        }
        flush();
        TocVersion v = options.version();
        int n = ids.size();
        int[] seeds = new int[0];
        int[] overflow = new int[0];
        int[] slotOf = new int[n];
        for (int i = 0; i < n; i++) {
            slotOf[i] = i;
        }
        if (v.atLeast(TocVersion.PERFECT_HASH) && n > 0) {
            PerfectHash.Layout layout = PerfectHash.build(ids, v.atLeast(TocVersion.PERFECT_HASH_WITH_OVERFLOW));
            seeds = layout.seeds();
            overflow = layout.overflowSlots();
            slotOf = layout.slotOf();
        }
        IoChunkId[] sIds = new IoChunkId[n];
        OffsetAndLength[] sOffsets = new OffsetAndLength[n];
        TocEntryMeta[] sMetas = new TocEntryMeta[n];
        for (int i = 0; i < n; i++) {
            sIds[slotOf[i]] = ids.get(i);
            sOffsets[slotOf[i]] = offsets.get(i);
            sMetas[slotOf[i]] = metas.get(i);
        }
        byte[] dir = new byte[0];
        boolean indexed = options.mountPoint() != null && v.atLeast(TocVersion.DIRECTORY_INDEX);
        if (indexed) {
            List<DirectoryIndex.IndexedFile> remapped = new ArrayList<>(files.size());
            for (DirectoryIndex.IndexedFile f : files) {
                remapped.add(new DirectoryIndex.IndexedFile(f.path(), slotOf[f.chunkIndex()]));
            }
            dir = DirectoryIndex.build(options.mountPoint(), remapped).toBytes();
            if (cipher != null) {
                dir = Arrays.copyOf(dir, (int) AesCipher.align(dir.length));
                if (ctr) {
                    AesCtr.apply(cipher, nextIv(), 0, 0, dir, 0, dir.length);
                } else {
                    cipher.encrypt(dir, 0, dir.length);
                }
            }
        }
        int flags = (anyCompressed ? ContainerFlag.COMPRESSED.bit() : 0) | (cipher != null ? ContainerFlag.ENCRYPTED.bit() : 0)
                | (indexed ? ContainerFlag.INDEXED.bit() : 0);
        List<String> methods = anyCompressed ? List.of(options.method().unrealName()) : List.of();
        boolean partitioned = v.atLeast(TocVersion.PARTITION_SIZE);
        TocHeader h = TocHeader.create(v, n, blocks.size(), methods.size(), options.blockSize(), dir.length,
                partitioned ? parts.size() : 0, options.containerId(), options.keyGuid(), flags, seeds.length,
                partitioned ? options.partitionSize() : 0, overflow.length);
        if (ctr) {
            h = h.withEncryption(EncryptionMethod.AES_CTR, ivs.size() / AesCtr.IV_SIZE);
        } else if (cipher != null) {
            h = h.withEncryption(EncryptionMethod.AES_ECB, 0);
        }
        TocResource toc = new TocResource(h, Arrays.asList(sIds), Arrays.asList(sOffsets), seeds, overflow, blocks,
                ivs.toByteArray(), methods, null, dir, Arrays.asList(sMetas), null);
        byte[] tocBytes = TocWriter.write(toc);
        set.stage(utoc, tocBytes);
        // partitions of an older, larger container of the same name go in the same set
        for (int i = parts.size(); Files.exists(partPath(i), LinkOption.NOFOLLOW_LINKS); i++) {
            set.delete(partPath(i));
        }
        if (ownSet) {
            set.commit();
        }
        finished = true;
        return toc;
    }

    @Override
    public void close() {
        if (ownSet) {
            set.close();
        }
    }
}
