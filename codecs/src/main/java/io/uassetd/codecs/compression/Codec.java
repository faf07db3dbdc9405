package io.uassetd.codecs.compression;

/**
 * One compression method. Block-oriented, as Unreal uses them: a caller always knows the exact
 * decompressed size of a block. Implementations are thread-safe.
 */
public interface Codec {
    CompressionMethod method();

    /** A short description of the implementation, e.g. {@code "java.util.zip"} or {@code "native oo2core"}. */
    String backend();

    boolean canCompress();

    /**
     * Decompresses {@code src[srcOff, srcOff+srcLen)} into exactly {@code dstLen} bytes at
     * {@code dst[dstOff]}. Throws {@link io.uassetd.codecs.error.CorruptDataException} when the
     * stream is malformed or does not produce exactly {@code dstLen} bytes.
     */
    void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen);

    /**
     * Like {@link #decompress}, for a caller that verifies the compressed bytes another way (a pak
     * entry whose SHA-1 is checked): a format with a checksum of its own may skip computing it
     * (Zlib's Adler-32, about a tenth of inflating). By default the same as {@link #decompress}.
     */
    default void decompressVerifiedElsewhere(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        decompress(src, srcOff, srcLen, dst, dstOff, dstLen);
    }

    /** The largest output {@link #compress} may produce for {@code len} input bytes. */
    int maxCompressedLength(int len);

    /**
     * Compresses {@code src[off, off+len)} into {@code dst} at {@code dstOff} (which must have room
     * for {@link #maxCompressedLength}) and returns the compressed size.
     */
    int compress(byte[] src, int off, int len, byte[] dst, int dstOff);
}
