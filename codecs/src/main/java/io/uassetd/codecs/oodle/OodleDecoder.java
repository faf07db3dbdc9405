package io.uassetd.codecs.oodle;

import java.util.Arrays;
import io.uassetd.codecs.error.CorruptDataException;
import java.lang.ref.SoftReference;

/**
 * Pure-Java decoder for Oodle streams made by Kraken, Mermaid, Selkie and Leviathan, for callers
 * that know the exact decompressed size (as Unreal does).
 *
 * <p>A stream is a sequence of 256 KiB blocks. Each starts with a 2-byte header (codec, whether the
 * block is stored raw, whether quanta carry checksums); a compressed block then has a 3-byte quantum
 * header giving its compressed size or marking it as a run of one byte. The quantum holds up to two
 * 128 KiB chunks, each stored raw, entropy coded as a whole, or LZ coded by the block's codec.
 *
 * <p>Any input either decodes or makes this throw {@link CorruptDataException} naming the offset in
 * the compressed stream; trailing bytes after the last block are ignored.
 */
public final class OodleDecoder {
    private static final int BLOCK = 0x40000;
    private static final int CODEC_KRAKEN = 6;
    private static final int CODEC_MERMAID = 10;
    private static final int CODEC_LEVIATHAN = 12;

    private OodleDecoder() {
    }

    /**
     * Decodes the Oodle stream in {@code src[srcOff, srcOff + srcLen)} into exactly
     * {@code dst[dstOff, dstOff + dstLen)}. Thread-safe; bytes of {@code dst} outside that range are
     * never touched.
     *
     * @throws CorruptDataException when the stream is malformed, truncated, uses another Oodle
     *     codec (LZNA, BitKnit, the old LZH family) or does not produce exactly {@code dstLen} bytes
     * @throws IndexOutOfBoundsException when a range lies outside its array
     */
    public static void decompress(byte[] src, int srcOff, int srcLen, byte[] dst, int dstOff, int dstLen) {
        if (src == null || dst == null) {
            throw new NullPointerException("buffers");
        }
        if (srcOff < 0 || srcLen < 0 || srcOff > src.length - srcLen || dstOff < 0 || dstLen < 0
                || dstOff > dst.length - dstLen) {
            throw new IndexOutOfBoundsException("range outside its buffer");
        }
        Workspace ws = workspace();
        ws.st.reset(src, srcOff);
        try {
            new Run(ws, dst, dstOff, dstLen, srcOff + srcLen).all();
        } finally {
            ws.st.reset(null, 0);
        }
    }

    private static final ThreadLocal<SoftReference<Workspace>> WORKSPACES = new ThreadLocal<>();

    /** This thread's scratch state (tables and chunk buffers), kept while memory allows. */
    private static Workspace workspace() {
        SoftReference<Workspace> ref = WORKSPACES.get();
        Workspace ws = ref == null ? null : ref.get();
        if (ws == null) {
            ws = new Workspace();
            WORKSPACES.set(new SoftReference<>(ws));
        }
        return ws;
    }

    /** Scratch state reused across calls on one thread; chunk buffers grow up to 128 KiB streams. */
    private static final class Workspace {
        final DecodeState st = new DecodeState();
        ChunkDecoder kraken;
        int krakenCap;
        ChunkDecoder mermaid;
        int mermaidCap;
        ChunkDecoder leviathan;
        int leviathanCap;

        ChunkDecoder decoder(int codec, int cap) {
            switch (codec) {
                case CODEC_KRAKEN:
                    if (kraken == null || krakenCap < cap) {
                        kraken = new KrakenChunk(st, cap);
                        krakenCap = cap;
                    }
                    return kraken;
                case CODEC_MERMAID:
                    if (mermaid == null || mermaidCap < cap) {
                        mermaid = new MermaidChunk(st, cap);
                        mermaidCap = cap;
                    }
                    return mermaid;
                default:
                    if (leviathan == null || leviathanCap < cap) {
                        leviathan = new LeviathanChunk(st, cap);
                        leviathanCap = cap;
                    }
                    return leviathan;
            }
        }
    }

    /** One call's progress through the stream. */
    private static final class Run {
        private final Workspace ws;
        private final DecodeState st;
        private final byte[] dst;
        private final int window;
        private final int outEnd;
        private final int srcEnd;
        private final int maxChunk;

