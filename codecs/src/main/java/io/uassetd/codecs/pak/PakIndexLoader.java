package io.uassetd.codecs.pak;

import io.uassetd.codecs.compression.CompressionMethod;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.UnsupportedVersionException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.FileSource;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/** Reads, decrypts and checks a pak's index regions and turns them into {@link PakEntry} lists. */
final class PakIndexLoader {
    record Loaded(String mountPoint, long pathHashSeed, List<PakEntry> entries) {
    }

    private final FileSource src;
    private final PakFooter footer;
    private final AesCipher cipher;

    PakIndexLoader(FileSource src, PakFooter footer, AesCipher cipher) {
        this.src = src;
        this.footer = footer;
        this.cipher = cipher;
    }

    Loaded load() {
        PakVersion v = footer.version();
        if (footer.frozenIndex()) {
            throw new UnsupportedVersionException("Frozen pak index (V9 bFrozenIndex) is a memory image of engine structures"
                    + " and is not supported", src.name(), footer.position(src.size()), "PakInfo");
        }
        ByteReader r = region(footer.indexOffset(), footer.indexSize(), footer.indexHash(), "PakIndex", PakFooter.INDEX_IV);
        try {
            if (v.before(PakVersion.PATH_HASH_INDEX)) {
                PakLegacyIndex idx = PakLegacyIndex.read(r, v);
                List<PakEntry> out = new ArrayList<>(idx.entries().size());
                for (PakLegacyIndex.Item i : idx.entries()) {
                    out.add(entry(i.path(), i.record(), r));
                }
                return new Loaded(idx.mountPoint(), 0, out);
            }
            return loadPrimary(r, v);
        } catch (CorruptDataException e) {
            if (footer.encryptedIndex() && isZero(footer.indexHash())) {
                throw new WrongKeyException("Encrypted pak index does not parse after decryption: wrong AES key? (" + e.detail()
                        + ")", src.name(), e.offset(), e.structure(), e);
            }
            throw e;
        }
    }

    private Loaded loadPrimary(ByteReader r, PakVersion v) {
        PakPrimaryIndex idx = PakPrimaryIndex.read(r, v, footer.ctr());
        PakDirectoryIndex dirs = null;
        if (idx.pathHashIndex() != null) {
            PakPrimaryIndex.Region reg = idx.pathHashIndex();
            PakPathHashIndex phi = PakPathHashIndex.read(region(reg.offset(), reg.size(), reg.hash(), "FPathHashIndex",
                    PakFooter.PATH_HASH_INDEX_IV), v,
                    idx.pathHashSeed());
            if (phi.items().size() != idx.entryCount() && idx.directoryIndex() == null) {
                throw r.corrupt("Path hash index lists " + phi.items().size() + " files, the index " + idx.entryCount());
            }
            dirs = phi.pruned();
        }
        if (idx.directoryIndex() != null) {
            PakPrimaryIndex.Region reg = idx.directoryIndex();
            ByteReader fdi = region(reg.offset(), reg.size(), reg.hash(), "FDirectoryIndex", PakFooter.DIRECTORY_INDEX_IV);
            dirs = v.atLeast(PakVersion.SORTED_DIRECTORY_INDEX) ? PakFlatDirectoryIndex.readEither(fdi, v, idx.pathHashSeed())
                    : PakDirectoryIndex.read(fdi, v);
        }
        if (dirs == null || (idx.entryCount() > 0 && dirs.directories().isEmpty())) {
            throw new UnsupportedVersionException("Pak has no full directory index, so file names are unknown",
                    src.name(), footer.indexOffset(), "PakIndex");
        }
        ByteReader enc = ByteReader.of(src.name(), footer.indexOffset(), idx.encodedEntries(), "FPakEntry (encoded)");
        List<PakEntry> out = new ArrayList<>();
        for (Map.Entry<String, Integer> f : dirs.files()) {
            int loc = f.getValue();
            PakEntryRecord rec;
            if (loc >= 0) {
                if (loc >= idx.encodedEntries().length) {
                    throw r.corrupt("Entry '" + f.getKey() + "' points at encoded offset " + loc + " past "
                            + idx.encodedEntries().length + " bytes");
                }
                enc.position(loc);
                rec = PakEntryRecord.readEncoded(enc, v, footer.ctr());
            } else if (loc != Integer.MIN_VALUE && -(long) loc - 1 < idx.files().size()) {
                rec = idx.files().get(-loc - 1);
            } else {
                throw r.corrupt("Entry '" + f.getKey() + "' has invalid location " + loc);
            }
            out.add(entry(f.getKey(), rec, r));
        }
        if (idx.directoryIndex() != null && out.size() != idx.entryCount()) {
            throw r.corrupt("Directory index lists " + out.size() + " files, the index says " + idx.entryCount());
        }
        out.sort(Comparator.comparingLong(PakEntry::offset));
        return new Loaded(idx.mountPoint(), idx.pathHashSeed(), out);
    }

