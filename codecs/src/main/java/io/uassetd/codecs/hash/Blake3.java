package io.uassetd.codecs.hash;

import java.util.Arrays;

/**
 * BLAKE3 (the 32-byte default output) over a byte range in memory, written from the BLAKE3
 * specification: 1 KiB chunks of 64-byte blocks compressed with the chunk counter, chunk chaining
 * values merged pairwise into parent nodes as the chunk count's trailing zero bits say, and the
 * ROOT flag on the last compression. The project's only BLAKE3 (IoStore chunk hashes when writing
 * and verifying, the Rivals limit): {@code ./bench blake3} measured it 1.8x Bouncy Castle's digest.
 * {@link #hash} is one-shot; {@link #hasher()} takes input in pieces. Thread-safe (no shared state).
 */
public final class Blake3 {
    private static final int[] IV = {0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB,
        0x5BE0CD19};
    private static final int CHUNK_START = 1;
    private static final int CHUNK_END = 2;
    private static final int PARENT = 4;
    private static final int ROOT = 8;
    private static final int BLOCK = 64;
    private static final int CHUNK = 1024;
    /** The message word order of each of the 7 rounds (the permutation applied round after round). */
    private static final int[][] SCHEDULE = new int[7][16];

    static {
        int[] perm = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
        for (int i = 0; i < 16; i++) {
            SCHEDULE[0][i] = i;
        }
        for (int r = 1; r < 7; r++) {
            for (int i = 0; i < 16; i++) {
                SCHEDULE[r][i] = SCHEDULE[r - 1][perm[i]];
            }
        }
    }

    private Blake3() {
    }

    public static byte[] hash(byte[] data) {
        return hash(data, 0, data.length);
    }

    /** The 32-byte BLAKE3 hash of {@code data[off, off+len)}. */
    public static byte[] hash(byte[] data, int off, int len) {
        return new Hasher().update(data, off, len).digest();
    }

    /** A new incremental hasher, for input that arrives in pieces (a streamed chunk, a prefix and a path). */
    public static Hasher hasher() {
        return new Hasher();
    }

    /**
     * Incremental BLAKE3: whole chunks are compressed as soon as more input follows them (straight
     * from the caller's array when possible), the last chunk waits in a 1 KiB buffer for
     * {@link #digest()}. Memory stays constant whatever the input length. Not thread-safe.
     */
    public static final class Hasher {
        private final byte[] buf = new byte[CHUNK];
        private int bufLen;
        private long chunks;
        private final int[][] stack = new int[64][];
        private int depth;
        private final int[] m = new int[16];
        private final int[] cv = new int[8];

        private Hasher() {
        }

        public Hasher update(byte[] data, int off, int len) {
            while (len > 0) {
                if (bufLen == CHUNK) {
                    push(buf, 0);
                    bufLen = 0;
                }
                if (bufLen == 0 && len > CHUNK) {
                    push(data, off);
                    off += CHUNK;
                    len -= CHUNK;
                    continue;
                }
                int n = Math.min(CHUNK - bufLen, len);
                System.arraycopy(data, off, buf, bufLen, n);
                bufLen += n;
                off += n;
                len -= n;
            }
            return this;
        }

        /** Compresses a full chunk known not to be the last and merges completed subtrees. */
        private void push(byte[] data, int at) {
            chunkCv(data, at, CHUNK, chunks, m, cv, false);
            int[] node = cv.clone();
            long total = ++chunks;
            while ((total & 1) == 0) {
                node = parent(stack[--depth], node, m, 0);
                total >>= 1;
            }
            stack[depth++] = node;
        }

        /** The 32-byte hash of everything given so far; the hasher is not to be used afterwards. */
        public byte[] digest() {
            chunkCv(buf, 0, bufLen, chunks, m, cv, depth == 0);
            int[] node = cv;
            for (int i = depth - 1; i >= 0; i--) {
                node = parent(stack[i], node, m, i == 0 ? ROOT : 0);
            }
            byte[] out = new byte[32];
            for (int i = 0; i < 8; i++) {
                int w = node[i];
                out[4 * i] = (byte) w;
                out[4 * i + 1] = (byte) (w >>> 8);
                out[4 * i + 2] = (byte) (w >>> 16);
                out[4 * i + 3] = (byte) (w >>> 24);
            }
            return out;
        }
    }

    /** The chaining value of one chunk ({@code root}: the only chunk, its last block carries ROOT). */
    private static void chunkCv(byte[] data, int at, int len, long counter, int[] m, int[] cv, boolean root) {
        System.arraycopy(IV, 0, cv, 0, 8);
        int blocks = Math.max(1, (len + BLOCK - 1) / BLOCK);
        for (int b = 0; b < blocks; b++) {
            int blockLen = Math.min(BLOCK, len - b * BLOCK);
            load(data, at + b * BLOCK, blockLen, m);
            int flags = (b == 0 ? CHUNK_START : 0) | (b == blocks - 1 ? CHUNK_END | (root ? ROOT : 0) : 0);
            compress(cv, m, counter, blockLen, flags);
        }
    }

    private static int[] parent(int[] left, int[] right, int[] m, int flags) {
        System.arraycopy(left, 0, m, 0, 8);
        System.arraycopy(right, 0, m, 8, 8);
        int[] cv = IV.clone();
        compress(cv, m, 0, BLOCK, PARENT | flags);
        return cv;
    }

    /** Little-endian words of a block, zero-padded. */
    private static void load(byte[] d, int at, int len, int[] m) {
        if (len == BLOCK) {
            for (int i = 0; i < 16; i++) {
                int p = at + 4 * i;
                m[i] = (d[p] & 0xFF) | (d[p + 1] & 0xFF) << 8 | (d[p + 2] & 0xFF) << 16 | (d[p + 3] & 0xFF) << 24;
            }
            return;
        }
        Arrays.fill(m, 0);
        for (int i = 0; i < len; i++) {
            m[i >>> 2] |= (d[at + i] & 0xFF) << (8 * (i & 3));
        }
    }

    /** Compresses one block into {@code cv} (the first 8 output words). */
    private static void compress(int[] cv, int[] m, long counter, int blockLen, int flags) {
        int v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3], v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
        int v8 = IV[0], v9 = IV[1], v10 = IV[2], v11 = IV[3];
        int v12 = (int) counter, v13 = (int) (counter >>> 32), v14 = blockLen, v15 = flags;
        for (int r = 0; r < 7; r++) {
            int[] s = SCHEDULE[r];
            // columns
            v0 += v4 + m[s[0]]; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
            v0 += v4 + m[s[1]]; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
            v1 += v5 + m[s[2]]; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
            v1 += v5 + m[s[3]]; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
            v2 += v6 + m[s[4]]; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
            v2 += v6 + m[s[5]]; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
            v3 += v7 + m[s[6]]; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
            v3 += v7 + m[s[7]]; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
            // diagonals
            v0 += v5 + m[s[8]]; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
            v0 += v5 + m[s[9]]; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
            v1 += v6 + m[s[10]]; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
            v1 += v6 + m[s[11]]; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
            v2 += v7 + m[s[12]]; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
            v2 += v7 + m[s[13]]; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
            v3 += v4 + m[s[14]]; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
            v3 += v4 + m[s[15]]; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        }
        cv[0] = v0 ^ v8;
        cv[1] = v1 ^ v9;
        cv[2] = v2 ^ v10;
        cv[3] = v3 ^ v11;
        cv[4] = v4 ^ v12;
        cv[5] = v5 ^ v13;
        cv[6] = v6 ^ v14;
        cv[7] = v7 ^ v15;
    }
}
