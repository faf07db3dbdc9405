package io.uassetd.codecs.hash;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * BLAKE3 (the 32-byte default output) over a byte range in memory, written from the BLAKE3
 * specification: 1 KiB chunks of 64-byte blocks compressed with the chunk counter, chunk chaining
 * values merged pairwise into parent nodes as the chunk count's trailing zero bits say, and the
 * ROOT flag on the last compression. The project's only BLAKE3 (IoStore chunk hashes when writing
 * and verifying, the Rivals limit). An input of more than 8 KiB has its whole chunks hashed side by side
 * ({@code Lanes}), which C2 vectorizes on JDK 25: {@code ./bench blake3} measured 816 MB/s there against
 * 312 MB/s one chunk at a time and 146 MB/s for Bouncy Castle's digest; JDK 17 does not vectorize the
 * lanes (343 against 325 MB/s).
 * {@link #hash} is one-shot; {@link #hasher()} takes input in pieces; {@link #hashAll} hashes several inputs.
 * Thread-safe (the lanes are one set per thread).
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
    private static final VarHandle LE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /** The message word order of each round: the identity, then the specification's permutation applied round after round. */
    private static final int[][] SCHEDULE = new int[7][16];

    static {
        int[] permutation = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
        for (int i = 0; i < 16; i++) {
            SCHEDULE[0][i] = i;
        }
        for (int r = 1; r < 7; r++) {
            for (int i = 0; i < 16; i++) {
                SCHEDULE[r][i] = SCHEDULE[r - 1][permutation[i]];
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

    /**
     * About how many bytes of consecutive inputs one {@link #hashAll} call should get when callers split
     * many inputs into jobs for a pool (the bundle assembler's packages, the IoStore writer's chunks):
     * 64 chunks of 1 KiB, one full run of the lanes, while a job stays small enough to balance across threads.
     */
    public static final long JOB_BYTES = 64L << 10;

    /**
     * The 32-byte hashes of several inputs, {@code out[i]} of {@code inputs[i]}: as {@link #hash(byte[])}
     * of each, with the whole chunks before each input's last one hashed side by side across all the
     * inputs, {@value Lanes#MAX} at a time (so that many small inputs fill the lanes as one large one does).
     */
    public static byte[][] hashAll(byte[][] inputs) {
        byte[][] out = new byte[inputs.length][];
        for (int i = 0; i < inputs.length; i++) {
            if (wholeChunksBeforeLast(inputs[i].length) == 0) {
                out[i] = hash(inputs[i]);
            }
        }
        // the others (no hash call in between: the lanes are this thread's)
        Lanes lanes = Lanes.LOCAL.get();
        Hasher[] hashers = new Hasher[inputs.length];
        int used = 0;
        for (int i = 0; i < inputs.length; i++) {
            if (out[i] != null) {
                continue;
            }
            hashers[i] = new Hasher();
            int whole = wholeChunksBeforeLast(inputs[i].length);
            for (int c = 0; c < whole; c++) {
                if (used == Lanes.MAX) {
                    lanes.drain(used, hashers);
                    used = 0;
                }
                lanes.owner[used] = i;
                lanes.lane(used++, inputs[i], c * CHUNK, c);
            }
        }
        if (used > 0) {
            lanes.drain(used, hashers);
        }
        for (int i = 0; i < inputs.length; i++) {
            if (hashers[i] != null) {
                int k = wholeChunksBeforeLast(inputs[i].length);
                out[i] = hashers[i].update(inputs[i], k * CHUNK, inputs[i].length - k * CHUNK).digest();
            }
        }
        return out;
    }

    /** How many whole chunks of an input of {@code len} bytes come before its last chunk. */
    private static int wholeChunksBeforeLast(int len) {
        return len > CHUNK ? (len - 1) / CHUNK : 0;
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
        /** Chaining values of the completed subtrees, 8 words each, the deepest first. */
        private final int[] stack = new int[54 * 8];
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
                    // whole chunks that more input follows: side by side when there are several
                    int n = Math.min((len - 1) / CHUNK, Lanes.MAX);
                    if (n >= Lanes.MIN) {
                        Lanes lanes = Lanes.LOCAL.get();
                        for (int l = 0; l < n; l++) {
                            lanes.lane(l, data, off + l * CHUNK, chunks + l);
                        }
                        lanes.run(n);
                        for (int l = 0; l < n; l++) {
                            for (int w = 0; w < 8; w++) {
                                cv[w] = lanes.h[w][l];
                            }
                            merge();
                        }
                        off += n * CHUNK;
                        len -= n * CHUNK;
                        continue;
                    }
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
            merge();
        }

        /** Merges the chaining value in {@code cv} of the next chunk (not the last) with the completed subtrees. */
        private void merge() {
            long total = ++chunks;
            while ((total & 1) == 0) {
                parent(stack, --depth * 8, cv, m, 0);
                total >>= 1;
            }
            System.arraycopy(cv, 0, stack, depth++ * 8, 8);
        }

        /** The 32-byte hash of everything given so far; the hasher is not to be used afterwards. */
        public byte[] digest() {
            chunkCv(buf, 0, bufLen, chunks, m, cv, depth == 0);
            for (int i = depth - 1; i >= 0; i--) {
                parent(stack, i * 8, cv, m, i == 0 ? ROOT : 0);
            }
            byte[] out = new byte[32];
            for (int i = 0; i < 8; i++) {
                LE.set(out, 4 * i, cv[i]);
            }
            return out;
        }
    }

    /**
     * Whole chunks hashed side by side, one lane per chunk: word {@code w} of lane {@code l}'s
     * state at {@code v[w][l]}, of its message block at {@code m[w][l]}, of its chaining value at
     * {@code h[w][l]}. Each round is one counted loop over the lanes with the state in locals,
     * which C2's superword vectorizes (8 lanes per AVX2 instruction; measured on JDK 25, not on
     * JDK 17, where the loop still overlaps the independent lanes better than one chunk at a
     * time). One per thread, reused: about 10 KiB.
     */
    private static final class Lanes {
        static final int MAX = 64;
        /** Fewer whole chunks go one at a time: the vector loop's scalar fringes would cost more than they save. */
        static final int MIN = 8;
        static final ThreadLocal<Lanes> LOCAL = ThreadLocal.withInitial(Lanes::new);
        final int[][] v = new int[16][MAX];
        final int[][] m = new int[16][MAX];
        final int[][] h = new int[8][MAX];
        final int[] lo = new int[MAX];
        final int[] hi = new int[MAX];
        final byte[][] src = new byte[MAX][];
        final int[] at = new int[MAX];

        /** Lane {@code l} takes the whole chunk at {@code data[pos]} with chunk counter {@code counter}. */
        void lane(int l, byte[] data, int pos, long counter) {
            if (pos < 0 || pos > data.length - CHUNK) {
                throw new ArrayIndexOutOfBoundsException(pos);
            }
            src[l] = data;
            at[l] = pos;
            lo[l] = (int) counter;
            hi[l] = (int) (counter >>> 32);
        }

        /** Which input ({@link #hashAll}) each lane's chunk belongs to. */
        final int[] owner = new int[MAX];

        /** Runs lanes {@code [0, n)} and hands each chaining value, in lane order, to its owner's hasher. */
        void drain(int n, Hasher[] hashers) {
            run(n);
            for (int l = 0; l < n; l++) {
                Hasher x = hashers[owner[l]];
                for (int w = 0; w < 8; w++) {
                    x.cv[w] = h[w][l];
                }
                x.merge();
            }
        }

        /** The chaining values of the chunks of lanes {@code [0, n)} into {@code h}; the lanes let go of their arrays. */
        void run(int n) {
            for (int w = 0; w < 8; w++) {
                Arrays.fill(h[w], 0, n, IV[w]);
            }
            int[] m0 = m[0], m1 = m[1], m2 = m[2], m3 = m[3], m4 = m[4], m5 = m[5], m6 = m[6], m7 = m[7];
            int[] m8 = m[8], m9 = m[9], m10 = m[10], m11 = m[11], m12 = m[12], m13 = m[13], m14 = m[14], m15 = m[15];
            for (int b = 0; b < CHUNK / BLOCK; b++) {
                for (int l = 0; l < n; l++) {
                    byte[] data = src[l];
                    int p = at[l] + b * BLOCK;
                    m0[l] = (int) LE.get(data, p);
                    m1[l] = (int) LE.get(data, p + 4);
                    m2[l] = (int) LE.get(data, p + 8);
                    m3[l] = (int) LE.get(data, p + 12);
                    m4[l] = (int) LE.get(data, p + 16);
                    m5[l] = (int) LE.get(data, p + 20);
                    m6[l] = (int) LE.get(data, p + 24);
                    m7[l] = (int) LE.get(data, p + 28);
                    m8[l] = (int) LE.get(data, p + 32);
                    m9[l] = (int) LE.get(data, p + 36);
                    m10[l] = (int) LE.get(data, p + 40);
                    m11[l] = (int) LE.get(data, p + 44);
                    m12[l] = (int) LE.get(data, p + 48);
                    m13[l] = (int) LE.get(data, p + 52);
                    m14[l] = (int) LE.get(data, p + 56);
                    m15[l] = (int) LE.get(data, p + 60);
                }
                start(v, h, lo, hi, b == 0 ? CHUNK_START : b == CHUNK / BLOCK - 1 ? CHUNK_END : 0, n);
                for (int r = 0; r < 7; r++) {
                    round(v, m, SCHEDULE[r], n);
                }
                finish(v, h, n);
            }
            Arrays.fill(src, 0, n, null);
        }

        /** Every lane's state before a block: its chaining value, the IV, its counter, a full block, {@code flags}. */
        private static void start(int[][] v, int[][] h, int[] lo, int[] hi, int flags, int n) {
            int[] v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3], v4 = v[4], v5 = v[5], v6 = v[6], v7 = v[7];
            int[] v8 = v[8], v9 = v[9], v10 = v[10], v11 = v[11], v12 = v[12], v13 = v[13], v14 = v[14], v15 = v[15];
            int[] h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
            for (int l = 0; l < n; l++) {
                v0[l] = h0[l]; v1[l] = h1[l]; v2[l] = h2[l]; v3[l] = h3[l]; v4[l] = h4[l]; v5[l] = h5[l]; v6[l] = h6[l]; v7[l] = h7[l];
                v8[l] = 0x6A09E667; v9[l] = 0xBB67AE85; v10[l] = 0x3C6EF372; v11[l] = 0xA54FF53A;
                v12[l] = lo[l]; v13[l] = hi[l]; v14[l] = BLOCK; v15[l] = flags;
            }
        }

        /** Every lane's chaining value after a block: the two halves of its state xored. */
        private static void finish(int[][] v, int[][] h, int n) {
            int[] v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3], v4 = v[4], v5 = v[5], v6 = v[6], v7 = v[7];
            int[] v8 = v[8], v9 = v[9], v10 = v[10], v11 = v[11], v12 = v[12], v13 = v[13], v14 = v[14], v15 = v[15];
            int[] h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4], h5 = h[5], h6 = h[6], h7 = h[7];
            for (int l = 0; l < n; l++) {
                h0[l] = v0[l] ^ v8[l]; h1[l] = v1[l] ^ v9[l]; h2[l] = v2[l] ^ v10[l]; h3[l] = v3[l] ^ v11[l];
                h4[l] = v4[l] ^ v12[l]; h5[l] = v5[l] ^ v13[l]; h6[l] = v6[l] ^ v14[l]; h7[l] = v7[l] ^ v15[l];
            }
        }

        /** One round (column and diagonal steps) of every lane; {@code s}: the round's message word order. */
        private static void round(int[][] v, int[][] m, int[] s, int n) {
            int[] v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3], v4 = v[4], v5 = v[5], v6 = v[6], v7 = v[7];
            int[] v8 = v[8], v9 = v[9], v10 = v[10], v11 = v[11], v12 = v[12], v13 = v[13], v14 = v[14], v15 = v[15];
            int[] x0 = m[s[0]], x1 = m[s[1]], x2 = m[s[2]], x3 = m[s[3]], x4 = m[s[4]], x5 = m[s[5]], x6 = m[s[6]], x7 = m[s[7]];
            int[] x8 = m[s[8]], x9 = m[s[9]], x10 = m[s[10]], x11 = m[s[11]], x12 = m[s[12]], x13 = m[s[13]], x14 = m[s[14]], x15 = m[s[15]];
            for (int l = 0; l < n; l++) {
                int s0 = v0[l], s1 = v1[l], s2 = v2[l], s3 = v3[l], s4 = v4[l], s5 = v5[l], s6 = v6[l], s7 = v7[l];
                int s8 = v8[l], s9 = v9[l], s10 = v10[l], s11 = v11[l], s12 = v12[l], s13 = v13[l], s14 = v14[l], s15 = v15[l];
                s0 += s4 + x0[l]; s12 = Integer.rotateRight(s12 ^ s0, 16); s8 += s12; s4 = Integer.rotateRight(s4 ^ s8, 12);
                s0 += s4 + x1[l]; s12 = Integer.rotateRight(s12 ^ s0, 8); s8 += s12; s4 = Integer.rotateRight(s4 ^ s8, 7);
                s1 += s5 + x2[l]; s13 = Integer.rotateRight(s13 ^ s1, 16); s9 += s13; s5 = Integer.rotateRight(s5 ^ s9, 12);
                s1 += s5 + x3[l]; s13 = Integer.rotateRight(s13 ^ s1, 8); s9 += s13; s5 = Integer.rotateRight(s5 ^ s9, 7);
                s2 += s6 + x4[l]; s14 = Integer.rotateRight(s14 ^ s2, 16); s10 += s14; s6 = Integer.rotateRight(s6 ^ s10, 12);
                s2 += s6 + x5[l]; s14 = Integer.rotateRight(s14 ^ s2, 8); s10 += s14; s6 = Integer.rotateRight(s6 ^ s10, 7);
                s3 += s7 + x6[l]; s15 = Integer.rotateRight(s15 ^ s3, 16); s11 += s15; s7 = Integer.rotateRight(s7 ^ s11, 12);
                s3 += s7 + x7[l]; s15 = Integer.rotateRight(s15 ^ s3, 8); s11 += s15; s7 = Integer.rotateRight(s7 ^ s11, 7);
                s0 += s5 + x8[l]; s15 = Integer.rotateRight(s15 ^ s0, 16); s10 += s15; s5 = Integer.rotateRight(s5 ^ s10, 12);
                s0 += s5 + x9[l]; s15 = Integer.rotateRight(s15 ^ s0, 8); s10 += s15; s5 = Integer.rotateRight(s5 ^ s10, 7);
                s1 += s6 + x10[l]; s12 = Integer.rotateRight(s12 ^ s1, 16); s11 += s12; s6 = Integer.rotateRight(s6 ^ s11, 12);
                s1 += s6 + x11[l]; s12 = Integer.rotateRight(s12 ^ s1, 8); s11 += s12; s6 = Integer.rotateRight(s6 ^ s11, 7);
                s2 += s7 + x12[l]; s13 = Integer.rotateRight(s13 ^ s2, 16); s8 += s13; s7 = Integer.rotateRight(s7 ^ s8, 12);
                s2 += s7 + x13[l]; s13 = Integer.rotateRight(s13 ^ s2, 8); s8 += s13; s7 = Integer.rotateRight(s7 ^ s8, 7);
                s3 += s4 + x14[l]; s14 = Integer.rotateRight(s14 ^ s3, 16); s9 += s14; s4 = Integer.rotateRight(s4 ^ s9, 12);
                s3 += s4 + x15[l]; s14 = Integer.rotateRight(s14 ^ s3, 8); s9 += s14; s4 = Integer.rotateRight(s4 ^ s9, 7);
                v0[l] = s0; v1[l] = s1; v2[l] = s2; v3[l] = s3; v4[l] = s4; v5[l] = s5; v6[l] = s6; v7[l] = s7;
                v8[l] = s8; v9[l] = s9; v10[l] = s10; v11[l] = s11; v12[l] = s12; v13[l] = s13; v14[l] = s14; v15[l] = s15;
            }
        }
    }

    /** The chaining value of one chunk ({@code root}: the only chunk, its last block carries ROOT). */
    private static void chunkCv(byte[] data, int at, int len, long counter, int[] m, int[] cv, boolean root) {
        System.arraycopy(IV, 0, cv, 0, 8);
        if (len == CHUNK && !root) {
            // a whole chunk: 16 full blocks read as little-endian words straight from the array
            for (int b = 0; b < CHUNK / BLOCK; b++) {
                int flags = b == 0 ? CHUNK_START : b == CHUNK / BLOCK - 1 ? CHUNK_END : 0;
                compressAt(cv, data, at + b * BLOCK, counter, flags);
            }
            return;
        }
        int blocks = Math.max(1, (len + BLOCK - 1) / BLOCK);
        for (int b = 0; b < blocks; b++) {
            int blockLen = Math.min(BLOCK, len - b * BLOCK);
            int flags = (b == 0 ? CHUNK_START : 0) | (b == blocks - 1 ? CHUNK_END | (root ? ROOT : 0) : 0);
            if (blockLen == BLOCK) {
                compressAt(cv, data, at + b * BLOCK, counter, flags);
            } else {
                load(data, at + b * BLOCK, blockLen, m);
                compress(cv, m, counter, blockLen, flags);
            }
        }
    }

    /** The parent node of the chaining value at {@code left[at]} and {@code cv}, into {@code cv}. */
    private static void parent(int[] left, int at, int[] cv, int[] m, int flags) {
        System.arraycopy(left, at, m, 0, 8);
        System.arraycopy(cv, 0, m, 8, 8);
        System.arraycopy(IV, 0, cv, 0, 8);
        compress(cv, m, 0, BLOCK, PARENT | flags);
    }

    /** Little-endian words of a partial block, zero-padded. */
    private static void load(byte[] d, int at, int len, int[] m) {
        Arrays.fill(m, 0);
        for (int i = 0; i < len; i++) {
            m[i >>> 2] |= (d[at + i] & 0xFF) << (8 * (i & 3));
        }
    }

    /** Compresses the full 64-byte block at {@code d[p]} into {@code cv}. */
    private static void compressAt(int[] cv, byte[] d, int p, long counter, int flags) {
        if (p < 0 || p + BLOCK > d.length) {
            throw new ArrayIndexOutOfBoundsException(p);
        }
        compress(cv, (int) LE.get(d, p + 0), (int) LE.get(d, p + 4), (int) LE.get(d, p + 8), (int) LE.get(d, p + 12), (int) LE.get(d, p + 16), (int) LE.get(d, p + 20), (int) LE.get(d, p + 24), (int) LE.get(d, p + 28), (int) LE.get(d, p + 32), (int) LE.get(d, p + 36), (int) LE.get(d, p + 40), (int) LE.get(d, p + 44), (int) LE.get(d, p + 48), (int) LE.get(d, p + 52), (int) LE.get(d, p + 56), (int) LE.get(d, p + 60), counter, BLOCK, flags);
    }

    /** Compresses one block of words {@code m} into {@code cv} (the first 8 output words). */
    private static void compress(int[] cv, int[] m, long counter, int blockLen, int flags) {
        compress(cv, m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8], m[9], m[10], m[11], m[12], m[13], m[14], m[15], counter, blockLen, flags);
    }

    /**
     * The compression function with the message words in locals and the 7 rounds unrolled, each
     * round's word order fixed (the message permutation applied at generation time), so that the
     * JIT keeps the state in registers.
     */
    private static void compress(int[] cv, int m0, int m1, int m2, int m3, int m4, int m5, int m6, int m7, int m8, int m9, int m10, int m11, int m12, int m13, int m14, int m15, long counter, int blockLen, int flags) {
        int v0 = cv[0], v1 = cv[1], v2 = cv[2], v3 = cv[3], v4 = cv[4], v5 = cv[5], v6 = cv[6], v7 = cv[7];
        int v8 = 0x6A09E667, v9 = 0xBB67AE85, v10 = 0x3C6EF372, v11 = 0xA54FF53A;
        int v12 = (int) counter, v13 = (int) (counter >>> 32), v14 = blockLen, v15 = flags;
        // round 1
        v0 += v4 + m0; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m1; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m2; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m4; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m5; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m8; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m9; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m12; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m13; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m14; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 2
        v0 += v4 + m2; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m6; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m7; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m0; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m4; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m1; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m11; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m9; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m14; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 3
        v0 += v4 + m3; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m4; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m13; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m2; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m6; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m5; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m9; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m11; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m15; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 4
        v0 += v4 + m10; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m7; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m14; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m3; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m4; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m0; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m5; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m8; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 5
        v0 += v4 + m12; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m13; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m15; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m10; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m7; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m2; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m3; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m0; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m1; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 6
        v0 += v4 + m9; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m14; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m8; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m12; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m1; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m13; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m3; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m2; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m6; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 7
        v0 += v4 + m11; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m15; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m0; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m1; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m9; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m14; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m10; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m3; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m4; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m13; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
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
