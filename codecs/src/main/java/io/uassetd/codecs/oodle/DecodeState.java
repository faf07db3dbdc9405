package io.uassetd.codecs.oodle;

import io.uassetd.codecs.error.CorruptDataException;

/**
 * Decoding state, reused by the calls on one thread: the compressed input, where it starts (for error offsets) and a pool of
 * scratch buffers whose sizes are bounded by the chunk size, so corrupt headers cannot make the
 * decoder allocate more than the output it was asked for plus a constant.
 */
final class DecodeState {
    /** Largest number of bytes one LZ chunk (and so one entropy block) can produce. */
    static final int CHUNK = 0x20000;
    /** Deepest nesting of entropy blocks accepted (RLE or recursive blocks inside each other). */
    static final int MAX_DEPTH = 6;
    /** Slots per nesting level in the byte pool. */
    static final int SLOTS_PER_LEVEL = 4;

    byte[] src;
    int srcBase;
    private final byte[][] pool = new byte[(MAX_DEPTH + 2) * SLOTS_PER_LEVEL][];
    private final int[][] intPool = new int[8][];

    final EntropyDecoder entropy;

    DecodeState() {
        this.entropy = new EntropyDecoder(this);
    }

    /** Points this state at the next call's input. */
    void reset(byte[] src, int srcBase) {
        this.src = src;
        this.srcBase = srcBase;
    }

    CorruptDataException corrupt(int pos, String expected) {
        long off = (long) pos - srcBase;
        return new CorruptDataException("Corrupt Oodle stream at compressed offset " + off + ": expected " + expected,
                null, off, "Oodle stream");
    }

    /** A scratch byte buffer of at least {@code n} bytes for nesting level {@code depth}. */
    byte[] bytes(int depth, int slot, int n) {
        int i = depth * SLOTS_PER_LEVEL + slot;
        byte[] b = pool[i];
        if (b == null || b.length < n) {
            b = new byte[Math.max(n, 64)];
            pool[i] = b;
        }
        return b;
    }

    /** A scratch int buffer of at least {@code n} entries. */
    int[] ints(int slot, int n) {
        int[] b = intPool[slot];
        if (b == null || b.length < n) {
            b = new int[Math.max(n, 16)];
            intPool[slot] = b;
        }
        return b;
    }

    int u8(int pos) {
        return src[pos] & 0xFF;
    }

    int le16(int pos) {
        return (src[pos] & 0xFF) | (src[pos + 1] & 0xFF) << 8;
    }

    int le24(int pos) {
        return (src[pos] & 0xFF) | (src[pos + 1] & 0xFF) << 8 | (src[pos + 2] & 0xFF) << 16;
    }

    int be24(int pos) {
        return (src[pos] & 0xFF) << 16 | (src[pos + 1] & 0xFF) << 8 | (src[pos + 2] & 0xFF);
    }
}
