package io.uassetd.codecs.pak;

import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.crypto.EncryptionMethod;
import io.uassetd.codecs.error.TruncatedDataException;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.FormatException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import io.uassetd.codecs.io.FileSource;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * FPakInfo, the footer at the end of a pak: 44 bytes (V1-V3), 45 (V4-V6), 61 (V7), 189 (V8A),
 * 221 (V8B, V10-V13), 222 (V9), 225 (V14) or 262 (V15). Fields in on-disk order: encryption key GUID
 * (V7+), encrypted index flag (V4+), magic 0x5A6F12E1, version, index offset, index size, index
 * SHA-1, frozen flag (V9 only), compression method names (32 bytes each, V8A+), PakchunkIndex (int32,
 * V14+), then from V15 the EncryptionMethod (u8) and the IVs of the primary index, the path hash
 * index and the full directory index (12 bytes each). Before V15 an encrypted pak is AES-ECB.
 *
 * @param keyGuid 16 bytes (zeros before V7)
 * @param compressionNames one per slot; empty string for an unused slot
 * @param pakchunkIndex the pak's chunk index stored from V14 on (-1 = none, and before V14)
 * @param encryptionMethod what the V15 footer records (UnrealPak records AES, the ECB default, for an
 *     unencrypted pak too); before V15 AES_ECB
 * @param ivs the three 12-byte index IVs of a V15 footer (36 bytes; zeros unless AES-CTR)
 */
