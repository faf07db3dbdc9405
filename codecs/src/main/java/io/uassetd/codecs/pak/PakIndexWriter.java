package io.uassetd.codecs.pak;

import java.util.Arrays;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Builds everything after the entry data: the index (legacy before V10; primary + path-hash index
 * + full directory index from V10, file names as UTF-8 from V12, the flat directory index from V13),
 * the scheme's trailer and the footer (with PakchunkIndex -1 from V14), encrypting the index
 * regions when asked. Each region's SHA-1 covers its plain bytes after zero-padding to 16 (what
 * Unreal checks).
 */
final class PakIndexWriter {
    private final PakVersion v;
    private final String mountPoint;
    private final long seed;
    private final AesCipher indexCipher;
    private final byte[] trailer;
    /** V15 AES-CTR: the key stream's cipher (null for AES-ECB or no encryption). */
    private final AesCipher ctrCipher;
    private final Supplier<byte[]> newIv;
    /** The footer's three index IVs (zeros for regions not encrypted with AES-CTR). */
    private final byte[] footerIvs = new byte[PakFooter.IVS_SIZE];

    PakIndexWriter(PakVersion v, String mountPoint, long seed, AesCipher indexCipher, byte[] trailer) {
        this(v, mountPoint, seed, indexCipher, trailer, null, null);
    }

    /**
     * @param ctrCipher for a V15 AES-CTR pak (entries carry IVs, encrypted regions get footer IVs from
     *     {@code newIv}); null otherwise
     */
    PakIndexWriter(PakVersion v, String mountPoint, long seed, AesCipher indexCipher, byte[] trailer, AesCipher ctrCipher,
            Supplier<byte[]> newIv) {
        this.v = v;
        this.mountPoint = mountPoint;
        this.seed = seed;
        this.indexCipher = indexCipher;
        this.trailer = trailer;
        this.ctrCipher = ctrCipher;
        this.newIv = newIv;
    }

    /** The bytes to append at {@code indexOffset}, ending with the footer. */
    byte[] build(List<PakEntry> entries, List<String> compressionNames, long indexOffset) {
        ByteWriter out = new ByteWriter(4096);
        byte[][] index = new byte[1][];
        if (v.before(PakVersion.PATH_HASH_INDEX)) {
            List<PakLegacyIndex.Item> items = new ArrayList<>();
            for (PakEntry e : entries) {
                items.add(new PakLegacyIndex.Item(e.path(), e.record()));
            }
            ByteWriter w = new ByteWriter(4096);
            new PakLegacyIndex(mountPoint, items).write(w, v);
            index[0] = w.toByteArray();
        } else {
            primary(entries, indexOffset, index, out);
        }
        byte[] indexHash = seal(index, PakFooter.INDEX_IV);
        ByteWriter all = new ByteWriter(index[0].length + out.size() + 256);
        all.bytes(index[0]).bytes(out.array(), 0, out.size()).bytes(trailer);
        List<String> names = new ArrayList<>(compressionNames);
        while (names.size() < v.compressionSlots()) {
            names.add("");
        }
        if (v.atLeast(PakVersion.ENCRYPTION_METHOD)) {
            // UnrealPak of UE6.0 records AES (ECB, the definition of every older pak) for an unencrypted pak too
            new PakFooter(new byte[16], indexCipher != null, v, indexOffset, index[0].length, indexHash, false, names, -1,
                    ctrCipher != null ? EncryptionMethod.AES_CTR : EncryptionMethod.AES_ECB, footerIvs).write(all);
        } else {
            new PakFooter(new byte[16], indexCipher != null, v, indexOffset, index[0].length, indexHash, false, names).write(all);
        }
        return all.toByteArray();
    }

    /** Builds the primary index into {@code index[0]} and the secondary regions into {@code tail}. */
    private void primary(List<PakEntry> entries, long indexOffset, byte[][] index, ByteWriter tail) {
        ByteWriter enc = new ByteWriter(entries.size() * 24 + 16);
        List<PakEntryRecord> files = new ArrayList<>();
        List<String> paths = new ArrayList<>();
        List<Integer> locations = new ArrayList<>();
        for (PakEntry e : entries) {
            paths.add(e.path());
            if (e.record().encodable()) {
                locations.add(enc.size());
                e.record().writeEncoded(enc, ctrCipher != null);
            } else {
                files.add(e.record());
                locations.add(-files.size());
            }
        }
        byte[] encoded = enc.toByteArray();
        ByteWriter phiW = new ByteWriter();
        PakPathHashIndex.build(paths, locations, seed).write(phiW, v, seed);
        byte[][] phi = {phiW.toByteArray()};
        byte[] phiHash = seal(phi, PakFooter.PATH_HASH_INDEX_IV);
        ByteWriter fdiW = new ByteWriter();
        PakDirectoryIndex full = PakDirectoryIndex.build(paths, locations);
        if (v.atLeast(PakVersion.SORTED_DIRECTORY_INDEX)) {
            PakFlatDirectoryIndex.write(full, seed, fdiW);
        } else {
            full.write(fdiW, v);
        }
        byte[][] fdi = {fdiW.toByteArray()};
        byte[] fdiHash = seal(fdi, PakFooter.DIRECTORY_INDEX_IV);
        // the primary index's size does not depend on the region values: measure it first
        PakPrimaryIndex.Region dummy = new PakPrimaryIndex.Region(0, 0, new byte[20]);
        ByteWriter probe = new ByteWriter();
        new PakPrimaryIndex(mountPoint, entries.size(), seed, dummy, dummy, encoded, files).write(probe, v, ctrCipher != null);
        long primaryLen = indexCipher == null ? probe.size() : AesCipher.align(probe.size());
        long phiOffset = indexOffset + primaryLen;
        long fdiOffset = phiOffset + phi[0].length;
        ByteWriter w = new ByteWriter(probe.size());
        new PakPrimaryIndex(mountPoint, entries.size(), seed, new PakPrimaryIndex.Region(phiOffset, phi[0].length, phiHash),
                new PakPrimaryIndex.Region(fdiOffset, fdi[0].length, fdiHash), encoded, files).write(w, v, ctrCipher != null);
        index[0] = w.toByteArray();
        tail.bytes(phi[0]).bytes(fdi[0]);
    }

    /**
     * Pads (when encrypting), hashes the plain bytes, encrypts in place (AES-CTR with a new IV stored
     * at {@code ivOffset} of the footer's IVs, else AES-ECB); returns the SHA-1.
     */
    private byte[] seal(byte[][] region, int ivOffset) {
        byte[] b = region[0];
        if (indexCipher != null && b.length % 16 != 0) {
            b = Arrays.copyOf(b, (int) AesCipher.align(b.length));
        }
        byte[] hash = PakIndexLoader.sha1(b, b.length);
        if (indexCipher != null && ctrCipher != null) {
            byte[] iv = newIv.get();
            System.arraycopy(iv, 0, footerIvs, ivOffset, iv.length);
            AesCtr.apply(ctrCipher, iv, 0, 0, b, 0, b.length);
        } else if (indexCipher != null) {
            indexCipher.encrypt(b, 0, b.length);
        }
        region[0] = b;
        return hash;
    }
}
