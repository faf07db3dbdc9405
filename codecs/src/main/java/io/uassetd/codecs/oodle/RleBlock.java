package io.uassetd.codecs.oodle;

import java.util.Arrays;

/**
 * Run-length blocks (entropy type 3): literal bytes are taken from the front of a command buffer
 * while commands are read from its back; each command copies some literals and repeats the
 * current run byte. The front of the command buffer may itself be entropy coded.
 */
final class RleBlock {
    private final DecodeState st;

    RleBlock(DecodeState st) {
        this.st = st;
    }

    void decode(int p, int end, byte[] out, int outPos, int outLen, int depth) {
        byte[] src = st.src;
        if (end - p <= 1) {
            if (end - p != 1) {
                throw st.corrupt(p, "a run-length block of at least one byte");
            }
            Arrays.fill(out, outPos, outPos + outLen, src[p]);
            return;
        }
        byte[] cmd;
        int lo;
        int hi;
        if (src[p] != 0) {
            int cap = Math.min(outLen * 2 + 64, DecodeState.CHUNK * 2);
            byte[] tmp = st.bytes(depth + 1, 3, cap + (end - p));
            int used = st.entropy.decode(p, end, tmp, 0, cap, depth + 1);
            int n = st.entropy.lastSize();
            if (used <= 0) {
                throw st.corrupt(p, "a coded run-length command prefix");
            }
            System.arraycopy(src, p + used, tmp, n, end - p - used);
            cmd = tmp;
            lo = 0;
            hi = n + (end - p - used);
        } else {
            cmd = src;
            lo = p + 1;
            hi = end;
        }
        int o = outPos;
        int oEnd = outPos + outLen;
        byte run = 0;
        while (lo < hi) {
            int c = cmd[hi - 1] & 0xFF;
            int copy;
            int fill;
            if (c == 0 || c >= 0x30) {
                hi--;
                copy = ~c & 0xF;
                fill = c >>> 4;
            } else if (c >= 0x10) {
                if (hi - lo < 2) {
                    throw st.corrupt(p, "a two-byte run-length command");
                }
                int data = ((cmd[hi - 2] & 0xFF) | c << 8) - 4096;
                hi -= 2;
                copy = data & 0x3F;
                fill = data >>> 6;
            } else if (c == 1) {
                if (hi - lo < 2) {
                    throw st.corrupt(p, "a run byte before the run-length command");
                }
                run = cmd[lo++];
                hi--;
                continue;
            } else if (c >= 9) {
                if (hi - lo < 2) {
                    throw st.corrupt(p, "a two-byte run-length command");
                }
                copy = 0;
                fill = (((cmd[hi - 2] & 0xFF) | c << 8) - 0x8FF) * 128;
                hi -= 2;
            } else {
                if (hi - lo < 2) {
                    throw st.corrupt(p, "a two-byte run-length command");
                }
                copy = (((cmd[hi - 2] & 0xFF) | c << 8) - 511) * 64;
                fill = 0;
                hi -= 2;
            }
            if (copy > hi - lo || copy + fill > oEnd - o) {
                throw st.corrupt(p, "run-length commands that fit the block and its output");
            }
            System.arraycopy(cmd, lo, out, o, copy);
            lo += copy;
            o += copy;
            if (fill > 0) {
                Arrays.fill(out, o, o + fill, run);
                o += fill;
            }
        }
        if (lo != hi || o != oEnd) {
            throw st.corrupt(p, "run-length commands that exactly fill the output");
        }
    }
}
