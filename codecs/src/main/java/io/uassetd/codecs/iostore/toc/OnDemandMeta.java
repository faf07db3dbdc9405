package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.util.Arrays;

/**
 * The trailer of an on-demand container at TOC version {@link TocVersion#ON_DEMAND_META_DATA} only:
 * FIoStoreTocOnDemandChunkMeta (a 20-byte FIoHash of each chunk as stored) for every chunk, then
 * FIoStoreTocOnDemandCompressedBlockMeta (20 bytes) for every compression block.
 */
public record OnDemandMeta(byte[] chunkDiskHashes, byte[] blockDiskHashes) {
    public static OnDemandMeta read(ByteReader r, int chunkCount, int blockCount) {
        r.structure("FIoStoreTocOnDemandChunkMeta");
        byte[] chunks = r.bytes(IoBits.count(r, chunkCount, 20, "on-demand chunk meta") * 20);
        r.structure("FIoStoreTocOnDemandCompressedBlockMeta");
        byte[] blocks = r.bytes(IoBits.count(r, blockCount, 20, "on-demand block meta") * 20);
        return new OnDemandMeta(chunks, blocks);
    }

    public void write(ByteWriter w) {
        w.bytes(chunkDiskHashes).bytes(blockDiskHashes);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof OnDemandMeta m && Arrays.equals(chunkDiskHashes, m.chunkDiskHashes)
                && Arrays.equals(blockDiskHashes, m.blockDiskHashes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(chunkDiskHashes);
    }
}
