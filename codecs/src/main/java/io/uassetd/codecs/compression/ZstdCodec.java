package io.uassetd.codecs.compression;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdException;
import io.uassetd.codecs.error.CorruptDataException;
import java.util.concurrent.ConcurrentLinkedDeque;

/** Zstandard frames through zstd-jni. */
final class ZstdCodec implements Codec {
    private final int level;
    /**
     * Compression contexts not in use. A fresh context per 64 KiB block (what {@code Zstd.compressByteArray}
     * does) spends more time allocating and clearing its tables than compressing; one per thread at a
     * time is kept here and reused. Same frames either way.
     */
    private final ConcurrentLinkedDeque<ZstdCompressCtx> idle = new ConcurrentLinkedDeque<>();

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
        ZstdCompressCtx ctx = idle.pollFirst();
        if (ctx == null) {
            ctx = new ZstdCompressCtx().setLevel(level);
        }
        try {
            return ctx.compressByteArray(dst, dstOff, dst.length - dstOff, src, off, len);
        } catch (ZstdException e) {
            throw new IllegalStateException("Zstd compression failed: " + e.getMessage(), e);
        } finally {
            idle.offerFirst(ctx);
        }
    }

    @Override
    public String toString() {
        return "Zstd(level " + level + ")";
    }
}
