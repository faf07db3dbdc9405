package io.uassetd.codecs.compression;

import io.uassetd.codecs.error.CorruptDataException;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Exception;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.lz4.LZ4SafeDecompressor;

/** LZ4 raw blocks (no frame), as Unreal's FCompression LZ4 writes them. */
final class Lz4Codec implements Codec {
    private final int level;
    /** lz4-java, set up on first use: it loads its native library, which a run without LZ4 need not pay for. */
    private volatile Backend lib;

    private record Backend(LZ4SafeDecompressor decompressor, LZ4Compressor compressor, String name) {
    }

    /** Level 0: LZ4's fast compressor (LZ4_compress_default); 1..12: LZ4 HC at that level. */
    Lz4Codec(int level) {
        this.level = level;
    }

    private Backend lib() {
        Backend b = lib;
        if (b == null) {
            LZ4Factory f = LZ4Factory.fastestInstance();
            b = new Backend(f.safeDecompressor(), level <= 0 ? f.fastCompressor() : f.highCompressor(level), "lz4-java " + f);
            lib = b;
        }
        return b;
    }

    @Override
    public CompressionMethod method() {
        return CompressionMethod.LZ4;
    }

    @Override
    public String backend() {
        return lib().name();
    }

    @Override
    public boolean canCompress() {
        return true;
    }

    @Override
    public void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        int n;
        try {
            n = lib().decompressor().decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
        } catch (LZ4Exception e) {
            throw new CorruptDataException("Bad LZ4 block: " + e.getMessage(), null, -1, null, e);
        }
        if (n != dstLen) {
            throw new CorruptDataException("LZ4 block produced " + n + " bytes, expected " + dstLen);
        }
    }

    @Override
    public int maxCompressedLength(int len) {
        return lib().compressor().maxCompressedLength(len);
    }

    @Override
    public int compress(byte[] src, int off, int len, byte[] dst, int dstOff) {
        return lib().compressor().compress(src, off, len, dst, dstOff, dst.length - dstOff);
    }

    @Override
    public String toString() {
        return "LZ4(level " + level + ")";
    }
}
