package io.uassetd.codecs.texture;

import java.util.Arrays;

/** BC7 block decoder (ARB_texture_compression_bptc, BPTC_UNORM). One instance per thread. */
final class Bc7Decoder implements TextureDecoder.Block8 {
    //                               mode: 0  1  2  3  4  5  6  7
    static final int[] NS = {3, 2, 3, 2, 1, 1, 1, 2};
    static final int[] PB = {4, 6, 6, 6, 0, 0, 0, 6};
    static final int[] RB = {0, 0, 0, 0, 2, 2, 0, 0};
    static final int[] ISB = {0, 0, 0, 0, 1, 0, 0, 0};
    static final int[] CB = {4, 6, 5, 7, 5, 7, 7, 5};
    static final int[] AB = {0, 0, 0, 0, 6, 8, 7, 5};
    static final int[] EPB = {1, 0, 0, 1, 0, 0, 1, 1};
    static final int[] SPB = {0, 1, 0, 0, 0, 0, 0, 0};
    static final int[] IB = {3, 3, 2, 2, 2, 2, 4, 2};
    static final int[] IB2 = {0, 0, 0, 0, 3, 2, 0, 0};

    private final Bptc.Bits bits = new Bptc.Bits();
    private final int[] ep = new int[6 * 4]; // endpoint (subset*2 + e) * 4 + channel
    private final int[] idx1 = new int[16];
    private final int[] idx2 = new int[16];

    @Override
    public void decode(byte[] src, int so, byte[] out, int o, int stride) {
        int first = src[so] & 0xFF;
        if (first == 0) {
            for (int y = 0; y < 4; y++) {
                Arrays.fill(out, o + y * stride, o + y * stride + 16, (byte) 0);
            }
            return;
        }
        int mode = Integer.numberOfTrailingZeros(first);
        Bptc.Bits b = bits;
        b.load(src, so);
        b.read(mode + 1);
        int ns = NS[mode];
        int partition = b.read(PB[mode]);
        int rotation = b.read(RB[mode]);
        int isb = b.read(ISB[mode]);
        int cb = CB[mode], ab = AB[mode];
        int ne = ns * 2;
        for (int c = 0; c < 3; c++) {
            for (int e = 0; e < ne; e++) {
                ep[e * 4 + c] = b.read(cb);
            }
        }
        if (ab > 0) {
            for (int e = 0; e < ne; e++) {
                ep[e * 4 + 3] = b.read(ab);
            }
        }
        int cbits = cb, abits = ab;
        if (EPB[mode] != 0) {
            for (int e = 0; e < ne; e++) {
                int p = b.read(1);
                for (int c = 0; c < 4; c++) {
                    ep[e * 4 + c] = ep[e * 4 + c] << 1 | p;
                }
            }
            cbits++;
            if (ab > 0) {
                abits++;
            }
        } else if (SPB[mode] != 0) {
            for (int s = 0; s < ns; s++) {
                int p = b.read(1);
                for (int e = 2 * s; e < 2 * s + 2; e++) {
                    for (int c = 0; c < 4; c++) {
                        ep[e * 4 + c] = ep[e * 4 + c] << 1 | p;
                    }
                }
            }
            cbits++;
        }
        for (int e = 0; e < ne; e++) {
            for (int c = 0; c < 3; c++) {
                int v = ep[e * 4 + c] << (8 - cbits);
                ep[e * 4 + c] = v | v >> cbits;
            }
            if (ab > 0) {
                int v = ep[e * 4 + 3] << (8 - abits);
                ep[e * 4 + 3] = v | v >> abits;
            } else {
                ep[e * 4 + 3] = 255;
            }
        }
        int ib = IB[mode], ib2 = IB2[mode];
        int[] part = ns == 2 ? Bptc.P2 : ns == 3 ? Bptc.P3 : null;
        int a1 = ns == 2 ? Bptc.A2[partition] : ns == 3 ? Bptc.A3A[partition] : -1;
        int a2 = ns == 3 ? Bptc.A3B[partition] : -1;
        for (int t = 0; t < 16; t++) {
            boolean anchor = t == 0 || t == a1 || t == a2;
            idx1[t] = b.read(anchor ? ib - 1 : ib);
        }
        if (ib2 > 0) {
            for (int t = 0; t < 16; t++) {
                idx2[t] = b.read(t == 0 ? ib2 - 1 : ib2);
            }
        }
        int[] wc, wa;
        int[] ic, ia;
        if (ib2 == 0) {
            wc = wa = Bptc.weights(ib);
            ic = ia = idx1;
        } else if (isb == 0) {
            wc = Bptc.weights(ib);
            ic = idx1;
            wa = Bptc.weights(ib2);
            ia = idx2;
        } else {
            wc = Bptc.weights(ib2);
            ic = idx2;
            wa = Bptc.weights(ib);
            ia = idx1;
        }
        for (int t = 0; t < 16; t++) {
            int s = part == null ? 0 : Bptc.subset(part, partition, t);
            int e0 = s * 8, e1 = e0 + 4;
            int w = wc[ic[t]], iw = 64 - w;
            int r = (ep[e0] * iw + ep[e1] * w + 32) >> 6;
            int g = (ep[e0 + 1] * iw + ep[e1 + 1] * w + 32) >> 6;
            int bl = (ep[e0 + 2] * iw + ep[e1 + 2] * w + 32) >> 6;
            int wA = wa[ia[t]];
            int a = (ep[e0 + 3] * (64 - wA) + ep[e1 + 3] * wA + 32) >> 6;
            switch (rotation) {
                case 1: {
                    int tmp = a;
                    a = r;
                    r = tmp;
                    break;
                }
                case 2: {
                    int tmp = a;
                    a = g;
                    g = tmp;
                    break;
                }
                case 3: {
                    int tmp = a;
                    a = bl;
                    bl = tmp;
                    break;
                }
                default:
                    break;
            }
            int p = o + (t >> 2) * stride + (t & 3) * 4;
            out[p] = (byte) r;
            out[p + 1] = (byte) g;
            out[p + 2] = (byte) bl;
            out[p + 3] = (byte) a;
        }
    }
}
