package io.uassetd.codecs.pak;

import io.uassetd.codecs.task.TaskMonitor;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.WritableByteChannel;
import java.security.MessageDigest;
import io.uassetd.codecs.compression.Codec;
import io.uassetd.codecs.crypto.AesCipher;
import io.uassetd.codecs.crypto.AesCtr;
import io.uassetd.codecs.error.CorruptDataException;
import io.uassetd.codecs.error.WrongKeyException;
import io.uassetd.codecs.io.FileSource;
import io.uassetd.codecs.io.MemoryBudget;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Streams one entry's uncompressed bytes block by block with positional reads: decrypts what the
 * scheme encrypted, decompresses each compression block to its exact size. Never holds more than
 * one block (or a 64 KiB chunk of stored data).
 */
final class PakEntryStream extends InputStream {
    private static final int CHUNK = 1 << 16;
    private static final long MAX_BLOCK = 64L << 20;

    private final FileSource src;
    private final PakEntry entry;
    private final AesCipher cipher;
    private final Codec codec;
    private final long dataStart;
    private final long storedLength;
    private final long prefixEnd;
    /** The entry's AES-CTR IV (V15 AES-CTR paks), or null for AES-ECB. */
    private final byte[] ctrIv;
    /** Where the entry's encryption unit starts: its first compression block, else its data. */
    private final long unitStart;
    private final List<long[]> blocks = new ArrayList<>();
    private final long total;
    private int nextBlock;
    private long storedPos;
    private long produced;
    private byte[] out = new byte[0];
    private int outPos;
    private int outLen;
    private byte[] stored = new byte[0];
    /** Hashes the compression blocks as they are read, while they follow one another from the data start; else null. */
    private MessageDigest hash;
    private long hashedEnd;
    /**
     * The hash given covers the entry's whole data record (its blocks follow one another from the
     * data start to the record's size), so the caller's SHA-1 check will see every stored byte.
     */
    private final boolean hashCoversAll;

    /**
     * @param layout the entry's data layout, from {@link PakReader#layout}
     */
    PakEntryStream(FileSource src, PakEntry entry, PakReader.Layout layout, AesCipher cipher, Codec codec) {
        this(src, entry, layout, cipher, codec, null);
    }

    /**
     * @param hash when not null, updated with each compression block's stored bytes as it is read
     *        (unencrypted entries): see {@link #hashedLength()}. The caller checks it once the entry
     *        is copied whole, so blocks it covers skip their codec's own checksum (Zlib's Adler-32)
     */
    PakEntryStream(FileSource src, PakEntry entry, PakReader.Layout layout, AesCipher cipher, Codec codec, MessageDigest hash) {
        this.src = src;
        this.entry = entry;
        this.cipher = cipher;
        this.codec = codec;
        this.dataStart = layout.dataStart();
        this.storedLength = layout.storedLength();
        this.prefixEnd = dataStart + layout.encryptedPrefix();
        this.total = entry.size();
        blocks.addAll(layout.blocks());
        this.ctrIv = entry.encrypted() ? entry.record().iv() : null;
        this.unitStart = layout.blocks().isEmpty() ? dataStart : layout.blocks().get(0)[0];
        this.hash = hash;
        this.hashedEnd = dataStart;
        // (PakReader.layout refuses blocks the entry's size does not need, so a whole copy reads them all)
        long end = dataStart;
        boolean follow = hash != null && !entry.encrypted();
        for (long[] b : layout.blocks()) {
            follow &= b[0] == end;
            end = b[0] + b[1];
        }
        this.hashCoversAll = follow && end - dataStart == layout.dataRecord().size();
    }

    /**
     * How many stored bytes from the data start the hash covers, or -1 when the blocks did not
     * follow one another (the hash then covers nothing usable).
     */
    long hashedLength() {
        return hash == null ? -1 : hashedEnd - dataStart;
    }

    @Override
    public int read() {
        byte[] one = new byte[1];
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) {
        if (len == 0) {
            return 0;
        }
        if (outPos == outLen && !fill()) {
            return -1;
        }
        int n = Math.min(len, outLen - outPos);
        System.arraycopy(out, outPos, b, off, n);
        outPos += n;
        return n;
    }

    @Override
    public long skip(long n) {
        long done = 0;
        byte[] tmp = new byte[8192];
        while (done < n) {
            int r = read(tmp, 0, (int) Math.min(tmp.length, n - done));
            if (r < 0) {
                break;
            }
            done += r;
        }
        return done;
    }

