package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.iostore.IoChunkId;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * FIoStoreTocResource: everything a .utoc holds, in file order. The directory index is kept as
 * stored (AES-encrypted in encrypted containers) so that {@link TocWriter} reproduces the file byte
 * for byte; {@link DirectoryIndex#read} decodes it. Optional parts are null when absent.
 *
 * @param header FIoStoreTocHeader
 * @param chunkIds one FIoChunkId per entry
 * @param offsetAndLengths one FIoOffsetAndLength per entry
 * @param perfectHashSeeds int32 seeds (TOC version 4 on), empty before
 * @param chunksWithoutPerfectHash overflow entry indices (TOC version 5 on), empty before
 * @param compressionBlocks FIoStoreTocCompressedBlockEntry per block
 * @param encryptionIvs the 12-byte AES-CTR IVs (TOC version 10 on), concatenated: one per block, then
 *     the directory index's; empty for other methods
 * @param compressionMethods the method names; a block's method index i > 0 names entry i - 1
 * @param signatures the signature block of a signed container, or null
 * @param directoryIndex the directory index bytes as stored (possibly encrypted), empty when none
 * @param chunkMetas one FIoStoreTocEntryMeta per entry
 * @param onDemand the version-6 on-demand trailer, or null
 */
public record TocResource(
        TocHeader header,
        List<IoChunkId> chunkIds,
        List<OffsetAndLength> offsetAndLengths,
        int[] perfectHashSeeds,
        int[] chunksWithoutPerfectHash,
        List<CompressedBlockEntry> compressionBlocks,
        byte[] encryptionIvs,
        List<String> compressionMethods,
        TocSignatures signatures,
        byte[] directoryIndex,
        List<TocEntryMeta> chunkMetas,
        OnDemandMeta onDemand) {

    public TocResource {
        Objects.requireNonNull(header, "header");
        chunkIds = List.copyOf(chunkIds);
        offsetAndLengths = List.copyOf(offsetAndLengths);
        compressionBlocks = List.copyOf(compressionBlocks);
        compressionMethods = List.copyOf(compressionMethods);
        chunkMetas = List.copyOf(chunkMetas);
        perfectHashSeeds = perfectHashSeeds == null ? new int[0] : perfectHashSeeds;
        chunksWithoutPerfectHash = chunksWithoutPerfectHash == null ? new int[0] : chunksWithoutPerfectHash;
        directoryIndex = directoryIndex == null ? new byte[0] : directoryIndex;
        encryptionIvs = encryptionIvs == null ? new byte[0] : encryptionIvs;
        if (encryptionIvs.length % AesCtr.IV_SIZE != 0) {
            throw new IllegalArgumentException("Encryption IVs are 12 bytes each, got " + encryptionIvs.length + " bytes");
        }
        if (offsetAndLengths.size() != chunkIds.size() || chunkMetas.size() != chunkIds.size()) {
            throw new IllegalArgumentException("Chunk ids, offsets and metas differ in count: " + chunkIds.size() + ", "
                    + offsetAndLengths.size() + ", " + chunkMetas.size());
        }
    }

    /** A resource without encryption IVs (every method but AES-CTR). */
    public TocResource(TocHeader header, List<IoChunkId> chunkIds, List<OffsetAndLength> offsetAndLengths,
            int[] perfectHashSeeds, int[] chunksWithoutPerfectHash, List<CompressedBlockEntry> compressionBlocks,
            List<String> compressionMethods, TocSignatures signatures, byte[] directoryIndex, List<TocEntryMeta> chunkMetas,
            OnDemandMeta onDemand) {
        this(header, chunkIds, offsetAndLengths, perfectHashSeeds, chunksWithoutPerfectHash, compressionBlocks, new byte[0],
                compressionMethods, signatures, directoryIndex, chunkMetas, onDemand);
    }

    /** Number of 12-byte IVs stored. */
    public int encryptionIvCount() {
        return encryptionIvs.length / AesCtr.IV_SIZE;
    }

    /** Offset in {@link #encryptionIvs()} of compression block {@code block}'s IV. */
    public int blockIvOffset(int block) {
        return block * AesCtr.IV_SIZE;
    }

    /** Offset in {@link #encryptionIvs()} of the directory index's IV (the last one). */
    public int directoryIndexIvOffset() {
        return encryptionIvs.length - AesCtr.IV_SIZE;
    }

    public TocVersion version() {
        return header.version();
    }

    public int chunkCount() {
        return chunkIds.size();
    }

    /**
     * Whether the chunk types use the UE5 numbering. TOC versions from PerfectHash on are UE5 only;
     * PartitionSize and older are taken as UE4 (4.25-4.27), the engines that wrote them.
     */
    public boolean ue5ChunkTypes() {
        return header.version().atLeast(TocVersion.PERFECT_HASH);
    }

    /** The name of a block's compression method: "None" for index 0. */
    public String methodName(int methodIndex) {
        return methodIndex == 0 ? "None" : compressionMethods.get(methodIndex - 1);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TocResource t && header.equals(t.header) && chunkIds.equals(t.chunkIds)
                && offsetAndLengths.equals(t.offsetAndLengths) && Arrays.equals(perfectHashSeeds, t.perfectHashSeeds)
                && Arrays.equals(chunksWithoutPerfectHash, t.chunksWithoutPerfectHash)
                && compressionBlocks.equals(t.compressionBlocks) && Arrays.equals(encryptionIvs, t.encryptionIvs)
                && compressionMethods.equals(t.compressionMethods)
                && Objects.equals(signatures, t.signatures) && Arrays.equals(directoryIndex, t.directoryIndex)
                && chunkMetas.equals(t.chunkMetas) && Objects.equals(onDemand, t.onDemand);
    }

    @Override
    public int hashCode() {
        return Objects.hash(header, chunkIds);
    }

    @Override
    public String toString() {
        return "TocResource[version=" + header.version() + ", chunks=" + chunkIds.size() + ", blocks="
                + compressionBlocks.size() + ", methods=" + compressionMethods + "]";
    }
}
