package io.uassetd.codecs.texture;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds mip chains with a 2x2 box filter (an odd dimension folds its last row/column into the previous
 * one's filter by clamping). For sRGB images colour channels are averaged in linear light (sRGB decoded,
 * averaged, encoded again); alpha is always averaged linearly. Float images are averaged as they are.
 */
public final class MipGenerator {
    private static final float[] SRGB_TO_LINEAR = new float[256];
    private static final byte[] LINEAR_TO_SRGB = new byte[4097];

    static {
        for (int i = 0; i < 256; i++) {
            double c = i / 255.0;
            SRGB_TO_LINEAR[i] = (float) (c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4));
        }
        for (int i = 0; i <= 4096; i++) {
            double l = i / 4096.0;
            double s = l <= 0.0031308 ? l * 12.92 : 1.055 * Math.pow(l, 1 / 2.4) - 0.055;
            LINEAR_TO_SRGB[i] = (byte) Math.round(Math.min(1, Math.max(0, s)) * 255);
        }
    }

    private MipGenerator() {
    }

    /** The number of mips of a full chain for {@code w x h} (down to 1x1). */
    public static int fullChainLength(int w, int h) {
        int n = 1;
        while (w > 1 || h > 1) {
            w = Math.max(1, w / 2);
            h = Math.max(1, h / 2);
            n++;
        }
        return n;
    }

    /**
     * The chain starting with {@code top} itself: {@code count} mips, or the full chain when
     * {@code count <= 0} or larger than the full chain.
     */
    public static List<Image> chain(Image top, int count, boolean srgb) {
        int full = fullChainLength(top.width(), top.height());
        int n = count <= 0 ? full : Math.min(count, full);
        List<Image> out = new ArrayList<>(n);
        out.add(top);
        Image cur = top;
        for (int i = 1; i < n; i++) {
            cur = next(cur, srgb);
            out.add(cur);
        }
        return out;
    }

    /** The next mip of {@code src}: half size (at least 1) in each dimension. */
    public static Image next(Image src, boolean srgb) {
        int w = src.width(), h = src.height();
        int nw = Math.max(1, w / 2), nh = Math.max(1, h / 2);
        int fx = w > 1 ? 2 : 1, fy = h > 1 ? 2 : 1;
        switch (src.kind()) {
            case RGBA8: {
                byte[] s = src.bytes();
                byte[] out = new byte[nw * nh * 4];
                for (int y = 0; y < nh; y++) {
                    for (int x = 0; x < nw; x++) {
                        float[] acc = new float[4];
                        int cnt = 0;
                        int x1 = x * fx + fx - 1 + (x == nw - 1 && w > 1 && (w & 1) == 1 ? 1 : 0);
                        int y1 = y * fy + fy - 1 + (y == nh - 1 && h > 1 && (h & 1) == 1 ? 1 : 0);
                        for (int sy = y * fy; sy <= y1; sy++) {
                            for (int sx = x * fx; sx <= x1; sx++) {
                                int p = (sy * w + sx) * 4;
                                for (int c = 0; c < 3; c++) {
                                    int v = s[p + c] & 0xFF;
                                    acc[c] += srgb ? SRGB_TO_LINEAR[v] : v;
                                }
                                acc[3] += s[p + 3] & 0xFF;
                                cnt++;
                            }
                        }
                        int q = (y * nw + x) * 4;
                        for (int c = 0; c < 3; c++) {
                            float v = acc[c] / cnt;
                            out[q + c] = srgb ? LINEAR_TO_SRGB[Math.round(v * 4096)] : (byte) Math.round(v);
                        }
                        out[q + 3] = (byte) Math.round(acc[3] / cnt);
                    }
                }
                return Image.rgba8(nw, nh, out);
            }
            case RGBA16: {
                short[] s = src.shorts();
                short[] out = new short[nw * nh * 4];
                for (int y = 0; y < nh; y++) {
                    for (int x = 0; x < nw; x++) {
                        int x1 = x * fx + fx - 1 + (x == nw - 1 && w > 1 && (w & 1) == 1 ? 1 : 0);
                        int y1 = y * fy + fy - 1 + (y == nh - 1 && h > 1 && (h & 1) == 1 ? 1 : 0);
                        for (int c = 0; c < 4; c++) {
                            double acc = 0;
                            int cnt = 0;
                            for (int sy = y * fy; sy <= y1; sy++) {
                                for (int sx = x * fx; sx <= x1; sx++) {
                                    double v = (s[(sy * w + sx) * 4 + c] & 0xFFFF) / 65535.0;
                                    acc += srgb && c < 3 ? toLinear(v) : v;
                                    cnt++;
                                }
                            }
                            double v = acc / cnt;
                            out[(y * nw + x) * 4 + c] = (short) Math.round((srgb && c < 3 ? toSrgb(v) : v) * 65535);
                        }
                    }
                }
                return Image.rgba16(nw, nh, out);
            }
            default: {
                float[] s = src.floats();
                float[] out = new float[nw * nh * 4];
                for (int y = 0; y < nh; y++) {
                    for (int x = 0; x < nw; x++) {
                        int x1 = x * fx + fx - 1 + (x == nw - 1 && w > 1 && (w & 1) == 1 ? 1 : 0);
                        int y1 = y * fy + fy - 1 + (y == nh - 1 && h > 1 && (h & 1) == 1 ? 1 : 0);
                        for (int c = 0; c < 4; c++) {
                            double acc = 0;
                            int cnt = 0;
                            for (int sy = y * fy; sy <= y1; sy++) {
                                for (int sx = x * fx; sx <= x1; sx++) {
                                    acc += s[(sy * w + sx) * 4 + c];
                                    cnt++;
                                }
                            }
                            out[(y * nw + x) * 4 + c] = (float) (acc / cnt);
                        }
                    }
                }
                return Image.rgbaFloat(nw, nh, out);
            }
        }
    }

    static double toLinear(double c) {
        return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
    }

    static double toSrgb(double l) {
        double s = l <= 0.0031308 ? l * 12.92 : 1.055 * Math.pow(l, 1 / 2.4) - 0.055;
        return Math.min(1, Math.max(0, s));
    }
}
