package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.iostore.internal.IoBits;
import io.uassetd.codecs.io.ByteWriter;
import java.util.Arrays;

/**
 * The signature block of a signed container (flag {@link ContainerFlag#SIGNED}): an int32 hash
 * size, the TOC signature and the block signature (that many bytes each), then one 20-byte FSHAHash
 * per compression block. Kept as read; this code does not check RSA signatures.
 */
public record TocSignatures(byte[] tocSignature, byte[] blockSignature, byte[] chunkBlockSignatures) {
    public static TocSignatures read(ByteReader r, int blockCount) {
        r.structure("TocSignatures");
        int hashSize = IoBits.count(r, r.i32(), 2, "signature size");
        byte[] toc = r.bytes(hashSize);
        byte[] block = r.bytes(hashSize);
        int n = IoBits.count(r, blockCount, 20, "chunk block signature");
        byte[] blocks = r.bytes(n * 20);
        return new TocSignatures(toc, block, blocks);
    }

    public void write(ByteWriter w) {
        IoBits.i32(w, tocSignature.length).bytes(tocSignature).bytes(blockSignature).bytes(chunkBlockSignatures);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof TocSignatures s && Arrays.equals(tocSignature, s.tocSignature)
                && Arrays.equals(blockSignature, s.blockSignature)
                && Arrays.equals(chunkBlockSignatures, s.chunkBlockSignatures);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(tocSignature);
    }
}
