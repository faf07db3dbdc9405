package io.uassetd.codecs.iostore;

import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.compression.Codecs;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.MemoryBudget;
import io.uassetd.codecs.iostore.toc.CompressedBlockEntry;
import io.uassetd.codecs.iostore.toc.ContainerFlag;
import io.uassetd.codecs.iostore.toc.OffsetAndLength;
import io.uassetd.codecs.iostore.toc.TocResource;
import io.uassetd.codecs.task.TaskMonitor;

/**
 * Decodes a byte range of a chunk block by block: each compression block is read from its
 * partition by a positional read, decrypted when the container is encrypted, and decompressed into
 * exactly its uncompressed size. Runs of stored (uncompressed, unencrypted) blocks that lie next to
 * each other on disk are read with one call, straight into the caller's array when possible.
 * Thread-safe: all scratch space is per call.
 */
final class ChunkReader {
    /** The most bytes one coalesced read of stored blocks asks for. */
    private static final int MAX_RUN = 1 << 20;

    /** Receives decoded bytes in order. */
    interface Sink {
        void accept(byte[] b, int off, int len);
    }

    /** A sink filling an array: stored blocks are read straight into it, with no intermediate copy. */
    static final class ArraySink implements Sink {
        final byte[] dst;
        int pos;

        ArraySink(byte[] dst) {
            this.dst = dst;
        }

        @Override
        public void accept(byte[] b, int off, int len) {
            System.arraycopy(b, off, dst, pos, len);
            pos += len;
        }
    }

    /** Per-thread scratch for runs of stored blocks, so streaming a chunk allocates nothing per call. */
    private static final ThreadLocal<byte[]> RUN_SCRATCH = ThreadLocal.withInitial(() -> new byte[MAX_RUN]);

    private final TocResource toc;
    private final Partitions partitions;
    private final Codecs codecs;
    private final AesCipher cipher;
    private final String tocName;
    private final boolean encrypted;
    private final boolean ctr;
    private final long blockSize;
    private final long partitionSize;
    private final Codec[] codecByMethod;
    private final String[] methodProblem;

    ChunkReader(TocResource toc, String tocName, Partitions partitions, Codecs codecs, AesCipher cipher) {
        this.toc = toc;
        this.tocName = tocName;
        this.partitions = partitions;
        this.codecs = codecs;
        this.cipher = cipher;
        this.encrypted = toc.header().has(ContainerFlag.ENCRYPTED);
        this.ctr = toc.header().encryptionMethod() == EncryptionMethod.AES_CTR;
        this.blockSize = toc.header().compressionBlockSize();
        this.partitionSize = toc.header().effectivePartitionSize();
        int methods = toc.compressionMethods().size();
        this.codecByMethod = new Codec[methods + 1];
        this.methodProblem = new String[methods + 1];
        for (int m = 1; m <= methods; m++) {
            String name = toc.compressionMethods().get(m - 1);
            try {
                CompressionMethod cm = CompressionMethod.byName(name)
                        .orElseThrow(() -> new UnsupportedVersionException("Unknown compression method '" + name + "'"));
                codecs.requireDecompress(cm);
                codecByMethod[m] = codecs.get(cm);
            } catch (FormatException e) {
                methodProblem[m] = e.getMessage();
            }
        }
    }

