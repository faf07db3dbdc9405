package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;

/**
 * FIoStoreTocHeader, 144 bytes: the start of every .utoc. Reserved fields are kept so that a header
 * writes back byte for byte. Versions before {@link TocVersion#PARTITION_SIZE} store no partition
 * fields; {@link #effectivePartitionCount()} and {@link #effectivePartitionSize()} give what readers
 * use (one partition of unbounded size).
 *
 * <p>Fields gated on the version: {@code encryptionMethodId} (offset 81) is reserved before
 * {@link TocVersion#CONTAINER_ENCRYPTION_METHOD} and the EIoEncryptionMethod from it on;
 * {@code sourceHashCount} (offset 100) is reserved7 before {@link TocVersion#ADDED_SOURCE_HASHES};
 * {@code encryptionIvCount} (offset 104) is the first word of reserved8 before version 10. Before
 * their version they are kept as stored so the header writes back byte for byte.
 */
public record TocHeader(
        TocVersion version,
        int reserved0,
        int reserved1,
        long headerSize,
        long entryCount,
        long compressedBlockEntryCount,
        long compressedBlockEntrySize,
        long compressionMethodNameCount,
        long compressionMethodNameLength,
        long compressionBlockSize,
        long directoryIndexSize,
        long partitionCount,
        long containerId,
        byte[] encryptionKeyGuid,
        int containerFlags,
        int encryptionMethodId,
        int reserved4,
        long perfectHashSeedsCount,
        long partitionSize,
        long chunksWithoutPerfectHashCount,
        long sourceHashCount,
        long encryptionIvCount,
        byte[] reserved8) {

    public static final int SIZE = 144;
    public static final int COMPRESSED_BLOCK_ENTRY_SIZE = 12;
    /** The largest block a 24-bit block size field can describe. */
    public static final long MAX_BLOCK_SIZE = 1 << 24;
    private static final byte[] MAGIC = "-==--==--==--==-".getBytes(StandardCharsets.US_ASCII);

    public TocHeader {
        Objects.requireNonNull(version, "version");
        if (encryptionKeyGuid == null || encryptionKeyGuid.length != 16) {
            throw new IllegalArgumentException("encryptionKeyGuid must be 16 bytes");
        }
        if (reserved8 == null || reserved8.length != 36) {
            throw new IllegalArgumentException("reserved8 must be 36 bytes (after the IV count)");
        }
    }

    /** A header for a new container; counts are filled in by the writer of the TOC. */
    public static TocHeader create(TocVersion version, long entryCount, long blockCount, long methodCount,
            long blockSize, long directoryIndexSize, long partitionCount, long containerId, byte[] keyGuid, int flags,
            long seedsCount, long partitionSize, long withoutPerfectHashCount) {
        return new TocHeader(version, 0, 0, SIZE, entryCount, blockCount, COMPRESSED_BLOCK_ENTRY_SIZE, methodCount, 32,
                blockSize, directoryIndexSize, partitionCount, containerId, keyGuid == null ? new byte[16] : keyGuid,
                flags, 0, 0, seedsCount, partitionSize, withoutPerfectHashCount, 0, 0, new byte[36]);
    }

    /**
     * This header with the encryption of a version 10 TOC: {@code method} and {@code ivCount} IVs
     * (the ENCRYPTED flag is the caller's). Before version 10 only {@link EncryptionMethod#NONE} and
     * {@link EncryptionMethod#AES_ECB} (with the flag) exist and nothing is stored.
     */
    public TocHeader withEncryption(EncryptionMethod method, long ivCount) {
        boolean stored = version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD);
        if (!stored && (method == EncryptionMethod.AES_CTR || ivCount != 0)) {
            throw new IllegalArgumentException("TOC version " + version.value() + " cannot record " + method);
        }
        return new TocHeader(version, reserved0, reserved1, headerSize, entryCount, compressedBlockEntryCount,
                compressedBlockEntrySize, compressionMethodNameCount, compressionMethodNameLength, compressionBlockSize,
                directoryIndexSize, partitionCount, containerId, encryptionKeyGuid, containerFlags,
                stored ? method.value() : encryptionMethodId, reserved4, perfectHashSeedsCount, partitionSize,
                chunksWithoutPerfectHashCount, sourceHashCount, stored ? ivCount : encryptionIvCount, reserved8);
    }

    public static TocHeader read(ByteReader r) {
        r.structure("FIoStoreTocHeader");
        long start = r.offset();
        r.require(SIZE);
        byte[] magic = r.bytes(16);
        if (!Arrays.equals(magic, MAGIC)) {
            throw new CorruptDataException("Not a .utoc: magic is " + printable(magic) + ", expected \"-==--==--==--==-\"",
                    r.source(), start, "FIoStoreTocHeader");
        }
        long versionOffset = r.offset();
        TocVersion version = TocVersion.of(r.u8(), r.source(), versionOffset);
        int reserved0 = r.u8();
        int reserved1 = r.u16();
        long headerSize = r.u32();
        if (headerSize != SIZE) {
            throw new CorruptDataException("TocHeaderSize is " + headerSize + ", expected " + SIZE, r.source(),
                    start + 20, "FIoStoreTocHeader");
        }
        long entryCount = r.u32();
        long blockCount = r.u32();
        long blockEntrySize = r.u32();
        if (blockEntrySize != COMPRESSED_BLOCK_ENTRY_SIZE) {
            throw new CorruptDataException("TocCompressedBlockEntrySize is " + blockEntrySize + ", expected "
                    + COMPRESSED_BLOCK_ENTRY_SIZE, r.source(), start + 32, "FIoStoreTocHeader");
        }
        long methodCount = r.u32();
        long methodLength = r.u32();
        long blockSize = r.u32();
        long dirSize = r.u32();
        long partitionCount = r.u32();
        long containerId = r.raw64();
        byte[] guid = r.bytes(16);
        int flags = r.u8();
        long methodAt = r.offset();
        int method = r.u8();
        if (version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD)) {
            EncryptionMethod.of(method, r.source(), methodAt, "FIoStoreTocHeader");
        }
        int reserved4 = r.u16();
        long seeds = r.u32();
        long partitionSize = r.raw64();
        long withoutPh = r.u32();
        long sourceHashes = r.u32();
        long ivCount = r.u32();
        byte[] reserved8 = r.bytes(36);
        TocHeader h = new TocHeader(version, reserved0, reserved1, headerSize, entryCount, blockCount, blockEntrySize,
                methodCount, methodLength, blockSize, dirSize, partitionCount, containerId, guid, flags, method,
                reserved4, seeds, partitionSize, withoutPh, sourceHashes, ivCount, reserved8);
        h.check(r.source(), start);
        return h;
    }

    private void check(String file, long start) {
        if ((compressionBlockSize == 0 && compressedBlockEntryCount > 0) || compressionBlockSize > MAX_BLOCK_SIZE) {
            throw new CorruptDataException("CompressionBlockSize " + compressionBlockSize + " with "
                    + compressedBlockEntryCount + " blocks is outside 1.." + MAX_BLOCK_SIZE, file, start + 44,
                    "FIoStoreTocHeader");
        }
        if (compressionMethodNameCount > 0 && (compressionMethodNameLength == 0 || compressionMethodNameLength > 1024)) {
            throw new CorruptDataException("CompressionMethodNameLength " + compressionMethodNameLength
                    + " is not a plausible name slot size", file, start + 40, "FIoStoreTocHeader");
        }
        if (compressionMethodNameCount > 255) {
            throw new CorruptDataException("CompressionMethodNameCount " + compressionMethodNameCount
                    + " exceeds the 255 a block's method byte can address", file, start + 36, "FIoStoreTocHeader");
        }
        if (storedSourceHashCount() != 0) {
            throw new UnsupportedVersionException("The TOC stores " + storedSourceHashCount() + " source hashes (TOC version "
                    + TocVersion.ADDED_SOURCE_HASHES.value() + ", AddedSourceHashes): no public source defines where or how they"
                    + " are stored (CUE4Parse reads only their count)", file, start + 100, "FIoStoreTocHeader");
        }
        if (version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD) && has(ContainerFlag.ENCRYPTED)
                && encryptionMethod() == EncryptionMethod.NONE) {
            throw new CorruptDataException("The container is flagged encrypted but its EncryptionMethod is None", file,
                    start + 81, "FIoStoreTocHeader");
        }
        if (version.atLeast(TocVersion.PARTITION_SIZE)) {
            if (partitionCount == 0 && compressedBlockEntryCount > 0) {
                throw new CorruptDataException("PartitionCount is 0", file, start + 52, "FIoStoreTocHeader");
            }
            if (partitionSize == 0) {
                throw new CorruptDataException("PartitionSize is 0", file, start + 88, "FIoStoreTocHeader");
            }
            if (partitionCount > 1 && partitionCount > 0x10000) {
                throw new CorruptDataException("PartitionCount " + partitionCount + " is implausible", file, start + 52,
                        "FIoStoreTocHeader");
            }
        }
    }

    public void write(ByteWriter w) {
        w.bytes(MAGIC);
        w.u8(version.value()).u8(reserved0).u16(reserved1);
        w.u32(headerSize).u32(entryCount).u32(compressedBlockEntryCount).u32(compressedBlockEntrySize);
        w.u32(compressionMethodNameCount).u32(compressionMethodNameLength).u32(compressionBlockSize);
        w.u32(directoryIndexSize).u32(partitionCount).u64(containerId).bytes(encryptionKeyGuid);
        w.u8(containerFlags).u8(encryptionMethodId).u16(reserved4).u32(perfectHashSeedsCount).u64(partitionSize);
        w.u32(chunksWithoutPerfectHashCount).u32(sourceHashCount).u32(encryptionIvCount).bytes(reserved8);
    }

    /**
     * How the container's data and directory index are encrypted: the stored EncryptionMethod from
     * TOC version 10 on; before, AES-ECB when the ENCRYPTED flag is set, else none.
     */
    public EncryptionMethod encryptionMethod() {
        if (version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD)) {
            return EncryptionMethod.of(encryptionMethodId, "FIoStoreTocHeader", 81, "FIoStoreTocHeader");
        }
        return has(ContainerFlag.ENCRYPTED) ? EncryptionMethod.AES_ECB : EncryptionMethod.NONE;
    }

    /** The 12-byte IVs stored after the compression blocks (EncryptionIVCount, TOC version 10 on; 0 before). */
    public long storedIvCount() {
        return version.atLeast(TocVersion.CONTAINER_ENCRYPTION_METHOD) ? encryptionIvCount : 0;
    }

    /** Source hashes the header counts (TOC version 9 on; 0 before). */
    public long storedSourceHashCount() {
        return version.atLeast(TocVersion.ADDED_SOURCE_HASHES) ? sourceHashCount : 0;
    }

    /**
     * The IVs an AES-CTR container must store: one per compression block and one for the directory
     * index of an indexed container; none for the other methods.
     */
    public long expectedIvCount() {
        return encryptionMethod() == EncryptionMethod.AES_CTR
                ? compressedBlockEntryCount + (has(ContainerFlag.INDEXED) ? 1 : 0) : 0;
    }

    public boolean has(ContainerFlag flag) {
        return flag.in(containerFlags);
    }

    /** Partitions the reader uses: the stored count from PartitionSize on, else 1. */
    public int effectivePartitionCount() {
        return version.atLeast(TocVersion.PARTITION_SIZE) ? (int) Math.max(1, partitionCount) : 1;
    }

    /** Partition size the reader uses: the stored size from PartitionSize on, else unbounded. */
    public long effectivePartitionSize() {
        return version.atLeast(TocVersion.PARTITION_SIZE) && partitionSize > 0 ? partitionSize : Long.MAX_VALUE;
    }

    /** Perfect-hash seeds stored in this version (0 before PerfectHash). */
    public int storedSeedCount() {
        return version.atLeast(TocVersion.PERFECT_HASH) ? (int) perfectHashSeedsCount : 0;
    }

    /** Overflow (no perfect hash) entries stored in this version (0 before PerfectHashWithOverflow). */
    public int storedOverflowCount() {
        return version.atLeast(TocVersion.PERFECT_HASH_WITH_OVERFLOW) ? (int) chunksWithoutPerfectHashCount : 0;
    }

    /** The key GUID as Unreal prints it: four 32-bit words in upper-case hex. */
    public String encryptionKeyGuidString() {
        StringBuilder sb = new StringBuilder(32);
        for (int i = 0; i < 4; i++) {
            long word = (encryptionKeyGuid[i * 4] & 0xFFL) | (encryptionKeyGuid[i * 4 + 1] & 0xFFL) << 8
                    | (encryptionKeyGuid[i * 4 + 2] & 0xFFL) << 16 | (encryptionKeyGuid[i * 4 + 3] & 0xFFL) << 24;
            sb.append(String.format("%08X", word));
        }
        return sb.toString();
    }

    private static String printable(byte[] b) {
        StringBuilder sb = new StringBuilder("\"");
        for (byte x : b) {
            int c = x & 0xFF;
            sb.append(c >= 0x20 && c < 0x7F ? String.valueOf((char) c) : String.format("\\x%02X", c));
        }
        return sb.append('"').toString();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TocHeader h && version == h.version && reserved0 == h.reserved0 && reserved1 == h.reserved1
                && headerSize == h.headerSize && entryCount == h.entryCount
                && compressedBlockEntryCount == h.compressedBlockEntryCount
                && compressedBlockEntrySize == h.compressedBlockEntrySize
                && compressionMethodNameCount == h.compressionMethodNameCount
                && compressionMethodNameLength == h.compressionMethodNameLength
                && compressionBlockSize == h.compressionBlockSize && directoryIndexSize == h.directoryIndexSize
                && partitionCount == h.partitionCount && containerId == h.containerId
                && Arrays.equals(encryptionKeyGuid, h.encryptionKeyGuid) && containerFlags == h.containerFlags
                && encryptionMethodId == h.encryptionMethodId && reserved4 == h.reserved4 && perfectHashSeedsCount == h.perfectHashSeedsCount
                && partitionSize == h.partitionSize && chunksWithoutPerfectHashCount == h.chunksWithoutPerfectHashCount
                && sourceHashCount == h.sourceHashCount && encryptionIvCount == h.encryptionIvCount
                && Arrays.equals(reserved8, h.reserved8);
    }

    @Override
    public int hashCode() {
        return Objects.hash(version, entryCount, compressedBlockEntryCount, containerId, containerFlags);
    }
}
