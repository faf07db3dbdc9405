package io.uassetd.codecs.pak;

import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * The primary index of V10+ paks: FString mount point, i32 entry count, u64 path hash seed, bool32
 * + (offset u64, size u64, SHA-1) of the path-hash index, the same for the full directory index,
 * TArray&lt;u8&gt; encoded entries, then i32 count + full FPakEntry records of entries that could not
 * be encoded.
 *
 * @param pathHashIndex null when absent
 * @param directoryIndex null when absent
 */
public record PakPrimaryIndex(String mountPoint, int entryCount, long pathHashSeed, Region pathHashIndex,
        Region directoryIndex, byte[] encodedEntries, List<PakEntryRecord> files) {

    /** Where a secondary index blob is: absolute offset, size, SHA-1 (40 bytes on disk). */
    public record Region(long offset, long size, byte[] hash) {
    }

    public PakPrimaryIndex {
        files = List.copyOf(files);
    }

    public static PakPrimaryIndex read(ByteReader r, PakVersion v) {
        return read(r, v, false);
    }

    /**
     * As {@link #read(ByteReader, PakVersion)}; {@code ctr} (a V15 AES-CTR pak): a 12-byte IV per
     * unencoded entry follows their array.
     */
    public static PakPrimaryIndex read(ByteReader r, PakVersion v, boolean ctr) {
        r.structure("PakIndex");
        String mount = r.fstring();
        int count = r.count(0, "entry");
        long seed = r.raw64();
        Region phi = r.bool32() ? new Region(r.u64(), r.u64(), r.bytes(20)) : null;
        Region fdi = r.bool32() ? new Region(r.u64(), r.u64(), r.bytes(20)) : null;
        int encodedSize = r.count(1, "encoded entry byte");
        byte[] encoded = r.bytes(encodedSize);
        int fileCount = r.count(53, "unencoded entry");
        List<PakEntryRecord> files = new ArrayList<>(fileCount);
        for (int i = 0; i < fileCount; i++) {
            files.add(PakEntryRecord.read(r, v));
        }
        if (ctr) {
            r.require((long) fileCount * AesCtr.IV_SIZE);
            for (int i = 0; i < fileCount; i++) {
                files.set(i, files.get(i).withIv(r.bytes(AesCtr.IV_SIZE)));
            }
        }
        return new PakPrimaryIndex(mount, count, seed, phi, fdi, encoded, files);
    }

    public void write(ByteWriter w, PakVersion v) {
        write(w, v, false);
    }

    /** As {@link #write(ByteWriter, PakVersion)}; {@code ctr}: each unencoded entry's IV (zeros when none) after them. */
    public void write(ByteWriter w, PakVersion v, boolean ctr) {
        w.fstring(mountPoint).u32(entryCount).u64(pathHashSeed);
        writeRegion(w, pathHashIndex);
        writeRegion(w, directoryIndex);
        w.u32(encodedEntries.length).bytes(encodedEntries);
        w.u32(files.size());
        for (PakEntryRecord f : files) {
            f.write(w, v, false);
        }
        if (ctr) {
            for (PakEntryRecord f : files) {
                w.bytes(f.iv() == null ? new byte[AesCtr.IV_SIZE] : f.iv());
            }
        }
    }

    private static void writeRegion(ByteWriter w, Region r) {
        w.bool32(r != null);
        if (r != null) {
            w.u64(r.offset).u64(r.size).bytes(r.hash);
        }
    }
}
