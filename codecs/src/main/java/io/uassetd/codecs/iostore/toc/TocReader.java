package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.iostore.IoChunkId;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a whole .utoc ({@link TocResource}) for every TOC version, checking every count against
 * the bytes left before allocating, every cross-reference (chunk -> blocks, block -> method,
 * block -> partition, overflow index -> chunk) and that every byte of the file is consumed.
 */
public final class TocReader {
    /** A .utoc larger than this is refused before it is read (2 GiB - 1 can never be a TOC we can hold). */
    public static final long MAX_TOC_SIZE = Integer.MAX_VALUE - 16;

    private TocReader() {
    }

    public static TocResource read(Path utoc) {
        String name = utoc.getFileName().toString();
        try (FileChannel ch = FileChannel.open(utoc, StandardOpenOption.READ)) {
            long size = ch.size();
            if (size > MAX_TOC_SIZE) {
                throw new CorruptDataException("A .utoc of " + size + " bytes is larger than any TOC", name, 0,
                        "FIoStoreTocResource");
            }
            byte[] data = new byte[(int) size];
            ByteBuffer bb = ByteBuffer.wrap(data);
            while (bb.hasRemaining()) {
                if (ch.read(bb, bb.position()) < 0) {
                    throw new TruncatedDataException("File ended while reading", name, bb.position(), "FIoStoreTocResource");
                }
            }
            return read(data, name);
        } catch (NoSuchFileException e) {
            throw new CorruptDataException("No such .utoc: " + utoc, name, -1, "FIoStoreTocResource", e);
        } catch (IOException e) {
            throw new CorruptDataException("Cannot read .utoc: " + e.getMessage(), name, -1, "FIoStoreTocResource", e);
        }
    }

    public static TocResource read(byte[] data, String name) {
        return parse(data, name);
    }