    /** Writes the rest of the entry to {@code out} straight from the block buffers; returns the bytes written. */
    long copyTo(WritableByteChannel target, TaskMonitor monitor) throws IOException {
        long written = 0;
        int blocks = 0;
        while (outPos < outLen || fill()) {
            ByteBuffer bb = ByteBuffer.wrap(out, outPos, outLen - outPos);
            while (bb.hasRemaining()) {
                target.write(bb);
            }
            written += outLen - outPos;
            outPos = outLen;
            if ((++blocks & 15) == 0) {
                monitor.checkCancelled();
            }
        }
        return written;
    }

    private boolean fill() {
        if (produced >= total) {
            return false;
        }
        outPos = 0;
        if (codec == null) {
            fillStored();
        } else {
            fillBlock();
        }
        return outLen > 0;
    }

    private void fillStored() {
        long left = storedLength - storedPos;
        int len = (int) Math.min(CHUNK, left);
        long at = dataStart + storedPos;
        if (stored.length < len) {
            stored = new byte[CHUNK];
        }
        src.readFully(at, stored, 0, len, "entry data");
        decrypt(stored, at, len);
        int useful = (int) Math.min(len, total - produced);
        out = stored;
        outLen = useful;
        storedPos += len;
        produced += useful;
    }

    private void fillBlock() {
        if (nextBlock >= blocks.size()) {
            throw new CorruptDataException("Compression blocks end after " + produced + " of " + total + " bytes of '"
                    + entry.path() + "'", src.name(), entry.offset(), "FPakEntry");
        }
        long[] blk = blocks.get(nextBlock++);
        long at = blk[0];
        long len = blk[1];
        long readLen = entry.encrypted() ? AesCipher.align(len) : len;
        long expect = Math.min(blk[2], total - produced);
        if (readLen > MAX_BLOCK || expect > MAX_BLOCK) {
            throw new CorruptDataException("Implausible compression block of " + readLen + " bytes for " + expect,
                    src.name(), at, "FPakCompressedBlock");
        }
        if (stored.length < readLen) {
            stored = new byte[(int) readLen];
        }
        src.readFully(at, stored, 0, (int) readLen, "compression block");
        if (hash != null) {
            if (at == hashedEnd) {
                hash.update(stored, 0, (int) len);
                hashedEnd = at + len;
            } else {
                hash = null;
            }
        }
        decrypt(stored, at, (int) readLen);
        if (expect > out.length) {
            MemoryBudget.admit(expect, "Compression block " + (nextBlock - 1) + " of '" + entry.path() + "' (" + len + " -> " + expect + " bytes)",
                    src.name(), at, "FPakCompressedBlock");
        }
        if (out.length < expect || out == stored) {
            out = new byte[(int) Math.max(expect, 1)];
        }
        try {
            if (hashCoversAll) {
                codec.decompressVerifiedElsewhere(stored, 0, (int) len, out, 0, (int) expect);
            } else {
                codec.decompress(stored, 0, (int) len, out, 0, (int) expect);
            }
        } catch (CorruptDataException e) {
            String msg = "Compression block " + (nextBlock - 1) + " of '" + entry.path() + "' does not decompress ("
                    + e.detail() + ")";
            if (entry.encrypted()) {
                throw new WrongKeyException(msg + ": wrong AES key or corrupt data", src.name(), at, "FPakCompressedBlock", e);
            }
            throw new CorruptDataException(msg, src.name(), at, "FPakCompressedBlock", e);
        }
        outLen = (int) expect;
        produced += expect;
    }

    private void decrypt(byte[] b, long at, int len) {
        if (cipher == null) {
            return;
        }
        long lo = Math.max(at, dataStart);
        long hi = Math.min(at + len, prefixEnd);
        if (hi > lo) {
            if (ctrIv != null) {
                AesCtr.apply(cipher, ctrIv, 0, lo - unitStart, b, (int) (lo - at), (int) (hi - lo));
                return;
            }
            if ((hi - lo) % 16 != 0) {
                throw new CorruptDataException("Encrypted range of " + (hi - lo) + " bytes is not a multiple of 16",
                        src.name(), lo, "entry data");
            }
            cipher.decrypt(b, (int) (lo - at), (int) (hi - lo));
        }
    }
}
