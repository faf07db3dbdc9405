package io.uassetd.codecs.oodle;

/** One LZ codec's decoder for a chunk of at most 128 KiB whose data is at {@code src[p, end)}. */
interface ChunkDecoder {
    /**
     * @param dst output buffer; the chunk is {@code dst[pos, pos + len)}
     * @param window where the output stream starts in {@code dst} (matches may reach back to it)
     * @param mode the 4-bit mode from the chunk header
     */
    void decode(int p, int end, byte[] dst, int pos, int len, int window, int mode);
}