    private static TocResource parse(byte[] data, String name) {
        ByteReader r = ByteReader.of(name, 0, data, "FIoStoreTocResource");
        TocHeader h = TocHeader.read(r);
        TocVersion v = h.version();

        r.structure("FIoChunkId[]");
        int n = IoBits.count(r, h.entryCount(), IoChunkId.SIZE, "TocEntryCount");
        List<IoChunkId> ids = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            ids.add(IoChunkId.read(r));
        }
        r.structure("FIoOffsetAndLength[]");
        IoBits.count(r, n, OffsetAndLength.SIZE, "FIoOffsetAndLength");
        List<OffsetAndLength> offsets = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            offsets.add(OffsetAndLength.read(r));
        }
        r.structure("ChunkPerfectHashSeeds");
        int seedCount = IoBits.count(r, h.storedSeedCount() & 0xFFFFFFFFL, 4, "TocChunkPerfectHashSeedsCount");
        if (seedCount > 0 && n == 0) {
            throw r.corrupt(seedCount + " perfect-hash seeds for an empty TOC");
        }
        int[] seeds = new int[seedCount];
        for (int i = 0; i < seedCount; i++) {
            seeds[i] = r.i32();
        }
        r.structure("ChunkIndicesWithoutPerfectHash");
        int overflowCount = IoBits.count(r, h.storedOverflowCount() & 0xFFFFFFFFL, 4, "TocChunksWithoutPerfectHashCount");
        int[] overflow = new int[overflowCount];
        for (int i = 0; i < overflowCount; i++) {
            long at = r.offset();
            overflow[i] = r.i32();
            if (overflow[i] < 0 || overflow[i] >= n) {
                throw IoBits.corruptAt(r, "Chunk index without perfect hash " + overflow[i] + " is outside 0.." + (n - 1), at);
            }
        }
        r.structure("FIoStoreTocCompressedBlockEntry[]");
        int blockCount = IoBits.count(r, h.compressedBlockEntryCount(), CompressedBlockEntry.SIZE, "TocCompressedBlockEntryCount");
        long blocksStart = r.offset();
        List<CompressedBlockEntry> blocks = new ArrayList<>(blockCount);
        for (int i = 0; i < blockCount; i++) {
            blocks.add(CompressedBlockEntry.read(r));
        }
        r.structure("FIoStoreEncryptionIV[]");
        long ivCount = h.storedIvCount();
        if (ivCount != h.expectedIvCount()) {
            throw new CorruptDataException("The TOC stores " + ivCount + " encryption IVs but " + h.encryptionMethod().unrealName()
                    + " over " + blockCount + " compression blocks needs " + h.expectedIvCount(), name, 104,
                    "FIoStoreTocHeader");
        }
        byte[] ivs = r.bytes(IoBits.count(r, ivCount, AesCtr.IV_SIZE, "EncryptionIVCount") * AesCtr.IV_SIZE);
        r.structure("CompressionMethodNames");
        int methodCount = IoBits.count(r, h.compressionMethodNameCount(), (int) Math.max(1, h.compressionMethodNameLength()),
                "CompressionMethodNameCount");
        List<String> methods = new ArrayList<>(methodCount);
        for (int i = 0; i < methodCount; i++) {
            methods.add(readMethodName(r, (int) h.compressionMethodNameLength()));
        }
        TocSignatures signatures = null;
        if (h.has(ContainerFlag.SIGNED)) {
            signatures = TocSignatures.read(r, blockCount);
        }
        byte[] directoryIndex = new byte[0];
        if (v.atLeast(TocVersion.DIRECTORY_INDEX)) {
            r.structure("FIoDirectoryIndexResource");
            directoryIndex = r.bytes(IoBits.count(r, h.directoryIndexSize(), 1, "DirectoryIndexSize"));
        }
        r.structure("FIoStoreTocEntryMeta[]");
        int metaSize = TocEntryMeta.size(v);
        IoBits.count(r, n, metaSize, "FIoStoreTocEntryMeta");
        List<TocEntryMeta> metas = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            metas.add(TocEntryMeta.read(r, v));
        }
        OnDemandMeta onDemand = null;
        if (v == TocVersion.ON_DEMAND_META_DATA && h.has(ContainerFlag.ON_DEMAND)) {
            onDemand = OnDemandMeta.read(r, n, blockCount);
        }
        if (r.remaining() != 0) {
            throw new CorruptDataException(r.remaining() + " bytes left after the last chunk meta; the TOC sizes do not add up",
                    name, r.offset(), "FIoStoreTocResource");
        }
        TocResource toc = new TocResource(h, ids, offsets, seeds, overflow, blocks, ivs, methods, signatures, directoryIndex,
                metas, onDemand);
        validate(toc, name, blocksStart);
        return toc;
    }

    private static String readMethodName(ByteReader r, int slot) {
        long at = r.offset();
        byte[] b = r.bytes(slot);
        int end = 0;
        while (end < b.length && b[end] != 0) {
            end++;
        }
        for (int i = end; i < b.length; i++) {
            if (b[i] != 0) {
                throw IoBits.corruptAt(r, "Compression method name slot has bytes after its terminator", at);
            }
        }
        if (end == 0) {
            throw IoBits.corruptAt(r, "Empty compression method name", at);
        }
        return new String(b, 0, end, StandardCharsets.ISO_8859_1);
    }

    /** Cross-checks that let readers index without further bounds checks. */
    private static void validate(TocResource toc, String name, long blocksStart) {
        TocHeader h = toc.header();
        long blockSize = h.compressionBlockSize();
        int blockCount = toc.compressionBlocks().size();
        long offsetsStart = TocHeader.SIZE + (long) toc.chunkCount() * IoChunkId.SIZE;
        for (int i = 0; i < toc.chunkCount(); i++) {
            OffsetAndLength ol = toc.offsetAndLengths().get(i);
            if (ol.length() == 0) {
                continue;
            }
            long lastBlock = blockSize == 0 ? Long.MAX_VALUE : (ol.offset() + ol.length() - 1) / blockSize;
            if (lastBlock >= blockCount) {
                throw new CorruptDataException("Chunk " + i + " (" + toc.chunkIds().get(i) + ") spans to block " + lastBlock
                        + " but the TOC has " + blockCount + " blocks", name, offsetsStart + (long) i * OffsetAndLength.SIZE,
                        "FIoOffsetAndLength");
            }
        }
        int methodCount = toc.compressionMethods().size();
        long partitionSize = h.effectivePartitionSize();
        long partitionCount = h.effectivePartitionCount();
        for (int i = 0; i < blockCount; i++) {
            CompressedBlockEntry b = toc.compressionBlocks().get(i);
            long at = blocksStart + (long) i * CompressedBlockEntry.SIZE;
            if (b.methodIndex() > methodCount) {
                throw new CorruptDataException("Block " + i + " names compression method " + b.methodIndex() + " but only "
                        + methodCount + " are listed", name, at, "FIoStoreTocCompressedBlockEntry");
            }
            if (b.uncompressedSize() > blockSize) {
                throw new CorruptDataException("Block " + i + " uncompresses to " + b.uncompressedSize()
                        + " bytes, more than the block size " + blockSize, name, at, "FIoStoreTocCompressedBlockEntry");
            }
            if (b.methodIndex() == 0 && b.compressedSize() != b.uncompressedSize()) {
                throw new CorruptDataException("Uncompressed block " + i + " stores " + b.compressedSize()
                        + " bytes for " + b.uncompressedSize(), name, at, "FIoStoreTocCompressedBlockEntry");
            }
            long stored = b.storedSize(h.has(ContainerFlag.ENCRYPTED));
            long partition = b.offset() / partitionSize;
            if (partition >= partitionCount) {
                throw new CorruptDataException("Block " + i + " at " + b.offset() + " lies in partition " + partition
                        + " but the container has " + partitionCount, name, at, "FIoStoreTocCompressedBlockEntry");
            }
            if (stored > 0 && (b.offset() + stored - 1) / partitionSize != partition) {
                throw new CorruptDataException("Block " + i + " crosses a partition boundary", name, at,
                        "FIoStoreTocCompressedBlockEntry");
            }
        }
    }
}
