package io.uassetd.codecs.pak;

import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.io.ByteReader;
import io.uassetd.codecs.io.ByteWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * FPakEntry: where an entry's data is and how it is stored. Serialized in full before each entry's
 * data and in legacy (pre-V10) indexes: offset u64, size u64, uncompressed size u64, compression
 * index (u8 in V8A, else u32; before V8 a COMPRESS_* flag), timestamp u64 (V1 only), SHA-1 (20),
 * then from V3: blocks (u32 count + 16 bytes each, only when compressed), flags u8 (bit 0
 * encrypted, bit 1 deleted), compression block size u32. 53 bytes for an uncompressed V3+ entry.
 * Since V10 indexes hold the "encoded" form ({@link #readEncoded}), which has no hash.
 *
 * @param compression raw index: V8+ 1-based slot (0 = none); before V8 a COMPRESS_* flag
 * @param hash 20 bytes, or null when only the encoded form was read
 * @param blocks as stored (relative to {@code offset} from V5); empty when uncompressed
 * @param iv the entry's 12-byte AES-CTR IV (V15 paks whose footer says AES_CTR: in the encoded entry
 *     of an encrypted entry, after the array of unencoded entries for those), else null; never
 *     part of the record before the entry's data
 */
public record PakEntryRecord(long offset, long size, long uncompressedSize, int compression, long timestamp, byte[] hash,
        List<PakBlock> blocks, int flags, long blockSize, byte[] iv) {

    public PakEntryRecord(long offset, long size, long uncompressedSize, int compression, long timestamp, byte[] hash,
            List<PakBlock> blocks, int flags, long blockSize) {
        this(offset, size, uncompressedSize, compression, timestamp, hash, blocks, flags, blockSize, null);
    }

    public static final int FLAG_ENCRYPTED = 1;
    public static final int FLAG_DELETED = 2;

    public PakEntryRecord {
        if (offset < 0 || size < 0 || uncompressedSize < 0 || blockSize < 0 || compression < 0) {
            throw new IllegalArgumentException("Negative field in FPakEntry");
        }
        blocks = List.copyOf(blocks);
        if (iv != null && iv.length != AesCtr.IV_SIZE) {
            throw new IllegalArgumentException("An AES-CTR IV is 12 bytes");
        }
    }

    /** This record with its AES-CTR IV. */
    public PakEntryRecord withIv(byte[] newIv) {
        return new PakEntryRecord(offset, size, uncompressedSize, compression, timestamp, hash, blocks, flags, blockSize, newIv);
    }

    public boolean encrypted() {
        return (flags & FLAG_ENCRYPTED) != 0;
    }

    public boolean deleted() {
        return (flags & FLAG_DELETED) != 0;
    }

    public boolean compressed() {
        return compression != 0;
    }

    public PakEntryRecord withOffset(long newOffset) {
        return new PakEntryRecord(newOffset, size, uncompressedSize, compression, timestamp, hash, blocks, flags, blockSize, iv);
    }

    /** Size of the serialized record for {@code version}. */
    public int serializedSize(PakVersion version) {
        return serializedSize(version, compression != 0, blocks.size());
    }

    static int serializedSize(PakVersion version, boolean compressed, int blockCount) {
        int n = 8 + 8 + 8 + (version == PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS ? 1 : 4) + 20;
        if (version == PakVersion.INITIAL) {
            n += 8;
        }
        if (version.atLeast(PakVersion.COMPRESSION_ENCRYPTION)) {
            if (compressed) {
                n += 4 + 16 * blockCount;
            }
            n += 1 + 4;
        }
        return n;
    }

    public static PakEntryRecord read(ByteReader r, PakVersion v) {
        String prev = r.structure();
        r.structure("FPakEntry");
        long offset = r.u64();
        long size = r.u64();
        long uncompressed = r.u64();
        int compression = v == PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS ? r.u8() : checkedInt(r);
        long timestamp = v == PakVersion.INITIAL ? r.i64() : 0;
        byte[] hash = r.bytes(20);
        List<PakBlock> blocks = List.of();
        int flags = 0;
        long blockSize = 0;
        if (v.atLeast(PakVersion.COMPRESSION_ENCRYPTION)) {
            if (compression != 0) {
                int n = r.count(16, "compression block");
                List<PakBlock> list = new ArrayList<>(n);
                for (int i = 0; i < n; i++) {
                    list.add(PakBlock.read(r));
                }
                blocks = list;
            }
            flags = r.u8();
            blockSize = r.u32();
        }
        r.structure(prev);
        return new PakEntryRecord(offset, size, uncompressed, compression, timestamp, hash, blocks, flags, blockSize);
    }

    private static int checkedInt(ByteReader r) {
        long at = r.offset();
        long v = r.u32();
        if (v > 0xFFFF) {
            throw new CorruptDataException("Implausible compression method " + v, r.source(), at, "FPakEntry");
        }
        return (int) v;
    }

    /** Writes the full record; {@code inData} writes offset 0 as UnrealPak does before entry data. */
    public void write(ByteWriter w, PakVersion v, boolean inData) {
        w.u64(inData ? 0 : offset).u64(size).u64(uncompressedSize);
        if (v == PakVersion.FNAME_BASED_COMPRESSION_4_SLOTS) {
            w.u8(compression);
        } else {
            w.u32(compression);
        }
        if (v == PakVersion.INITIAL) {
            w.u64(timestamp);
        }
        w.bytes(hash == null ? new byte[20] : hash);
        if (v.atLeast(PakVersion.COMPRESSION_ENCRYPTION)) {
            if (compression != 0) {
                w.u32(blocks.size());
                for (PakBlock b : blocks) {
                    b.write(w);
                }
            }
            w.u8(flags).u32(blockSize);
        }
    }

    /** Whether {@link #writeEncoded} can represent this record (else it goes to the index's file list). */
    public boolean encodable() {
        return blocks.size() <= 0xFFFF && compression <= 0x3F
                && blocks.stream().allMatch(b -> b.size() <= 0xFFFFFFFFL);
    }

    /**
     * The V10+ encoded entry: u32 bits (block size / 2048 in bits 0-5, 0x3F = a u32 follows; block
     * count in 6-21; encrypted 22; compression slot 23-28; 32-bit-safe size 29, uncompressed size
     * 30, offset 31), then offset, uncompressed size, size (compressed only) and the block sizes
     * (when more than one block or encrypted).
     */
    public void writeEncoded(ByteWriter w) {
        writeEncoded(w, false);
    }

    /** As {@link #writeEncoded(ByteWriter)}; {@code ctr}: an encrypted entry's IV follows the uncompressed size. */
    public void writeEncoded(ByteWriter w, boolean ctr) {
        long packed = blockSize >>> 11;
        if ((packed << 11) != blockSize || packed > 0x3F) {
            packed = 0x3F;
        }
        boolean offsetSafe = offset <= 0xFFFFFFFFL;
        boolean uncompressedSafe = uncompressedSize <= 0xFFFFFFFFL;
        boolean sizeSafe = size <= 0xFFFFFFFFL;
        long bits = packed | ((long) blocks.size() << 6) | (encrypted() ? 1L << 22 : 0) | ((long) compression << 23)
                | (sizeSafe ? 1L << 29 : 0) | (uncompressedSafe ? 1L << 30 : 0) | (offsetSafe ? 1L << 31 : 0);
        w.u32(bits);
        if (packed == 0x3F) {
            w.u32(blockSize);
        }
        writeMaybe32(w, offset, offsetSafe);
        writeMaybe32(w, uncompressedSize, uncompressedSafe);
        if (ctr && encrypted()) {
            if (iv == null) {
                throw new IllegalArgumentException("An AES-CTR encrypted entry needs its IV");
            }
            w.bytes(iv);
        }
        if (compression != 0) {
            writeMaybe32(w, size, sizeSafe);
            if (blocks.size() > 1 || encrypted()) {
                for (PakBlock b : blocks) {
                    w.u32(b.size());
                }
            }
        }
    }

    private static void writeMaybe32(ByteWriter w, long v, boolean small) {
        if (small) {
            w.u32(v);
        } else {
            w.u64(v);
        }
    }

    /** Reads an encoded entry (see {@link #writeEncoded}); the hash is unknown (null). */
    public static PakEntryRecord readEncoded(ByteReader r, PakVersion v) {
        return readEncoded(r, v, false);
    }

    /** As {@link #readEncoded(ByteReader, PakVersion)}; {@code ctr}: an encrypted entry's IV follows the uncompressed size. */
    public static PakEntryRecord readEncoded(ByteReader r, PakVersion v, boolean ctr) {
        String prev = r.structure();
        r.structure("FPakEntry (encoded)");
        long bits = r.u32();
        long blockSize = (bits & 0x3F) == 0x3F ? r.u32() : (bits & 0x3F) << 11;
        int blockCount = (int) ((bits >>> 6) & 0xFFFF);
        boolean encrypted = (bits & (1L << 22)) != 0;
        int compression = (int) ((bits >>> 23) & 0x3F);
        long offset = (bits & (1L << 31)) != 0 ? r.u32() : r.u64();
        long uncompressed = (bits & (1L << 30)) != 0 ? r.u32() : r.u64();
        byte[] iv = ctr && encrypted ? r.bytes(AesCtr.IV_SIZE) : null;
        long size = uncompressed;
        if (compression != 0) {
            size = (bits & (1L << 29)) != 0 ? r.u32() : r.u64();
        }
        List<PakBlock> blocks = List.of();
        if (blockCount > 0) {
            long base = v.atLeast(PakVersion.RELATIVE_CHUNK_OFFSETS) ? 0 : offset;
            long cursor = base + serializedSize(v, compression != 0, blockCount);
            List<PakBlock> list = new ArrayList<>(Math.min(blockCount, 4096));
            if (blockCount == 1 && !encrypted) {
                list.add(new PakBlock(cursor, cursor + size));
            } else {
                r.require(4L * blockCount);
                for (int i = 0; i < blockCount; i++) {
                    long len = r.u32();
                    list.add(new PakBlock(cursor, cursor + len));
                    cursor += encrypted ? AesCipher.align(len) : len;
                }
            }
            blocks = list;
        }
        r.structure(prev);
        return new PakEntryRecord(offset, size, uncompressed, compression, 0, null, blocks,
                encrypted ? FLAG_ENCRYPTED : 0, blockSize, iv);
    }
}