        Run(Workspace ws, byte[] dst, int dstOff, int dstLen, int srcEnd) {
            this.ws = ws;
            this.st = ws.st;
            this.dst = dst;
            this.window = dstOff;
            this.outEnd = dstOff + dstLen;
            this.srcEnd = srcEnd;
            this.maxChunk = Math.min(dstLen, DecodeState.CHUNK);
        }

        void all() {
            int p = st.srcBase;
            int d = window;
            int codec = -1;
            boolean stored = false;
            boolean checksums = false;
            while (d < outEnd) {
                if (((d - window) & (BLOCK - 1)) == 0) {
                    if (srcEnd - p < 2) {
                        throw st.corrupt(p, "a 2-byte block header");
                    }
                    int b0 = st.u8(p);
                    int b1 = st.u8(p + 1);
                    if ((b0 & 0xF) != 0xC || (b0 & 0x30) != 0) {
                        throw st.corrupt(p, "a block header byte of the form x0xx1100 (got 0x"
                                + Integer.toHexString(b0) + ")");
                    }
                    stored = (b0 & 0x40) != 0;
                    codec = b1 & 0x7F;
                    checksums = (b1 & 0x80) != 0;
                    if (codec != CODEC_KRAKEN && codec != CODEC_MERMAID && codec != CODEC_LEVIATHAN) {
                        throw st.corrupt(p + 1, "a Kraken (6), Mermaid/Selkie (10) or Leviathan (12) block, not codec "
                                + codec);
                    }
                    p += 2;
                }
                int n = Math.min(BLOCK, outEnd - d);
                if (stored) {
                    if (srcEnd - p < n) {
                        throw st.corrupt(p, n + " stored bytes");
                    }
                    System.arraycopy(st.src, p, dst, d, n);
                    p += n;
                    d += n;
                    continue;
                }
                if (srcEnd - p < 3) {
                    throw st.corrupt(p, "a 3-byte quantum header");
                }
                int v = st.be24(p);
                int size = v & 0x3FFFF;
                if (size == 0x3FFFF) {
                    if ((v >>> 18) != 1 || srcEnd - p < 4) {
                        throw st.corrupt(p, "a one-byte-run quantum header");
                    }
                    Arrays.fill(dst, d, d + n, st.src[p + 3]);
                    p += 4;
                    d += n;
                    continue;
                }
                size += 1;
                p += checksums ? 6 : 3;
                if (p > srcEnd || srcEnd - p < size) {
                    throw st.corrupt(p, size + " bytes of compressed quantum");
                }
                if (size > n) {
                    throw st.corrupt(p, "a quantum no larger than its " + n + " output bytes");
                }
                if (size == n) {
                    System.arraycopy(st.src, p, dst, d, n);
                } else {
                    quantum(codec, p, p + size, d, n);
                }
                p += size;
                d += n;
            }
        }

        private void quantum(int codec, int p, int end, int d, int n) {
            ChunkDecoder lz = decoder(codec);
            int qEnd = d + n;
            while (d < qEnd) {
                int len = Math.min(DecodeState.CHUNK, qEnd - d);
                if (end - p < 4) {
                    throw st.corrupt(p, "a chunk header");
                }
                int h = st.be24(p);
                if ((h & 0x800000) == 0) {
                    p += st.entropy.decode(p, end, dst, d, len, 0);
                    if (st.entropy.lastSize() != len) {
                        throw st.corrupt(p, "an entropy-coded chunk of " + len + " bytes");
                    }
                } else {
                    p += 3;
                    int size = h & 0x7FFFF;
                    int mode = (h >>> 19) & 0xF;
                    if (end - p < size) {
                        throw st.corrupt(p, size + " bytes of chunk data");
                    }
                    if (size < len) {
                        lz.decode(p, p + size, dst, d, len, window, mode);
                    } else if (size > len || mode != 0) {
                        throw st.corrupt(p, "a stored chunk of " + len + " bytes");
                    } else {
                        System.arraycopy(st.src, p, dst, d, len);
                    }
                    p += size;
                }
                d += len;
            }
            if (p != end) {
                throw st.corrupt(p, "chunks that exactly fill their quantum");
            }
        }

        private ChunkDecoder decoder(int codec) {
            return ws.decoder(codec, maxChunk);
        }
    }
}
