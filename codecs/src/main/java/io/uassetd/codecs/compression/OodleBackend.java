package io.uassetd.codecs.compression;

/**
 * The Oodle library as a service: the native oo2core (module {@code native}) implements it. The
 * codecs layer never loads native code itself.
 */
public interface OodleBackend {
    /** Oodle compressors as the C API numbers them. */
    int KRAKEN = 8;
    int MERMAID = 9;
    int SELKIE = 11;
    int HYDRA = 12;
    int LEVIATHAN = 13;

    /** Human-readable description of the loaded library (path, version). */
    String description();

    /** Decompresses to exactly {@code dstLen} bytes or throws CorruptDataException. */
    void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen);

    int compressedBufferSizeNeeded(int compressor, int rawLen);

    /** Returns the compressed size written to {@code dst[dstOff]}. */
    int compress(int compressor, int level, byte[] src, int off, int len, byte[] dst, int dstOff);
}
