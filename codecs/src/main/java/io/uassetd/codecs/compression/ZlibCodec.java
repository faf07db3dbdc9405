package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.CorruptDataException;
import java.util.Locale;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/** Zlib (RFC 1950) through java.util.zip, with per-thread Inflater/Deflater reuse. */
final class ZlibCodec implements Codec {
    private final int level;
    private final ThreadLocal<Inflater> inflaters = ThreadLocal.withInitial(Inflater::new);
    private final ThreadLocal<Inflater> rawInflaters = ThreadLocal.withInitial(() -> new Inflater(true));
    private final ThreadLocal<Deflater> deflaters;

    ZlibCodec(int level) {
        this.level = level;
        this.deflaters = ThreadLocal.withInitial(() -> new Deflater(level));
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.ZLIB;
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
        Inflater inf = inflaters.get();
        inf.reset();
        inf.setInput(src, srcOff, srcLen);
        inflateExactly(inf, dst, dstOff, dstLen, "Zlib");
    }

    /**
     * Checks the two-byte Zlib header (RFC 1950: deflate, a window of at most 32 KiB, no preset
     * dictionary, the check bits) and inflates the raw deflate data after it, without the Adler-32
     * of the output that the Zlib wrapper computes: the caller checks the stream's bytes itself.
     */
    @Override
    public void decompressVerifiedElsewhere(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        if (srcLen < 2) {
            throw new CorruptDataException("Zlib stream of " + srcLen + " bytes has no header");
        }
        int cmf = src[srcOff] & 0xFF;
        int flg = src[srcOff + 1] & 0xFF;
        if ((cmf & 0x0F) != 8 || (cmf >>> 4) > 7 || (cmf << 8 | flg) % 31 != 0 || (flg & 0x20) != 0) {
            throw new CorruptDataException(String.format(Locale.ROOT,
                    "Bad Zlib stream: incorrect header 0x%02X%02X", cmf, flg));
        }
        Inflater inf = rawInflaters.get();
        inf.reset();
        inf.setInput(src, srcOff + 2, srcLen - 2);
        inflateExactly(inf, dst, dstOff, dstLen, "Zlib");
    }

    static void inflateExactly(Inflater inf, byte[] dst, int dstOff, int dstLen, String what) {
        try {
            int got = 0;
            while (got < dstLen) {
                int n = inf.inflate(dst, dstOff + got, dstLen - got);
                if (n == 0) {
                    if (inf.finished() || inf.needsInput() || inf.needsDictionary()) {
                        break;
                    }
                }
                got += n;
            }
            if (got != dstLen) {
                throw new CorruptDataException(what + " stream produced " + got + " bytes, expected " + dstLen);
            }
        } catch (DataFormatException e) {
            throw new CorruptDataException("Bad " + what + " stream: " + e.getMessage(), null, -1, null, e);
        }
    }

    @Override
    public int maxCompressedLength(int len) {
        return len + (len >>> 12) + (len >>> 14) + (len >>> 25) + 64;
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        Deflater d = deflaters.get();
        d.reset();
        d.setInput(src, off, len);
        d.finish();
        int total = 0;
        while (!d.finished()) {
            int n = d.deflate(dst, dstOff + total, dst.length - dstOff - total);
            if (n == 0 && !d.finished() && dst.length - dstOff - total == 0) {
                throw new IllegalStateException("Zlib output buffer too small");
            }
            total += n;
        }
        return total;
    }

    @Override
    public String toString() {
        return "Zlib(level " + level + ")";
    }
}