    /** Decodes chunk bytes {@code [from, from+len)} of entry {@code index} into {@code sink}. */
    void decode(int index, long from, long len, Sink sink, TaskMonitor monitor) {
        OffsetAndLength ol = toc.offsetAndLengths().get(index);
        if (from < 0 || len < 0 || from > ol.length() || len > ol.length() - from) {
            throw new IllegalArgumentException("Range " + from + "+" + len + " outside chunk of " + ol.length() + " bytes");
        }
        if (len == 0) {
            return;
        }
        requireKey();
        long start = ol.offset() + from;
        long end = start + len;
        int first = (int) (start / blockSize);
        int last = (int) ((end - 1) / blockSize);
        byte[] stored = null;
        byte[] plain = null;
        int b = first;
        while (b <= last) {
            monitor.checkCancelled();
            CompressedBlockEntry e = toc.compressionBlocks().get(b);
            long blockStart = (long) b * blockSize;
            int skip = (int) Math.max(0, start - blockStart);
            int take = (int) Math.min(e.uncompressedSize(), end - blockStart) - skip;
            if (take < 0 || blockStart + e.uncompressedSize() < Math.min(end, blockStart + blockSize)) {
                throw new CorruptDataException("Block " + b + " uncompresses to " + e.uncompressedSize()
                        + " bytes, too few for chunk " + index + " (" + toc.chunkIds().get(index) + ")", tocName, -1,
                        "FIoStoreTocCompressedBlockEntry");
            }
            if (e.methodIndex() == 0 && !encrypted) {
                int run = storedRun(b, last, skip, end);
                int runLen = runBytes(b, run) - skip;
                runLen = (int) Math.min(runLen, end - (blockStart + skip));
                if (sink instanceof ArraySink a) {
                    readStored(b, e.offset() + skip, a.dst, a.pos, runLen);
                    a.pos += runLen;
                    b += run;
                    continue;
                }
                byte[] scratch = RUN_SCRATCH.get();
                if (scratch.length < runLen) {
                    scratch = new byte[runLen];
                }
                readStored(b, e.offset() + skip, scratch, 0, runLen);
                sink.accept(scratch, 0, runLen);
                b += run;
                continue;
            }
            int storedSize = e.storedSize(encrypted);
            if (stored == null || stored.length < storedSize) {
                stored = new byte[Math.max(storedSize, (int) Math.min(blockSize + 16, Integer.MAX_VALUE))];
            }
            readStored(b, e.offset(), stored, 0, storedSize);
            if (encrypted && ctr) {
                // AES-CTR: each block is its own unit with its own IV, its counter starting at 0
                AesCtr.apply(cipher, toc.encryptionIvs(), toc.blockIvOffset(b), 0, stored, 0, storedSize);
            } else if (encrypted) {
                cipher.decrypt(stored, 0, storedSize);
            }
            if (e.methodIndex() == 0) {
                sink.accept(stored, skip, take);
            } else {
                if (plain == null || plain.length < e.uncompressedSize()) {
                    MemoryBudget.admit(e.uncompressedSize(), "Compression block " + b + " (" + e.compressedSize() + " -> "
                            + e.uncompressedSize() + " bytes)", partitions.fileName((int) (e.offset() / partitionSize)),
                            e.offset() % partitionSize, "FIoStoreTocCompressedBlockEntry");
                    plain = new byte[(int) Math.max(e.uncompressedSize(), blockSize)];
                }
                decompress(b, e, stored, plain);
                sink.accept(plain, skip, take);
            }
            b++;
        }
    }

    /** How many blocks from {@code b} (up to {@code last}) are stored and contiguous on disk in one partition. */
    private int storedRun(int b, int last, int skip, long end) {
        int run = 1;
        CompressedBlockEntry prev = toc.compressionBlocks().get(b);
        long bytes = prev.compressedSize() - skip;
        while (b + run <= last && bytes < MAX_RUN) {
            CompressedBlockEntry next = toc.compressionBlocks().get(b + run);
            if (next.methodIndex() != 0 || next.offset() != prev.offset() + prev.compressedSize()
                    || prev.uncompressedSize() != blockSize
                    || next.offset() / partitionSize != prev.offset() / partitionSize) {
                break;
            }
            bytes += next.compressedSize();
            prev = next;
            run++;
        }
        return run;
    }

    private int runBytes(int b, int run) {
        long n = 0;
        for (int i = 0; i < run; i++) {
            n += toc.compressionBlocks().get(b + i).compressedSize();
        }
        return (int) n;
    }

    private void readStored(int block, long containerOffset, byte[] dst, int off, int len) {
        int partition = (int) (containerOffset / partitionSize);
        long local = containerOffset % partitionSize;
        partitions.read(partition, local, dst, off, len, "compression block " + block);
    }

    private void decompress(int b, CompressedBlockEntry e, byte[] stored, byte[] plain) {
        Codec codec = codecByMethod[e.methodIndex()];
        int partition = (int) (e.offset() / partitionSize);
        long local = e.offset() % partitionSize;
        if (codec == null) {
            throw new UnsupportedVersionException("Block " + b + " uses compression method '"
                    + toc.methodName(e.methodIndex()) + "': " + methodProblem[e.methodIndex()],
                    partitions.fileName(partition), local, "FIoStoreTocCompressedBlockEntry");
        }
        try {
            codec.decompress(stored, 0, e.compressedSize(), plain, 0, e.uncompressedSize());
        } catch (RuntimeException ex) {
            String what = toc.methodName(e.methodIndex()) + " block " + b + " (" + e.compressedSize() + " -> "
                    + e.uncompressedSize() + " bytes) does not decompress";
            if (encrypted) {
                throw new WrongKeyException(what + "; the AES key is probably wrong", partitions.fileName(partition),
                        local, "compression block", ex);
            }
            throw new CorruptDataException(what + ": " + ex.getMessage(), partitions.fileName(partition), local,
                    "compression block", ex);
        }
    }

    private void requireKey() {
        if (encrypted && cipher == null) {
            throw new WrongKeyException("Container is encrypted (key GUID " + toc.header().encryptionKeyGuidString()
                    + ") and no AES key was given", tocName, 0x40, "FIoStoreTocHeader");
        }
    }
}