    private PakEntry entry(String path, PakEntryRecord rec, ByteReader r) {
        String name = compressionName(rec.compression(), r, path);
        CompressionMethod m = CompressionMethod.byName(name).orElse(null);
        return new PakEntry(path, rec, name, m);
    }

    private String compressionName(int raw, ByteReader r, String path) {
        if (raw == 0) {
            return "None";
        }
        if (footer.version().atLeast(PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS)) {
            List<String> names = footer.compressionNames();
            if (raw > names.size() || names.get(raw - 1).isEmpty()) {
                throw r.corrupt("Entry '" + path + "' uses compression slot " + raw + " but the footer names " + names);
            }
            return names.get(raw - 1);
        }
        return switch (raw & 0x0F) {
            case 0x01 -> "Zlib";
            case 0x02 -> "Gzip";
            case 0x04 -> "Oodle";
            default -> throw new UnsupportedVersionException("Entry '" + path + "' has unknown compression flags 0x"
                    + Integer.toHexString(raw), src.name(), -1, "FPakEntry");
        };
    }

    /**
     * Reads an index region, decrypting it (AES-ECB, or AES-CTR with the footer's IV at {@code ivOffset})
     * and checking its SHA-1 (all zeros = unsigned).
     */
    private ByteReader region(long offset, long size, byte[] expected, String structure, int ivOffset) {
        src.checkRange(offset, size, structure, structure + " size");
        if (size > Integer.MAX_VALUE - 64) {
            throw new CorruptDataException("Implausible " + structure + " size " + size, src.name(), offset, structure);
        }
        byte[] b = new byte[(int) size];
        src.readFully(offset, b, 0, b.length, structure);
        boolean encrypted = footer.encryptedIndex();
        if (encrypted) {
            if (cipher == null) {
                throw new WrongKeyException("Pak index is encrypted; an AES key is required", src.name(), offset, structure);
            }
            if (footer.ctr()) {
                AesCtr.apply(cipher, footer.ivs(), ivOffset, 0, b, 0, b.length);
            } else {
                if (b.length % 16 != 0) {
                    throw new CorruptDataException("Encrypted " + structure + " size " + size + " is not a multiple of 16",
                            src.name(), offset, structure);
                }
                cipher.decrypt(b, 0, b.length);
            }
        }
        if (!isZero(expected)) {
            byte[] got = sha1(b, b.length);
            boolean ok = Arrays.equals(got, expected);
            for (int trim = 1; !ok && encrypted && trim < 16 && trim <= b.length; trim++) {
                ok = Arrays.equals(sha1(b, b.length - trim), expected);
            }
            if (!ok) {
                String msg = structure + " SHA-1 " + HexFormat.of().formatHex(got) + " does not match the recorded "
                        + HexFormat.of().formatHex(expected);
                if (encrypted) {
                    throw new WrongKeyException("Wrong AES key (or corrupt index): decrypted " + msg, src.name(), offset, structure);
                }
                throw new CorruptDataException("Corrupt pak index: " + msg, src.name(), offset, structure);
            }
        } else if (encrypted && structure.equals("PakIndex")) {
            checkPlausibleMount(b, offset);
        }
        return ByteReader.of(src.name(), offset, b, structure);
    }

    private void checkPlausibleMount(byte[] b, long offset) {
        int len = b.length >= 4 ? (b[0] & 0xFF) | (b[1] & 0xFF) << 8 | (b[2] & 0xFF) << 16 | b[3] << 24 : -1;
        boolean ok = len > 0 && len <= 1024 && 4 + len <= b.length;
        for (int i = 4; ok && i < 4 + len - 1; i++) {
            ok = b[i] >= 0x20 && b[i] < 0x7F;
        }
        if (!ok) {
            throw new WrongKeyException("Wrong AES key: decrypted pak index has no plausible mount point",
                    src.name(), offset, "PakIndex");
        }
    }

    static boolean isZero(byte[] b) {
        for (byte x : b) {
            if (x != 0) {
                return false;
            }
        }
        return true;
    }

    static byte[] sha1(byte[] b, int len) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-1");
            md.update(b, 0, len);
            return md.digest();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
