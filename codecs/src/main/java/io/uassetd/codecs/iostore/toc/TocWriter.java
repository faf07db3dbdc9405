package io.uassetd.codecs.iostore.toc;

import io.uassetd.codecs.iostore.IoChunkId;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.iostore.internal.IoBits;
import java.nio.charset.StandardCharsets;

/**
 * Writes a {@link TocResource} as a .utoc. A resource read by {@link TocReader} writes back byte
 * for byte; the header's counts must agree with the lists (checked here, so a caller that builds a
 * resource cannot write an inconsistent file).
 */
public final class TocWriter {
    private TocWriter() {
    }

    public static byte[] write(TocResource toc) {
        TocHeader h = toc.header();
        TocVersion v = h.version();
        check(h.entryCount() == toc.chunkCount(), "TocEntryCount " + h.entryCount() + " != " + toc.chunkCount());
        check(h.compressedBlockEntryCount() == toc.compressionBlocks().size(), "TocCompressedBlockEntryCount");
        check(h.compressionMethodNameCount() == toc.compressionMethods().size(), "CompressionMethodNameCount");
        check(h.storedSeedCount() == toc.perfectHashSeeds().length, "TocChunkPerfectHashSeedsCount");
        check(h.storedOverflowCount() == toc.chunksWithoutPerfectHash().length, "TocChunksWithoutPerfectHashCount");
        check(!v.atLeast(TocVersion.DIRECTORY_INDEX) ? toc.directoryIndex().length == 0
                : h.directoryIndexSize() == toc.directoryIndex().length, "DirectoryIndexSize");
        check(h.storedIvCount() == toc.encryptionIvCount() && h.expectedIvCount() == toc.encryptionIvCount(),
                "EncryptionIVCount " + h.storedIvCount() + " for " + toc.encryptionIvCount() + " IVs, " + h.encryptionMethod()
                        + " needs " + h.expectedIvCount());
        check(h.storedSourceHashCount() == 0, "source hashes cannot be written");
        check(h.has(ContainerFlag.SIGNED) == (toc.signatures() != null), "Signed flag vs signatures");
        boolean onDemand = v == TocVersion.ON_DEMAND_META_DATA && h.has(ContainerFlag.ON_DEMAND);
        check(onDemand == (toc.onDemand() != null), "OnDemand flag vs on-demand meta");

        int n = toc.chunkCount();
        long size = TocHeader.SIZE + (long) n * (IoChunkId.SIZE + OffsetAndLength.SIZE + TocEntryMeta.size(v))
                + 4L * (toc.perfectHashSeeds().length + toc.chunksWithoutPerfectHash().length)
                + (long) CompressedBlockEntry.SIZE * toc.compressionBlocks().size() + toc.encryptionIvs().length
                + h.compressionMethodNameLength() * toc.compressionMethods().size() + toc.directoryIndex().length;
        ByteWriter w = new ByteWriter((int) Math.min(Integer.MAX_VALUE - 64, size + 64));
        h.write(w);
        for (IoChunkId id : toc.chunkIds()) {
            id.write(w);
        }
        for (OffsetAndLength ol : toc.offsetAndLengths()) {
            ol.write(w);
        }
        for (int s : toc.perfectHashSeeds()) {
            IoBits.i32(w, s);
        }
        for (int s : toc.chunksWithoutPerfectHash()) {
            IoBits.i32(w, s);
        }
        for (CompressedBlockEntry b : toc.compressionBlocks()) {
            b.write(w);
        }
        w.bytes(toc.encryptionIvs());
        int slot = (int) h.compressionMethodNameLength();
        for (String m : toc.compressionMethods()) {
            byte[] name = m.getBytes(StandardCharsets.ISO_8859_1);
            check(name.length < slot, "Compression method name '" + m + "' does not fit " + slot + " bytes");
            w.bytes(name).zeros(slot - name.length);
        }
        if (toc.signatures() != null) {
            toc.signatures().write(w);
        }
        w.bytes(toc.directoryIndex());
        for (TocEntryMeta m : toc.chunkMetas()) {
            m.write(w, v);
        }
        if (toc.onDemand() != null) {
            toc.onDemand().write(w);
        }
        return w.toByteArray();
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new IllegalArgumentException("Inconsistent TOC: " + what);
        }
    }
}
