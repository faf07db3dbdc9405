/*
 * A stand-in for oo2core in tests: the same four entry points with the same signatures, doing a
 * simple reversible transform instead of real compression. Format of a "compressed" block:
 *
 *   u32 little-endian raw length L, then the L raw bytes XOR 0x5A.
 *
 * OodleLZ_Decompress returns 0 (failure) when any argument differs from what uassetd must pass
 * (so a marshalling mistake shows), when compLen != 4 + L or when rawLen < L. When rawLen > L it
 * decodes L bytes and returns L (a short output). A header whose top bit is set makes it return
 * -(L & 0x7FFFFFFF), to stand for a negative error code.
 * OodleLZ_Compress returns 0 for Hydra (12): the fake stands for a build without it.
 * OodleCore_Plugins_SetPrintf records its argument; fakeoodle_* getters expose what it recorded.
 * Built with -DFAKEOODLE_NO_DECOMPRESS or -DFAKEOODLE_NO_PRINTF, it lacks that entry point.
 */
#include <stdint.h>
#include <stddef.h>
#include <string.h>

#if defined(_WIN32)
#define EXPORT __declspec(dllexport)
#else
#define EXPORT __attribute__((visibility("default")))
#endif

typedef intptr_t intptr;

#define HEADER 4
#define KEY 0x5A

static void *volatile last_printf = (void *)1; /* "never called" */
static volatile int printf_calls = 0;

static int known_compressor(int c) {
    return c == 8 || c == 9 || c == 11 || c == 12 || c == 13;
}

EXPORT intptr OodleLZ_GetCompressedBufferSizeNeeded(int compressor, intptr rawLen) {
    if (!known_compressor(compressor) || rawLen < 0) {
        return 0;
    }
    return rawLen + HEADER;
}

EXPORT intptr OodleLZ_Compress(int compressor, const void *raw, intptr rawLen, void *comp, int level,
                               const void *options, const void *dictBase, const void *lrm,
                               void *scratch, intptr scratchSize) {
    if (!known_compressor(compressor) || compressor == 12 || level < -4 || level > 9
        || raw == NULL || comp == NULL || rawLen < 0 || rawLen > 0x7FFFFFFF
        || options != NULL || dictBase != NULL || lrm != NULL || scratch != NULL || scratchSize != 0) {
        return 0;
    }
    const unsigned char *in = (const unsigned char *)raw;
    unsigned char *out = (unsigned char *)comp;
    uint32_t n = (uint32_t)rawLen;
    out[0] = (unsigned char)n;
    out[1] = (unsigned char)(n >> 8);
    out[2] = (unsigned char)(n >> 16);
    out[3] = (unsigned char)(n >> 24);
    for (intptr i = 0; i < rawLen; i++) {
        out[HEADER + i] = in[i] ^ KEY;
    }
    return rawLen + HEADER;
}

#ifndef FAKEOODLE_NO_DECOMPRESS
EXPORT intptr OodleLZ_Decompress(const void *comp, intptr compLen, void *raw, intptr rawLen,
                                 int fuzzSafe, int checkCRC, int verbosity,
                                 void *decBufBase, intptr decBufSize, void *callback, void *callbackData,
                                 void *decoderMem, intptr decoderMemSize, int threadPhase) {
    if (comp == NULL || raw == NULL || compLen < HEADER || rawLen < 0
        || fuzzSafe != 1 || checkCRC != 0 || verbosity != 0 || decBufBase != NULL || decBufSize != 0
        || callback != NULL || callbackData != NULL || decoderMem != NULL || decoderMemSize != 0
        || threadPhase != 3) {
        return 0;
    }
    const unsigned char *in = (const unsigned char *)comp;
    unsigned char *out = (unsigned char *)raw;
    uint32_t n = (uint32_t)in[0] | (uint32_t)in[1] << 8 | (uint32_t)in[2] << 16 | (uint32_t)in[3] << 24;
    if (n & 0x80000000u) {
        return -(intptr)(n & 0x7FFFFFFFu);
    }
    if (compLen != HEADER + (intptr)n || rawLen < (intptr)n) {
        return 0;
    }
    for (uint32_t i = 0; i < n; i++) {
        out[i] = in[HEADER + i] ^ KEY;
    }
    return (intptr)n;
}
#endif

#ifndef FAKEOODLE_NO_PRINTF
EXPORT void *OodleCore_Plugins_SetPrintf(void *fp) {
    void *previous = last_printf;
    last_printf = fp;
    printf_calls++;
    return previous;
}
#endif

/* Test probes (not part of the Oodle API). */
EXPORT void *fakeoodle_last_printf(void) {
    return last_printf;
}

EXPORT int fakeoodle_printf_calls(void) {
    return printf_calls;
}