public record PakFooter(byte[] keyGuid, boolean encryptedIndex, PakVersion version, long indexOffset, long indexSize,
        byte[] indexHash, boolean frozenIndex, List<String> compressionNames, int pakchunkIndex,
        EncryptionMethod encryptionMethod, byte[] ivs) {

    /** Bytes of the three index IVs of a V15 footer. */
    public static final int IVS_SIZE = 3 * AesCtr.IV_SIZE;

    public PakFooter(byte[] keyGuid, boolean encryptedIndex, PakVersion version, long indexOffset, long indexSize,
            byte[] indexHash, boolean frozenIndex, List<String> compressionNames, int pakchunkIndex) {
        this(keyGuid, encryptedIndex, version, indexOffset, indexSize, indexHash, frozenIndex, compressionNames, pakchunkIndex,
                EncryptionMethod.AES_ECB, new byte[IVS_SIZE]);
    }

    public PakFooter(byte[] keyGuid, boolean encryptedIndex, PakVersion version, long indexOffset, long indexSize,
            byte[] indexHash, boolean frozenIndex, List<String> compressionNames) {
        this(keyGuid, encryptedIndex, version, indexOffset, indexSize, indexHash, frozenIndex, compressionNames, -1);
    }

    public PakFooter {
        if (keyGuid.length != 16 || indexHash.length != 20) {
            throw new IllegalArgumentException("GUID must be 16 bytes and hash 20 bytes");
        }
        if (compressionNames.size() != version.compressionSlots()) {
            throw new IllegalArgumentException(version + " has " + version.compressionSlots() + " compression slots, got "
                    + compressionNames.size());
        }
        compressionNames = List.copyOf(compressionNames);
        if (pakchunkIndex != -1 && version.before(PakVersion.PAKCHUNK_INDEX)) {
            throw new IllegalArgumentException(version + " stores no pakchunk index");
        }
        if (ivs == null || ivs.length != IVS_SIZE) {
            throw new IllegalArgumentException("The index IVs are 36 bytes");
        }
        if (version.before(PakVersion.ENCRYPTION_METHOD) && encryptionMethod != EncryptionMethod.AES_ECB) {
            throw new IllegalArgumentException(version + " records no encryption method: it is AES-ECB by definition");
        }
    }

    /** How the pak's encrypted index and entries are ciphered: the V15 footer's method, else AES-ECB. */
    public boolean ctr() {
        return encryptionMethod == EncryptionMethod.AES_CTR;
    }

    /** Offset in {@link #ivs()} of the primary index's IV. */
    public static final int INDEX_IV = 0;
    /** Offset in {@link #ivs()} of the path hash index's IV. */
    public static final int PATH_HASH_INDEX_IV = AesCtr.IV_SIZE;
    /** Offset in {@link #ivs()} of the full directory index's IV. */
    public static final int DIRECTORY_INDEX_IV = 2 * AesCtr.IV_SIZE;

    /** Reads the footer of {@code version} layout (the reader is positioned at its first byte). */
    public static PakFooter read(ByteReader r, PakVersion version) {
        int stored = version.onDisk();
        r.structure("PakInfo");
        byte[] guid = version.atLeast(PakVersion.ENCRYPTION_KEY_GUID) ? r.guid() : new byte[16];
        boolean encrypted = version.atLeast(PakVersion.INDEX_ENCRYPTION) && r.bool8();
        r.expectMagic(PakVersion.MAGIC);
        long at = r.offset();
        long v = r.u32();
        if (v != stored) {
            throw new CorruptDataException("Footer version " + v + " does not match layout " + version, r.source(), at, "PakInfo");
        }
        long indexOffset = r.u64();
        long indexSize = r.u64();
        byte[] hash = r.bytes(20);
        boolean frozen = version == PakVersion.FROZEN_INDEX && r.bool8();
        List<String> names = new ArrayList<>();
        for (int i = 0; i < version.compressionSlots(); i++) {
            byte[] raw = r.bytes(32);
            int n = 0;
            while (n < 32 && raw[n] != 0) {
                n++;
            }
            names.add(new String(raw, 0, n, StandardCharsets.US_ASCII));
        }
        int chunk = version.atLeast(PakVersion.PAKCHUNK_INDEX) ? r.i32() : -1;
        EncryptionMethod method = EncryptionMethod.AES_ECB;
        byte[] ivs = new byte[IVS_SIZE];
        if (version.atLeast(PakVersion.ENCRYPTION_METHOD)) {
            long methodAt = r.offset();
            method = EncryptionMethod.of(r.u8(), r.source(), methodAt, "PakInfo");
            if (encrypted && method == EncryptionMethod.NONE) {
                throw new CorruptDataException("The index is flagged encrypted but the EncryptionMethod is None", r.source(),
                        methodAt, "PakInfo");
            }
            ivs = r.bytes(IVS_SIZE);
        }
        return new PakFooter(guid, encrypted, version, indexOffset, indexSize, hash, frozen, names, chunk, method, ivs);
    }

    public void write(ByteWriter w) {
        if (version.atLeast(PakVersion.ENCRYPTION_KEY_GUID)) {
            w.bytes(keyGuid);
        }
        if (version.atLeast(PakVersion.INDEX_ENCRYPTION)) {
            w.bool8(encryptedIndex);
        }
        w.u32(PakVersion.MAGIC).u32(version.onDisk()).u64(indexOffset).u64(indexSize).bytes(indexHash);
        if (version == PakVersion.FROZEN_INDEX) {
            w.bool8(frozenIndex);
        }
        for (String name : compressionNames) {
            byte[] b = name.getBytes(StandardCharsets.US_ASCII);
            if (b.length > 31) {
                throw new IllegalArgumentException("Compression name too long: " + name);
            }
            w.bytes(b).zeros(32 - b.length);
        }
        if (version.atLeast(PakVersion.PAKCHUNK_INDEX)) {
            w.u32(pakchunkIndex);
        }
        if (version.atLeast(PakVersion.ENCRYPTION_METHOD)) {
            w.u8(encryptionMethod.value()).bytes(ivs);
        }
    }

    /** Absolute offset of the footer in a file of {@code fileSize} bytes. */
    public long position(long fileSize) {
        return fileSize - version.footerSize();
    }

    /**
     * Finds the footer at the end of {@code src}: tries each layout, newest first, by footer size and
     * magic; a magic with an unknown version number raises UnsupportedVersionException saying what
     * was found; no magic at all is a CorruptDataException listing the positions tried.
     */
    public static PakFooter locate(FileSource src) {
        long size = src.size();
        List<String> found = new ArrayList<>();
        boolean anyKnown = false;
        Set<Long> tried = new LinkedHashSet<>();
        PakVersion[] all = PakVersion.values();
        for (int i = all.length - 1; i >= 0; i--) {
            PakVersion v = all[i];
            long start = size - v.footerSize();
            if (start < 0) {
                continue;
            }
            long magicAt = start + v.magicOffsetInFooter();
            ByteReader probe = src.read(magicAt, 8, "PakInfo");
            long magic = probe.u32();
            long number = probe.u32();
            tried.add(magicAt);
            if (magic != PakVersion.MAGIC) {
                continue;
            }
            if (number == v.onDisk()) {
                PakFooter f = read(src.read(start, v.footerSize(), "PakInfo"), v);
                f.checkBounds(src);
                return f;
            }
            found.add(String.format(Locale.ROOT, "magic at offset 0x%X with version %d (%s layout expects %d)",
                    magicAt, number, v, v.onDisk()));
            for (PakVersion known : all) {
                anyKnown |= known.onDisk() == number;
            }
        }
        if (!found.isEmpty() && !anyKnown) {
            throw new UnsupportedVersionException("Unsupported pak footer: found " + String.join("; ", found)
                    + "; the newest pak version supported is " + PakVersion.latest().onDisk(), src.name(), size, "PakInfo");
        }
        if (!found.isEmpty()) {
            throw new UnsupportedVersionException("Unknown pak footer layout: found " + String.join("; ", found),
                    src.name(), size, "PakInfo");
        }
        newerVersion(src);
        StringBuilder offs = new StringBuilder();
        for (long t : tried) {
            offs.append(offs.length() == 0 ? "" : ", ").append(FormatException.hex(t));
        }
        throw new CorruptDataException("Not a pak file: no magic 0x5A6F12E1 at any footer position (tried " + offs
                + " in a file of " + String.format(Locale.ROOT, "%,d", size) + " bytes)", src.name(), Math.max(0, size - 1), "PakInfo");
    }

    /**
     * A newer pak version may have grown the footer past every known layout (as V14 did by 4 bytes),
     * so the magic is at none of the positions tried: looks for the magic followed by a version number
     * above the newest known anywhere in the last bytes, and names the version found.
     */
    private static void newerVersion(FileSource src) {
        long size = src.size();
        int window = (int) Math.min(size, 1024);
        if (window < 8) {
            return;
        }
        ByteReader r = src.read(size - window, window, "PakInfo");
        byte[] b = r.bytes(window);
        for (int i = window - 8; i >= 0; i--) {
            long magic = (b[i] & 0xFFL) | (b[i + 1] & 0xFFL) << 8 | (b[i + 2] & 0xFFL) << 16 | (b[i + 3] & 0xFFL) << 24;
            if (magic != PakVersion.MAGIC) {
                continue;
            }
            long number = (b[i + 4] & 0xFFL) | (b[i + 5] & 0xFFL) << 8 | (b[i + 6] & 0xFFL) << 16 | (b[i + 7] & 0xFFL) << 24;
            if (number > PakVersion.latest().onDisk() && number < 0x10000) {
                long at = size - window + i;
                throw new UnsupportedVersionException(String.format(Locale.ROOT, "Pak version %d is newer than the newest"
                        + " supported version %d (%s): magic at offset 0x%X, %d bytes before the end of the file", number,
                        PakVersion.latest().onDisk(), PakVersion.latest().userName(), at, size - at), src.name(), at + 4,
                        "PakInfo");
            }
        }
    }

    private void checkBounds(FileSource src) {
        long end = position(src.size());
        if (indexOffset > end || indexSize > end - indexOffset) {
            throw new TruncatedDataException(String.format(Locale.ROOT,
                    "Truncated pak: index size 0x%X at offset 0x%X exceeds file size %,d", indexSize, indexOffset, src.size()),
                    src.name(), position(src.size()), "PakInfo");
        }
        if (indexSize > Integer.MAX_VALUE - 64) {
            throw new CorruptDataException("Implausible index size " + indexSize, src.name(), position(src.size()), "PakInfo");
        }
    }
}
