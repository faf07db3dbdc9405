package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.CorruptDataException;
import java.util.zip.CRC32;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** Gzip (RFC 1952) members: header, raw deflate, CRC-32 and size trailer. */
final class GzipCodec implements Codec {
    private final int level;
    private final ThreadLocal<Inflater> inflaters = ThreadLocal.withInitial(() -> new Inflater(true));
    private final ThreadLocal<Deflater> deflaters;

    GzipCodec(int level) {
        this.level = level;
        this.deflaters = ThreadLocal.withInitial(() -> new Deflater(level, true));
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.GZIP;
    }

    @Override
    public String backend() {
        return "java.util.zip";
    }

    @Override
    public boolean canCompress() {
        return true;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        int p = srcOff;
        int end = srcOff + srcLen;
        if (srcLen < 18 || (src[p] & 0xFF) != 0x1F || (src[p + 1] & 0xFF) != 0x8B || src[p + 2] != 8) {
            throw new CorruptDataException("Not a gzip stream (bad magic)");
        }
        int flags = src[p + 3] & 0xFF;
        p += 10;
        if ((flags & 4) != 0) { // FEXTRA
            if (p + 2 > end) {
                throw new CorruptDataException("Truncated gzip header");
            }
            p += 2 + ((src[p] & 0xFF) | (src[p + 1] & 0xFF) << 8);
        }
        if ((flags & 8) != 0) { // FNAME
            while (p < end && src[p] != 0) {
                p++;
            }
            p++;
        }
        if ((flags & 16) != 0) { // FCOMMENT
            while (p < end && src[p] != 0) {
                p++;
            }
            p++;
        }
        if ((flags & 2) != 0) { // FHCRC
            p += 2;
        }
        if (p + 8 > end) {
            throw new CorruptDataException("Truncated gzip header");
        }
        Inflater inf = inflaters.get();
        inf.reset();
        inf.setInput(src, p, end - 8 - p);
        ZlibCodec.inflateExactly(inf, dst, dstOff, dstLen, "Gzip");
        CRC32 crc = new CRC32();
        crc.update(dst, dstOff, dstLen);
        int t = end - 8;
        long storedCrc = le32(src, t);
        long storedSize = le32(src, t + 4);
        if (storedCrc != crc.getValue() || storedSize != (dstLen & 0xFFFFFFFFL)) {
            throw new CorruptDataException("Gzip trailer mismatch (CRC or size)");
        }
    }

    private static long le32(byte[] b, int p) {
        return (b[p] & 0xFFL) | (b[p + 1] & 0xFFL) << 8 | (b[p + 2] & 0xFFL) << 16 | (b[p + 3] & 0xFFL) << 24;
    }

    @Override
    public int maxCompressedLength(int len) {
        return len + (len >>> 12) + (len >>> 14) + (len >>> 25) + 64 + 18;
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        int p = dstOff;
        byte[] header = {0x1F, (byte) 0x8B, 8, 0, 0, 0, 0, 0, 0, (byte) 0xFF};
        System.arraycopy(header, 0, dst, p, header.length);
        p += header.length;
        Deflater d = deflaters.get();
        d.reset();
        d.setInput(src, off, len);
        d.finish();
        while (!d.finished()) {
            int n = d.deflate(dst, p, dst.length - p);
            if (n == 0 && !d.finished() && dst.length == p) {
                throw new IllegalStateException("Gzip output buffer too small");
            }
            p += n;
        }
        CRC32 crc = new CRC32();
        crc.update(src, off, len);
        long c = crc.getValue();
        for (int i = 0; i < 4; i++) {
            dst[p++] = (byte) (c >>> (8 * i));
        }
        for (int i = 0; i < 4; i++) {
            dst[p++] = (byte) (len >>> (8 * i));
        }
        return p - dstOff;
    }

    @Override
    public String toString() {
        return "Gzip(level " + level + ")";
    }
}
