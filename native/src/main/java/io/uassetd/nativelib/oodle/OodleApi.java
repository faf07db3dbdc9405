package io.uassetd.nativelib.oodle;

import com.sun.jna.Library;
import com.sun.jna.Pointer;

/**
 * The four oo2core entry points uassetd uses, mapped through JNA interface mapping. Every C
 * {@code intptr} is a Java {@code long} (never NativeLong, which is 32-bit on Win64); the library
 * is only ever loaded into a 64-bit JVM. Buffers are passed as native {@link com.sun.jna.Memory}
 * owned by {@link NativeOodle}, never as pointers into Java arrays.
 */
interface OodleApi extends Library {
    String DECOMPRESS = "OodleLZ_Decompress";
    String COMPRESS = "OodleLZ_Compress";
    String SIZE_NEEDED = "OodleLZ_GetCompressedBufferSizeNeeded";
    String SET_PRINTF = "OodleCore_Plugins_SetPrintf";

    /** Entry points a library must export to be used. SetPrintf is optional. */
    String[] REQUIRED = {DECOMPRESS, COMPRESS, SIZE_NEEDED};

    /** {@code fuzzSafe} value: the decoder checks its input (always used here). */
    int FUZZ_SAFE_YES = 1;
    /** {@code threadPhase} value: decode in one call on the calling thread. */
    int THREAD_PHASE_UNTHREADED = 3;

    /**
     * {@code intptr OodleLZ_Compress(int compressor, const void* raw, intptr rawLen, void* comp,
     * int level, const void* options, const void* dictBase, const void* lrm, void* scratch,
     * intptr scratchSize)}; returns the compressed size, 0 on failure.
     */
    long OodleLZ_Compress(int compressor, Pointer raw, long rawLen, Pointer comp, int level,
            Pointer options, Pointer dictBase, Pointer lrm, Pointer scratch, long scratchSize);

    /**
     * {@code intptr OodleLZ_Decompress(const void* comp, intptr compLen, void* raw, intptr rawLen,
     * int fuzzSafe, int checkCRC, int verbosity, void* decBufBase, intptr decBufSize,
     * void* callback, void* callbackData, void* decoderMem, intptr decoderMemSize, int threadPhase)};
     * returns the number of bytes decoded, 0 on failure.
     */
    long OodleLZ_Decompress(Pointer comp, long compLen, Pointer raw, long rawLen,
            int fuzzSafe, int checkCRC, int verbosity, Pointer decBufBase, long decBufSize,
            Pointer callback, Pointer callbackData, Pointer decoderMem, long decoderMemSize, int threadPhase);

    /** {@code intptr OodleLZ_GetCompressedBufferSizeNeeded(int compressor, intptr rawLen)}. */
    long OodleLZ_GetCompressedBufferSizeNeeded(int compressor, long rawLen);

    /** {@code void* OodleCore_Plugins_SetPrintf(void* fp)}: NULL silences the library's logging. */
    Pointer OodleCore_Plugins_SetPrintf(Pointer fp);
}
