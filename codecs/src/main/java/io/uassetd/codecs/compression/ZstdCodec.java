package io.uassetd.codecs.compression;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdException;
import io.uassetd.codecs.error.CorruptDataException;

/** Zstandard frames through zstd-jni. */
final class ZstdCodec implements Codec {
    private final int level;

    ZstdCodec(int level) {
        this.level = level;
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.ZSTD;
    }

    @Override
    public String backend() {
        return "zstd-jni";
    }

    @Override
    public boolean canCompress() {
        return true;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        long n;
        try {
            n = Zstd.decompressByteArray(dst, dstOff, dstLen, src, srcOff, srcLen);
        } catch (ZstdException e) {
            throw new CorruptDataException("Bad Zstd frame: " + e.getMessage(), null, -1, null, e);
        }
        if (Zstd.isError(n)) {
            throw new CorruptDataException("Bad Zstd frame: " + Zstd.getErrorName(n));
        }
        if (n != dstLen) {
            throw new CorruptDataException("Zstd frame produced " + n + " bytes, expected " + dstLen);
        }
    }

    @Override
    public int maxCompressedLength(int len) {
        return (int) Math.min(Integer.MAX_VALUE - 16, Zstd.compressBound(len));
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        long n = Zstd.compressByteArray(dst, dstOff, dst.length - dstOff, src, off, len, level);
        if (Zstd.isError(n)) {
            throw new IllegalStateException("Zstd compression failed: " + Zstd.getErrorName(n));
        }
        return (int) n;
    }

    @Override
    public String toString() {
        return "Zstd(level " + level + ")";
    }
}
